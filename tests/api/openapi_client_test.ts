// A station's developer generates a typed client from /api/openapi.json (openapi-typescript) and drives the
// API with openapi-fetch: the client below type-checks against the generated types (`deno check`), then a
// listener's vote and a staff reply go through it to the app served on a local port.
import assert from "node:assert/strict";
import { demoStaff, testApp } from "../_helpers.ts";
import { randomMessage, randomSegment } from "./_participation.ts";

const OPENAPI_TYPESCRIPT = "npm:openapi-typescript@7.13.0";
const OPENAPI_FETCH = "npm:openapi-fetch@0.17.0";

/** What the developer writes: every path, body and answer below is checked against the generated types. */
const CLIENT = `import createClient from "openapi-fetch";
import type { paths } from "./api.d.ts";

const [baseUrl, channel, segment, choice, staffToken, messageId] = Deno.args;
const listener = createClient<paths>({ baseUrl });
const device = await listener.POST("/api/v1/devices");
if (!device.data) throw new Error("no device id");
const vote = await listener.POST("/api/v1/interactions", {
  body: {
    channel_id: Number(channel),
    segment: Number(segment),
    device_id: device.data.device_id,
    content: { choice_ids: [Number(choice)] },
  },
});
const staff = createClient<paths>({ baseUrl, headers: { authorization: \`Bearer \${staffToken}\` } });
const reply = await staff.POST("/api/v1/interaction-reply", {
  body: { interaction_id: Number(messageId), content: { text: "Thank you for listening!" } },
});
const refused = await listener.POST("/api/v1/interaction-reply", {
  body: { interaction_id: Number(messageId), content: { text: "not staff" } },
});
console.log(JSON.stringify({
  vote: { status: vote.response.status, data: vote.data },
  reply: { status: reply.response.status, id: reply.data?.id },
  refused: { status: refused.response.status, code: refused.error?.code },
}));
`;

async function run(args: string[], cwd: string): Promise<string> {
  const out = await new Deno.Command(Deno.execPath(), { args, cwd, stdout: "piped", stderr: "piped" })
    .output();
  const text = new TextDecoder().decode(out.stdout);
  assert.ok(
    out.success,
    `deno ${args.join(" ")}:\n${text}\n${new TextDecoder().decode(out.stderr).slice(-3000)}`,
  );
  return text;
}

Deno.test("openapi client - a generated typed client votes as a listener and replies as staff", async () => {
  const ctx = await testApp({ demoPassword: "Demo-Password-1!" });
  const server = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen() {} }, (req) => ctx.app.fetch(req));
  const dir = await Deno.makeTempDir({ prefix: "im-typed-client-" });
  try {
    const { radio, token } = await demoStaff(ctx);
    const vote = await randomSegment(ctx.sql, radio, {}, ["Yes", "No"]);
    const message = await randomMessage(ctx.sql, { id: vote.id, channelId: radio });
    const baseUrl = `http://127.0.0.1:${server.addr.port}`;

    const doc = await fetch(`${baseUrl}/api/openapi.json`);
    assert.equal(doc.status, 200);
    await Deno.writeTextFile(`${dir}/openapi.json`, await doc.text());
    await Deno.writeTextFile(
      `${dir}/deno.json`,
      JSON.stringify({ imports: { "openapi-fetch": OPENAPI_FETCH } }),
    );
    await Deno.writeTextFile(`${dir}/client.ts`, CLIENT);
    await run(["run", "-A", OPENAPI_TYPESCRIPT, "openapi.json", "-o", "api.d.ts"], dir);
    await run(["check", "client.ts"], dir);

    const answer = JSON.parse(
      await run([
        "run",
        "-A",
        "client.ts",
        baseUrl,
        String(radio),
        String(vote.id),
        String(vote.choiceIds[1]),
        await token("operator"),
        String(message.id),
      ], dir),
    );
    assert.equal(answer.vote.status, 200);
    assert.equal(typeof answer.vote.data.id, "number");
    assert.equal(answer.reply.status, 201);
    assert.equal(answer.reply.id, message.id);
    assert.deepEqual(answer.refused, { status: 401, code: "unauthorized" });
    const [stored] = await ctx.sql<{ segment_id: number }[]>`
      select segment_id::int as segment_id from messages where id = ${answer.vote.data.id}`;
    assert.equal(stored.segment_id, vote.id, "the vote is stored");
  } finally {
    await server.shutdown();
    await Deno.remove(dir, { recursive: true });
    await ctx.close();
  }
});
