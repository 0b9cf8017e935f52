import { useState } from "preact/hooks";
import { island, useT } from "../framework/island.tsx";
import { RESTORED_STATUS } from "../lib/rules/segments.ts";
import { api, errorMessage } from "./browser/http.ts";
import { showToast } from "./browser/toast.ts";

/**
 * The edit page of a trashed interaction says so, with Restore for who may trash (back-office §2): a page
 * that looked like any other let staff believe the interaction was still live.
 */
function SegmentRestore(props: { id: number; canRestore: boolean }) {
  const { t } = useT();
  const [busy, setBusy] = useState(false);
  const restore = async () => {
    setBusy(true);
    const res = await api("PUT", `/api/v1/show_segments/${props.id}`, { status: RESTORED_STATUS });
    if (!res.ok) {
      setBusy(false);
      showToast(t("interactions.action_failed", { message: errorMessage(res.data, String(res.status)) }), {
        kind: "error",
      });
      return;
    }
    showToast(t("interactions.restored_done"), { kind: "success" });
    location.reload();
  };
  return (
    <div class="notice notice-warning segment-trashed" role="status">
      <p>{t("interactions.trashed_notice")}</p>
      {props.canRestore && (
        <button type="button" class="btn btn-primary btn-sm" disabled={busy} onClick={restore}>
          {t("interactions.actions.restore")}
        </button>
      )}
    </div>
  );
}

export default island("SegmentRestore", SegmentRestore, { ns: ["interactions"] });
