import { createApp } from "./app.ts";
import type { Db } from "./db/client.ts";
import { runInBackground, settleBackground } from "./lib/background.ts";
import { type Config, ConfigError } from "./lib/config.ts";
import { log } from "./lib/log.ts";
import { startUploadSweeper } from "./lib/media/upload_sweep.ts";
import { startNotificationRetention } from "./lib/notify/jobs.ts";
import { type Jobs, startJobs } from "./lib/boot/jobs.ts";
import { listenUrl, supervise, WORKER_READY } from "./lib/boot/supervisor.ts";
import { warmRankings } from "./lib/feed/rankings.ts";
import { noteRequest, startMemoryTrim, trimMemory } from "./lib/boot/memory_trim.ts";
import { startReplication } from "./lib/replica/run.ts";
import { startBanSweeper } from "./lib/community/bans.ts";

export { listenUrl, WORKER_FLAG } from "./lib/boot/supervisor.ts";

export type RunningServer = { url: string; db: Db; shutdown: () => Promise<void>; finished: Promise<void> };

export type ServeOptions = {
  quiet?: boolean;
  /** Share the port with sibling processes (SO_REUSEPORT, Linux): a worker of lib/boot/supervisor.ts. */
  reusePort?: boolean;
  /**
   * What runs in one process only (the hourly upload sweep and the job runner): on by default;
   * workers leave it to the main process.
   */
  singletons?: boolean;
};

/** The kept feed orders made at start; what reading them freed is handed back at once (lib/boot/memory_trim.ts). */
const warmUp = (db: Db) => () => warmRankings(db).then(() => void trimMemory());

/** Serves the app (and runs jobs unless JOBS_IN_WEB=false); shutdown stops accepting, lets in-flight requests finish, then closes the database. */
export function serve(config: Config, db: Db, opts: ServeOptions = {}): RunningServer {
  const app = createApp(config, { db });
  const listen = { port: config.port, hostname: config.host, reusePort: opts.reusePort ?? false, onListen: () => {} };
  const server = Deno.serve(listen, (req, info) => (noteRequest(), app.fetch(req, info)));
  const url = listenUrl(config.host, server.addr.port);
  if (!opts.quiet) log.info("listening", { url });
  // Started after listening, so the first page is answered while start-up jobs are queued.
  const singletons = opts.singletons === false ? null : startSingletons(config, db);
  const stopTrim = startMemoryTrim();
  return {
    url,
    db,
    finished: server.finished,
    shutdown: async () => {
      stopTrim();
      await singletons?.stop();
      await server.shutdown();
      await settleBackground();
      db.client.close();
    },
  };
}

/**
 * Shuts the server down gracefully on SIGTERM or SIGINT, then exits; resolves when it has stopped.
 * Takes the server still starting too: a signal that comes while workers start (lib/boot/supervisor.ts)
 * waits for the start, then drains, instead of killing the main process with its workers half up.
 */
/**
 * The upload sweep, the sweep of temporary bans run out (issue 34, decision 033) and the job runner
 * (unless JOBS_IN_WEB=false), which run in one process of a host.
 */
function startSingletons(config: Config, db: Db): { stop: () => Promise<void> } {
  const stopSweeper = startUploadSweeper(db, config);
  const stopBanSweeper = startBanSweeper(db);
  // Read notifications older than 90 days, and past 1,000 a member, go daily (issue 33).
  const stopRetention = startNotificationRetention(db);
  const jobs: Promise<Jobs | null> = config.jobs.inWeb
    ? startJobs(db, config).catch((e) => (log.error("job runner failed to start", { error: String(e) }), null))
    : Promise.resolve(null);
  return {
    stop: async () => {
      stopSweeper();
      stopBanSweeper();
      stopRetention();
      // Stop claiming; a running transcode is handed back to the queue for the next start.
      await (await jobs)?.stop();
    },
  };
}

/**
 * Serves in this process (WEB_CONCURRENCY=1) or through supervised workers, the sweep and the jobs
 * then running here in the main process. The kept feed orders (lib/feed/rankings.ts) are made at
 * once by whichever process serves, so the first visitor does not wait for them.
 */
export async function serveAll(config: Config, db: Db, opts: { quiet?: boolean } = {}): Promise<RunningServer> {
  // One Litestream per database, owned here (lib/replica/): stopped last, after a final sync.
  const replication = startReplication(config, db);
  const served = await serveHere(config, db, opts).catch(async (e) => {
    await replication?.stop();
    throw e;
  });
  return {
    ...served,
    shutdown: async () => {
      await served.shutdown();
      await replication?.stop();
    },
  };
}

async function serveHere(config: Config, db: Db, opts: { quiet?: boolean }): Promise<RunningServer> {
  if (config.webConcurrency <= 1) {
    const server = serve(config, db, opts);
    runInBackground("rankings warm-up", warmUp(db));
    return server;
  }
  const workers = await supervise(config, opts);
  const singletons = startSingletons(config, db);
  return {
    url: workers.url,
    db,
    finished: workers.finished,
    shutdown: async () => {
      await singletons.stop();
      await workers.shutdown();
      // The jobs run here: what they started in the background (a ranking rebuild) writes this database too.
      await settleBackground();
      db.client.close();
    },
  };
}

/**
 * The worker side (`main.ts --worker`): serves on the shared port without the start-up work, tells
 * the supervisor it listens, and drains and exits on SIGTERM, or when the supervisor is gone (its
 * stdin closes: a main process killed with SIGKILL leaves no worker behind).
 */
export async function runWorker(config: Config, db: Db) {
  const server = serve(config, db, { quiet: true, reusePort: true, singletons: false });
  runInBackground("rankings warm-up", warmUp(db));
  let stopping = false;
  const stop = async (why: string) => {
    if (stopping) return; // SIGTERM, then the supervisor's exit closing stdin
    stopping = true;
    log.debug("worker stopping", { pid: Deno.pid, why });
    await server.shutdown();
    Deno.exit(0);
  };
  for (const sig of ["SIGTERM", "SIGINT"] as const) Deno.addSignalListener(sig, () => stop(sig));
  (async () => {
    for await (const _ of Deno.stdin.readable);
    await stop("supervisor gone");
  })();
  console.log(WORKER_READY);
  await server.finished;
}

/** A setting found wrong at start (REPLICA_URL with no Litestream to run) stops it with its message, as a bad value does. */
export function exitOnConfigError(e: unknown): never {
  if (!(e instanceof ConfigError)) throw e;
  console.error(e.message);
  Deno.exit(1);
}

export async function untilStopped(starting: RunningServer | Promise<RunningServer>): Promise<void> {
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    Deno.addSignalListener(signal, async () => {
      log.info("shutting down", { signal });
      await (await starting).shutdown();
      Deno.exit(0);
    });
  }
  return (await starting).finished;
}
