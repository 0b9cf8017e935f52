import assert from "node:assert/strict";
import { demoStaff, testApp } from "../_helpers.ts";
import { jsonOf } from "../_fixtures.ts";

Deno.test("show_segments API - a registration, draw or quiz goes live only with an e-mail or a phone collected", async (t) => {
  const ctx = await testApp({ demoPassword: "Demo-Password-1!" });
  try {
    const { token } = await demoStaff(ctx);
    const manager = await token("manager");
    const draft = async (model: string) => {
      const [tpl] = await ctx.sql<{ id: number }[]>`select id from templates where widget_model = ${model}`;
      const res = await ctx.request("/api/v1/show_segments/new", {
        method: "PUT",
        token: manager,
        json: { template_id: tpl.id },
      });
      assert.equal(res.status, 201);
      return (await jsonOf(res)).id as number;
    };
    const put = (id: number, json: unknown) =>
      ctx.request(`/api/v1/show_segments/${id}`, { method: "PUT", token: manager, json });

    for (const model of ["registration_form", "game_draw"]) {
      await t.step(
        `${model}: Activate without a contact field is refused, with a phone it goes live`,
        async () => {
          const id = await draft(model);
          let res = await put(id, {
            title: "Two seats to win",
            gather_information: true,
            information_to_gather: { first_name: { active: true, mandatory: true } },
            status: "ready",
          });
          assert.equal(res.status, 422);
          assert.equal(res.headers.get("content-type")?.split(";")[0], "application/json");
          const body = await jsonOf(res);
          assert.equal(body.code, "segment_contact_required");
          assert.deepEqual(body.fields, { information_to_gather: ["segment_contact_required"] });
          const [kept] = await ctx.sql`select status from segments where id = ${id}`;
          assert.equal(kept.status, "draft");

          res = await put(id, {
            title: "Two seats to win",
            information_to_gather: { phone: { active: true, mandatory: true } },
            status: "ready",
          });
          const live = await jsonOf(res);
          assert.equal(res.status, 200, JSON.stringify(live));
          assert.equal(live.status, "ready");
        },
      );
    }

    await t.step("a live registration keeps a contact field: removing the last one is refused", async () => {
      const id = await draft("registration_form");
      let res = await put(id, {
        title: "Join the club",
        information_to_gather: { email: { active: true, mandatory: true } },
        status: "ready",
      });
      assert.equal(res.status, 200);
      res = await put(id, { information_to_gather: { first_name: { active: true, mandatory: false } } });
      assert.equal(res.status, 422);
      assert.deepEqual((await jsonOf(res)).fields, { information_to_gather: ["segment_contact_required"] });
      res = await put(id, { gather_information: false });
      assert.equal(res.status, 422);
      await res.body?.cancel();
      const [kept] = await ctx
        .sql`select gather_information, information_to_gather from segments where id = ${id}`;
      assert.equal(kept.gather_information, true);
      assert.equal(kept.information_to_gather.email.active, true);
      // another change of a live registration is not held back by it
      res = await put(id, { title: "Join the listeners' club" });
      assert.equal(res.status, 200);
      await res.body?.cancel();
    });

    await t.step("a draw starts as an entry game: no answers are asked to activate it", async () => {
      const id = await draft("game_draw");
      const [row] = await ctx.sql`select game_type from segments where id = ${id}`;
      assert.equal(row.game_type, "registration");
      const res = await put(id, {
        title: "A prize draw",
        information_to_gather: { email: { active: true, mandatory: true } },
        status: "ready",
      });
      assert.equal(res.status, 200);
    });

    await t.step("a vote collects nothing and still goes live", async () => {
      const id = await draft("survey_vote");
      const res = await put(id, {
        title: "Best song",
        choices: [{ label: "A" }, { label: "B" }],
        status: "ready",
      });
      assert.equal(res.status, 200);
    });
  } finally {
    await ctx.close();
  }
});
