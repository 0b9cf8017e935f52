// The recording-status callback of a voicemail line: the finished recording is fetched and lands as a voice.
import { Hono } from "hono";
import type { AppEnv } from "../../../app/env.ts";
import { receiveRecording } from "../../../lib/lines/inbound.ts";
import { lineIdOf, twilioRequest } from "./_provider.ts";

export default new Hono<AppEnv>().post("/", async (c) => {
  const request = await twilioRequest(c);
  const landing = await receiveRecording(c.var.deps, lineIdOf(c), {
    ...request,
    caller: c.req.query("caller") ?? "",
  });
  return c.json({ outcome: landing.outcome }, 200);
});
