import assert from "node:assert/strict";
import { demoStaff, testApp } from "../_helpers.ts";
import { seedDemo } from "../../lib/demo/seed.ts";
import { openSession } from "../../lib/platform/sessions.ts";

async function jsonOf(res: Response) {
  assert.match(res.headers.get("content-type") ?? "", /application\/json/);
  return await res.json();
}

Deno.test("help items API - welcome shown once, comments, editing by the super administrator", async (t) => {
  const ctx = await testApp();
  try {
    await t.step("no welcome item yet is a 204", async () => {
      await ctx.sql`insert into channels (label) values ('Solo')`;
      const [u] = await ctx.sql`insert into users (login, email, role) values ('solo', 'solo@example.com',
        'super_administrator') returning id`;
      const res = await ctx.request("/api/v1/help_item/welcome", {
        token: await openSession(ctx.deps.sql, ctx.deps.jwtSecret, u.id, "staff"),
      });
      assert.equal(res.status, 204);
      assert.equal(await res.text(), "");
      await ctx.sql`delete from users`;
      await ctx.sql`delete from channels`;
    });
    await seedDemo(ctx.sql, { password: "Demo-Password-1!" });
    const { token } = await demoStaff(ctx);
    const admin = await token("admin"), manager = await token("manager"), operator = await token("operator");

    let itemId = 0;
    await t.step("GET welcome: the item in the caller's language as safe HTML, not seen yet", async () => {
      const res = await ctx.request("/api/v1/help_item/welcome?lang=en", { token: manager });
      assert.equal(res.status, 200);
      const body = await jsonOf(res);
      assert.equal(body.language, "en");
      assert.equal(body.title, "Welcome!");
      assert.match(body.html, /<h1>Welcome to Interaction Manager<\/h1>/);
      assert.equal(body.seen, false);
      itemId = body.id;
      // the demo's welcome is written in the five languages: a Portuguese reader gets it in Portuguese
      const pt = await jsonOf(await ctx.request("/api/v1/help_item/welcome?lang=pt", { token: manager }));
      assert.equal(pt.language, "pt");
      assert.equal(pt.title, "Bem-vindo!");
      // a language the super administrator has not written yet falls back to French
      await ctx.sql`delete from help_items where key = 'welcome' and language = 'pl'`;
      const pl = await jsonOf(await ctx.request("/api/v1/help_item/welcome?lang=pl", { token: manager }));
      assert.equal(pl.language, "fr");
    });

    await t.step("shown once: after POST seen it says seen, for that user only", async () => {
      const res = await ctx.request("/api/v1/help_item/welcome/seen", { token: manager, method: "POST" });
      assert.equal(res.status, 204);
      assert.equal(
        (await jsonOf(await ctx.request("/api/v1/help_item/welcome", { token: manager }))).seen,
        true,
      );
      assert.equal(
        (await jsonOf(await ctx.request("/api/v1/help_item/welcome", { token: operator }))).seen,
        false,
      );
      const again = await ctx.request("/api/v1/help_item/welcome/seen", { token: manager, method: "POST" });
      assert.equal(again.status, 204);
    });

    await t.step("comments: staff comment; each sees their own, the super administrator all", async () => {
      const bad = await ctx.request(`/api/v1/help_item/${itemId}/comments`, {
        token: manager,
        method: "POST",
        json: { text: "  " },
      });
      assert.equal(bad.status, 400);
      assert.ok("text" in (await jsonOf(bad)).fields);
      const res = await ctx.request(`/api/v1/help_item/${itemId}/comments`, {
        token: manager,
        method: "POST",
        json: { text: "Very clear" },
      });
      assert.equal(res.status, 201);
      const body = await jsonOf(res);
      assert.equal(body.text, "Very clear");
      assert.equal(body.author, "Sophie Bernard");
      await ctx.request(`/api/v1/help_item/${itemId}/comments`, {
        token: operator,
        method: "POST",
        json: { text: "Where is the QR?" },
      });
      const mine = await jsonOf(
        await ctx.request(`/api/v1/help_item/${itemId}/comments`, { token: manager }),
      );
      assert.deepEqual(mine.map((c: { text: string }) => c.text), ["Very clear"]);
      const all = await jsonOf(await ctx.request(`/api/v1/help_item/${itemId}/comments`, { token: admin }));
      assert.equal(all.length, 2);
      const missing = await ctx.request("/api/v1/help_item/999999/comments", { token: admin });
      assert.equal(missing.status, 404);
      await jsonOf(missing);
    });

    await t.step("an image without a description is refused", async () => {
      const refused = await ctx.request("/api/v1/help_item/welcome/en", {
        token: admin,
        method: "PUT",
        json: { title: "Welcome", body_markdown: "Look:\n\n![](https://example.org/map.png)" },
      });
      assert.equal(refused.status, 422);
      const body = await jsonOf(refused);
      assert.equal(body.code, "image_alt_missing");
      assert.deepEqual(body.fields, { body_markdown: ["image_alt_missing"] });
      assert.match(body.message, /description/);
    });

    await t.step("only a super administrator writes the item, in any of the five languages", async () => {
      const denied = await ctx.request("/api/v1/help_item/welcome/pt", {
        token: manager,
        method: "PUT",
        json: { title: "Olá", body_markdown: "x" },
      });
      assert.equal(denied.status, 403);
      await jsonOf(denied);
      const badLang = await ctx.request("/api/v1/help_item/welcome/de", {
        token: admin,
        method: "PUT",
        json: { title: "Hallo", body_markdown: "x" },
      });
      assert.equal(badLang.status, 400);
      await jsonOf(badLang);
      const noTitle = await ctx.request("/api/v1/help_item/welcome/pt", {
        token: admin,
        method: "PUT",
        json: { title: "", body_markdown: "x" },
      });
      assert.equal(noTitle.status, 400);
      await jsonOf(noTitle);
      const res = await ctx.request("/api/v1/help_item/welcome/pt", {
        token: admin,
        method: "PUT",
        json: { title: "Bem-vindo!", body_markdown: "**Olá** <script>x()</script>" },
      });
      assert.equal(res.status, 200);
      assert.equal((await jsonOf(res)).title, "Bem-vindo!");
      const shown = await jsonOf(await ctx.request("/api/v1/help_item/welcome?lang=pt", { token: operator }));
      assert.equal(shown.language, "pt");
      assert.match(shown.html, /<strong>Olá<\/strong>/);
      assert.doesNotMatch(shown.html, /script/);
      const versions = await jsonOf(
        await ctx.request("/api/v1/help_item/welcome/versions", { token: admin }),
      );
      assert.deepEqual(versions.map((v: { language: string }) => v.language), ["en", "es", "fr", "pt"]);
      const vDenied = await ctx.request("/api/v1/help_item/welcome/versions", { token: operator });
      assert.equal(vDenied.status, 403);
      await jsonOf(vDenied);
    });

    await t.step("image and video of the item: type checked from the content", async () => {
      const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 13, 10, 26, 10, 0, 0]);
      const form = (field: string, bytes: Uint8Array, name: string) => {
        const f = new FormData();
        f.append(field, new File([bytes as BlobPart], name));
        return f;
      };
      const img = await ctx.request(`/api/v1/help_item/${itemId}/image`, {
        token: admin,
        method: "POST",
        body: form("image", png, "a.png"),
      });
      assert.equal(img.status, 200);
      const body = await jsonOf(img);
      assert.match(body.image_url, /^\/media\/help\//);
      const asVideo = await ctx.request(`/api/v1/help_item/${itemId}/video`, {
        token: admin,
        method: "POST",
        body: form("video", png, "a.mp4"),
      });
      assert.equal(asVideo.status, 415);
      assert.equal((await jsonOf(asVideo)).code, "file_type_video");
      const webm = new Uint8Array([0x1a, 0x45, 0xdf, 0xa3, ...new TextEncoder().encode("....webm....")]);
      const vid = await ctx.request(`/api/v1/help_item/${itemId}/video`, {
        token: admin,
        method: "POST",
        body: form("video", webm, "v.webm"),
      });
      assert.equal(vid.status, 200);
      assert.match((await jsonOf(vid)).video_url, /\.webm$/);
      const byManager = await ctx.request(`/api/v1/help_item/${itemId}/image`, {
        token: manager,
        method: "POST",
        body: form("image", png, "a.png"),
      });
      assert.equal(byManager.status, 403);
      await jsonOf(byManager);
      const del = await ctx.request(`/api/v1/help_item/${itemId}/image`, { token: admin, method: "DELETE" });
      assert.equal(del.status, 204);
      assert.equal((await ctx.request(body.image_url)).status, 404);
    });
  } finally {
    await ctx.close();
  }
});

Deno.test("admin pages - landing, redirects and tenant isolation", async (t) => {
  const ctx = await testApp({ demoPassword: "Demo-Password-1!" });
  try {
    const { ids, radio, tv } = await demoStaff(ctx);
    const page = async (login: string | null, path: string) => {
      const headers: Record<string, string> = { accept: "text/html", "accept-language": "en" };
      if (login) {
        headers.cookie = `im_session=${await openSession(
          ctx.deps.sql,
          ctx.deps.jwtSecret,
          ids[login],
          "staff",
        )}`;
      }
      return await ctx.request(path, { headers });
    };
    await t.step("without a session, pages redirect to /login", async () => {
      for (
        const path of [
          "/channels",
          "/channels/new",
          `/channels/${radio}`,
          "/settings",
          "/customisation",
          "/home",
          "/help-items",
        ]
      ) {
        const res = await page(null, path);
        assert.equal(res.status, 302, path);
        assert.match(res.headers.get("location")!, /^\/login\?next=/);
      }
    });
    await t.step(
      "/channels: super administrator sees the list; administrator goes to its channel; operator to /interactions",
      async () => {
        const list = await page("admin", "/channels");
        assert.equal(list.status, 200);
        assert.match(list.headers.get("content-type")!, /text\/html/);
        const html = await list.text();
        assert.match(html, /Radio Horizon/);
        assert.match(html, /Canal Neuf TV/);
        assert.match(html, /data-island="UnreadBadge"|data-island="WelcomeHelp"/);
        const manager = await page("manager", "/channels");
        assert.equal(manager.status, 302);
        assert.equal(manager.headers.get("location"), `/channels/${radio}`);
        const operator = await page("operator", "/channels");
        assert.equal(operator.status, 302);
        assert.equal(operator.headers.get("location"), "/interactions");
      },
    );
    await t.step("channel pages are isolated: another channel is a 404 page", async () => {
      const own = await page("manager", `/channels/${radio}`);
      assert.equal(own.status, 200);
      assert.match(await own.text(), /data-island="ChannelForm"/);
      const other = await page("manager", `/channels/${tv}`);
      assert.equal(other.status, 404);
      assert.match(other.headers.get("content-type")!, /text\/html/);
      assert.doesNotMatch(await other.text(), /Canal Neuf/);
      const otherCustom = await page("manager", `/customisation?channel=${tv}`);
      assert.equal(otherCustom.status, 200);
      assert.doesNotMatch(await otherCustom.text(), /Canal Neuf/);
    });
    await t.step("/channels/new and /help-items are for the super administrator only", async () => {
      assert.equal((await page("admin", "/channels/new")).status, 200);
      assert.equal((await page("manager", "/channels/new")).status, 403);
      assert.equal((await page("admin", "/help-items")).status, 200);
      assert.equal((await page("manager", "/help-items")).status, 403);
    });
    await t.step(
      "/settings: own channel; super admin mode goes to /channels; operators may not",
      async () => {
        const res = await page("manager", "/settings");
        assert.equal(res.status, 200);
        assert.match(await res.text(), /Radio Horizon/);
        const admin = await page("admin", "/settings");
        assert.equal(admin.status, 302);
        assert.equal(admin.headers.get("location"), "/channels?choose=settings");
        assert.equal((await page("operator", "/settings")).status, 403);
        assert.equal((await page("operator", "/customisation")).status, 403);
      },
    );
    await t.step("/customisation and /home render for the administrator", async () => {
      const custom = await page("manager", "/customisation");
      assert.equal(custom.status, 200);
      assert.match(await custom.text(), /data-island="CustomisationForm"/);
      const home = await page("operator", "/home?lang=en");
      assert.equal(home.status, 200);
      const html = await home.text();
      assert.match(html, /Hello Karim/);
      assert.doesNotMatch(html, /href="\/settings"/); // operators have no settings
    });
  } finally {
    await ctx.close();
  }
});
