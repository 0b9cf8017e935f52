import assert from "node:assert/strict";
import { testApp } from "../_helpers.ts";
import { openSession } from "../../lib/platform/sessions.ts";
import { EXPORT_HEADER, exportHeader } from "../../lib/segments/export_csv.ts";
import { translator } from "../../app/i18n.ts";

/** A minimal RFC 4180 reader for the assertions (quoted cells, doubled quotes, CRLF inside quotes). */
function parseCsv(text: string, separator = ","): string[][] {
  const rows: string[][] = [];
  let row: string[] = [], cell = "", quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') (cell += '"', i++);
      else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === separator) (row.push(cell), cell = "");
    else if (ch === "\r" && text[i + 1] === "\n") (row.push(cell), rows.push(row), row = [], cell = "", i++);
    else cell += ch;
  }
  if (cell || row.length) (row.push(cell), rows.push(row));
  return rows;
}

Deno.test("show_segments export - export.csv with BOM, escaping, one row per participation, streamed", async (t) => {
  const ctx = await testApp({ demoPassword: "Demo-Password-1!" });
  try {
    const [manager] = await ctx.sql<{ id: number; channel_id: number }[]>`
      select id, channel_id from users where login = 'manager'`;
    const [operator] = await ctx.sql<{ id: number }[]>`select id from users where login = 'operator'`;
    const token = await openSession(ctx.deps.sql, ctx.deps.jwtSecret, manager.id, "staff");
    await ctx.sql`update channels set time_zone = 'Europe/Paris' where id = ${manager.channel_id}`;
    const [seg] = await ctx.sql<{ id: number }[]>`
      insert into segments (channel_id, type, title, status) values (${manager.channel_id},
        'single_choice_question', 'Export', 'ready') returning id`;
    const choices = await ctx.sql<{ id: number }[]>`
      insert into segment_choices (segment_id, position, label)
      values (${seg.id}, 0, 'Oui, "vraiment"'), (${seg.id}, 1, 'Non, jamais') returning id`;
    const [user] = await ctx.sql<{ id: number }[]>`
      insert into app_users (channel_id, nickname, first_name, last_name, email, phone)
      values (${manager.channel_id}, 'Zoé77', 'Zoé', 'Lefèvre', 'zoe@example.org', '0612345678') returning id`;
    await ctx.sql`insert into messages ${
      ctx.sql([
        {
          channel_id: manager.channel_id,
          segment_id: seg.id,
          type: "single_choice_question",
          text: 'Ligne 1, "citée"\r\nLigne 2 – été',
          content: ctx.sql.json({ recording_url: "/media/voice/rec-1.webm" }),
          choice_ids: `{${choices[0].id},${choices[1].id}}`,
          author_app_user_id: user.id,
          author_name: "Zoé L.",
          author_city: "Lyon",
          extra_user_information: ctx.sql.json({ city: "Lyon", age: 34 }),
          consent_gdpr: true,
          created_at: new Date("2026-03-01T08:00:00Z"),
        },
        {
          channel_id: manager.channel_id,
          segment_id: seg.id,
          type: "single_choice_question",
          text: '=HYPERLINK("http://evil")',
          content: ctx.sql.json({}),
          choice_ids: `{${choices[1].id}}`,
          author_app_user_id: null,
          author_name: null,
          author_city: null,
          extra_user_information: ctx.sql.json({}),
          consent_gdpr: false,
          created_at: new Date("2026-03-01T09:00:00Z"),
        },
      ])
    }`;

    await t.step("an operator (participations-export) downloads export.csv", async () => {
      await ctx.sql`update users set language = 'en' where id = ${operator.id}`;
      const res = await ctx.request(`/api/v1/show_segments/${seg.id}/export`, {
        token: await openSession(ctx.deps.sql, ctx.deps.jwtSecret, operator.id, "staff"),
      });
      assert.equal(res.status, 200);
      assert.equal(res.headers.get("content-type"), "text/csv; charset=utf-8");
      assert.equal(res.headers.get("content-disposition"), 'attachment; filename="export.csv"');
      const bytes = new Uint8Array(await res.arrayBuffer());
      assert.deepEqual([...bytes.slice(0, 3)], [0xef, 0xbb, 0xbf], "UTF-8 BOM");
      const rows = parseCsv(new TextDecoder().decode(bytes.slice(3)));
      assert.deepEqual(rows[0], exportHeader(translator("en")));
      assert.equal(rows[0][EXPORT_HEADER.indexOf("created_at")], "Received on");
      assert.equal(rows.length, 3, "one row per participation");
      const cell = (row: string[], name: string) => row[EXPORT_HEADER.indexOf(name)];
      assert.equal(cell(rows[1], "text"), 'Ligne 1, "citée"\r\nLigne 2 – été');
      assert.equal(cell(rows[1], "choices"), 'Oui, "vraiment" | Non, jamais');
      assert.equal(cell(rows[1], "first_name"), "Zoé");
      assert.equal(cell(rows[1], "email"), "zoe@example.org");
      assert.equal(cell(rows[1], "info_city"), "Lyon");
      assert.equal(cell(rows[1], "info_age"), "34");
      assert.equal(cell(rows[1], "consent_gdpr"), "Yes");
      assert.equal(cell(rows[2], "consent_gdpr"), "No");
      assert.equal(cell(rows[1], "status"), "Received");
      assert.equal(cell(rows[1], "broadcast_status"), "");
      assert.equal(cell(rows[1], "type"), translator("en")("interactions.types.single_choice_question"));
      // the channel's local time (Paris is UTC+1 in March), as a spreadsheet reads a date
      assert.equal(cell(rows[1], "created_at"), "01/03/2026 09:00:00");
      // a link that opens from the spreadsheet, not a path of the site
      assert.match(cell(rows[1], "recording_url"), /^https?:\/\/[^/]+\/media\/voice\/rec-1\.webm$/);
      assert.equal(cell(rows[2], "text"), '\'=HYPERLINK("http://evil")', "formulas are neutralised");
    });

    await t.step(
      "columns split by ';' for a user who is not English, ',' on request",
      async () => {
        const operatorToken = await openSession(ctx.deps.sql, ctx.deps.jwtSecret, operator.id, "staff");
        for (const language of ["fr", "pt", "es", "pl"]) {
          await ctx.sql`update users set language = ${language} where id = ${operator.id}`;
          const res = await ctx.request(`/api/v1/show_segments/${seg.id}/export`, { token: operatorToken });
          const bytes = new Uint8Array(await res.arrayBuffer());
          assert.deepEqual([...bytes.slice(0, 3)], [0xef, 0xbb, 0xbf], "UTF-8 BOM");
          const text = new TextDecoder().decode(bytes.slice(3));
          assert.ok(text.startsWith(exportHeader(translator(language)).join(";") + "\r\n"), language);
          const rows = parseCsv(text, ";");
          const cell = (row: string[], name: string) => row[EXPORT_HEADER.indexOf(name)];
          assert.equal(rows.length, 3);
          assert.equal(cell(rows[1], "text"), 'Ligne 1, "citée"\r\nLigne 2 – été');
          assert.equal(cell(rows[1], "choices"), 'Oui, "vraiment" | Non, jamais');
          assert.equal(cell(rows[2], "text"), '\'=HYPERLINK("http://evil")', "formulas are neutralised");
          const yes = translator(language)("export_csv.yes");
          assert.equal(cell(rows[1], "consent_gdpr"), yes);
          assert.notEqual(yes, "Yes", `${language} says yes in its own words`);
        }
        const comma = await ctx.request(`/api/v1/show_segments/${seg.id}/export?separator=comma`, {
          token: operatorToken,
        });
        assert.ok((await comma.text()).startsWith(exportHeader(translator("pl")).join(",") + "\r\n"));
        await ctx.sql`update users set language = 'en' where id = ${operator.id}`;
        const semicolon = await ctx.request(`/api/v1/show_segments/${seg.id}/export?separator=semicolon`, {
          token: operatorToken,
        });
        assert.ok((await semicolon.text()).startsWith(exportHeader(translator("en")).join(";") + "\r\n"));
        const refused = await ctx.request(`/api/v1/show_segments/${seg.id}/export?separator=tab`, {
          token: operatorToken,
        });
        assert.equal(refused.status, 400);
      },
    );

    await t.step(
      "format=raw: machine keys and values, ISO dates in UTC, ',' and no BOM, for a tool",
      async () => {
        await ctx.sql`update users set language = 'fr' where id = ${operator.id}`;
        const operatorToken = await openSession(ctx.deps.sql, ctx.deps.jwtSecret, operator.id, "staff");
        const res = await ctx.request(`/api/v1/show_segments/${seg.id}/export?format=raw`, {
          token: operatorToken,
        });
        assert.equal(res.status, 200);
        assert.equal(res.headers.get("content-type"), "text/csv; charset=utf-8");
        const text = await res.text();
        // a French downloader still gets the keys, split by ",", with nothing before the first key
        assert.ok(text.startsWith(EXPORT_HEADER.join(",") + "\r\n"), text.slice(0, 80));
        const rows = parseCsv(text);
        const cell = (row: string[], name: string) => row[EXPORT_HEADER.indexOf(name)];
        assert.equal(rows.length, 3);
        assert.equal(cell(rows[1], "created_at"), "2026-03-01T08:00:00.000Z");
        assert.match(cell(rows[1], "updated_at"), /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
        assert.equal(cell(rows[1], "type"), "single_choice_question");
        assert.equal(cell(rows[1], "consent_gdpr"), "true");
        assert.equal(cell(rows[2], "consent_gdpr"), "false");
        assert.equal(cell(rows[1], "status"), "received");
        assert.equal(cell(rows[1], "broadcast_status"), "none");
        assert.equal(cell(rows[1], "vote"), "counted");
        assert.equal(cell(rows[1], "text"), 'Ligne 1, "citée"\r\nLigne 2 – été');
        assert.match(cell(rows[1], "recording_url"), /^https?:\/\/[^/]+\/media\/voice\/rec-1\.webm$/);
        // still opened in a spreadsheet now and then: a formula stays neutralised
        assert.equal(cell(rows[2], "text"), '\'=HYPERLINK("http://evil")');
        const semicolon = await ctx.request(
          `/api/v1/show_segments/${seg.id}/export?format=raw&separator=semicolon`,
          {
            token: operatorToken,
          },
        );
        assert.ok((await semicolon.text()).startsWith(EXPORT_HEADER.join(";") + "\r\n"));
        const refused = await ctx.request(`/api/v1/show_segments/${seg.id}/export?format=xlsx`, {
          token: operatorToken,
        });
        assert.equal(refused.status, 400);
        await ctx.sql`update users set language = 'en' where id = ${operator.id}`;
      },
    );

    await t.step("100,000 participations stream out in batches", async () => {
      await ctx.sql`
        insert into messages (channel_id, segment_id, type, text, choice_ids, author_name, extra_user_information)
        select ${manager.channel_id}, ${seg.id}, 'single_choice_question', 'Message ' || g,
          array[${choices[0].id}]::bigint[], 'Auteur ' || g, '{"city":"Lyon"}'::jsonb
        from generate_series(1, 100000) g`;
      // as autovacuum would after a bulk load (PGlite runs none): the planner then walks the index in order
      await ctx.sql`analyze messages`;
      const started = performance.now();
      const res = await ctx.request(`/api/v1/show_segments/${seg.id}/export`, { token });
      assert.equal(res.status, 200);
      let lines = 0, chunks = 0;
      const decoder = new TextDecoder();
      for await (const chunk of res.body!) {
        chunks++;
        lines += decoder.decode(chunk, { stream: true }).split("\r\n").length - 1;
      }
      const ms = performance.now() - started;
      // header + 2 earlier rows (one holds a CRLF inside quotes) + 100,000
      assert.equal(lines, 1 + 3 + 100_000);
      assert.ok(chunks > 20, `streamed in ${chunks} chunks`);
      console.log(`export of 100,002 rows: ${Math.round(ms)} ms in ${chunks} chunks`);
    });

    await t.step("another channel's staff gets a 404, without a session a 401", async () => {
      const [tvAdmin] = await ctx.sql<{ id: number }[]>`select id from users where login = 'admin'`;
      const [tv] = await ctx.sql<{ id: number }[]>`select id from channels where id <> ${manager.channel_id}`;
      await ctx.sql`update users set role = 'administrator', channel_id = ${tv.id} where id = ${tvAdmin.id}`;
      const res = await ctx.request(`/api/v1/show_segments/${seg.id}/export`, {
        token: await openSession(ctx.deps.sql, ctx.deps.jwtSecret, tvAdmin.id, "staff"),
      });
      assert.equal(res.status, 404);
      assert.equal((await res.json()).code, "not_found");
      assert.equal((await ctx.request(`/api/v1/show_segments/${seg.id}/export`)).status, 401);
    });
  } finally {
    await ctx.close();
  }
});
