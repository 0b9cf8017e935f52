import { useEffect, useRef, useState } from "preact/hooks";
import { island, useT } from "../framework/island.tsx";
import { CLICK_OUTSIDE_MS } from "../lib/rules/constants.ts";
import { RESTORED_STATUS, type SegmentRow } from "../lib/rules/segments.ts";
import { api, errorMessage } from "./browser/http.ts";
import { showToast } from "./browser/toast.ts";

/** The list row's segment, picked from the row, and the actions its viewer may take on it. */
interface Props extends Pick<SegmentRow, "id" | "title" | "status"> {
  editHref: string;
  participations: boolean;
  edit: boolean;
  archive: boolean;
  trash: boolean;
  duplicate: boolean;
}

/** The actions of a list row, each shown only with its permission (back-office §2, §6). */
function SegmentRowActions(props: Props) {
  const { t } = useT();
  const [busy, setBusy] = useState(false);
  const menu = useRef<HTMLDetailsElement>(null);
  // A click outside (after the §9 delay) or Escape closes the menu.
  useEffect(() => {
    const outside = (e: Event) => {
      const el = menu.current;
      if (el?.open && !el.contains(e.target as Node)) {
        setTimeout(() => el.removeAttribute("open"), CLICK_OUTSIDE_MS);
      }
    };
    const escape = (e: KeyboardEvent) => {
      if (e.key === "Escape" && menu.current?.open) {
        menu.current.removeAttribute("open");
        menu.current.querySelector("summary")?.focus();
      }
    };
    document.addEventListener("click", outside);
    document.addEventListener("keydown", escape);
    return () => {
      document.removeEventListener("click", outside);
      document.removeEventListener("keydown", escape);
    };
  }, []);
  const run = async (method: string, url: string, body: unknown, done: string) => {
    setBusy(true);
    const res = await api<{ id?: number }>(method, url, body);
    if (!res.ok) {
      setBusy(false);
      showToast(t("interactions.action_failed", { message: errorMessage(res.data, String(res.status)) }), {
        kind: "error",
      });
      return;
    }
    showToast(done, { kind: "success" });
    location.reload();
  };
  const setStatus = (status: string, done: string) =>
    run("PUT", `/api/v1/show_segments/${props.id}`, { status }, done);
  return (
    <details class="row-actions" ref={menu}>
      <summary
        class="btn btn-secondary btn-sm"
        aria-label={t("interactions.actions.menu", { title: props.title })}
      >
        <span aria-hidden="true">⋯</span>
      </summary>
      <ul class="row-actions-menu">
        {props.participations && (
          <li>
            <a href={`/participations/${props.id}`}>{t("interactions.actions.participations")}</a>
          </li>
        )}
        {props.edit && (
          <li>
            <a href={props.editHref}>{t("interactions.actions.edit")}</a>
          </li>
        )}
        {props.archive && props.status !== "archived" && (
          <li>
            <button
              type="button"
              disabled={busy}
              onClick={() => setStatus("archived", t("interactions.archived_done"))}
            >
              {t("interactions.actions.archive")}
            </button>
          </li>
        )}
        {props.duplicate && (
          <li>
            <button
              type="button"
              disabled={busy}
              onClick={() =>
                run(
                  "POST",
                  `/api/v1/show_segments/${props.id}/duplicate`,
                  undefined,
                  t("interactions.duplicated"),
                )}
            >
              {t("interactions.actions.duplicate")}
            </button>
          </li>
        )}
        {props.trash && props.status === "trash" && (
          <li>
            <button
              type="button"
              disabled={busy}
              onClick={() => setStatus(RESTORED_STATUS, t("interactions.restored_done"))}
            >
              {t("interactions.actions.restore")}
            </button>
          </li>
        )}
        {props.trash && props.status !== "trash" && (
          <li>
            <button
              type="button"
              class="danger"
              disabled={busy}
              onClick={() =>
                confirm(t("interactions.confirm_trash", { title: props.title })) &&
                setStatus("trash", t("interactions.trashed_done"))}
            >
              {t("interactions.actions.trash")}
            </button>
          </li>
        )}
      </ul>
    </details>
  );
}

export default island("SegmentRowActions", SegmentRowActions, { ns: ["interactions"] });
