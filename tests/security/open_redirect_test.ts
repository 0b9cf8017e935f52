// Attack: a link to this site's login page whose `next` leads elsewhere once logged in (phishing with the
// station's own address). Browsers drop tabs and line breaks in an address and read `\` as `/`, so each
// spelling below would reach evil.example; every one lands on the default page instead.
import assert from "node:assert/strict";
import { demoStaff, testApp } from "../_helpers.ts";

const SPELLINGS = [
  "/%09/evil.example",
  "/%0A/evil.example",
  "/%0D%0A/evil.example",
  "//evil.example",
  "/\\evil.example",
  "/%5Cevil.example",
  "\\\\evil.example",
  "https://evil.example",
  "https:evil.example",
  "javascript:alert(1)",
  "%2F%2Fevil.example",
  "/%20/evil.example",
  "/%00/evil.example",
  " //evil.example",
];

Deno.test("open redirect - a logged-in visit of /login?next=… never leaves the site", async () => {
  const ctx = await testApp({ demoPassword: "Demo-Password-1!" });
  try {
    const { token } = await demoStaff(ctx);
    const cookie = `im_session=${await token("manager")}`;
    for (const next of SPELLINGS) {
      const res = await ctx.request(`/login?next=${encodeURIComponent(decodeURIComponent(next))}`, {
        headers: { cookie, accept: "text/html" },
      });
      assert.equal(res.status, 302, next);
      const location = res.headers.get("location") ?? "";
      assert.equal(location, "/interactions", `${next} → ${location}`);
      await res.body?.cancel();
    }
    const kept = await ctx.request(`/login?next=${encodeURIComponent("/statistics?from=2024-01-01")}`, {
      headers: { cookie, accept: "text/html" },
    });
    assert.equal(kept.headers.get("location"), "/statistics?from=2024-01-01", "a path of the site is kept");
    await kept.body?.cancel();
  } finally {
    await ctx.close();
  }
});

Deno.test("open redirect - the login form is not handed a foreign next either", async () => {
  const ctx = await testApp();
  try {
    for (const next of SPELLINGS) {
      const res = await ctx.request(`/login?next=${encodeURIComponent(decodeURIComponent(next))}`, {
        headers: { accept: "text/html" },
      });
      assert.equal(res.status, 200);
      const html = await res.text();
      assert.doesNotMatch(html, /evil\.example/, next);
    }
  } finally {
    await ctx.close();
  }
});
