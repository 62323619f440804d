import { fileURLToPath } from "node:url";
import type { Config } from "../config.ts";
import { log } from "../log.ts";
import { V8_FLAGS } from "./v8_flags.ts";

/**
 * WEB_CONCURRENCY server processes on one port (decision 022). The main process does the start-up
 * work once (migrations, asset build, demo seed, admin), then starts N workers: `main.ts --worker`,
 * each serving the app with SO_REUSEPORT so the kernel spreads connections over them. It restarts
 * a worker that dies (with backoff, logged) and on shutdown asks every worker to drain and waits.
 * Workers share nothing in memory: what they must agree on lives in the database. What runs in one
 * process only (the upload sweep, the job runner) is the caller's (server.ts `serveAll`).
 */
export const WORKER_FLAG = "--worker";
/** A worker's one line to its supervisor, kept apart from log lines (which honour LOG_LEVEL). */
export const WORKER_READY = "dreamreel-worker-ready";

/** The address a browser on this machine reaches a server listening on `host`:`port` at. */
export function listenUrl(host: string, port: number): string {
  const name = host === "0.0.0.0" || host === "::" ? "localhost" : host.includes(":") ? `[${host}]` : host;
  return `http://${name}:${port}`;
}

export type Supervised = { url: string; finished: Promise<void>; shutdown: () => Promise<void> };
const MAIN = fileURLToPath(new URL("../../main.ts", import.meta.url));
const CONFIG_FILE = fileURLToPath(new URL("../../deno.json", import.meta.url));
/** A worker that lived this long before dying starts the backoff over. */
const STABLE_MS = 30_000;
const MAX_BACKOFF_MS = 10_000;
/** A worker still draining after this long on shutdown is killed. */
const DRAIN_MS = 30_000;

/** How to start a worker: the same runtime, the same permissions, main.ts (or the compiled binary itself). */
function workerCommand(): { cmd: string; args: string[] } {
  if (Deno.build.standalone) return { cmd: Deno.execPath(), args: [WORKER_FLAG] };
  const names = ["net", "read", "write", "env", "ffi", "sys", "run"] as const;
  const granted = names.filter((name) => Deno.permissions.querySync({ name }).state === "granted");
  // --unstable-net: `reusePort` is behind it in Deno 2.9 (the compiled binary is built with it, tasks/compile.ts).
  return {
    cmd: Deno.execPath(),
    args: [
      "run",
      "--unstable-net",
      `--v8-flags=${V8_FLAGS}`,
      `--config=${CONFIG_FILE}`,
      ...granted.map((n) => `--allow-${n}`),
      MAIN,
      WORKER_FLAG,
    ],
  };
}

/** A free port when PORT=0, so every worker binds the same one. */
function fixedPort(config: Config): number {
  if (config.port !== 0) return config.port;
  const probe = Deno.listen({ hostname: config.host, port: 0 });
  const { port } = probe.addr;
  probe.close();
  return port;
}

export async function supervise(config: Config, opts: { quiet?: boolean }): Promise<Supervised> {
  const port = fixedPort(config);
  const url = listenUrl(config.host, port);
  const { cmd, args } = workerCommand();
  // The worker reads the same environment; these are what the main process decided (the demo's DATA_DIR and SITE_URL).
  const env = {
    PORT: String(port),
    HOST: config.host,
    DATA_DIR: config.dataDir,
    DATABASE_URL: config.databaseUrl,
    SITE_URL: config.siteUrl,
  };
  const running = new Map<number, Deno.ChildProcess>();
  const timers = new Set<ReturnType<typeof setTimeout>>();
  let stopping = false;
  let resolveFinished!: () => void;
  const finished = new Promise<void>((r) => (resolveFinished = r));

  const start = (slot: number, failures: number): Promise<void> => {
    const startedAt = Date.now();
    const child = new Deno.Command(cmd, { args, env, stdin: "piped", stdout: "piped", stderr: "inherit" }).spawn();
    running.set(slot, child);
    const ready = forwardOutput(child);
    child.status.then((status) => {
      running.delete(slot);
      if (stopping) return;
      const next = Date.now() - startedAt > STABLE_MS ? 1 : failures + 1;
      const delay = Math.min(MAX_BACKOFF_MS, 250 * 2 ** (next - 1));
      log.error("worker exited; restarting", {
        worker: slot,
        pid: child.pid,
        code: status.code,
        signal: status.signal,
        restartInMs: delay,
      });
      const timer = setTimeout(() => {
        timers.delete(timer);
        if (!stopping) start(slot, next).catch((e) => log.error("worker restart failed", { worker: slot, error: String(e) }));
      }, delay);
      timers.add(timer);
    });
    return ready;
  };

  try {
    await Promise.all(Array.from({ length: config.webConcurrency }, (_, slot) => start(slot, 0)));
  } catch (e) {
    // A worker that cannot start (port taken, bad permissions) fails the start, as one process would.
    stopping = true;
    for (const timer of timers) clearTimeout(timer);
    for (const child of running.values()) signal(child, "SIGKILL");
    throw e;
  }
  if (!opts.quiet) log.info("listening", { url, workers: config.webConcurrency });

  return {
    url,
    finished,
    shutdown: async () => {
      stopping = true;
      for (const timer of timers) clearTimeout(timer);
      const children = [...running.values()];
      for (const child of children) signal(child, "SIGTERM");
      const killer = setTimeout(() => children.forEach((child) => signal(child, "SIGKILL")), DRAIN_MS);
      await Promise.all(children.map((child) => child.status));
      clearTimeout(killer);
      resolveFinished();
    },
  };
}

function signal(child: Deno.ChildProcess, sig: Deno.Signal) {
  try {
    child.kill(sig);
  } catch { /* already gone */ }
}

/** Passes the worker's stdout through line by line; resolves once it says it listens, rejects if it dies first. */
function forwardOutput(child: Deno.ChildProcess): Promise<void> {
  return new Promise((resolve, reject) => {
    (async () => {
      let buffered = "";
      for await (const chunk of child.stdout.pipeThrough(new TextDecoderStream())) {
        buffered += chunk;
        let nl;
        while ((nl = buffered.indexOf("\n")) >= 0) {
          const line = buffered.slice(0, nl);
          buffered = buffered.slice(nl + 1);
          if (line === WORKER_READY) resolve();
          else console.log(line);
        }
      }
      if (buffered) console.log(buffered);
      reject(new Error(`worker ${child.pid} exited before listening`));
    })().catch(reject);
  });
}
