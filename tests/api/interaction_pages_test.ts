import assert from "node:assert/strict";
import { demoStaff, testApp } from "../_helpers.ts";
import { openSession } from "../../lib/platform/sessions.ts";
import { SESSION_COOKIE } from "../../lib/platform/auth.ts";

Deno.test("interaction pages - list, wizard, edit, webview, timeline, broadcast", async (t) => {
  const ctx = await testApp({ demoPassword: "Demo-Password-1!" });
  try {
    await ctx.sql`update users set language = 'en'`;
    const { ids, radio, tv } = await demoStaff(ctx);
    const cookie = async (login: string) =>
      `${SESSION_COOKIE}=${await openSession(ctx.deps.sql, ctx.deps.jwtSecret, ids[login], "staff")}`;
    const get = async (path: string, login: string) =>
      await ctx.request(path, { headers: { cookie: await cookie(login) }, redirect: "manual" });
    const html = async (res: Response) => {
      assert.match(res.headers.get("content-type") ?? "", /text\/html/);
      return await res.text();
    };
    const [summer] = await ctx.sql`select id from segments where title = 'Le tube de l''été'`;
    const [draft] = await ctx.sql`select id from segments where channel_id = ${radio} and status = 'draft'`;
    const [tvSeg] = await ctx.sql`select id from segments where channel_id = ${tv} limit 1`;

    await t.step("without a session the pages go to /login", async () => {
      const res = await ctx.request("/interactions", { redirect: "manual" });
      assert.equal(res.status, 302);
      assert.equal(res.headers.get("location"), "/login?next=%2Finteractions");
    });

    await t.step("the list shows the five columns, the availability labels and paging", async () => {
      const res = await get("/interactions", "manager");
      assert.equal(res.status, 200);
      const body = await html(res);
      for (const col of ["Visual", "Interaction", "Type", "Availability", "Participants"]) {
        assert.match(body, new RegExp(`<th scope="col"[^>]*>${col}</th>`));
      }
      assert.match(body, /Not completed/);
      assert.match(body, /Programmed/);
      assert.match(body, /Finished/);
      assert.match(body, /Page 1 of 1/);
      // a draft opens the wizard, the others the edit page
      assert.ok(body.includes(`href="/interactions/create?id=${draft.id}"`));
      assert.ok(body.includes(`href="/interactions/${summer.id}"`));
      assert.ok(!body.includes("Canal Neuf"), "only the channel's own interactions");
    });

    await t.step(
      "row actions follow the permissions: an operator gets no edit, archive, trash, duplicate",
      async () => {
        const manager = await html(await get("/interactions", "manager"));
        assert.match(manager, /&quot;archive&quot;:true/);
        const body = await html(await get("/interactions", "operator"));
        assert.match(body, /&quot;participations&quot;:true/);
        for (const p of ["edit", "archive", "trash", "duplicate"]) {
          assert.match(body, new RegExp(`&quot;${p}&quot;:false`));
        }
        assert.ok(!body.includes(`href="/interactions/${summer.id}"`), "no edit link");
        assert.ok(!body.includes('href="/interactions/create"'), "no create button");
      },
    );

    await t.step("search and status filter the list", async () => {
      const body = await html(await get("/interactions?search=tube%20de%20l&status=all", "manager"));
      assert.match(body, /Le tube de l&#39;été|Le tube de l'été/);
      assert.ok(!body.includes("Rejoignez le club"));
      const archived = await html(await get("/interactions?status=archived", "manager"));
      assert.match(archived, /Votre plus beau souvenir de vacances/);
      assert.ok(!archived.includes("Rejoignez le club"));
    });

    await t.step("/interactions/create opens the wizard; a draft resumes; operators get 403", async () => {
      let res = await get("/interactions/create", "manager");
      assert.equal(res.status, 200);
      let body = await html(res);
      assert.match(body, /data-island="CreationWizard"/);
      assert.match(body, /Choice of interaction/);
      res = await get(`/interactions/create?id=${draft.id}`, "manager");
      body = await html(res);
      assert.match(body, /Recorded as a draft/);
      res = await get(`/interactions/create?id=${summer.id}`, "manager");
      assert.equal(res.status, 302);
      assert.equal(res.headers.get("location"), `/interactions/${summer.id}`);
      assert.equal((await get("/interactions/create", "operator")).status, 403);
      assert.equal((await get(`/interactions/create?id=${tvSeg.id}`, "manager")).status, 404);
    });

    await t.step("the edit page holds the form, the results, the preview and the share panel", async () => {
      const res = await get(`/interactions/${summer.id}`, "manager");
      assert.equal(res.status, 200);
      const body = await html(res);
      assert.match(body, /data-island="SegmentEditForm"/);
      assert.match(body, /data-island="ResultsPanel"/);
      assert.ok(
        body.includes(`src="/widgets/${radio}/${summer.id}/?preview=1&amp;lang=en"`),
        "preview iframe of the real widget, in the staff member's language (the page is English here)",
      );
      assert.match(body, /\/s\/[0-9a-f-]{36}/);
      assert.ok(body.includes(`/qr-code?qrData=`));
      // the user's spreadsheet separator first (the page is English here: commas), the other beside it
      assert.ok(body.includes(`href="/api/v1/show_segments/${summer.id}/export?separator=`));
      assert.ok(body.includes("CSV with semicolons (;)"), "the other separator's link, named in English");
      assert.match(body, /&lt;iframe src=/, "embed code");
      assert.match(
        body,
        /<legend class="sr-only">Answers<\/legend>/,
        "the section already names the answers",
      );
      const toDraft = await get(`/interactions/${draft.id}`, "manager");
      assert.equal(toDraft.headers.get("location"), `/interactions/create?id=${draft.id}`);
      assert.equal((await get(`/interactions/${tvSeg.id}`, "manager")).status, 404);
      const readOnly = await get(`/interactions/${summer.id}`, "operator");
      assert.equal(readOnly.status, 200, "an operator sees the settings, read-only");
      assert.match(await html(readOnly), /&quot;readOnly&quot;:true/);
      assert.match(body, /&quot;readOnly&quot;:false/);
    });

    await t.step("the webview frames the widget; another channel's is 404", async () => {
      const res = await get(`/interactions/${summer.id}/webview`, "operator");
      assert.equal(res.status, 200);
      assert.ok((await html(res)).includes(`class="phone"`));
      const slash = await get(`/interactions/${summer.id}/webview/`, "operator");
      assert.equal(slash.status, 200, "the menu's address with its trailing slash");
      assert.equal((await get(`/interactions/${tvSeg.id}/webview`, "operator")).status, 404);
    });

    await t.step("the timeline shows the week or the month with segments and slots", async () => {
      let body = await html(await get("/timeline", "operator"));
      assert.match(body, /Le tube de l/);
      assert.match(body, /Distribution slots/);
      assert.match(body, /La Matinale – dédicaces/);
      assert.ok(!body.includes("Finale du Grand Défi Cuisine"), "not another channel's slots");
      body = await html(await get("/timeline?view=month&date=2020-01-15", "operator"));
      assert.match(body, /January 2020/);
      assert.match(body, /Nothing scheduled in this period\./);
    });

    await t.step(
      "the broadcasting channel lists what is live and the quoted or broadcast messages",
      async () => {
        let body = await html(await get("/broadcast", "operator"));
        assert.match(body, /Live now/);
        assert.match(body, /Le tube de l/);
        assert.ok(!body.includes("Spécial Fête de la musique"), "a programmed segment is not live");
        assert.match(body, /Broadcast|Quoted/);
        body = await html(await get(`/broadcast/${summer.id}`, "operator"));
        assert.match(body, /Messages quoted or broadcast/);
        assert.equal((await get(`/broadcast/${tvSeg.id}`, "operator")).status, 404);
      },
    );
  } finally {
    await ctx.close();
  }
});
