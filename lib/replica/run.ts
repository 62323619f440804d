/**
 * The main process's Litestream (issue 37, decision 037): one per database however many web
 * workers run, started after the migrations, restarted when it dies (250 ms, doubling to 10 s;
 * the backoff starts over after 30 s alive), stopped last on shutdown after a final sync. Four
 * times a second its metrics are read and the replica's state written for every process (status.ts).
 */
import { writeFile } from "node:fs/promises";
import type { Db } from "../../db/client.ts";
import type { Config } from "../config.ts";
import { log, redactUrl } from "../log.ts";
import { S3Store } from "../storage/s3.ts";
import { StorageError } from "../storage/error.ts";
import {
  databasePath,
  findLitestream,
  freePort,
  litestreamEnv,
  litestreamYaml,
  parseMetrics,
  shadowPosition,
  spawnLitestream,
} from "./litestream.ts";
import { writeStatus } from "./status.ts";
import { classify, describe, logEvent, ReplicaTracker } from "./tracker.ts";

export type Replication = { tracker: ReplicaTracker; stop(): Promise<void> };

const STABLE_MS = 30_000;
const MAX_BACKOFF_MS = 10_000;
/** Litestream's last sync on shutdown may take this long before it is killed. */
const FINAL_SYNC_MS = 30_000;
/** While Litestream is down this long, the app checkpoints itself so the WAL cannot grow without end. */
const CHECKPOINT_WHEN_DOWN_MS = 30_000;
/**
 * How often Litestream's metrics and shadow WAL are read and the state written: as often as
 * Litestream copies the WAL (monitor-interval), so the lag shown is off by at most this much, not
 * by a second (decision 050). One poll costs a loopback request and a directory listing.
 */
export const POLL_MS = 250;
/** The same failure is logged again at most this often. */
const RELOG_MS = 60_000;

/** Starts replication, or returns null without REPLICA_URL. Throws LitestreamMissing when there is no binary to run. */
export function startReplication(config: Config, db: Db): Replication | null {
  if (!config.replica) return null;
  const { bin, version } = findLitestream(config);
  const tracker = new ReplicaTracker(config);
  const configPath = `${config.dataDir}/litestream.yml`;
  const dbPath = databasePath(config);
  const env = litestreamEnv(config);
  let stopping = false;
  let child: Deno.ChildProcess | null = null;
  let litestreamPid: number | null = null;
  let metricsPort = 0;
  let restartTimer: ReturnType<typeof setTimeout> | undefined;
  let lastLogged = { text: "", at: 0 };

  const report = (problem: Parameters<ReplicaTracker["failed"]>[0], message: string, raw?: string) => {
    tracker.failed(problem, message);
    const now = Date.now();
    if (message === lastLogged.text && now - lastLogged.at < RELOG_MS) return;
    lastLogged = { text: message, at: now };
    log.error("replica: " + message, { problem, ...(raw && raw !== message ? { litestream: raw.slice(0, 500) } : {}) });
  };

  let busyLoggedAt = 0;
  const busy = (text: string) => {
    if (Date.now() - busyLoggedAt < RELOG_MS) return;
    busyLoggedAt = Date.now();
    log.warn("replica: Litestream waited too long for the database (it retries)", { litestream: text.slice(0, 300) });
  };

  const onLine = (line: string) => {
    const pid = /^litestream-pid=(\d+)$/.exec(line);
    if (pid) return void (litestreamPid = tracker.pid = Number(pid[1]));
    const event = logEvent(line);
    if (!event) return log.debug("litestream", { line: line.slice(0, 500) });
    if (event.kind === "error") {
      // Litestream's checkpoint lost a race for SQLite's lock under writes: it tries again on its next sync, nothing is lost.
      if (/database is locked|SQLITE_BUSY/.test(event.text)) return busy(event.text);
      const problem = classify(event.text);
      report(problem, describe(config, problem, event.text), event.text);
    } else if (event.kind === "written") {
      if (lastLogged.text) log.info("replica: replicating again", { after: lastLogged.text });
      lastLogged = { text: "", at: 0 };
      tracker.succeeded();
    } else {
      tracker.newGeneration();
      known = null;
    }
  };

  const start = async (failures: number) => {
    const startedAt = Date.now();
    let status: Deno.CommandStatus | null = null;
    try {
      metricsPort = freePort();
      await writeFile(configPath, litestreamYaml(config, metricsPort), { mode: 0o600 });
      const proc = child = spawnLitestream(bin, configPath, env);
      known = null;
      tracker.started(null);
      readLines(proc.stdout, onLine);
      readLines(proc.stderr, onLine);
      status = await proc.status;
      await proc.stdin.close().catch(() => {}); // the sh's pipe: closed on shutdown already
    } catch (e) {
      log.error("replica: Litestream could not start", { error: String(e) });
    }
    child = null;
    litestreamPid = null;
    tracker.stopped();
    if (stopping) return;
    tracker.restarts++;
    const next = Date.now() - startedAt > STABLE_MS ? 1 : failures + 1;
    const delay = Math.min(MAX_BACKOFF_MS, 250 * 2 ** (next - 1));
    log.error("replica: Litestream exited; restarting", { code: status?.code, signal: status?.signal, restartInMs: delay });
    restartTimer = setTimeout(() => void start(next), delay);
  };

  let downSince: number | null = null;
  let lastCheckpoint = 0;
  let polling = false;
  /** The replica's position when it last held the whole shadow WAL; null when it did not (or Litestream restarted). */
  let known: { index: number; offset: number } | null = null;
  let lastShown = "";
  let lastWrittenAt = 0;
  const poll = async () => {
    if (polling) return; // the last one still waits on a slow Litestream: no pile-up
    polling = true;
    try {
      await pollOnce();
    } finally {
      polling = false;
    }
  };
  const pollOnce = async () => {
    const now = Date.now();
    if (tracker.running && metricsPort) {
      try {
        const shadow = await shadowPosition(dbPath);
        // The replica had all of a shadow WAL that has not moved since: nothing to ask Litestream (the idle case, most polls).
        const same = shadow && known && shadow.index === known.index && shadow.offset === known.offset;
        if (!same) {
          const res = await fetch(`http://127.0.0.1:${metricsPort}/metrics`, { signal: AbortSignal.timeout(900) });
          const { replica } = parseMetrics(await res.text());
          known = replica && shadow && replica.index === shadow.index && replica.offset === shadow.offset ? replica : null;
          tracker.observe(shadow, replica);
        } else tracker.observe(shadow, known);
      } catch { /* still starting */ }
    }
    // Nobody checkpoints while Litestream is down: after a while the app does, once in a while (a new generation follows).
    downSince = tracker.running ? null : downSince ?? now;
    if (downSince !== null && now - downSince > CHECKPOINT_WHEN_DOWN_MS && now - lastCheckpoint > CHECKPOINT_WHEN_DOWN_MS) {
      lastCheckpoint = now;
      await db.client.execute("PRAGMA wal_checkpoint(PASSIVE)").catch(() => {});
    }
    // Written when something the readers show changed, else once a second (readers take a file 5 s old for a dead owner).
    const status = tracker.status(now);
    const shown = JSON.stringify({ ...status, updatedAt: 0 });
    if (shown === lastShown && now - lastWrittenAt < 1000) return;
    lastShown = shown;
    lastWrittenAt = now;
    await writeStatus(config, status).catch((e) => log.warn("replica: status not written", { error: String(e) }));
  };
  const poller = setInterval(() => void poll(), POLL_MS);

  log.info("replica: replicating the database with Litestream", { litestream: version, replica: redactUrl(config.replica.url) });
  void checkAtStart(config, report);
  void start(0);
  void poll();

  return {
    tracker,
    stop: async () => {
      stopping = true;
      clearInterval(poller);
      clearTimeout(restartTimer);
      const proc = child;
      if (proc) {
        // Closing its stdin makes the sh send SIGTERM: Litestream syncs the last writes, then exits.
        const killer = setTimeout(() => {
          for (const pid of [litestreamPid, proc.pid]) if (pid) signal(pid, "SIGKILL");
        }, FINAL_SYNC_MS);
        await proc.stdin.close().catch(() => {});
        await proc.status;
        clearTimeout(killer);
      }
      tracker.stopped();
      await writeStatus(config, tracker.status()).catch(() => {});
    },
  };
}

/**
 * Lists the bucket once, to say at start what is wrong in the operator's words (Litestream only
 * says that a request failed). The site starts either way; Litestream keeps trying.
 */
async function checkAtStart(config: Config, report: (p: "unreachable" | "credentials" | "bucket" | "failing", m: string) => void) {
  const r = config.replica!;
  const store = new S3Store({ ...r, prefix: `${r.path}/` }, { urlSeconds: 60 }, () => "");
  try {
    await store.check();
  } catch (e) {
    const problem = e instanceof StorageError && e.problem !== "other" ? e.problem : "failing";
    report(problem, describe(config, problem, String((e as StorageError).detail ?? e)));
  }
}

function signal(pid: number, sig: Deno.Signal) {
  try {
    Deno.kill(pid, sig);
  } catch { /* already gone */ }
}

async function readLines(stream: ReadableStream<Uint8Array<ArrayBuffer>>, onLine: (line: string) => void) {
  let buffered = "";
  try {
    for await (const chunk of stream.pipeThrough(new TextDecoderStream())) {
      buffered += chunk;
      let nl;
      while ((nl = buffered.indexOf("\n")) >= 0) {
        onLine(buffered.slice(0, nl));
        buffered = buffered.slice(nl + 1);
      }
      if (buffered.length > 65_536) buffered = ""; // a line without end: not Litestream's log
    }
  } catch { /* the process is gone */ }
  if (buffered) onLine(buffered);
}
