/**
 * The replica's state as the operator sees it (admin overview, /healthz, the log). The main
 * process runs Litestream and knows it; the web workers do not share its memory, so it writes
 * what it knows to `DATA_DIR/replica-status.json` four times a second (a file, not a row: a row
 * written that often would itself be replicated every second, decision 037) and every process reads it.
 */
import { readFile, rename, writeFile } from "node:fs/promises";
import type { Config } from "../config.ts";
import type { ReplicaOverview } from "../../common/overview.ts";

export type ReplicaState = "ok" | "lagging" | "down" | "off";

/**
 * Why a replica is down, in words safe for /healthz (no endpoint, bucket or key): the endpoint does
 * not answer, the credentials are refused, the bucket is missing, Litestream is not running, or
 * replication fails for another reason (its words are in the log and on the admin page).
 */
export type ReplicaProblem = "unreachable" | "credentials" | "bucket" | "not-running" | "failing";

export type ReplicaStatus = {
  state: ReplicaState;
  /** The newest moment (ms) by which every committed write was on the replica; null before the first sync. */
  syncedAt: number | null;
  /** How far the replica is behind the database, in seconds (0 when it has everything). */
  lagSeconds: number;
  /** The same in ms, for the writers' back-pressure (lib/replica/backpressure.ts); absent in a file an older version wrote. */
  lagMs?: number;
  problem: ReplicaProblem | null;
  /** The last failure in the operator's words, and when; kept after recovery for the admin page. */
  lastError: string | null;
  lastErrorAt: number | null;
  /** Litestream's process id while it runs. */
  pid: number | null;
  restarts: number;
  updatedAt: number;
};

/** Behind by more than this, the replica is "lagging" (issue 37). */
export const LAGGING_SECONDS = 10;
/** A status file older than this means the process that runs Litestream is gone. */
const STALE_MS = 5_000;

export const OFF: ReplicaStatus = {
  state: "off",
  syncedAt: null,
  lagSeconds: 0,
  lagMs: 0,
  problem: null,
  lastError: null,
  lastErrorAt: null,
  pid: null,
  restarts: 0,
  updatedAt: 0,
};

export const statusFile = (config: Config) => `${config.dataDir}/replica-status.json`;

/** Written whole and renamed into place, so a reader never sees half a file. */
export async function writeStatus(config: Config, status: ReplicaStatus) {
  const path = statusFile(config);
  const tmp = `${path}.${crypto.randomUUID().slice(0, 8)}.tmp`; // two writes at once (a poll, the stop) each rename their own
  await writeFile(tmp, JSON.stringify(status));
  await rename(tmp, path);
}

/** What any process of the site says of the replica now. */
export async function readReplicaStatus(config: Config, now = Date.now()): Promise<ReplicaStatus> {
  if (!config.replica) return OFF;
  let status: ReplicaStatus | null = null;
  try {
    status = JSON.parse(await readFile(statusFile(config), "utf8"));
  } catch { /* not written yet, or the main process is gone */ }
  if (!status || now - status.updatedAt > STALE_MS) {
    return { ...(status ?? OFF), state: "down", problem: "not-running", pid: null, updatedAt: status?.updatedAt ?? 0 };
  }
  return status;
}

/** What /healthz shows of it: the state, the lag and the kind of problem, nothing that names the bucket or a key. */
export function publicView(status: ReplicaStatus) {
  if (status.state === "off") return { replica: "off" as const };
  return {
    replica: status.state,
    replicaLagSeconds: status.lagSeconds,
    replicaSyncedAt: status.syncedAt === null ? null : new Date(status.syncedAt).toISOString(),
    ...(status.problem ? { replicaProblem: status.problem } : {}),
  };
}

/** What the admin overview shows of it, the last error's words included (admins only). */
export function overviewOf(status: ReplicaStatus): ReplicaOverview {
  const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
  return {
    state: status.state,
    syncedAt: iso(status.syncedAt),
    lagSeconds: status.lagSeconds,
    lastError: status.lastError,
    lastErrorAt: iso(status.lastErrorAt),
  };
}
