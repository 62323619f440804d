/**
 * The site as a real process with a replica (issue 37): main.ts with REPLICA_URL on a loopback S3
 * (moto; s3rver where noted), its output kept, its process tree (workers, the sh that holds
 * Litestream, Litestream) found in /proc, and a few API calls that write and say when they were
 * acknowledged. Used by the drill, the restart and the replica tests.
 */
import { existsSync, readFileSync } from "node:fs";
import type { S3Server } from "./_s3.ts";

const ROOT = new URL("../", import.meta.url).pathname;
const MAIN = `${ROOT}main.ts`;

export const replicaEnv = (s3: S3Server, path: string): Record<string, string> => ({
  REPLICA_URL: `s3://${s3.env.S3_BUCKET}/${path}`,
  REPLICA_ENDPOINT: s3.endpoint,
  REPLICA_ACCESS_KEY_ID: s3.env.S3_ACCESS_KEY_ID,
  REPLICA_SECRET_ACCESS_KEY: s3.env.S3_SECRET_ACCESS_KEY,
  REPLICA_FORCE_PATH_STYLE: "true",
});

export type Site = { child: Deno.ChildProcess; url: string; out: { text: string }; dataDir: string };

/** main.ts on DATA_DIR with `env`; resolves once it listens. */
export async function startSite(dataDir: string, env: Record<string, string>): Promise<Site> {
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", MAIN],
    cwd: ROOT,
    env: { NODE_ENV: "production", DATA_DIR: dataDir, PORT: "0", HOST: "127.0.0.1", WEB_CONCURRENCY: "1", ...env },
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const out = { text: "" };
  for (const stream of [child.stdout, child.stderr]) {
    (async () => {
      for await (const chunk of stream.pipeThrough(new TextDecoderStream())) out.text += chunk;
    })().catch(() => {});
  }
  const end = Date.now() + 90_000;
  for (;;) {
    const url = /"msg":"listening","url":"([^"]+)"/.exec(out.text)?.[1];
    if (url) return { child, url, out, dataDir };
    if (Date.now() > end) throw new Error(`the site did not listen within 90 s:\n${out.text.slice(-2000)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Runs a task (tasks/<name>.ts) as `deno task` would, with the site's environment. */
export async function runTask(name: string, args: string[], env: Record<string, string>) {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", `${ROOT}tasks/${name}.ts`, ...args],
    cwd: ROOT,
    env: { NODE_ENV: "production", ...env },
    stdout: "piped",
    stderr: "piped",
  }).output();
  const text = new TextDecoder().decode(out.stdout) + new TextDecoder().decode(out.stderr);
  return { code: out.code, text };
}

const childrenOf = (pid: number): number[] => {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
};

/** A process and all it started, deepest first. */
export const processTree = (pid: number): number[] => [...childrenOf(pid).flatMap(processTree), pid];

export const commandOf = (pid: number) => {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0");
  } catch {
    return [];
  }
};

export const alive = (pid: number) => existsSync(`/proc/${pid}`) && !/^State:\s+Z/m.test(readFileSync(`/proc/${pid}/status`, "utf8"));

/** The running `litestream replicate` processes among a process's descendants. */
export const litestreamsOf = (pid: number) =>
  processTree(pid).filter((p) => {
    const cmd = commandOf(p);
    return cmd[0]?.endsWith("litestream") && cmd[1] === "replicate" && alive(p);
  });

/** Every process of the site killed at once, deepest first: the machine died. */
export async function killAll(site: Site) {
  for (const pid of processTree(site.child.pid)) {
    try {
      Deno.kill(pid, "SIGKILL");
    } catch { /* gone */ }
  }
  await site.child.status;
}

export async function healthz(url: string) {
  const res = await fetch(`${url}/healthz`);
  return { status: res.status, body: await res.json() };
}

export async function waitFor<T>(
  what: string,
  check: () => Promise<T | undefined | false> | T | undefined | false,
  ms = 60_000,
): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await check();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A JSON API call as a browser on the site's origin makes it. */
export async function call(url: string, path: string, init: { method?: string; cookie?: string; json?: unknown } = {}) {
  const headers: Record<string, string> = { origin: url };
  if (init.cookie) headers.cookie = init.cookie;
  if (init.json !== undefined) headers["content-type"] = "application/json";
  return await fetch(`${url}${path}`, {
    method: init.method ?? (init.json !== undefined ? "POST" : "GET"),
    headers,
    body: init.json === undefined ? undefined : JSON.stringify(init.json),
  });
}

export const cookieOf = (res: Response) => res.headers.getSetCookie().find((c) => c.startsWith("dr_session="))!.split(";")[0];
