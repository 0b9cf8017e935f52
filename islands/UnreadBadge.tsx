import { useEffect, useState } from "preact/hooks";
import { island, useT } from "../framework/island.tsx";
import { MESSAGE_LIST_REFRESH_MS } from "../lib/rules/constants.ts";
import { api } from "./browser/http.ts";
import { followLive } from "./browser/live.ts";

/**
 * The unread-messages count of the top bar: pushed by the counts stream; polled
 * (statistics/messages_not_read) while no stream is open.
 */
function UnreadBadge() {
  const { t } = useT();
  const [count, setCount] = useState<number | null>(null);
  useEffect(() => {
    const load = async () => {
      if (document.visibilityState !== "visible") return;
      const res = await api<number>("GET", "/api/v1/statistics/messages_not_read");
      if (res.ok && typeof res.data === "number") setCount(res.data);
    };
    load();
    return followLive<{ unread: number }>({
      url: "/api/v1/live/counts",
      event: "counts",
      onData: (data) => setCount(data.unread),
      poll: load,
      pollMs: MESSAGE_LIST_REFRESH_MS,
    });
  }, []);
  const label = count ? t("counts.unread_messages", { count }) : t("admin.unread_none");
  return (
    <a class="topbar-icon" href="/interactions" title={label}>
      <span class="sr-only">{label}</span>
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
        <path
          d="M4 5h16v11H8l-4 4V5z"
          fill="none"
          stroke="currentColor"
          stroke-width="2"
          stroke-linejoin="round"
        />
      </svg>
      {count ? <span class="topbar-badge" aria-hidden="true">{count > 99 ? "99+" : count}</span> : null}
    </a>
  );
}

export default island("UnreadBadge", UnreadBadge, { ns: ["admin", "counts"] });
