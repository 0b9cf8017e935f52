// The votes bench's HTTP client (bench/_post_load.ts): every answer reaches onResponse with its own status
// and body, on the connection whose context sent it, and a connection the server closes is opened again.
import assert from "node:assert/strict";
import { postLoad } from "../../bench/_post_load.ts";

Deno.test("votes bench client - each answer comes back whole to the request that asked for it", async () => {
  let served = 0;
  const server = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen: () => {} }, async (req) => {
    const body = await req.json();
    served++;
    // every 50th request closes its connection; every 7th is refused
    const headers = served % 50 === 0 ? { connection: "close" } : undefined;
    if (body.n % 7 === 0) return Response.json({ error: "refused", n: body.n }, { status: 422, headers });
    return Response.json({
      n: body.n,
      echo: req.headers.get("x-forwarded-for"),
      pad: "é".repeat(body.n % 300),
    }, {
      headers,
    });
  });
  try {
    let next = 0;
    const answers: { status: number; sent: number; got: number; echo: string | null }[] = [];
    const result = await postLoad({
      url: `http://127.0.0.1:${server.addr.port}/api/v1/interactions?x=1`,
      connections: 8,
      seconds: 0.5,
      request: (context) => {
        context.n = ++next;
        return { headers: `x-forwarded-for: 10.0.0.${next % 250}\r\n`, body: JSON.stringify({ n: next }) };
      },
      onResponse: (status, body, context) => {
        const answer = JSON.parse(body);
        answers.push({ status, sent: context.n as number, got: answer.n, echo: answer.echo ?? null });
      },
    });
    assert.ok(result.requests > 50, `only ${result.requests} requests`);
    assert.equal(answers.length, result.requests);
    assert.equal(result.errors, 0);
    for (const a of answers) {
      assert.equal(a.got, a.sent);
      assert.equal(a.status, a.sent % 7 === 0 ? 422 : 200);
      if (a.status === 200) assert.equal(a.echo, `10.0.0.${a.sent % 250}`);
    }
    assert.ok(result.latency.p50 <= result.latency.p99);
  } finally {
    await server.shutdown();
  }
});

Deno.test("votes bench client - a connection the server closes is counted and opened again", async () => {
  // a bare HTTP/1.1 server that answers two requests on each connection, then closes it
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  let connections = 0;
  const serve = (async () => {
    for await (const conn of listener) {
      connections++;
      (async () => {
        const buffer = new Uint8Array(4096);
        try {
          for (let answered = 0; answered < 2;) {
            const n = await conn.read(buffer);
            if (n === null) break;
            const text = new TextDecoder().decode(buffer.subarray(0, n));
            if (!text.includes("\r\n\r\n{}")) continue; // the whole request is in one read here
            await conn.write(new TextEncoder().encode("HTTP/1.1 200 OK\r\ncontent-length: 2\r\n\r\n{}"));
            answered++;
          }
        } finally {
          conn.close();
        }
      })();
    }
  })().catch(() => {});
  try {
    let answers = 0;
    const result = await postLoad({
      url: `http://127.0.0.1:${(listener.addr as Deno.NetAddr).port}/`,
      connections: 2,
      seconds: 1,
      request: () => ({ headers: "", body: "{}" }),
      onResponse: (status) => {
        assert.equal(status, 200);
        answers++;
      },
    });
    assert.equal(answers, result.requests);
    // each closed connection cost the request sent on it, and the client went on with a new one
    assert.ok(result.errors >= 3, `${result.errors} errors`);
    assert.ok(
      result.requests >= 2 * result.errors - 4,
      `${result.requests} answers for ${result.errors} closes`,
    );
    assert.ok(connections >= result.errors);
  } finally {
    listener.close();
    await serve;
  }
});
