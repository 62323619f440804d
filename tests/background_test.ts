/**
 * Issue 36 point 20: work started in the background (a verification mail) never outlives the
 * database it writes. Closing waits for it; a shutdown waits a bounded time, then abandons what is
 * left, whose failure is then logged as ended by shutdown, not as an error.
 */
import assert from "node:assert/strict";
import { readdir, readFile } from "node:fs/promises";
import { drainBackground, runInBackground } from "../lib/background.ts";
import { createUser, json, makeTestEnv } from "./_helpers.ts";

/** Runs `fn` with console.log and console.error captured (the log's JSON lines). */
async function logsOf(fn: () => Promise<void>): Promise<{ level: string; msg: string }[]> {
  const lines: string[] = [];
  const { log, error } = console;
  console.log = console.error = (line: unknown) => void lines.push(String(line));
  try {
    await fn();
  } finally {
    Object.assign(console, { log, error });
  }
  return lines.flatMap((l) => (l.startsWith("{") ? [JSON.parse(l)] : []));
}

Deno.test("[background] closing the database right after a registration waits for its verification mail", async () => {
  const env = await makeTestEnv();
  await createUser(env.db, { isAdmin: true, emailVerified: true });
  const logs = await logsOf(async () => {
    await json(
      await env.request("/api/register", {
        json: { username: "late_mail", email: "late@example.com", dateOfBirth: "1990-01-01", password: "secret-pass", termsAccepted: true },
      }),
      201,
    );
    await env.close();
  });
  assert.deepEqual(logs.filter((l) => l.level === "error"), []);
  const outbox = env.config.mail.outboxDir;
  const mails = (await readdir(outbox)).filter((f) => f.endsWith(".eml"));
  assert.equal(mails.length, 1);
  assert.match(await readFile(`${outbox}/${mails[0]}`, "utf8"), /To: late@example\.com/);
});

Deno.test("[background] a bounded drain names what it leaves running, whose later failure is not an error", async () => {
  let settled = () => {};
  const done = new Promise<void>((r) => (settled = r));
  const logs = await logsOf(async () => {
    runInBackground(
      "stuck mail",
      () => new Promise((_, reject) => setTimeout(() => (reject(new Error("Bad resource ID")), settled()), 300)),
    );
    assert.deepEqual(await drainBackground(20), ["stuck mail"]);
    await done;
    assert.deepEqual(await drainBackground(), []);
  });
  assert.deepEqual(logs.map((l) => [l.level, l.msg]), [["info", "stuck mail ended by shutdown"]]);
});
