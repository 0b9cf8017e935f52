/// <reference lib="dom" />
// My space → "Download my data" and "Delete my account": part of the my space chunk.
import { useEffect, useRef, useState } from "preact/hooks";
import { useT } from "../../framework/island.tsx";
import { TASK_POLL_MS } from "../../lib/rules/constants.ts";
import { setVisitorSession, visitorApi, type VisitorSession } from "../../islands/browser/http.ts";
import { focusInto } from "../../islands/browser/focus.ts";

interface ExportState {
  id: string;
  status: "pending" | "ready" | "failed" | "expired";
  messages: number | null;
  url: string | null;
}

export function DataRights(props: { user: VisitorSession; onUser: (u: VisitorSession | null) => void }) {
  const { t } = useT();
  const [job, setJob] = useState<ExportState | null>(null);
  const [failed, setFailed] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  // the button pressed is replaced by the confirmation (and back): the focus follows, to Cancel, the safe
  // answer, then back to "Delete my account"
  const section = useRef<HTMLElement>(null);
  const asked = useRef(false);
  useEffect(() => {
    if (!asked.current) return;
    section.current?.querySelector<HTMLElement>(confirming ? ".cw-confirm .cw-btn-alt" : ".cw-danger-link")
      ?.focus();
  }, [confirming]);
  const ask = (yes: boolean) => {
    asked.current = true;
    setConfirming(yes);
  };

  // the worker builds the zip: poll its state until it is ready (or failed)
  useEffect(() => {
    if (job?.status !== "pending") return;
    const timer = setTimeout(async () => {
      const res = await visitorApi<ExportState>("GET", `/api/v1/app_users/data/export/${job.id}`);
      if (res.ok) setJob(res.data);
      else setFailed(true);
    }, TASK_POLL_MS.single);
    return () => clearTimeout(timer);
  }, [job]);

  const download = async () => {
    setFailed(false);
    const res = await visitorApi<ExportState>("POST", "/api/v1/app_users/data/export");
    if (res.ok) setJob(res.data);
    else setFailed(true);
  };

  const erase = async () => {
    setDeleting(true);
    const res = await visitorApi("DELETE", "/api/v1/app_users/data");
    setDeleting(false);
    if (!res.ok && res.status !== 401) return setFailed(true);
    setVisitorSession(null);
    props.onUser(null);
    // my space shows its reserved space again: the focus goes to it, not to the page's body
    requestAnimationFrame(() => focusInto(document.querySelector<HTMLElement>(".cw-reserved")));
  };

  const pending = job?.status === "pending";
  return (
    <section class="cw-rights" aria-labelledby="cw-rights-title" ref={section}>
      <h3 id="cw-rights-title">{t("data_rights.title")}</h3>
      <p class="cw-muted">{t("data_rights.download_hint")}</p>
      <button type="button" class="cw-btn cw-btn-alt cw-btn-small" disabled={pending} onClick={download}>
        {t("data_rights.download")}
      </button>
      <div role="status" aria-live="polite" class="cw-rights-status">
        {pending && <p aria-busy="true">{t("data_rights.preparing")}</p>}
        {job?.status === "ready" && job.url && (
          <p>
            {t("data_rights.ready", { count: job.messages ?? 0 })}{" "}
            <a class="cw-link" href={job.url} download data-testid="data-export-link">
              {t("data_rights.download_zip")}
            </a>
          </p>
        )}
        {(failed || job?.status === "failed" || job?.status === "expired") && (
          <p class="cw-error">{t("data_rights.failed")}</p>
        )}
      </div>
      {!confirming
        ? (
          <button type="button" class="cw-link cw-danger-link" onClick={() => ask(true)}>
            {t("data_rights.delete")}
          </button>
        )
        : (
          <div class="cw-confirm" role="alertdialog" aria-labelledby="cw-delete-title">
            <p id="cw-delete-title">
              <strong>{t("data_rights.delete_confirm")}</strong>
            </p>
            <div class="cw-confirm-actions">
              <button type="button" class="cw-btn cw-btn-danger" disabled={deleting} onClick={erase}>
                {t("data_rights.delete_yes")}
              </button>
              <button type="button" class="cw-btn cw-btn-alt" onClick={() => ask(false)}>
                {t("data_rights.cancel")}
              </button>
            </div>
          </div>
        )}
    </section>
  );
}
