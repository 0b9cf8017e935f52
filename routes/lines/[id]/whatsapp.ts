// The WhatsApp Cloud API webhook of a line: GET subscription check, POST messages (signed with the app
// secret). Answered 200 only once every message of the body is stored.
import { Hono } from "hono";
import type { AppEnv } from "../../../app/env.ts";
import { receiveWhatsapp, verifyWhatsapp } from "../../../lib/lines/inbound.ts";
import { sendLineText } from "../../../lib/lines/replies.ts";
import { translator } from "../../../app/i18n.ts";
import { lineIdOf } from "./_provider.ts";

export default new Hono<AppEnv>()
  .get("/", async (c) => {
    const challenge = await verifyWhatsapp(c.var.deps, lineIdOf(c), c.req.query());
    return c.body(challenge, 200, { "Content-Type": "text/plain; charset=utf-8" });
  })
  .post("/", async (c) => {
    const raw = new Uint8Array(await c.req.arrayBuffer());
    // a STOP is confirmed in the channel's language, as for SMS
    const confirmStop = async (line: { id: number; language: string }, number: string) => {
      await sendLineText(c.var.deps, line.id, number, translator(line.language)("lines.stopped"));
    };
    // a message held outside any interaction: the listener reads once why it could not count
    const tellListener = async (line: { id: number }, number: string, text: string) => {
      await sendLineText(c.var.deps, line.id, number, text);
    };
    const landed = await receiveWhatsapp(
      { ...c.var.deps, confirmStop, tellListener, translator },
      lineIdOf(c),
      raw,
      c.req.header("x-hub-signature-256") ?? null,
    );
    return c.json({ received: landed.length }, 200);
  });
