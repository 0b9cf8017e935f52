import assert from "node:assert/strict";
import { ConfigError, loadConfig, publicUrl } from "../../lib/platform/config.ts";

Deno.test("loadConfig - defaults, empty strings as unset", () => {
  const config = loadConfig({ PORT: "", DATABASE_URL: "" });
  assert.equal(config.PORT, 8000);
  assert.equal(config.DATA_DIR, "./.data");
  assert.equal(config.DATABASE_URL, undefined);
  assert.equal(publicUrl(config), "http://localhost:8000");
  assert.equal(config.MEDIA_JOB_EXPIRE_SECONDS, 900);
  assert.equal(loadConfig({ MEDIA_JOB_EXPIRE_SECONDS: "6" }).MEDIA_JOB_EXPIRE_SECONDS, 6);
});

Deno.test("loadConfig - a development start listens on loopback, production on every interface", () => {
  assert.equal(loadConfig({}).HOSTNAME, "127.0.0.1", "the first README command is not open to the network");
  const production = {
    APP_ENV: "production",
    JWT_SECRET: "x".repeat(32),
    PUBLIC_URL: "https://radio.example",
  };
  assert.equal(loadConfig(production).HOSTNAME, "0.0.0.0");
  assert.equal(loadConfig({ HOSTNAME: "0.0.0.0" }).HOSTNAME, "0.0.0.0");
  assert.equal(loadConfig({ ...production, HOSTNAME: "10.0.0.5" }).HOSTNAME, "10.0.0.5");
});

Deno.test("loadConfig - a bad value fails with a message naming the variable", async (t) => {
  const cases: [Record<string, string>, RegExp][] = [
    [{ PORT: "eighty" }, /PORT/],
    [{ PORT: "70000" }, /PORT/],
    [{ DATABASE_URL: "mysql://x" }, /DATABASE_URL/],
    [{ JWT_SECRET: "short" }, /JWT_SECRET/],
    [{ PUBLIC_URL: "not a url" }, /PUBLIC_URL/],
    [{ DEMO_PASSWORD: "abc" }, /DEMO_PASSWORD/],
    [{ APP_ENV: "production" }, /JWT_SECRET: required/],
    [{ S3_ENDPOINT: "http://127.0.0.1:9000" }, /S3_BUCKET/],
    [{ MEDIA_JOB_EXPIRE_SECONDS: "0" }, /MEDIA_JOB_EXPIRE_SECONDS/],
  ];
  for (const [env, pattern] of cases) {
    await t.step(JSON.stringify(env), () => {
      assert.throws(
        () => loadConfig(env),
        (e: unknown) => e instanceof ConfigError && pattern.test(e.message),
      );
    });
  }
});
