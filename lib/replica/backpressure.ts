/**
 * Back-pressure on writers while the replica trails (issue 44 point 3, decision 050). At the
 * highest write rates the server, no longer waiting on fsync, writes more WAL than a Litestream
 * sharing its core copies, and the lag grew to 4 s. Past `REPLICA_MAX_LAG_SECONDS` each write
 * waits before it queues for the write lock, longer the further behind, at most `MAX_WAIT_MS`:
 * the writers slow to what Litestream ships, and the lag stays bounded.
 *
 * The lag comes from the status file the owner writes (status.ts), read at most every
 * `READ_EVERY_MS`, by a write, which uses the last value read unless that value would make it wait
 * (then it reads the file first). No timer, so a process without writes reads nothing. Never a wait without a replica, with the setting at 0,
 * while the replica is down (Litestream not running or failing: writes would stall for nothing),
 * or on a status older than `FRESH_MS`; reads never come here.
 */
import type { Config } from "../config.ts";
import { OFF, readReplicaStatus, type ReplicaStatus } from "./status.ts";

export const MAX_WAIT_MS = 250;
const READ_EVERY_MS = 200;
/** The owner writes at least once a second; older means it stopped writing, and then nothing is known. */
const FRESH_MS = 2_000;

export class WriteBackpressure {
  /** Writes that waited, since this process started (shown by /healthz). */
  delayed = 0;
  #status: ReplicaStatus = OFF;
  #readAt = -Infinity;
  #reading: Promise<void> | null = null;
  readonly #maxLagMs: number;

  constructor(readonly config: Config) {
    this.#maxLagMs = (config.replica?.maxLagSeconds ?? 0) * 1000;
  }

  /** How long a write starting now waits, from the last status read (0: none). */
  waitMs(now = Date.now()): number {
    const s = this.#status;
    if (this.#maxLagMs <= 0 || (s.state !== "ok" && s.state !== "lagging") || now - s.updatedAt > FRESH_MS) return 0;
    const lagMs = s.lagMs ?? s.lagSeconds * 1000;
    if (lagMs <= this.#maxLagMs) return 0;
    // A quarter of the cap at a quarter over the bound, the whole cap at twice it: with 32 writers in
    // flight, 250 ms each holds them to ~130 writes a second, which Litestream keeps up with.
    return Math.min(MAX_WAIT_MS, Math.ceil((MAX_WAIT_MS * (lagMs - this.#maxLagMs)) / this.#maxLagMs));
  }

  /** Called before every write takes the write lock: undefined (no wait) or a promise that settles after the wait. */
  readonly beforeWrite = (): Promise<void> | undefined => {
    if (!this.config.replica || this.#maxLagMs <= 0) return undefined;
    const now = Date.now();
    if (now - this.#readAt >= READ_EVERY_MS) {
      const read = this.refresh(now);
      // The last value read would make this write wait: it may be old (the first write after a quiet
      // spell), so read it again first. A write that would not wait never waits for the file.
      if (this.waitMs(now) > 0) return read.then(() => this.#pause());
    }
    return this.#pause();
  };

  #pause(): Promise<void> | undefined {
    const ms = this.waitMs();
    if (ms <= 0) return undefined;
    this.delayed++;
    return new Promise((resolve) => setTimeout(resolve, ms));
  }

  /** Reads the status file in the background (one read at a time: a call meanwhile gets that read); the next writes use it. */
  refresh(now = Date.now()): Promise<void> {
    if (this.#reading) return this.#reading;
    this.#readAt = now;
    this.#reading = readReplicaStatus(this.config).then((s) => {
      this.#status = s;
    }, () => {}).finally(() => {
      this.#reading = null;
    });
    return this.#reading;
  }
}

/** One per process and data directory: the database's writers and /healthz share it. */
const gates = new Map<string, WriteBackpressure>();

export function backpressureFor(config: Config): WriteBackpressure | null {
  if (!config.replica) return null;
  let gate = gates.get(config.dataDir);
  if (!gate) gates.set(config.dataDir, gate = new WriteBackpressure(config));
  return gate;
}

/** How the site's database file is opened: unsynced commits and the writers' back-pressure while replicating. */
export function fileDbOptions(config: Config) {
  const gate = backpressureFor(config);
  return { replicated: !!config.replica, ...(gate ? { beforeWrite: gate.beforeWrite } : {}) };
}
