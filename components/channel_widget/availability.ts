/// <reference lib="dom" />
import { useEffect, useState } from "preact/hooks";
import { AVAILABILITY_DEBOUNCE_MS } from "../../lib/rules/constants.ts";
import type { Availability } from "../../lib/rules/visitor_login.ts";
import { visitorApi } from "../../islands/browser/http.ts";

/**
 * The availability of an email or nickname, checked 350 ms after typing stops (§5): ok when the
 * server answers OK. `valid` gates the call (a malformed value is never sent); `own` counts as free.
 */
export function useAvailability(
  kind: "email" | "nickname",
  value: string,
  valid: boolean,
  own?: string | null,
) {
  const [state, setState] = useState<Availability>("unknown");
  useEffect(() => {
    const v = value.trim();
    if (!v || !valid) return setState("unknown");
    if (own && v.toLowerCase() === own.toLowerCase()) return setState("ok");
    setState("checking");
    let live = true;
    const timer = setTimeout(async () => {
      const res = await visitorApi("GET", `/api/v1/app_users/${kind}/${encodeURIComponent(v)}`);
      if (live) setState(res.ok ? "ok" : res.status === 409 || res.status === 400 ? "taken" : "unknown");
    }, AVAILABILITY_DEBOUNCE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [value, valid]);
  return state;
}
