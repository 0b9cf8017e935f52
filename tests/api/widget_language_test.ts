import assert from "node:assert/strict";
import { testApp } from "../_helpers.ts";
import { randomChannel, randomSegment } from "./_participation.ts";

const htmlLang = async (res: Response) => (await res.text()).match(/<html lang="(\w+)"/)?.[1];

Deno.test("widget pages - one language rule on the channel, interaction and unavailable pages", async (t) => {
  const ctx = await testApp();
  try {
    const channelId = await randomChannel(ctx.sql, { customisation: ctx.sql.json({ language: "pt" }) });
    const live = await randomSegment(ctx.sql, channelId, {}, ["A"]);
    const gone = await randomSegment(ctx.sql, channelId, { status: "draft" }, ["A"]);
    const pages = [
      `/widgets/channel/${channelId}/`,
      `/widgets/${channelId}/${live.id}/`,
      `/widgets/${channelId}/${gone.id}/`,
    ];
    const get = (path: string, acceptLanguage?: string) =>
      ctx.request(path, { headers: acceptLanguage ? { "accept-language": acceptLanguage } : {} });
    await t.step("an English browser gets English on every page, before the interaction's pt", async () => {
      for (const path of pages) assert.equal(await htmlLang(await get(path, "en-US,en;q=0.9")), "en", path);
    });
    await t.step("?lang= wins over the browser", async () => {
      for (const path of pages) assert.equal(await htmlLang(await get(`${path}?lang=pl`, "en")), "pl", path);
    });
    await t.step("a browser asking none of ours gets the interaction's language setting", async () => {
      for (const path of pages) assert.equal(await htmlLang(await get(path, "de-DE")), "pt", path);
    });
    await t.step("the unavailable page's text follows too, and may switch to a listener's", async () => {
      const body = await (await get(pages[2], "en")).text();
      assert.match(body, /Sorry this interaction is no longer available\./);
      assert.match(body, /"switchable":true/);
      assert.doesNotMatch(await (await get(`${pages[2]}?lang=en`)).text(), /"switchable"/);
    });
  } finally {
    await ctx.close();
  }
});
