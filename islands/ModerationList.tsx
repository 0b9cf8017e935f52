import { useEffect, useState } from "preact/hooks";
import { island, useT } from "../framework/island.tsx";
import { api } from "./browser/http.ts";
import { followLive } from "./browser/live.ts";
import { showToast } from "./browser/toast.ts";
import { MESSAGE_LIST_REFRESH_MS, TOAST_MS } from "../lib/rules/constants.ts";
import { authorLine, formatMessageDate, type InboxMessage } from "../components/participations/format.ts";
import { Player } from "../components/participations/Player.tsx";

/** /moderation: every message of the channel awaiting moderation, approved or rejected in bulk. */
function ModerationList() {
  const { t, lang } = useT();
  const [items, setItems] = useState<InboxMessage[] | null>(null);
  const [total, setTotal] = useState(0);
  const [picked, setPicked] = useState<Set<number>>(new Set());
  const [busy, setBusy] = useState(false);
  const load = async () => {
    const res = await api<{ data: InboxMessage[]; pagination: { total: number } }>(
      "GET",
      "/api/v1/channel-interactions?filter=moderated&per_page=200",
    );
    if (res.ok) {
      setItems(res.data.data);
      setTotal(res.data.pagination.total);
      // a message that left the queue leaves the selection; the others stay picked
      const ids = new Set(res.data.data.map((m) => m.id));
      setPicked((was) => new Set([...was].filter((id) => ids.has(id))));
    }
  };
  // the queue reloads when the channel's awaiting count changes (pushed; polled without a stream)
  useEffect(() => {
    load();
    let known: number | null = null;
    return followLive<{ moderation: number }>({
      url: "/api/v1/live/counts",
      event: "counts",
      onData: (data) => {
        if (known !== null && data.moderation !== known) load();
        known = data.moderation;
      },
      poll: load,
      pollMs: MESSAGE_LIST_REFRESH_MS,
    });
  }, []);
  const toggle = (id: number) => {
    const next = new Set(picked);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setPicked(next);
  };
  const decide = async (decision: "approve" | "reject") => {
    setBusy(true);
    const res = await api<{ ids: number[] }>("POST", "/api/v1/moderation", { ids: [...picked], decision });
    setBusy(false);
    if (!res.ok) return showToast(t("participations.error"), { kind: "error" });
    showToast(t("moderation.done", { count: res.data.ids.length }), { durationMs: TOAST_MS.success });
    load();
  };
  if (!items) return <p class="muted">…</p>;
  const all = items.length > 0 && picked.size === items.length;
  const titleWords = t("moderation.all").split(" ");
  const lastWord = titleWords.pop();
  return (
    <section class="moderation card" aria-labelledby="moderation-title">
      <div class="moderation-head">
        <h2 id="moderation-title">
          {titleWords.join(" ")}{" "}
          {/* the count stays with the title's last word when the title wraps (375 px) */}
          <span class="nowrap">
            {lastWord} <span class="inbox-count">{total}</span>
          </span>
        </h2>
        <label class="checkbox">
          <input
            type="checkbox"
            checked={all}
            disabled={!items.length}
            onChange={() => setPicked(all ? new Set() : new Set(items.map((m) => m.id)))}
          />
          {t("moderation.select_all")}
        </label>
        <div class="button-row">
          <button
            type="button"
            class="btn btn-primary btn-sm"
            disabled={busy || !picked.size}
            onClick={() => decide("approve")}
          >
            {t("moderation.approve_selected")}
          </button>
          <button
            type="button"
            class="btn btn-danger btn-sm"
            disabled={busy || !picked.size}
            onClick={() => decide("reject")}
          >
            {t("moderation.reject_selected")}
          </button>
        </div>
      </div>
      {/* the spec's title says "moderated" of messages that are not yet: the line under it says what they wait for */}
      <p class="field-hint moderation-hint">{t("moderation.hint")}</p>
      {items.length === 0 ? <p class="inbox-empty">{t("moderation.empty")}</p> : (
        <ul class="moderation-list">
          {items.map((m) => (
            <li key={m.id} class={`moderation-item ${picked.has(m.id) ? "is-picked" : ""}`}>
              <label class="checkbox">
                <input type="checkbox" checked={picked.has(m.id)} onChange={() => toggle(m.id)} />
                <span class="sr-only">{t("moderation.select")}</span>
              </label>
              <div class="moderation-body">
                <strong>{authorLine(m, t("participations.anonymous"), t("participations.listener"))}</strong>
                <span class="muted">{formatMessageDate(m.created_at, lang)}</span>
                <a href={`/participations/${m.segment.id}`} class="moderation-segment">{m.segment.title}</a>
                {m.content.text && <p>{m.content.text}</p>}
                <Player
                  message={m}
                  unavailable={t("participations.media_unavailable")}
                  subtitles={t("participations.transcript")}
                />
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export default island("ModerationList", ModerationList, { ns: ["participations", "moderation"] });
