// Attack scripts on request bodies: a body over its route's limit is refused before it is read (Content-Length)
// or as soon as it goes over (chunked), the fast fronts included (a listener's vote); a body that stalls is
// cut off; slow bodies past their cap are answered 503 with Retry-After. The same through a real socket.
import assert from "node:assert/strict";
import { testApp } from "../_helpers.ts";
import { startServer } from "../_server.ts";
import {
  BODY_IDLE_MS,
  BODY_MAX_BYTES,
  FORM_BODY_MAX_BYTES,
  SLOW_BODIES_PER_ADDRESS,
  SLOW_BODY_RETRY_AFTER_SECONDS,
} from "../../lib/rules/constants.ts";
import { bodyLimitOf } from "../../app/body_limit.ts";

const ctx = await testApp();

/** A body that sends `first` bytes, then nothing until cancelled; `pulled` counts the reads asked of it. */
function stalledBody(first: number) {
  const state = { pulled: 0, cancelled: false };
  const stream = new ReadableStream<Uint8Array>({
    pull(c) {
      if (state.pulled++ === 0) return c.enqueue(new Uint8Array(first).fill(0x20));
      return new Promise(() => {}); // never more
    },
    cancel() {
      state.cancelled = true;
    },
  }, { highWaterMark: 0 });
  return { stream, state };
}

/** `text` sent in 64 KB chunks without Content-Length; `sent` counts the bytes read from it. */
function chunked(text: string) {
  const all = new TextEncoder().encode(text);
  const state = { sent: 0 };
  const stream = new ReadableStream<Uint8Array>({
    pull(c) {
      if (state.sent >= all.length) return c.close();
      const chunk = all.subarray(state.sent, state.sent + 65536);
      state.sent += chunk.length;
      c.enqueue(chunk);
    },
  }, { highWaterMark: 0 });
  return { stream, state };
}
/** A JSON body of about `size` bytes. */
const jsonOf = (size: number) => JSON.stringify({ padding: " ".repeat(size) });

const post = (path: string, body: BodyInit, headers: Record<string, string>) =>
  Promise.resolve(ctx.app.request(path, { method: "POST", body, headers, duplex: "half" } as RequestInit));

Deno.test({
  name: "request bodies - bounded on every route, fronts included",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    try {
      await t.step("limits: 1 MB of JSON, a media form, and what a route declares", () => {
        assert.equal(bodyLimitOf("/api/v1/interactions", "application/json"), BODY_MAX_BYTES);
        assert.equal(BODY_MAX_BYTES, 1024 * 1024);
        assert.equal(
          bodyLimitOf("/api/v1/user/avatar", "multipart/form-data; boundary=x"),
          FORM_BODY_MAX_BYTES,
        );
        assert.ok(bodyLimitOf("/api/v1/app_users/7/avatar", "application/json") > BODY_MAX_BYTES);
        assert.ok(bodyLimitOf("/api/v1/files/abc", "application/offset+octet-stream") >= 300 * 1024 * 1024);
      });

      await t.step("a vote declaring 50 MB is a 413 before a byte of it is read", async () => {
        const { stream, state } = stalledBody(10);
        const res = await post("/api/v1/interactions", stream, {
          "content-type": "application/json",
          "content-length": String(50 * 1024 * 1024),
        });
        assert.equal(res.status, 413);
        assert.match(res.headers.get("content-type") ?? "", /application\/json/);
        assert.equal((await res.json()).code, "too_large");
        assert.equal(state.pulled, 0, "the body was not read");
      });

      await t.step("a login (the chain) declaring 2 MB is a 413 too", async () => {
        const { stream, state } = stalledBody(10);
        const res = await post("/api/v1/auth/login", stream, {
          "content-type": "application/json",
          "content-length": String(2 * 1024 * 1024),
        });
        assert.equal(res.status, 413);
        assert.equal((await res.json()).code, "too_large");
        assert.equal(state.pulled, 0);
      });

      await t.step("a chunked 8 MB vote is refused once it passes 1 MB, not read to its end", async () => {
        const { stream, state } = chunked(jsonOf(8 * 1024 * 1024));
        const res = await post("/api/v1/interactions", stream, { "content-type": "application/json" });
        assert.equal(res.status, 413);
        assert.equal((await res.json()).code, "too_large");
        assert.ok(state.sent < 2 * BODY_MAX_BYTES, `read ${state.sent} bytes`);
      });

      await t.step("a chunked JSON body within 1 MB still reaches its route", async () => {
        const { stream } = chunked(jsonOf(200 * 1024));
        const res = await post("/api/v1/interactions", stream, { "content-type": "application/json" });
        assert.equal(res.status, 400); // the route's own answer: no participation in it
        assert.equal((await res.json()).code, "validation");
      });

      const bodies = Array.from({ length: SLOW_BODIES_PER_ADDRESS + 1 }, () => stalledBody(1));
      const answers = bodies.map(({ stream }) =>
        post("/api/v1/interactions", stream, {
          "content-type": "application/json",
          "content-length": "1000",
          "x-forwarded-for": "203.0.113.9",
        })
      );
      let refused = -1;
      await t.step(
        `slow bodies from one address past ${SLOW_BODIES_PER_ADDRESS} are a 503 with Retry-After`,
        async () => {
          const first = await Promise.race(answers.map((a, i) => a.then((res) => ({ res, i }))));
          refused = first.i;
          assert.equal(first.res.status, 503);
          assert.equal(first.res.headers.get("retry-after"), String(SLOW_BODY_RETRY_AFTER_SECONDS));
          assert.equal((await first.res.json()).code, "unavailable");
          assert.ok(bodies[first.i].state.cancelled, "the refused body is no longer read");
        },
      );

      await t.step("a body that stalls is cut off with 408", async () => {
        const rest = await Promise.all(answers.filter((_, i) => i !== refused));
        assert.equal(rest.length, SLOW_BODIES_PER_ADDRESS);
        for (const res of rest) {
          assert.equal(res.status, 408);
          assert.equal((await res.json()).code, "too_slow");
        }
        assert.ok(bodies.every((b) => b.state.cancelled));
      });

      await t.step("the refusal speaks the caller's language", async () => {
        const res = await post("/api/v1/interactions", "{}", {
          "content-type": "application/json",
          "content-length": String(BODY_MAX_BYTES + 1),
          "accept-language": "fr",
        });
        assert.equal(res.status, 413);
        assert.equal((await res.json()).message, "Le contenu envoyé est trop volumineux.");
      });
    } finally {
      await ctx.close();
    }
  },
});

Deno.test({
  name: "request bodies - through a socket: declared too large is answered at once, a stalled body cut off",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    const server = await startServer();
    const port = Number(new URL(server.baseUrl).port);
    /** Sends `head` (and nothing more) and returns the status line answered, or "no answer" after `ms`. */
    const ask = async (head: string, ms: number) => {
      const conn = await Deno.connect({ hostname: "127.0.0.1", port });
      try {
        await conn.write(new TextEncoder().encode(head));
        const buf = new Uint8Array(256);
        const n = await Promise.race([conn.read(buf), new Promise<null>((r) => setTimeout(r, ms, null))]);
        return n ? new TextDecoder().decode(buf.subarray(0, n)).split("\r\n")[0] : "no answer";
      } finally {
        conn.close();
      }
    };
    try {
      const huge = `POST /api/v1/interactions HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${50 * 1024 * 1024}\r\n\r\n`;
      assert.equal(await ask(huge, 10_000), "HTTP/1.1 413 Payload Too Large");
      const stalled = `POST /api/v1/interactions HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n` +
        `Content-Length: 1000\r\n\r\n{`;
      assert.equal(await ask(stalled, BODY_IDLE_MS + 10_000), "HTTP/1.1 408 Request Timeout");
    } finally {
      await server.stop();
    }
  },
});
