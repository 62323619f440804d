/** QUALITY 12: a crash loses nothing confirmed. The real server, killed with SIGKILL under writes. */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { sql } from "drizzle-orm";
import { openDb } from "../db/client.ts";
import { users } from "../db/schema/mod.ts";
import { tempDir } from "./_helpers.ts";

const MAIN = new URL("../main.ts", import.meta.url).pathname;

/** The processes a process started (Linux): the supervisor's workers. */
const childrenOf = (pid: number): number[] =>
  readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number);

/** Starts main.ts and resolves with its URL once it logs that it listens. */
export async function spawnServer(dataDir: string, extraEnv: Record<string, string> = {}) {
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", MAIN],
    env: { NODE_ENV: "production", DATA_DIR: dataDir, PORT: "0", HOST: "127.0.0.1", ...extraEnv },
    stdout: "piped",
    stderr: "inherit",
  }).spawn();
  const reader = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  let buffered = "";
  while (true) {
    const { value, done } = await reader.read();
    if (done) throw new Error("server exited before listening");
    buffered += value;
    const m = /"url":"(http:\/\/[^"]+)"/.exec(buffered);
    if (m) {
      // keep draining stdout so the child never blocks on a full pipe
      (async () => {
        while (!(await reader.read()).done);
      })().catch(() => {});
      return { child, url: m[1] };
    }
  }
}

Deno.test({
  name: "[reliability] after kill -9 under write load every 2xx registration is in the database and integrity_check is ok",
  sanitizeResources: false,
  sanitizeOps: false,
  fn: async () => {
    const dataDir = tempDir();
    const { child, url } = await spawnServer(dataDir, { RATE_REGISTER_PER_IP: "100000" });
    const confirmed: string[] = [];
    let stop = false;
    const worker = async (w: number) => {
      for (let i = 0; !stop; i++) {
        const username = `crash_${w}_${i}`;
        try {
          const res = await fetch(`${url}/api/register`, {
            method: "POST",
            headers: { "content-type": "application/json", origin: url },
            body: JSON.stringify({
              username,
              email: `${username}@example.com`,
              dateOfBirth: "1990-01-01",
              password: "secret1",
              termsAccepted: true,
            }),
          });
          await res.body?.cancel();
          if (res.status === 201) confirmed.push(username);
        } catch {
          return; // the server is gone
        }
      }
    };
    const workers = [0, 1, 2, 3].map(worker);
    // Under write load: until a few dozen writes were confirmed (a loaded machine confirms fewer per second), 20 s at most.
    for (let waited = 0; confirmed.length < 30 && waited < 20_000; waited += 100) await new Promise((r) => setTimeout(r, 100));
    // The main process and every worker it runs (WEB_CONCURRENCY, lib/boot/supervisor.ts) die at once, mid-write.
    for (const pid of [...childrenOf(child.pid), child.pid]) {
      try {
        Deno.kill(pid, "SIGKILL");
      } catch { /* a short-lived tool (ffmpeg -version) already gone */ }
    }
    stop = true;
    await Promise.all(workers);
    await child.status;
    assert.ok(confirmed.length > 5, `some writes were confirmed (${confirmed.length})`);

    const db = openDb(`file:${dataDir}/dreamreel.db`);
    const check = await db.client.execute("PRAGMA integrity_check");
    assert.equal(check.rows[0][0], "ok");
    const stored = new Set(
      (await db.select({ u: users.username }).from(users).where(sql`${users.username} like 'crash_%'`).all()).map((r) => r.u),
    );
    const lost = confirmed.filter((u) => !stored.has(u));
    assert.deepEqual(lost, []);
    db.client.close();

    // And the server boots again on the same data.
    const again = await spawnServer(dataDir);
    const res = await fetch(`${again.url}/api/user`);
    assert.equal(res.status, 401);
    await res.body?.cancel();
    again.child.kill("SIGTERM");
    assert.equal((await again.child.status).code, 0);
  },
});
