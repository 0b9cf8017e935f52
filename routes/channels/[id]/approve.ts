import { Hono } from "hono";
import type { AppEnv } from "../../../app/env.ts";
import { requirePage, staffOf } from "../../../app/auth.ts";
import { approveChannel } from "../../../lib/channels/quota.ts";
import { pathId } from "../../../app/api.ts";

/** POST /channels/{id}/approve (the channel list's button, super administrators): lifts a trial's quotas. */
export default new Hono<AppEnv>().post("/", requirePage(), async (c) => {
  const id = pathId(c);
  await approveChannel(c.var.sql, staffOf(c), id);
  return c.redirect("/channels", 303);
});
