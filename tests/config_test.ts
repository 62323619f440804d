import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import { ConfigError, parseConfig } from "../lib/config.ts";
import { tempDir } from "./_helpers.ts";

const ROOT = fileURLToPath(new URL("../", import.meta.url));

Deno.test("[config] defaults give a working local site", () => {
  const c = parseConfig({});
  assert.equal(c.port, 8000);
  assert.equal(c.host, "0.0.0.0");
  assert.equal(c.dataDir, "./data");
  assert.equal(c.databaseUrl, "file:./data/dreamreel.db");
  assert.equal(c.uploadsDir, "./data/uploads");
  assert.equal(c.siteUrl, "http://localhost:8000");
  assert.equal(c.secure, false);
  assert.equal(c.siteName, "Dreamreel");
  assert.equal(c.admin, undefined);
  assert.equal(c.trustProxy, false);
  assert.equal(c.limits.videoBytes, 750 * 1024 * 1024);
  assert.equal(c.limits.imageBytes, 25 * 1024 * 1024);
  assert.equal(c.oauth.google, undefined);
});

Deno.test("[config] DATA_DIR moves the database and uploads; an https SITE_URL makes cookies secure", () => {
  const c = parseConfig({ DATA_DIR: "/srv/dr", SITE_URL: "https://dreams.example.com/some/path" });
  assert.equal(c.databaseUrl, "file:/srv/dr/dreamreel.db");
  assert.equal(c.uploadsDir, "/srv/dr/uploads");
  assert.equal(c.siteUrl, "https://dreams.example.com");
  assert.equal(c.secure, true);
  assert.equal(parseConfig({ DATABASE_URL: "libsql://db.example.com" }).databaseUrl, "libsql://db.example.com");
});

Deno.test("[config] WEB_CONCURRENCY defaults to the number of cores on Linux; DB_DRIVER to our node:sqlite client", () => {
  assert.equal(parseConfig({}).webConcurrency, Deno.build.os === "linux" ? navigator.hardwareConcurrency : 1);
  assert.equal(parseConfig({ WEB_CONCURRENCY: "1" }).webConcurrency, 1);
  assert.equal(parseConfig({}).dbDriver, "sqlite");
  assert.equal(parseConfig({ DB_DRIVER: "libsql" }).dbDriver, "libsql");
});

Deno.test("[config] empty values count as unset", () => {
  assert.equal(parseConfig({ PORT: "", SITE_NAME: "" }).port, 8000);
});

for (
  const [name, value] of [
    ["PORT", "abc"],
    ["PORT", "70000"],
    ["PORT", "-1"],
    ["SITE_URL", "not a url"],
    ["DATABASE_URL", "postgres://x"],
    ["ADMIN_USERNAME", "a b"],
    ["TRUST_PROXY", "maybe"],
    ["MAX_VIDEO_MB", "0"],
    ["LOG_LEVEL", "loud"],
    ["SUPPORT_EMAIL", "nobody"],
    ["WEB_CONCURRENCY", "0"],
    ["WEB_CONCURRENCY", "two"],
    ["DB_DRIVER", "postgres"],
  ] as const
) {
  Deno.test(`[config] ${name}=${value} fails fast with a message naming ${name}`, () => {
    assert.throws(() => parseConfig({ [name]: value }), (e: unknown) => {
      assert.ok(e instanceof ConfigError);
      assert.match(e.message, /^Invalid configuration:/);
      assert.ok(e.message.includes(`${name}=${JSON.stringify(value)}`), e.message);
      return true;
    });
  });
}

Deno.test("[config] every bad value is listed, one line each", () => {
  assert.throws(() => parseConfig({ PORT: "abc", SITE_URL: "nope" }), (e: Error) => {
    assert.match(e.message, /PORT="abc"/);
    assert.match(e.message, /SITE_URL="nope"/);
    assert.equal(e.message.split("\n").length, 3);
    return true;
  });
});

Deno.test("[config] main.ts with PORT=abc exits 1 and says why, before touching the data directory", async () => {
  const dataDir = `${tempDir()}/never-created`;
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", `${ROOT}main.ts`],
    env: { PORT: "abc", DATA_DIR: dataDir, NODE_ENV: "production" },
    stdout: "piped",
    stderr: "piped",
  }).output();
  const stderr = new TextDecoder().decode(out.stderr);
  assert.equal(out.code, 1);
  assert.match(stderr, /Invalid configuration:/);
  assert.match(stderr, /PORT="abc"/);
  assert.doesNotMatch(stderr, /\bat \S+:\d+:\d+/, "no stack trace");
  await assert.rejects(Deno.stat(dataDir));
});
