/**
 * Issue 23 point 2: WEB_CONCURRENCY workers on one port, supervised by the main process, which
 * does the start-up work once, restarts a crashed worker, and drains them all on SIGTERM.
 */
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { tempDir } from "./_helpers.ts";

const MAIN = new URL("../main.ts", import.meta.url).pathname;
const ROOT = new URL("../", import.meta.url).pathname;

/** The pids of a process's worker children (Linux; it also runs short-lived tools such as `ffmpeg -version`). */
const childrenOf = (pid: number): number[] =>
  readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number)
    .filter((child) => {
      try {
        return readFileSync(`/proc/${child}/cmdline`, "utf8").split("\0").includes("--worker");
      } catch {
        return false;
      }
    });
const alive = (pid: number) => existsSync(`/proc/${pid}`) && !/^State:\s+Z/m.test(readFileSync(`/proc/${pid}/status`, "utf8"));

async function until<T>(what: string, check: () => T | undefined | false, ms = 15_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = check();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** main.ts with two workers; its stdout and stderr are collected into `out`. */
async function startSupervised(dataDir: string) {
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", MAIN],
    cwd: ROOT,
    env: {
      NODE_ENV: "production",
      DATA_DIR: dataDir,
      PORT: "0",
      HOST: "127.0.0.1",
      WEB_CONCURRENCY: "2",
      ADMIN_USERNAME: "boss",
      ADMIN_PASSWORD: "boss-password",
    },
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const out = { text: "" };
  for (const stream of [child.stdout, child.stderr]) {
    (async () => {
      for await (const chunk of stream.pipeThrough(new TextDecoderStream())) out.text += chunk;
    })();
  }
  const url = await until("listening", () => /"msg":"listening","url":"([^"]+)","workers":2/.exec(out.text)?.[1]);
  return { child, out, url };
}

async function get(url: string) {
  const res = await fetch(url);
  await res.body?.cancel();
  return res.status;
}

Deno.test({
  name: "[server] WEB_CONCURRENCY=2: start-up once, two workers on one port, a crashed worker restarted, SIGTERM drains all",
  sanitizeResources: false,
  sanitizeOps: false,
  fn: async () => {
    const { child, out, url } = await startSupervised(tempDir());
    const workers = childrenOf(child.pid);
    assert.equal(workers.length, 2, "two workers");
    assert.equal(out.text.match(/"msg":"admin created"/g)?.length, 1, "the admin is made once, by the main process");
    for (let i = 0; i < 20; i++) assert.equal(await get(`${url}/api/user`), 401);

    Deno.kill(workers[0], "SIGKILL");
    await until(
      "the restart log",
      () => /"msg":"worker exited; restarting","worker":0,"pid":\d+,"code":137,"signal":"SIGKILL"/.test(out.text),
    );
    const replaced = await until("a new worker", () => {
      const now = childrenOf(child.pid);
      return now.length === 2 && !now.includes(workers[0]) && now;
    });
    assert.ok(replaced.includes(workers[1]), "the other worker kept serving");
    for (let i = 0; i < 10; i++) assert.equal(await get(`${url}/`), 200);

    child.kill("SIGTERM");
    assert.equal((await child.status).code, 0, out.text);
    for (const pid of replaced) assert.equal(alive(pid), false, `worker ${pid} is gone`);
    await assert.rejects(fetch(`${url}/api/user`));
  },
});

Deno.test({
  name: "[server] a main process killed with SIGKILL leaves no worker behind",
  sanitizeResources: false,
  sanitizeOps: false,
  fn: async () => {
    const { child } = await startSupervised(tempDir());
    const workers = childrenOf(child.pid);
    assert.equal(workers.length, 2);
    child.kill("SIGKILL");
    await child.status;
    await until("the workers to exit", () => workers.every((pid) => !alive(pid)));
  },
});
