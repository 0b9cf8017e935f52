// DNS rebinding against webhooks: a name that answers a public address when the endpoint is
// saved and 127.0.0.1 when a delivery is sent must not reach the local network. The test runs its own DNS
// server (tests/_dns.ts) and a real HTTPS receiver on 127.0.0.1 whose certificate is for "hooks.test",
// signed by a test CA (tests/fixtures/webhook_tls). Names of the allowlist show that the delivery goes to
// the address the check resolved (the system's resolver knows none of these names) with TLS verified for
// the URL's name.
import assert from "node:assert/strict";
import { demoStaff, testApp } from "../_helpers.ts";
import { startDns } from "../_dns.ts";
import { seedDemo } from "../../lib/demo/seed.ts";

const fixtures = new URL("../fixtures/webhook_tls/", import.meta.url);
const ca = await Deno.readTextFile(new URL("ca.pem", fixtures));

function tlsReceiver() {
  const received: { host: string | null; event: string | null }[] = [];
  const server = Deno.serve({
    hostname: "127.0.0.1",
    port: 0,
    cert: Deno.readTextFileSync(new URL("cert.pem", fixtures)),
    key: Deno.readTextFileSync(new URL("key.pem", fixtures)),
    onListen: () => {},
    onError: () => new Response(null, { status: 500 }),
  }, (req) => {
    received.push({ host: req.headers.get("host"), event: req.headers.get("x-webhook-event") });
    return new Response("ok");
  });
  return { port: server.addr.port, received, close: () => server.shutdown() };
}

const dns = await startDns();
const ctx = await testApp({
  jobs: true,
  env: { WEBHOOK_ALLOWED_HOSTS: "hooks.test,other.test", WEBHOOK_RETRY_BASE_SECONDS: "3600" },
  webhookNetwork: { resolveDns: dns.resolveDns, caCerts: [ca] },
});
await seedDemo(ctx.sql, { password: "Demo-Password-1!" });
const staff = await demoStaff(ctx);

interface Delivery {
  status: string;
  attempts: number;
  last_error: string | null;
  last_status_code: number | null;
}

Deno.test({
  name: "webhook rebinding - checked at every send, sent to the address checked, refusals logged",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    const receiver = tlsReceiver();
    const manager = await staff.token("manager");
    const addEndpoint = async (host: string, events = ["participation.created"]) => {
      const res = await ctx.request(`/api/v1/channels/${staff.radio}/webhooks`, {
        method: "POST",
        token: manager,
        json: { url: `https://${host}:${receiver.port}/hooks`, events },
      });
      return { status: res.status, body: await res.json() };
    };
    /** Sends a test event to the endpoint and waits for the attempt's outcome in the delivery log. */
    const sendTest = async (id: number): Promise<Delivery> => {
      const sent = await ctx.request(`/api/v1/webhooks/${id}/test`, { method: "POST", token: manager });
      assert.equal(sent.status, 202);
      const { delivery_id } = await sent.json();
      for (let i = 0; i < 200; i++) {
        const res = await ctx.request(`/api/v1/webhooks/${id}`, { token: manager });
        const d = (await res.json()).deliveries.find((x: { id: number }) => x.id === delivery_id);
        if (d?.attempts > 0) return d;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error("the delivery was not attempted");
    };
    try {
      await t.step(
        "public when saved, 127.0.0.1 when sent: refused, nothing reaches the receiver",
        async () => {
          let lookups = 0;
          dns.answer((name, type) =>
            name === "rebind.test" && type === "A" ? [lookups++ === 0 ? "93.184.216.34" : "127.0.0.1"] : []
          );
          const created = await addEndpoint("rebind.test");
          assert.equal(created.status, 201, JSON.stringify(created.body));
          const delivery = await sendTest(created.body.id);
          assert.equal(delivery.last_error, "webhook_address_refused 127.0.0.1");
          assert.equal(delivery.last_status_code, null);
          assert.equal(delivery.status, "pending"); // tried again later, checked again then
          assert.equal(receiver.received.length, 0);
        },
      );

      await t.step("one private address among public ones is enough to refuse (IPv6 loopback)", async () => {
        let lookups = 0;
        dns.answer((name, type) => {
          if (name !== "mixed.test") return [];
          if (type === "A") return ["93.184.216.34"];
          return lookups++ === 0 ? ["2606:4700::1111"] : ["::1"];
        });
        const created = await addEndpoint("mixed.test");
        assert.equal(created.status, 201);
        const delivery = await sendTest(created.body.id);
        assert.equal(delivery.last_error, "webhook_address_refused ::1");
        assert.equal(receiver.received.length, 0);
      });

      await t.step(
        "a name private when saved is refused at once, and one that does not resolve",
        async () => {
          dns.answer((name, type) => (name === "private.test" && type === "A" ? ["10.0.0.7"] : []));
          const refused = await addEndpoint("private.test");
          assert.equal(refused.status, 422);
          assert.equal(refused.body.code, "webhook_address_refused");
          const unknown = await addEndpoint("nowhere.test");
          assert.equal(unknown.status, 422);
          assert.equal(unknown.body.code, "webhook_host_unknown");
        },
      );

      await t.step(
        "the connection goes to the address the check resolved, TLS verified for the name",
        async () => {
          dns.answer((name, type) => (name === "hooks.test" && type === "A" ? ["127.0.0.1"] : []));
          const asked = dns.asked.length;
          const created = await addEndpoint("hooks.test");
          assert.equal(created.status, 201);
          const delivery = await sendTest(created.body.id);
          assert.equal(delivery.last_error, null);
          assert.equal(delivery.last_status_code, 200);
          assert.deepEqual(receiver.received, [{
            host: `hooks.test:${receiver.port}`,
            event: "webhook.test",
          }]);
          // one A and one AAAA question when saved, the same when sent: nothing else resolved the name
          assert.deepEqual(dns.asked.slice(asked).sort(), [
            "A hooks.test",
            "A hooks.test",
            "AAAA hooks.test",
            "AAAA hooks.test",
          ]);
        },
      );

      await t.step("a certificate for another name is refused: nothing is sent", async () => {
        dns.answer((name, type) => (name === "other.test" && type === "A" ? ["127.0.0.1"] : []));
        const created = await addEndpoint("other.test");
        assert.equal(created.status, 201);
        const before = receiver.received.length;
        const delivery = await sendTest(created.body.id);
        assert.match(delivery.last_error ?? "", /certificate/);
        assert.equal(delivery.last_status_code, null);
        assert.equal(receiver.received.length, before);
      });
    } finally {
      await receiver.close();
      await ctx.close();
      await dns.close();
    }
  },
});
