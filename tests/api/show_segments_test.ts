import assert from "node:assert/strict";
import { demoStaff, testApp } from "../_helpers.ts";
import { jsonOf, PNG, WEBM } from "../_fixtures.ts";

const fileForm = (bytes: Uint8Array, name: string) => {
  const form = new FormData();
  form.append("file", new File([bytes as BlobPart], name));
  return form;
};

Deno.test("show_segments API - list, create, edit rules, permissions, tenant isolation", async (t) => {
  const ctx = await testApp({ demoPassword: "Demo-Password-1!" });
  try {
    const { radio, tv, token } = await demoStaff(ctx);
    const manager = await token("manager"), operator = await token("operator"), admin = await token("admin");
    const [tvSeg] = await ctx.sql<{ id: number }[]>`select id from segments where channel_id = ${tv} limit 1`;
    const [summer] = await ctx.sql<
      { id: number }[]
    >`select id from segments where title = 'Le tube de l''été'`;
    const template = async (model: string) =>
      (await ctx.sql<{ id: number }[]>`select id from templates where widget_model = ${model}`)[0].id;

    await t.step("without a session every call is 401", async () => {
      for (const path of ["/api/v1/show_segments", `/api/v1/show_segments/${summer.id}`]) {
        const res = await ctx.request(path);
        assert.equal(res.status, 401);
        assert.equal((await jsonOf(res)).code, "unauthorized");
      }
    });

    await t.step("the list pages by 50 with x-pagination headers, search and status filter", async () => {
      const res = await ctx.request("/api/v1/show_segments", { token: manager });
      assert.equal(res.status, 200);
      const rows = await jsonOf(res);
      assert.equal(res.headers.get("x-pagination-per-page"), "50");
      assert.equal(res.headers.get("x-pagination-page"), "1");
      assert.equal(res.headers.get("x-pagination-has_prev"), "false");
      assert.equal(Number(res.headers.get("x-pagination-total")), rows.length);
      assert.ok(rows.every((r: { channel_id?: number; status: string }) => r.status !== "trash"));
      const hit = rows.find((r: { id: number }) => r.id === summer.id);
      assert.deepEqual(hit.availability, { label: "active", color: "#17693a" });
      assert.ok(hit.participants > 0, "participants come from segment_counts");
      assert.ok(!rows.some((r: { id: number }) => r.id === tvSeg.id), "only the caller's channel");

      const page2 = await ctx.request("/api/v1/show_segments?per_page=5&page=2", { token: manager });
      assert.equal(page2.status, 200);
      assert.equal((await jsonOf(page2)).length, 5);
      assert.equal(page2.headers.get("x-pagination-has_next"), "true");
      assert.equal(page2.headers.get("x-pagination-has_prev"), "true");

      const search = await jsonOf(
        await ctx.request("/api/v1/show_segments?search=TUBE%20DE%20L", { token: manager }),
      );
      assert.deepEqual(search.map((r: { title: string }) => r.title), ["Le tube de l'été"]);
      const drafts = await jsonOf(
        await ctx.request("/api/v1/show_segments?status=draft", { token: manager }),
      );
      assert.ok(drafts.length >= 1 && drafts.every((r: { status: string }) => r.status === "draft"));
      assert.equal((await ctx.request("/api/v1/show_segments?status=nope", { token: manager })).status, 400);
    });

    await t.step("a super administrator lists a channel by channel_id; without one it is a 400", async () => {
      const res = await ctx.request(`/api/v1/show_segments?channel_id=${tv}`, { token: admin });
      assert.equal(res.status, 200);
      assert.ok((await jsonOf(res)).some((r: { id: number }) => r.id === tvSeg.id));
      const none = await ctx.request("/api/v1/show_segments", { token: admin });
      assert.equal(none.status, 400);
      assert.equal((await jsonOf(none)).code, "channel_required");
      const foreign = await ctx.request(`/api/v1/show_segments?channel_id=${tv}`, { token: manager });
      assert.equal(foreign.status, 200, "a non-super administrator always gets its own channel");
      assert.ok(!(await foreign.json()).some((r: { id: number }) => r.id === tvSeg.id));
    });

    let voteId = 0;
    await t.step("segmentNew creates a draft with the template's default_* flags", async () => {
      const res = await ctx.request("/api/v1/show_segments/new", {
        method: "PUT",
        token: manager,
        json: { template_id: await template("registration_form") },
      });
      assert.equal(res.status, 201);
      const { id } = await jsonOf(res);
      const [row] = await ctx.sql`select * from segments where id = ${id}`;
      assert.equal(row.status, "draft");
      assert.equal(row.channel_id, radio);
      assert.equal(row.type, "registration");
      assert.equal(row.is_gdpr_consent, true);
      assert.equal(row.gather_information, true);
      assert.equal(row.limit_1_vote, true);
      assert.equal(row.show_results, true);
      assert.equal(row.enable_written_answer, false);
      const vote = await jsonOf(
        await ctx.request("/api/v1/show_segments/new", {
          method: "PUT",
          token: manager,
          json: { widget_model: "survey_vote" },
        }),
      );
      voteId = vote.id;
      const [v] = await ctx
        .sql`select gather_information, is_gdpr_consent, game_type from segments where id = ${vote.id}`;
      assert.deepEqual({ ...v }, { gather_information: false, is_gdpr_consent: false, game_type: "answer" });
    });

    await t.step("segmentNew refuses a type the channel does not allow, and operators", async () => {
      const res = await ctx.request("/api/v1/show_segments/new", {
        method: "PUT",
        token: admin,
        json: { widget_model: "sms_game", channel_id: tv },
      });
      assert.equal(res.status, 422);
      assert.equal((await jsonOf(res)).code, "segment_type_not_allowed");
      const op = await ctx.request("/api/v1/show_segments/new", {
        method: "PUT",
        token: operator,
        json: { widget_model: "survey_vote" },
      });
      assert.equal(op.status, 403);
      assert.equal((await jsonOf(op)).code, "forbidden");
      const missing = await ctx.request("/api/v1/show_segments/new", {
        method: "PUT",
        token: manager,
        json: {},
      });
      assert.equal(missing.status, 400);
    });

    await t.step("GET by id gives choices lettered A, B and the vote results {rows, total}", async () => {
      const res = await ctx.request(`/api/v1/show_segments/${summer.id}`, { token: operator });
      assert.equal(res.status, 200);
      const seg = await jsonOf(res);
      assert.deepEqual(seg.choices.map((c: { letter: string }) => c.letter), ["A", "B", "C", "D"]);
      assert.equal(seg.results.rows.length, 4);
      assert.equal(
        seg.results.total,
        seg.results.rows.reduce((a: number, r: { count: number }) => a + r.count, 0),
      );
      assert.equal(
        seg.results.rows.reduce((a: number, r: { percentage: number }) => a + r.percentage, 0),
        100,
      );
      assert.match(seg.shareUrl, new RegExp(`/s/${seg.uuid}$`));
      assert.equal(seg.to, "permanent");
      const votes = await jsonOf(
        await ctx.request(`/api/v1/show_segments/${summer.id}/vote_results`, { token: operator }),
      );
      assert.deepEqual(votes, seg.results);
    });

    await t.step("PUT enforces the title limit with the failing field", async () => {
      const res = await ctx.request(`/api/v1/show_segments/${voteId}`, {
        method: "PUT",
        token: manager,
        json: { title: "x".repeat(101) },
      });
      assert.equal(res.status, 400);
      const body = await jsonOf(res);
      assert.equal(body.code, "validation");
      assert.ok(body.fields.title);
    });

    await t.step("PUT replaces choices in order; leaving draft needs 2 choices", async () => {
      const put = (json: unknown) =>
        ctx.request(`/api/v1/show_segments/${voteId}`, { method: "PUT", token: manager, json });
      let res = await put({ title: "Best song", choices: [{ label: "Only one" }] });
      assert.equal(res.status, 200, "a draft may hold one choice");
      res = await put({ status: "ready" });
      assert.equal(res.status, 422);
      const body = await jsonOf(res);
      assert.equal(body.code, "segment_choices_min");
      assert.deepEqual(body.fields, { choices: ["segment_choices_min"] });
      const kept = (await (await put({})).json()).choices[0];
      res = await put({
        choices: [{ label: "New first" }, { id: kept.id, label: "Only one, renamed" }],
        status: "ready",
      });
      assert.equal(res.status, 200);
      const seg = await jsonOf(res);
      assert.deepEqual(seg.choices.map((c: { letter: string; label: string }) => `${c.letter} ${c.label}`), [
        "A New first",
        "B Only one, renamed",
      ]);
      assert.equal(seg.choices[1].id, kept.id, "a choice sent with its id keeps it (and its votes)");
      assert.equal(seg.status, "ready");
      assert.ok(seg.start_date, "leaving draft without a start starts now");
      assert.ok(seg.end_date, "scheduled gets an end");
    });

    await t.step("PUT applies the date rules on the server", async () => {
      const put = async (json: unknown) => {
        const res = await ctx.request(`/api/v1/show_segments/${voteId}`, {
          method: "PUT",
          token: manager,
          json,
        });
        assert.equal(res.status, 200);
        return await res.json();
      };
      let seg = await put({
        from: "programmed",
        start_date: "2030-01-10T10:00:00Z",
        end_date: "2030-01-12T10:00:00Z",
      });
      assert.equal(new Date(seg.end_date).toISOString(), "2030-01-12T10:00:00.000Z");
      seg = await put({ start_date: "2030-01-13T10:00:00Z" });
      assert.equal(new Date(seg.end_date).toISOString(), "2030-01-13T11:00:00.000Z", "end = start + 1 h");
      seg = await put({ end_date: "2030-01-13T09:00:00Z" });
      assert.equal(new Date(seg.start_date).toISOString(), "2030-01-13T08:00:00.000Z", "start = end − 1 h");
      seg = await put({ to: "permanent" });
      assert.equal(seg.end_date, null);
      assert.equal(seg.availability.label, "programmed");
      seg = await put({ to: "scheduled" });
      const week = Date.now() + 7 * 24 * 3600_000;
      assert.ok(new Date(seg.end_date).getTime() >= new Date(seg.start_date).getTime() + 3600_000);
      assert.ok(
        Math.abs(new Date(seg.end_date).getTime() - week) < 60_000 ||
          new Date(seg.start_date) > new Date(week),
      );
      seg = await put({ from: "now" });
      assert.ok(Math.abs(new Date(seg.start_date).getTime() - Date.now()) < 60_000, "'now' starts now");
      assert.equal(seg.availability.label, "active");
    });

    await t.step("PUT applies the data collection and consent rules", async () => {
      const put = async (json: unknown) =>
        await ctx.request(`/api/v1/show_segments/${voteId}`, { method: "PUT", token: manager, json });
      let seg = await (await put({
        gather_information: true,
        information_to_gather: {
          email: { active: true, mandatory: true },
          city: { active: false, mandatory: true },
        },
      })).json();
      assert.deepEqual(seg.information_to_gather.email, { active: true, mandatory: true });
      assert.deepEqual(seg.information_to_gather.city, { active: false, mandatory: false });
      seg = await (await put({ gather_information: false })).json();
      assert.equal(seg.information_to_gather.email.active, false, "off clears every item");
      await put({ customisation: { consent_checkbox: true } });
      seg = await (await put({ is_gdpr_consent: true })).json();
      assert.equal(seg.customisation.consent_checkbox, false, "toggling a consent resets its checkbox");
      await put({ customisation: { with_connexion: true } });
      const res = await put({ gather_information: true });
      assert.equal(res.status, 422);
      const refused = await jsonOf(res);
      assert.equal(refused.code, "segment_gather_disabled");
      // named on its field, so the edit form says it under the checkbox
      assert.deepEqual(refused.fields, { gather_information: ["segment_gather_disabled"] });
      // the channel's default customisation counts too, unless the segment overrides it
      await put({ customisation: { with_connexion: false } });
      assert.equal((await put({ gather_information: true })).status, 200);
      await ctx
        .sql`update channels set customisation = customisation || '{"with_connexion": true}' where id = ${radio}`;
      await ctx.sql`update segments set customisation = '{}' where id = ${voteId}`;
      const fromChannel = await put({ gather_information: true });
      assert.equal(fromChannel.status, 422);
      assert.equal((await jsonOf(fromChannel)).code, "segment_gather_disabled");
      await ctx
        .sql`update channels set customisation = customisation || '{"with_connexion": false}' where id = ${radio}`;
    });

    await t.step("a type the channel does not allow is refused on PUT too", async () => {
      const [tvDraft] = await ctx.sql<{ id: number }[]>`
        select id from segments where channel_id = ${tv} and status = 'draft'`;
      const res = await ctx.request(`/api/v1/show_segments/${tvDraft.id}`, {
        method: "PUT",
        token: admin,
        json: { type: "sms" },
      });
      assert.equal(res.status, 422);
      const refused = await jsonOf(res);
      assert.equal(refused.code, "segment_type_not_allowed");
      assert.deepEqual(refused.fields, { type: ["segment_type_not_allowed"] });
    });

    await t.step("operators cannot edit, archive, trash or duplicate (403)", async () => {
      const calls: [string, string, unknown?][] = [
        ["PUT", `/api/v1/show_segments/${summer.id}`, { title: "Hacked" }],
        ["PUT", `/api/v1/show_segments/${summer.id}`, { status: "archived" }],
        ["PUT", `/api/v1/show_segments/${summer.id}`, { status: "trash" }],
        ["POST", `/api/v1/show_segments/${summer.id}/duplicate`],
      ];
      for (const [method, path, json] of calls) {
        const res = await ctx.request(path, { method, token: operator, json });
        assert.equal(res.status, 403, `${method} ${path} ${JSON.stringify(json)}`);
        assert.equal((await jsonOf(res)).code, "forbidden");
      }
    });

    await t.step("archive, trash and duplicate with the permissions", async () => {
      const dup = await ctx.request(`/api/v1/show_segments/${summer.id}/duplicate`, {
        method: "POST",
        token: manager,
      });
      assert.equal(dup.status, 201);
      const { id } = await jsonOf(dup);
      const copy = await (await ctx.request(`/api/v1/show_segments/${id}`, { token: manager })).json();
      assert.equal(copy.status, "draft");
      assert.equal(copy.choices.length, 4);
      assert.equal(copy.results.total, 0);
      assert.notEqual(copy.uuid, undefined);
      let res = await ctx.request(`/api/v1/show_segments/${id}`, {
        method: "PUT",
        token: manager,
        json: { status: "archived" },
      });
      assert.equal(res.status, 200);
      assert.equal((await res.json()).status, "archived");
      res = await ctx.request(`/api/v1/show_segments/${id}`, {
        method: "PUT",
        token: manager,
        json: { status: "trash" },
      });
      assert.equal((await jsonOf(res)).status, "trash");
      const list = await (await ctx.request("/api/v1/show_segments?status=trash", { token: manager })).json();
      assert.ok(list.some((r: { id: number }) => r.id === id));
    });

    await t.step("background: png and webm sniffed; other bytes 415; removal", async () => {
      const post = (bytes: Uint8Array, name: string) =>
        ctx.request(`/api/v1/show_segments/${voteId}/background`, {
          method: "POST",
          token: manager,
          body: fileForm(bytes, name),
        });
      let res = await post(PNG, "bg.mp4");
      assert.equal(res.status, 200);
      let body = await jsonOf(res);
      assert.equal(body.background_kind, "image");
      assert.match(body.background_url, /\.png$/);
      res = await post(WEBM, "clip.png");
      body = await jsonOf(res);
      assert.equal(body.background_kind, "video");
      assert.match(body.background_url, /\.webm$/);
      res = await post(new TextEncoder().encode("<svg></svg>"), "x.png");
      assert.equal(res.status, 415);
      assert.equal((await jsonOf(res)).code, "file_type_media");
      const big = new Uint8Array(10 * 1024 * 1024 + 200_000);
      big.set(PNG);
      res = await post(big, "big.png");
      assert.equal(res.status, 413);
      res = await ctx.request(`/api/v1/show_segments/${voteId}/background`, {
        method: "DELETE",
        token: manager,
      });
      assert.equal(res.status, 200);
      assert.equal((await jsonOf(res)).background_url, null);
    });

    await t.step("another channel's segment is a 404 on every endpoint", async () => {
      const calls: [string, string, unknown?][] = [
        ["GET", `/api/v1/show_segments/${tvSeg.id}`],
        ["PUT", `/api/v1/show_segments/${tvSeg.id}`, { title: "x" }],
        ["PUT", `/api/v1/show_segments/${tvSeg.id}`, { status: "trash" }],
        ["POST", `/api/v1/show_segments/${tvSeg.id}/duplicate`],
        ["GET", `/api/v1/show_segments/${tvSeg.id}/vote_results`],
        ["GET", `/api/v1/show_segments/${tvSeg.id}/counts`],
        ["GET", `/api/v1/show_segments/${tvSeg.id}/export`],
        ["DELETE", `/api/v1/show_segments/${tvSeg.id}/background`],
        ["GET", `/api/v1/templates_show_segments/channel/${tv}`],
        ["GET", `/api/v1/templates_show_segments/category/survey/channel/${tv}`],
        ["GET", `/api/v1/widgets/channel/${tv}`],
      ];
      for (const [method, path, json] of calls) {
        const res = await ctx.request(path, { method, token: manager, json });
        assert.equal(res.status, 404, `${method} ${path}`);
        assert.equal((await jsonOf(res)).code, "not_found");
      }
      const bg = await ctx.request(`/api/v1/show_segments/${tvSeg.id}/background`, {
        method: "POST",
        token: manager,
        body: fileForm(PNG, "a.png"),
      });
      assert.equal(bg.status, 404);
      const [before] = await ctx.sql`select title, status from segments where id = ${tvSeg.id}`;
      assert.notEqual(before.title, "x");
      assert.notEqual(before.status, "trash");
      assert.equal((await ctx.request(`/api/v1/show_segments/999999`, { token: manager })).status, 404);
    });

    await t.step("templates by category and channel, by widget model, flagged allowed", async () => {
      let res = await ctx.request(`/api/v1/templates_show_segments/category/survey/channel/${radio}`, {
        token: manager,
      });
      assert.equal(res.status, 200);
      const survey = await jsonOf(res);
      assert.deepEqual(survey.map((t: { widget_model: string }) => t.widget_model), [
        "survey_vote",
        "survey_multiple",
      ]);
      res = await ctx.request(`/api/v1/templates_show_segments/channel/${tv}`, { token: admin });
      const all = await jsonOf(res);
      assert.equal(all.find((t: { widget_model: string }) => t.widget_model === "sms_game").allowed, false);
      assert.equal(all.find((t: { widget_model: string }) => t.widget_model === "survey_vote").allowed, true);
      res = await ctx.request("/api/v1/templates_show_segments/widget_model/voice_question", {
        token: operator,
      });
      assert.equal((await jsonOf(res)).type, "recording_question");
      res = await ctx.request("/api/v1/templates_show_segments/widget_model/nope", { token: operator });
      assert.equal(res.status, 404);
    });

    await t.step("the OpenAPI document describes every interaction call", async () => {
      const res = await ctx.request("/api/openapi.json");
      assert.equal(res.status, 200);
      const paths = Object.keys((await jsonOf(res)).paths);
      for (
        const path of [
          "/api/v1/show_segments",
          "/api/v1/show_segments/new",
          "/api/v1/show_segments/{id}",
          "/api/v1/show_segments/{id}/duplicate",
          "/api/v1/show_segments/{id}/vote_results",
          "/api/v1/show_segments/{id}/counts",
          "/api/v1/show_segments/{id}/background",
          "/api/v1/show_segments/{id}/export",
          "/api/v1/templates_show_segments/category/{category}/channel/{channelId}",
          "/api/v1/templates_show_segments/widget_model/{model}",
          "/api/v1/widgets/channel/{channelId}",
        ]
      ) {
        assert.ok(
          paths.includes(path),
          `${path} in ${paths.filter((p) => p.includes("segment")).join(", ")}`,
        );
      }
    });

    await t.step("widget configurations with their embed code", async () => {
      const res = await ctx.request(`/api/v1/widgets/channel/${radio}`, { token: operator });
      assert.equal(res.status, 200);
      const widgets = await jsonOf(res);
      assert.equal(widgets.length, 2);
      const poll = widgets.find((w: { segment_id: number | null }) => w.segment_id === summer.id);
      assert.match(poll.url, new RegExp(`/widgets/channel/${radio}/\\?width=360&height=560`));
      assert.match(poll.url, new RegExp(`interaction_id=${summer.id}`));
      assert.match(
        poll.embed,
        /^<iframe src="http[^"]+" title="Encart sondage de l'été" data-im-widget width="360" height="560"/,
      );
    });
  } finally {
    await ctx.close();
  }
});
