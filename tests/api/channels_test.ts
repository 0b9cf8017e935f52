import assert from "node:assert/strict";
import { demoStaff, testApp } from "../_helpers.ts";
import { JPG, jsonOf, PNG } from "../_fixtures.ts";
import { decryptSecret } from "../../lib/platform/crypto.ts";
import { defaultCustomisation } from "../../lib/rules/customisation.ts";

function imageForm(bytes: Uint8Array, name = "logo.png", field = "image") {
  const form = new FormData();
  form.append(field, new File([bytes as BlobPart], name, { type: "image/png" }));
  return form;
}

Deno.test("channels API - field rules, permissions and tenant isolation", async (t) => {
  const ctx = await testApp({ demoPassword: "Demo-Password-1!" });
  try {
    const { radio, tv, token } = await demoStaff(ctx);
    const admin = await token("admin"), manager = await token("manager"), operator = await token("operator");

    await t.step("without a session every call is 401", async () => {
      const res = await ctx.request(`/api/v1/channels/${radio}`);
      assert.equal(res.status, 401);
      assert.equal((await jsonOf(res)).code, "unauthorized");
    });

    await t.step("the super administrator lists every channel with counts", async () => {
      const res = await ctx.request("/api/v1/channels", { token: admin });
      assert.equal(res.status, 200);
      const rows = await jsonOf(res);
      assert.equal(rows.length, 2);
      const row = rows.find((r: { id: number }) => r.id === radio);
      assert.equal(row.label, "Radio Horizon");
      const [{ messages }] = await ctx
        .sql`select count(*)::int as messages from messages where channel_id = ${radio}`;
      assert.equal(row.counts.messages, messages);
      assert.ok(row.counts.interactions > 0);
    });

    await t.step("administrators and operators may not list channels", async () => {
      for (const tok of [manager, operator]) {
        const res = await ctx.request("/api/v1/channels", { token: tok });
        assert.equal(res.status, 403);
        assert.equal((await jsonOf(res)).code, "forbidden");
      }
    });

    let created = 0;
    await t.step("POST creates a channel with the defaults of a new channel", async () => {
      const res = await ctx.request("/api/v1/channels", {
        token: admin,
        method: "POST",
        json: { label: "  Neo TV " },
      });
      assert.equal(res.status, 201);
      const body = await jsonOf(res);
      created = body.id;
      assert.ok(created > 0);
      assert.equal(body.label, "Neo TV");
      assert.equal(body.type, "radio");
      assert.equal(body.status, "demo");
      assert.equal(body.interaction_available_voice, true);
      assert.equal(body.interaction_available_video, false);
      assert.equal(body.primary_color, "#1b2a4a");
      assert.equal(body.background, "bg-1");
      assert.equal(body.background_url, "/static/backgrounds/bg-1.jpg");
      assert.deepEqual(body.segment_customisation, { character_text_zone_length: 250 });
      assert.equal(body.ftp_port, 21);
      assert.equal(body.ftp_password_set, false);
      assert.equal("ftp_password_enc" in body, false);
    });

    await t.step("field rules: each bad value is a 400 naming the field", async () => {
      const bad: [string, unknown][] = [
        ["label", ""],
        ["label", "x".repeat(101)],
        ["type", "podcast"],
        ["status", "open"],
        ["interaction_available_voice", "yes"],
        ["primary_color", "red"],
        ["primary_color", "#12345"],
        ["background", "bg-9"],
        ["background", "/media/x.png"],
        ["header_url", "javascript:alert(1)"],
        ["parent_id", -1],
        ["segment_customisation", { character_text_zone_length: 0 }],
        ["segment_customisation", { character_text_zone_length: 250, extra: 1 }],
        ["language", "de"],
        ["ftp_host", "bad host!"],
        ["ftp_port", 70000],
        ["ftp_folder", "../etc"],
        ["ftp_naming", "{nope}.mp3"],
        ["ftp_naming", "a/b"],
        ["gamification", 1],
        ["audio_target_lufs", -20],
        ["audio_format", "flac"],
        ["unknown_field", true],
      ];
      for (const [field, value] of bad) {
        const res = await ctx.request(`/api/v1/channels/${created}`, {
          token: admin,
          method: "PUT",
          json: { [field]: value },
        });
        assert.equal(res.status, 400, `${field}=${JSON.stringify(value)}`);
        const body = await jsonOf(res);
        assert.equal(body.code, "validation");
        assert.ok(
          Object.keys(body.fields).some((k) => k === field || k.startsWith(field) || k === "_"),
          field,
        );
      }
    });

    await t.step("malformed JSON and a bad id are 400, an unknown id 404", async () => {
      const res = await ctx.request(`/api/v1/channels/${created}`, {
        token: admin,
        method: "PUT",
        body: "{oops",
        headers: { "content-type": "application/json" },
      });
      assert.equal(res.status, 400);
      await jsonOf(res);
      const badId = await ctx.request("/api/v1/channels/abc", { token: admin });
      assert.equal(badId.status, 400);
      await jsonOf(badId);
      const missing = await ctx.request("/api/v1/channels/999999", { token: admin });
      assert.equal(missing.status, 404);
      assert.equal((await jsonOf(missing)).code, "not_found");
    });

    await t.step("PUT updates every field; the FTP password is stored encrypted", async () => {
      const res = await ctx.request(`/api/v1/channels/${created}`, {
        token: admin,
        method: "PUT",
        json: {
          label: "Neo TV",
          type: "tv",
          status: "active",
          interaction_available_video: true,
          interaction_available_vote: true,
          primary_color: "#AA3300",
          background: "bg-5",
          header_url: "https://neo.example/header",
          parent_id: radio,
          show_product_logo: false,
          gamification: true,
          my_space_enabled: true,
          sharing_enabled: true,
          segment_customisation: { character_text_zone_length: 400 },
          language: "en",
          ftp_host: "ftp.neo.example",
          ftp_port: 2121,
          ftp_user: "neo",
          ftp_password: "s3cret-pass",
          ftp_folder: "incoming/voice",
          ftp_naming: "{channel}_{date}_{id}",
          ftp_secure: true,
        },
      });
      assert.equal(res.status, 200);
      const body = await jsonOf(res);
      assert.equal(body.type, "tv");
      assert.equal(body.status, "active");
      assert.equal(body.background, "bg-5");
      assert.equal(body.background_url, "/static/backgrounds/bg-5.jpg");
      assert.equal(body.parent_id, radio);
      assert.equal(body.segment_customisation.character_text_zone_length, 400);
      assert.equal(body.ftp_password_set, true);
      assert.equal(body.ftp_secure, true);
      const [row] = await ctx.sql`select ftp_password_enc from channels where id = ${created}`;
      assert.ok(!row.ftp_password_enc.includes("s3cret"));
      assert.equal(await decryptSecret(ctx.deps.jwtSecret, row.ftp_password_enc), "s3cret-pass");
      // absent keeps it, null clears it
      await ctx.request(`/api/v1/channels/${created}`, {
        token: admin,
        method: "PUT",
        json: { label: "Neo" },
      });
      const [kept] = await ctx.sql`select ftp_password_enc from channels where id = ${created}`;
      assert.equal(kept.ftp_password_enc, row.ftp_password_enc);
      const cleared = await ctx.request(`/api/v1/channels/${created}`, {
        token: admin,
        method: "PUT",
        json: { ftp_password: null },
      });
      assert.equal((await jsonOf(cleared)).ftp_password_set, false);
    });

    await t.step("parent: no cycle, must exist, super administrator only", async () => {
      const self = await ctx.request(`/api/v1/channels/${created}`, {
        token: admin,
        method: "PUT",
        json: { parent_id: created },
      });
      assert.equal(self.status, 422);
      assert.equal((await jsonOf(self)).code, "channel_parent_cycle");
      const cycle = await ctx.request(`/api/v1/channels/${radio}`, {
        token: admin,
        method: "PUT",
        json: { parent_id: created },
      });
      assert.equal(cycle.status, 422);
      assert.equal((await jsonOf(cycle)).code, "channel_parent_cycle");
      const missing = await ctx.request(`/api/v1/channels/${created}`, {
        token: admin,
        method: "PUT",
        json: { parent_id: 999999 },
      });
      assert.equal(missing.status, 422);
      assert.equal((await jsonOf(missing)).code, "channel_parent_not_found");
      const byManager = await ctx.request(`/api/v1/channels/${radio}`, {
        token: manager,
        method: "PUT",
        json: { parent_id: tv },
      });
      assert.equal(byManager.status, 403);
      assert.equal((await jsonOf(byManager)).code, "channel_parent_forbidden");
    });

    await t.step("only a super administrator creates channels", async () => {
      for (const tok of [manager, operator]) {
        const res = await ctx.request("/api/v1/channels", {
          token: tok,
          method: "POST",
          json: { label: "Mine" },
        });
        assert.equal(res.status, 403);
        await jsonOf(res);
      }
      const noLabel = await ctx.request("/api/v1/channels", { token: admin, method: "POST", json: {} });
      assert.equal(noLabel.status, 400);
      assert.ok("label" in (await jsonOf(noLabel)).fields);
    });

    await t.step(
      "tenant isolation: the manager of the radio never sees or changes the TV channel",
      async () => {
        const own = await ctx.request(`/api/v1/channels/${radio}`, { token: manager });
        assert.equal(own.status, 200);
        assert.equal((await jsonOf(own)).label, "Radio Horizon");
        for (
          const [method, path, init] of [
            ["GET", `/api/v1/channels/${tv}`, {}],
            ["PUT", `/api/v1/channels/${tv}`, { json: { label: "Hacked" } }],
            ["GET", `/api/v1/channels/${tv}/monetisation`, {}],
            ["DELETE", `/api/v1/channels/${tv}/logo`, {}],
            ["POST", `/api/v1/channels/${tv}/logo`, { body: imageForm(PNG) }],
            ["PUT", `/api/v1/channels/${tv}/customisation`, { json: { ...defaultCustomisation("fr") } }],
          ] as const
        ) {
          const res = await ctx.request(path, { token: manager, method, ...init });
          assert.ok([403, 404].includes(res.status), `${method} ${path} → ${res.status}`);
          await jsonOf(res);
        }
        const [still] = await ctx.sql`select label from channels where id = ${tv}`;
        assert.equal(still.label, "Canal Neuf TV");
      },
    );

    await t.step("the administrator edits its own channel; the operator cannot", async () => {
      const res = await ctx.request(`/api/v1/channels/${radio}`, {
        token: manager,
        method: "PUT",
        json: { status: "active", sharing_enabled: false },
      });
      assert.equal(res.status, 200);
      assert.equal((await jsonOf(res)).sharing_enabled, false);
      const op = await ctx.request(`/api/v1/channels/${radio}`, {
        token: operator,
        method: "PUT",
        json: { label: "Op" },
      });
      assert.equal(op.status, 403);
      await jsonOf(op);
      const read = await ctx.request(`/api/v1/channels/${radio}`, { token: operator });
      assert.equal(read.status, 200);
    });

    await t.step(
      "logo upload: png and jpg stored and served; wrong type 415, too large 413, nothing stored",
      async () => {
        const before = (await ctx.sql`select count(*)::int as n from media`)[0].n;
        const text = await ctx.request(`/api/v1/channels/${created}/logo`, {
          token: admin,
          method: "POST",
          body: imageForm(new TextEncoder().encode("GIF89a but really text"), "logo.png"),
        });
        assert.equal(text.status, 415);
        assert.equal((await jsonOf(text)).code, "file_type_image");
        const big = new Uint8Array(10 * 1024 * 1024 + 1);
        big.set(PNG);
        const tooBig = await ctx.request(`/api/v1/channels/${created}/logo`, {
          token: admin,
          method: "POST",
          body: imageForm(big),
        });
        assert.equal(tooBig.status, 413);
        assert.equal((await jsonOf(tooBig)).code, "file_too_large");
        const chunked = await ctx.request(`/api/v1/channels/${created}/logo`, {
          token: admin,
          method: "POST",
          headers: { "content-type": "multipart/form-data; boundary=x" },
          body: new Blob([big, new Uint8Array(100 * 1024)]).stream(),
        });
        assert.equal(chunked.status, 413);
        assert.equal((await jsonOf(chunked)).code, "file_too_large");
        const video = new Uint8Array([
          0,
          0,
          0,
          24,
          0x66,
          0x74,
          0x79,
          0x70,
          0x69,
          0x73,
          0x6f,
          0x6d,
          0,
          0,
          0,
          0,
        ]);
        const mp4 = await ctx.request(`/api/v1/channels/${created}/background`, {
          token: admin,
          method: "POST",
          body: imageForm(video, "bg.png"),
        });
        assert.equal(mp4.status, 415);
        await jsonOf(mp4);
        const none = await ctx.request(`/api/v1/channels/${created}/logo`, {
          token: admin,
          method: "POST",
          body: new FormData(),
        });
        assert.equal(none.status, 400);
        await jsonOf(none);
        assert.equal((await ctx.sql`select count(*)::int as n from media`)[0].n, before);

        const ok = await ctx.request(`/api/v1/channels/${created}/logo`, {
          token: admin,
          method: "POST",
          body: imageForm(PNG, "x.jpg"),
        });
        assert.equal(ok.status, 200);
        const body = await jsonOf(ok);
        assert.match(body.logo_url, /^\/media\/channels\/\d+\/logo-[\w-]+\.png$/);
        const served = await ctx.request(body.logo_url);
        assert.equal(served.status, 200);
        assert.equal(served.headers.get("content-type"), "image/png");
        assert.match(served.headers.get("cache-control")!, /max-age=31536000/);
        assert.deepEqual(new Uint8Array(await served.arrayBuffer()), PNG);

        const bg = await ctx.request(`/api/v1/channels/${created}/background`, {
          token: admin,
          method: "POST",
          body: imageForm(JPG, "bg.png"),
        });
        assert.equal(bg.status, 200);
        const bgBody = await jsonOf(bg);
        assert.equal(bgBody.background, null);
        assert.match(bgBody.background_url, /\.jpg$/);

        // replacing deletes the old file; DELETE (a false value) removes it
        const again = await jsonOf(
          await ctx.request(`/api/v1/channels/${created}/logo`, {
            token: admin,
            method: "POST",
            body: imageForm(JPG),
          }),
        );
        assert.equal((await ctx.request(body.logo_url)).status, 404);
        const del = await ctx.request(`/api/v1/channels/${created}/logo`, { token: admin, method: "DELETE" });
        assert.equal(del.status, 200);
        assert.equal((await jsonOf(del)).logo_url, null);
        assert.equal((await ctx.request(again.logo_url)).status, 404);
        const delBg = await jsonOf(
          await ctx.request(`/api/v1/channels/${created}/background`, { token: admin, method: "DELETE" }),
        );
        assert.equal(delBg.background, "bg-5");
        assert.equal(delBg.background_url, "/static/backgrounds/bg-5.jpg");
      },
    );

    await t.step("customisation: every field validated and saved", async () => {
      const good = {
        background_outer: "#112233",
        background_inner: "#ffffff",
        btn_1_color: "#e07a5f",
        btn_1_text_color: "#000000",
        text_personal: "Hello",
        text_thanks: "Thanks",
        language: "en",
        consent_checkbox: true,
        consent_gdpr: true,
        consent_gdpr_text: "<p>I agree</p>",
        title_consent: "Consent Personal Data",
        image_right: false,
        image_right_text: "",
        title_consent_image_right: "",
        consent_checkbox_image_right: false,
        with_connexion: true,
      };
      const res = await ctx.request(`/api/v1/channels/${radio}/customisation`, {
        token: manager,
        method: "PUT",
        json: good,
      });
      assert.equal(res.status, 200);
      assert.deepEqual(await jsonOf(res), good);
      const [row] = await ctx.sql`select customisation from channels where id = ${radio}`;
      assert.deepEqual(row.customisation, good);
      for (const [field, value] of [["btn_1_color", "blue"], ["language", "xx"], ["with_connexion", "no"]]) {
        const bad = await ctx.request(`/api/v1/channels/${radio}/customisation`, {
          token: manager,
          method: "PUT",
          json: { ...good, [field]: value },
        });
        assert.equal(bad.status, 400);
        assert.ok(field in (await jsonOf(bad)).fields);
      }
      const op = await ctx.request(`/api/v1/channels/${radio}/customisation`, {
        token: operator,
        method: "PUT",
        json: good,
      });
      assert.equal(op.status, 403);
      await jsonOf(op);
    });

    await t.step(
      "monetisation counts the last 12 months against 4,000 messages / 500 participants",
      async () => {
        const res = await ctx.request(`/api/v1/channels/${radio}/monetisation`, { token: manager });
        assert.equal(res.status, 200);
        const body = await jsonOf(res);
        const [expected] = await ctx.sql`
        select count(*)::int as m, count(distinct coalesce('u' || author_app_user_id::text, 'd' || device_id))::int as p
        from messages where channel_id = ${radio} and status <> 'trash'
          and created_at >= now() - interval '12 months'`;
        assert.equal(body.messages.count, expected.m);
        assert.equal(body.messages.target, 4000);
        assert.equal(body.participants.count, expected.p);
        assert.equal(body.participants.target, 500);
        assert.equal(body.eligible, false);
      },
    );

    await t.step("unread badge counts the caller's channel only", async () => {
      const res = await ctx.request("/api/v1/statistics/messages_not_read", { token: manager });
      assert.equal(res.status, 200);
      const count = await jsonOf(res);
      const [row] = await ctx
        .sql`select count(*)::int as n from messages where channel_id = ${radio} and not read and status <> 'trash'`;
      assert.equal(count, row.n);
      await ctx.sql`update messages set read = false where channel_id = ${tv}`;
      assert.equal(
        await jsonOf(await ctx.request("/api/v1/statistics/messages_not_read", { token: manager })),
        row.n,
      );
      assert.equal(
        await jsonOf(await ctx.request("/api/v1/statistics/messages_not_read", { token: admin })),
        0,
      );
    });
  } finally {
    await ctx.close();
  }
});

Deno.test("media route - content type, caching and Range requests", async (t) => {
  const ctx = await testApp();
  try {
    const bytes = new Uint8Array(1000).map((_, i) => i % 256);
    await ctx.deps.storage.put("tests/clip.webm", bytes, "video/webm");
    await t.step("whole file", async () => {
      const res = await ctx.request("/media/tests/clip.webm");
      assert.equal(res.status, 200);
      assert.equal(res.headers.get("content-type"), "video/webm");
      assert.equal(res.headers.get("accept-ranges"), "bytes");
      assert.equal(res.headers.get("content-length"), "1000");
      assert.deepEqual(new Uint8Array(await res.arrayBuffer()), bytes);
    });
    await t.step("a byte range is a 206 with Content-Range", async () => {
      const res = await ctx.request("/media/tests/clip.webm", { headers: { range: "bytes=100-199" } });
      assert.equal(res.status, 206);
      assert.equal(res.headers.get("content-type"), "video/webm");
      assert.equal(res.headers.get("content-range"), "bytes 100-199/1000");
      assert.deepEqual(new Uint8Array(await res.arrayBuffer()), bytes.slice(100, 200));
      const tail = await ctx.request("/media/tests/clip.webm", { headers: { range: "bytes=-10" } });
      assert.equal(tail.status, 206);
      assert.deepEqual(new Uint8Array(await tail.arrayBuffer()), bytes.slice(990));
      const open = await ctx.request("/media/tests/clip.webm", { headers: { range: "bytes=995-" } });
      assert.equal(open.headers.get("content-range"), "bytes 995-999/1000");
      await open.body?.cancel();
    });
    await t.step("an unsatisfiable range is 416; a missing file or unsafe key 404", async () => {
      const res = await ctx.request("/media/tests/clip.webm", { headers: { range: "bytes=2000-" } });
      assert.equal(res.status, 416);
      assert.equal(res.headers.get("content-range"), "bytes */1000");
      const missing = await ctx.request("/media/tests/none.webm");
      assert.equal(missing.status, 404);
      assert.match(missing.headers.get("content-type")!, /json/);
      await missing.body?.cancel();
      const unsafe = await ctx.request("/media/tests/..%2F..%2Fetc/passwd");
      assert.equal(unsafe.status, 404);
      await unsafe.body?.cancel();
    });
  } finally {
    await ctx.close();
  }
});
