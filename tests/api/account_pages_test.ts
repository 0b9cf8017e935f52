import assert from "node:assert/strict";
import { demoStaff, testApp } from "../_helpers.ts";
import { openSession } from "../../lib/platform/sessions.ts";
import { insertOutboxMail } from "../../db/outbox.ts";

const PASSWORD = "Demo-Password-1!";
const HTML = { accept: "text/html" };

async function htmlOf(res: Response) {
  assert.match(res.headers.get("content-type") ?? "", /text\/html/);
  return await res.text();
}

Deno.test("account pages - login, links, logout, users and the dev mailbox", async (t) => {
  const ctx = await testApp({ demoPassword: PASSWORD });
  try {
    const [radio, tv] = (await ctx.sql<{ id: number }[]>`select id from channels order by id`).map((r) =>
      r.id
    );
    await ctx.sql`insert into users (login, email, role, channel_id, confirmed_at)
      values ('tvop', 'tvop@example.com', 'operator', ${tv}, now())`;
    const { ids } = await demoStaff(ctx);
    const cookie = async (login: string) => ({
      cookie: `im_session=${await openSession(ctx.deps.sql, ctx.deps.jwtSecret, ids[login], "staff")}`,
      ...HTML,
    });

    await t.step("/login: the forms island, the e-mail prefilled, the next address kept", async () => {
      const res = await ctx.request("/login?lang=en&email=a%40b.c&next=%2Fusers");
      assert.equal(res.status, 200);
      const html = await htmlOf(res);
      assert.match(html, /data-island="LoginPanel"/);
      assert.match(html, /<h1>Log in<\/h1>/);
      assert.match(html, /value="a@b.c"/);
      assert.match(html, /&quot;next&quot;:&quot;\/users&quot;/);
      assert.equal(res.headers.get("cache-control"), "no-store");
      const register = await htmlOf(await ctx.request("/login?lang=en&register"));
      assert.match(register, /<h1>Create an account<\/h1>/);
      assert.match(
        register,
        /8 to 30 characters, with an uppercase letter, a digit and a special character\./,
      );
    });

    await t.step(
      "/login with an unsafe next keeps nothing; a logged-in user goes to the landing",
      async () => {
        const html = await htmlOf(await ctx.request("/login?next=//evil.example"));
        assert.match(html, /&quot;next&quot;:null/);
        const admin = await ctx.request("/login", { headers: await cookie("admin") });
        assert.equal(admin.status, 302);
        assert.equal(admin.headers.get("location"), "/channels");
        const op = await ctx.request("/login?next=/moderation", { headers: await cookie("operator") });
        assert.equal(op.headers.get("location"), "/moderation");
        const manager = await ctx.request("/login", { headers: await cookie("manager") });
        assert.equal(manager.headers.get("location"), "/interactions");
      },
    );

    await t.step("/confirm and /reset with a bad link: 410 and the way out", async () => {
      for (const path of ["/confirm/nope", "/reset/nope"]) {
        const res = await ctx.request(`${path}?lang=en`);
        assert.equal(res.status, 410);
        const html = await htmlOf(res);
        assert.match(html, /Link expired/);
        assert.match(html, /href="\/forgot-password"/);
      }
    });

    await t.step("/reset with a good link shows the form and the rule; opening it uses nothing", async () => {
      await ctx.request("/api/v1/users/reset", { method: "POST", json: { email: "operator@example.com" } });
      const [mail] = await ctx.sql`select text_body from outbox order by id desc limit 1`;
      const token = mail.text_body.match(/\/reset\/([\w-]+)/)[1];
      for (let i = 0; i < 2; i++) {
        const res = await ctx.request(`/reset/${token}?lang=en`);
        assert.equal(res.status, 200);
        const html = await htmlOf(res);
        assert.match(html, /Choose the new password of operator@example.com\./);
        assert.match(html, /data-island="TokenPasswordForm"/);
        assert.match(html, /8 to 30 characters/);
        assert.match(html, /<meta name="referrer" content="no-referrer"\/?>/);
      }
    });

    await t.step("/forgot-password renders its form", async () => {
      const html = await htmlOf(await ctx.request("/forgot-password?lang=en&email=x%40y.z"));
      assert.match(html, /<h1>Forgot password<\/h1>/);
      assert.match(html, /value="x@y.z"/);
    });

    await t.step(
      "POST /logout clears the cookie and goes to /login; from another site it is refused",
      async () => {
        const headers = await cookie("manager");
        const res = await ctx.request("/logout", {
          method: "POST",
          headers: { ...headers, origin: "http://localhost" },
        });
        assert.equal(res.status, 303);
        assert.equal(res.headers.get("location"), "/login?logged_out");
        assert.match(res.headers.get("set-cookie")!, /^im_session=;.*Max-Age=0/);
        const evil = await ctx.request("/logout", {
          method: "POST",
          headers: { ...headers, origin: "https://evil.example" },
        });
        assert.equal(evil.status, 403);
        assert.equal(evil.headers.get("set-cookie"), null);
        await evil.body?.cancel();
        const page = await htmlOf(await ctx.request("/login?logged_out&lang=en"));
        assert.match(page, /You are logged out\./);
      },
    );

    await t.step("/users: the manager sees its channel's staff with role and e-mail", async () => {
      const res = await ctx.request("/users?lang=en", { headers: await cookie("manager") });
      assert.equal(res.status, 200);
      const html = await htmlOf(res);
      assert.match(html, /operator@example\.com/);
      assert.match(html, />Operator</);
      assert.match(html, />Administrator</);
      assert.doesNotMatch(html, /tvop@example\.com/);
      assert.doesNotMatch(html, /admin@example\.com/);
      assert.match(html, /href="\/users\/new"/);
    });

    await t.step("/users in super admin mode lists everyone with the media", async () => {
      const html = await htmlOf(await ctx.request("/users?lang=en", { headers: await cookie("admin") }));
      assert.match(html, /tvop@example\.com/);
      assert.match(html, /Canal Neuf TV/);
      assert.match(html, /Super administrator/);
    });

    await t.step(
      "operators get a 403 on /users and /users/new; another channel's profile is a 404",
      async () => {
        for (const path of ["/users", "/users/new", `/users/${ids.manager}`]) {
          const res = await ctx.request(`${path}?lang=en`, { headers: await cookie("operator") });
          assert.equal(res.status, 403, path);
          assert.match(await htmlOf(res), /You are not allowed to do this\./);
        }
        const other = await ctx.request(`/users/${ids.tvop}?lang=en`, { headers: await cookie("manager") });
        assert.equal(other.status, 404);
        await other.body?.cancel();
      },
    );

    await t.step(
      "/users/{id}: one's own profile; the super administrator also gets the company switch",
      async () => {
        const own = await htmlOf(
          await ctx.request(`/users/${ids.operator}?lang=en`, { headers: await cookie("operator") }),
        );
        assert.match(own, /data-island="UserProfile"/);
        assert.match(own, /Reset password by e-mail/);
        assert.doesNotMatch(own, /CompanySwitch/);
        const admin = await htmlOf(
          await ctx.request(`/users/${ids.admin}?lang=en`, { headers: await cookie("admin") }),
        );
        assert.match(admin, /data-island="CompanySwitch"/);
        assert.match(admin, /Radio Horizon/);
        assert.match(admin, /None \(admin mode\)/);
        assert.equal(radio > 0, true);
      },
    );

    await t.step("the OpenAPI document lists the account calls", async () => {
      const res = await ctx.request("/api/openapi.json");
      assert.equal(res.status, 200);
      const paths = Object.keys((await res.json()).paths);
      for (
        const path of [
          "/api/v1/auth",
          "/api/v1/register",
          "/api/v1/logout",
          "/api/v1/users",
          "/api/v1/users/current",
          "/api/v1/users/new",
          "/api/v1/users/reset",
          "/api/v1/users/resend",
          "/api/v1/users/confirm",
          "/api/v1/users/password",
          "/api/v1/user/{id}",
          "/api/v1/user/{id}/image",
        ]
      ) assert.ok(paths.includes(path), `${path} in ${paths.join(", ")}`);
    });

    await t.step("/dev/mailbox lists the outbox newest first with clickable links", async () => {
      await ctx.sql`delete from outbox`;
      await insertOutboxMail(ctx.sql, {
        to: "a@example.com",
        subject: "First",
        text: "Open http://localhost/confirm/abc now",
      });
      await insertOutboxMail(ctx.sql, {
        to: "b@example.com",
        subject: "Second",
        text: "See https://x.example/reset/def.",
      });
      // from the server itself (the mailbox answers nobody else but a super administrator)
      const res = await ctx.app.request("/dev/mailbox?lang=en", {}, {
        remoteAddr: { hostname: "127.0.0.1" },
      });
      assert.equal(res.status, 200);
      const html = await htmlOf(res);
      assert.ok(html.indexOf("Second") < html.indexOf("First"), "newest first");
      assert.match(html, /<a href="http:\/\/localhost\/confirm\/abc">http:\/\/localhost\/confirm\/abc<\/a>/);
      assert.match(html, /<a href="https:\/\/x\.example\/reset\/def">[^<]+<\/a>\./);
      assert.match(html, /Development mailbox/);
    });
  } finally {
    await ctx.close();
  }
});

Deno.test("account pages - /dev/mailbox is a 404 in production", async () => {
  const ctx = await testApp({ env: { APP_ENV: "production", PUBLIC_URL: "https://radio.example" } });
  try {
    await insertOutboxMail(ctx.sql, { to: "a@example.com", subject: "Secret", text: "http://x/confirm/abc" });
    const page = await ctx.request("/dev/mailbox", { headers: HTML });
    assert.equal(page.status, 404);
    assert.doesNotMatch(await htmlOf(page), /Secret/);
    const api = await ctx.request("/dev/mailbox");
    assert.equal(api.status, 404);
    assert.match(api.headers.get("content-type")!, /application\/json/);
    assert.equal((await api.json()).code, "not_found");

    // mail links use the configured address, never the Host header of the request
    await ctx
      .sql`insert into users (login, email, role) values ('root', 'root@example.com', 'super_administrator')`;
    const reset = await ctx.request("http://evil.example/api/v1/users/reset", {
      method: "POST",
      json: { email: "root@example.com" },
    });
    assert.equal(reset.status, 200);
    await reset.body?.cancel();
    const [mail] = await ctx.sql`select text_body from outbox where to_address = 'root@example.com'`;
    assert.match(mail.text_body, /https:\/\/radio\.example\/reset\/[\w-]+/);
    assert.doesNotMatch(mail.text_body, /evil/);
  } finally {
    await ctx.close();
  }
});
