/**
 * Issue 42 point 5: no secret in any log or page. Every URL setting (DATABASE_URL, S3_ENDPOINT,
 * MEDIA_BASE_URL, SMTP_URL, REPLICA_URL and REPLICA_ENDPOINT, the OAuth URLs) is shown with its
 * user, password and query removed (lib/log.ts `redactUrl`), and no log line carries a setting's
 * secret whatever text holds it. The real server process is started with credentials in every URL
 * setting: its start-up log, /healthz and the admin overview are read for each secret.
 */
import assert from "node:assert/strict";
import { ConfigError, parseConfig, secretValues, urlSettings } from "../lib/config.ts";
import { hideInLogs, redactText, redactUrl } from "../lib/log.ts";
import { findLitestream, freePort } from "../lib/replica/litestream.ts";
import { tempDir } from "./_helpers.ts";
import { call, cookieOf, killAll, type Site, startSite, waitFor } from "./_replica.ts";

Deno.test("[unit] redactUrl: user, password, query and fragment go; scheme, host, port and path stay", () => {
  assert.equal(redactUrl("smtp://mailer:p%40ss@mail.example.com:587?auth=plain"), "smtp://mail.example.com:587");
  assert.equal(redactUrl("https://key:secret@s3.example.com/bucket?X-Amz-Signature=abc#x"), "https://s3.example.com/bucket");
  assert.equal(redactUrl("libsql://db.example.com?authToken=eyJhbGciOi"), "libsql://db.example.com");
  assert.equal(redactUrl("s3://backups/site/db"), "s3://backups/site/db");
  assert.equal(redactUrl("file:/data/dreamreel.db"), "file:///data/dreamreel.db");
  assert.equal(redactUrl("http://127.0.0.1:9000"), "http://127.0.0.1:9000");
  assert.equal(redactUrl("http://u:p@127.0.0.1:9000/"), "http://127.0.0.1:9000/");
  // Not a URL a parser takes: the authority's user part and the query still go.
  assert.equal(redactUrl("weird://us er:pw@host:1?q=2"), "weird://host:1");
  assert.equal(redactText('fetch "http://u:pw@h.example/x" failed'), 'fetch "http://h.example/x" failed');
});

Deno.test("[config] a bad URL setting is echoed redacted; secrets are never echoed", () => {
  try {
    parseConfig({ DATABASE_URL: "postgres://dbuser:db-pass-word@db.example.com/x?token=db-query-token", S3_SECRET_ACCESS_KEY: "" });
    assert.fail("expected a ConfigError");
  } catch (e) {
    assert.ok(e instanceof ConfigError);
    assert.match(e.message, /DATABASE_URL="postgres:\/\/db\.example\.com\/x"/);
    assert.ok(!/dbuser|db-pass-word|db-query-token/.test(e.message), e.message);
  }
  const config = parseConfig({ SMTP_URL: "smtp://mailer:smtp-pass-word@mail.example.com:587?k=smtp-query-value" });
  assert.deepEqual(urlSettings(config).SMTP_URL, "smtp://mailer:smtp-pass-word@mail.example.com:587?k=smtp-query-value");
  const secrets = secretValues(config);
  for (const s of ["mailer", "smtp-pass-word", "smtp-query-value"]) assert.ok(secrets.includes(s), s);
});

Deno.test("[log] a registered secret is hidden in any field, message or error of a line", () => {
  hideInLogs(["hunter2-registered-secret"]);
  assert.equal(redactText("token hunter2-registered-secret here"), "token (hidden) here");
  assert.equal(redactText("nothing to hide"), "nothing to hide");
});

/** Credentials (user, password, query) in every URL setting; each secret a distinct word to look for. */
function secretEnv(port: number, closedPort: number) {
  const SECRETS = [
    "s3-endpoint-pass",
    "s3-endpoint-query",
    "media-base-pass",
    "media-base-query",
    "smtp-pass-secret",
    "smtp-query-secret",
    "replica-endpoint-pass",
    "replica-endpoint-query",
    "google-auth-pass",
    "google-auth-query",
    "google-token-pass",
    "google-userinfo-pass",
    "facebook-auth-pass",
    "facebook-token-query",
    "media-secret-access-key",
    "google-client-secret-value",
    "facebook-client-secret-value",
    "admin-password-value",
  ];
  const env: Record<string, string> = {
    PORT: String(port),
    SITE_URL: `http://127.0.0.1:${port}`,
    AGE_GATE: "false",
    ADMIN_USERNAME: "redact_admin",
    ADMIN_PASSWORD: "admin-password-value",
    S3_ENDPOINT: `http://s3user:s3-endpoint-pass@127.0.0.1:${closedPort}/?sig=s3-endpoint-query`,
    S3_BUCKET: "media-bucket",
    S3_ACCESS_KEY_ID: "media-access-key-id",
    S3_SECRET_ACCESS_KEY: "media-secret-access-key",
    MEDIA_BASE_URL: "https://cdnuser:media-base-pass@cdn.example.test/m?sig=media-base-query",
    SMTP_URL: `smtp://mailer:smtp-pass-secret@127.0.0.1:${closedPort}?token=smtp-query-secret`,
    REPLICA_URL: "s3://replica-bucket/site",
    REPLICA_ENDPOINT: `http://ruser:replica-endpoint-pass@127.0.0.1:${closedPort}?token=replica-endpoint-query`,
    GOOGLE_CLIENT_ID: "google-client-id",
    GOOGLE_CLIENT_SECRET: "google-client-secret-value",
    GOOGLE_AUTH_URL: "https://guser:google-auth-pass@accounts.example.test/auth?key=google-auth-query",
    GOOGLE_TOKEN_URL: "https://guser:google-token-pass@accounts.example.test/token",
    GOOGLE_USERINFO_URL: "https://guser:google-userinfo-pass@accounts.example.test/me",
    FACEBOOK_CLIENT_ID: "facebook-client-id",
    FACEBOOK_CLIENT_SECRET: "facebook-client-secret-value",
    FACEBOOK_AUTH_URL: "https://fuser:facebook-auth-pass@facebook.example.test/dialog",
    FACEBOOK_TOKEN_URL: "https://facebook.example.test/token?client_secret=facebook-token-query",
  };
  return { env, SECRETS };
}

const noSecret = (where: string, text: string, secrets: string[]) => {
  for (const s of secrets) assert.ok(!text.includes(s), `${where} shows ${s}:\n${text.slice(0, 3000)}`);
};

let litestream = true;
try {
  findLitestream(parseConfig({}));
} catch {
  litestream = false;
  console.log("skipped: the part of tests/secret_redaction_test.ts that runs a replica needs Litestream (the npm package installs it)");
}

Deno.test({
  name: "[process] the real server started with credentials in every URL setting: no secret in its log, /healthz or the admin overview",
  sanitizeResources: false,
  sanitizeOps: false,
  async fn() {
    const port = freePort();
    const { env, SECRETS } = secretEnv(port, freePort());
    if (!litestream) { for (const k of ["REPLICA_URL", "REPLICA_ENDPOINT"]) delete env[k]; }
    let site: Site | null = null;
    try {
      site = await startSite(tempDir("dreamreel-redact-"), env);
      const log = () => site!.out.text;
      // The start-up line names every URL setting, redacted.
      const starting = log().split("\n").find((l) => l.includes('"msg":"starting"'));
      assert.ok(starting, log().slice(0, 2000));
      const settings = JSON.parse(starting).settings;
      assert.equal(settings.SMTP_URL, `smtp://127.0.0.1:${env.SMTP_URL.split(":")[3].split("?")[0]}`);
      assert.equal(settings.MEDIA_BASE_URL, "https://cdn.example.test/m");
      assert.equal(settings.GOOGLE_AUTH_URL, "https://accounts.example.test/auth");
      assert.equal(settings.FACEBOOK_TOKEN_URL, "https://facebook.example.test/token");
      assert.match(settings.S3_ENDPOINT, /^http:\/\/127\.0\.0\.1:\d+\/?$/);
      assert.match(settings.DATABASE_URL, /^file:/);

      const health = await fetch(`${site.url}/healthz`);
      assert.match(health.headers.get("content-type") ?? "", /application\/json/);
      const healthText = await health.text();
      noSecret("/healthz", healthText, SECRETS);

      const login = await call(site.url, "/api/login", { json: { username: "redact_admin", password: "admin-password-value" } });
      assert.equal(login.status, 200, await login.clone().text());
      const cookie = cookieOf(login);
      let overview = "";
      if (litestream) {
        // The replica's endpoint does not answer: its error reaches the log and the overview, the endpoint redacted.
        overview = await waitFor("the replica's error on the overview", async () => {
          const res = await call(site!.url, "/admin", { cookie });
          const text = await res.text();
          return /data-replica="down"[\s\S]*Last error/.test(text) ? text : undefined;
        }, 90_000);
        assert.match(log(), /"msg":"replica: /);
        assert.equal(JSON.parse(healthText).replica === "off", false);
      } else {
        const res = await call(site.url, "/admin", { cookie });
        assert.equal(res.status, 200);
        overview = await res.text();
      }
      assert.match(overview, /Database replica/);
      noSecret("the admin overview", overview, SECRETS);
      noSecret("the log", log(), SECRETS);
    } finally {
      if (site) await killAll(site);
    }
    noSecret("the log after shutdown", site!.out.text, SECRETS);
  },
});

Deno.test({
  name: "[process] a start that fails on a database URL with credentials says why without them",
  sanitizeResources: false,
  sanitizeOps: false,
  async fn() {
    const closed = freePort();
    const out = await new Deno.Command(Deno.execPath(), {
      args: ["run", "-A", new URL("../main.ts", import.meta.url).pathname],
      cwd: new URL("../", import.meta.url).pathname,
      env: {
        NODE_ENV: "production",
        DATA_DIR: tempDir("dreamreel-redact-db-"),
        PORT: "0",
        DATABASE_URL: `libsql://dbuser:db-pass-secret@127.0.0.1:${closed}?authToken=db-token-secret`,
        DB_DRIVER: "libsql",
      },
      stdin: "null",
      stdout: "piped",
      stderr: "piped",
    }).output();
    const text = new TextDecoder().decode(out.stdout) + new TextDecoder().decode(out.stderr);
    assert.notEqual(out.code, 0, text);
    assert.match(text, /"msg":"start failed"/);
    assert.match(text, /"DATABASE_URL":"libsql:\/\/127\.0\.0\.1:\d+"/);
    noSecret("the failed start", text, ["db-pass-secret", "db-token-secret", "dbuser"]);
  },
});
