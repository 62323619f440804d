/**
 * The job queue's runner (decision 019 explains why it lives in SQLite). Each process that runs
 * jobs (the web process unless JOBS_IN_WEB=false, and `deno task worker`) has one JobRunner: it
 * claims due jobs one UPDATE at a time (db/queries/jobs.ts claimJob: short before long, owners in
 * turn), keeps a lane free of long jobs (decision 040), keeps their lease alive while they run,
 * retries failures with backoff and ends a job as `failed` with a readable reason.
 */
import { randomBytes } from "node:crypto";
import { type Db, type Tx, writeTx } from "../../db/client.ts";
import {
  claimJob,
  type ClaimLane,
  failJob,
  finishJob,
  hasDueJob,
  holdsLease,
  type JobRow,
  releaseJob,
  renewLease,
  requeueJob,
  setJobProgress,
} from "../../db/queries/jobs.ts";
import type { Config } from "../config.ts";
import { log } from "../log.ts";

/** A failure no retry can mend (a file ffmpeg cannot decode): the job fails at once. */
export class PermanentJobError extends Error {}

/** The job's lease was lost (cancelled by a delete, or taken by another worker after it ran out). */
export class LeaseLost extends Error {
  constructor() {
    super("lease lost");
  }
}

export type JobContext = {
  job: JobRow;
  payload: Record<string, unknown>;
  owner: string;
  db: Db;
  config: Config;
  /** Aborted when the lease is lost or the runner stops: stop work and leave. */
  signal: AbortSignal;
  /** 0-100; written at most once a second (and always at 100). */
  progress(pct: number): Promise<void>;
  /** Runs fn and marks the job done in one transaction, only while this run still holds the lease. */
  commit<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
  /**
   * Says the run reached a named stage (`checked`, `encoded`, `recorded`, `moved`, `committed`): what
   * the runner's `onStage` observer hears (tests delete an item at each one, issue 42 point 6).
   */
  stage(name: string): Promise<void>;
};

export type RunnerOptions = {
  /** Heard at each stage of each run, and at `start` before the handler runs; the run waits for it. */
  onStage?: (job: JobRow, stage: string) => Promise<void>;
};

export type JobHandler = {
  run(ctx: JobContext): Promise<void>;
  /** Progress also shown elsewhere (the item's row). */
  onProgress?(db: Db, job: JobRow, pct: number): Promise<void>;
  /** A failure that will be retried (`final` false) or was the last (`final` true). */
  onFailure?(db: Db, job: JobRow, reason: string, final: boolean): Promise<void>;
};

export type Handlers = Record<string, JobHandler>;

/** Delay before retry n (1-based): 1, 4, 9 ... times the base, at most 10 minutes. */
export const backoffMs = (attempt: number, baseMs: number) => Math.min(baseMs * attempt * attempt, 600_000);

export class JobRunner {
  readonly owner = `${Deno.pid}-${randomBytes(6).toString("hex")}`;
  #running = new Map<number, { promise: Promise<void>; abort: AbortController; long: boolean }>();
  #stopping = false;
  #wake: (() => void) | null = null;
  #loop: Promise<void> | null = null;

  constructor(private db: Db, private config: Config, private handlers: Handlers, private opts: RunnerOptions = {}) {}

  start() {
    this.#loop ??= this.#run();
    return this;
  }

  /** A job was queued in this process: look now rather than at the next poll. */
  wake() {
    this.#wake?.();
  }

  get busy() {
    return this.#running.size;
  }

  /**
   * Stops claiming. Running jobs are aborted and handed back to the queue at once (not counted as
   * an attempt), unless `finish` is set: then they run to their end.
   */
  async stop(opts: { finish?: boolean } = {}) {
    this.#stopping = true;
    this.wake();
    if (!opts.finish) { for (const r of this.#running.values()) r.abort.abort(new Error("shutdown")); }
    await Promise.allSettled([this.#loop, ...[...this.#running.values()].map((r) => r.promise)]);
  }

  /** Whether a job is long: its known cost is above SHORT_JOB_MAX_WORK, or unknown (decision 040). */
  #isLong(job: JobRow) {
    return job.cost === null || job.cost > this.config.jobs.shortMaxWork;
  }

  /**
   * What may be claimed now: any job while fewer than JOB_CONCURRENCY run; past that, while a long
   * job runs, one more lane for short jobs only, so a long transcode never holds the only lane
   * (decision 040); null: nothing.
   */
  #lane(): ClaimLane | null {
    const { concurrency, shortMaxWork } = this.config.jobs;
    const running = [...this.#running.values()];
    if (running.length < concurrency) return { shortMaxWork };
    const long = running.filter((r) => r.long).length;
    if (long > 0 && running.length < concurrency + 1) return { shortMaxWork, shortOnly: true };
    return null;
  }

  async #run() {
    const { leaseMs, pollMs } = this.config.jobs;
    const kinds = Object.keys(this.handlers);
    while (!this.#stopping) {
      let claimed: JobRow | null = null;
      const lane = this.#lane();
      if (lane) {
        try {
          if (await hasDueJob(this.db, kinds, lane)) {
            claimed = await writeTx(this.db, (tx) => claimJob(tx, this.owner, leaseMs, kinds, lane));
          }
        } catch (e) {
          log.error("job claim failed", { error: String(e) });
        }
      }
      if (claimed) {
        this.#start(claimed);
        continue;
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, pollMs);
        function done() {
          clearTimeout(timer);
          resolve();
        }
        this.#wake = done;
      });
      this.#wake = null;
    }
  }

  #start(job: JobRow) {
    const abort = new AbortController();
    const promise = this.#execute(job, abort).finally(() => {
      this.#running.delete(job.id);
      this.wake();
    });
    this.#running.set(job.id, { promise, abort, long: this.#isLong(job) });
  }

  async #execute(job: JobRow, abort: AbortController) {
    const { db, config, owner } = this;
    const handler = this.handlers[job.kind];
    const renew = setInterval(async () => {
      const held = await renewLease(db, job.id, owner, config.jobs.leaseMs).catch(() => true);
      if (!held) abort.abort(new LeaseLost());
    }, Math.max(200, Math.floor(config.jobs.leaseMs / 3)));
    let lastWrite = 0;
    let committed = false;
    const onStage = this.opts.onStage;
    const ctx: JobContext = {
      job,
      stage: (name) => onStage?.(job, name) ?? Promise.resolve(),
      payload: JSON.parse(job.payload),
      owner,
      db,
      config,
      signal: abort.signal,
      progress: async (pct) => {
        const now = Date.now();
        if (pct < 100 && now - lastWrite < 1000) return;
        lastWrite = now;
        const p = Math.max(0, Math.min(100, Math.round(pct)));
        await setJobProgress(db, job.id, owner, p);
        await handler.onProgress?.(db, job, p);
      },
      commit: (fn) =>
        writeTx(db, async (tx) => {
          if (!(await holdsLease(tx, job.id, owner))) throw new LeaseLost();
          const out = await fn(tx);
          await finishJob(tx, job.id);
          committed = true;
          return out;
        }),
    };
    try {
      if (!handler) throw new PermanentJobError(`No handler for job kind ${job.kind}`);
      if (job.attempts > job.maxAttempts) {
        throw new PermanentJobError(`Processing stopped ${job.attempts - 1} times without finishing (the worker was interrupted).`);
      }
      log.debug("job started", { id: job.id, kind: job.kind, attempt: job.attempts });
      await ctx.stage("start");
      await handler.run(ctx);
      if (!committed) await ctx.commit(() => Promise.resolve());
      log.debug("job done", { id: job.id, kind: job.kind });
    } catch (e) {
      await this.#failed(job, handler, abort, e);
    } finally {
      clearInterval(renew);
    }
  }

  async #failed(job: JobRow, handler: JobHandler | undefined, abort: AbortController, e: unknown) {
    const { db, config } = this;
    const reason = abort.signal.reason ?? e;
    if (reason instanceof LeaseLost) {
      log.warn("job lease lost; left to its new owner", { id: job.id });
      return;
    }
    if (this.#stopping && abort.signal.aborted) {
      // Shutdown: back to the queue at once, this attempt not counted.
      await writeTx(db, async (tx) => {
        if (!(await holdsLease(tx, job.id, this.owner))) return;
        await releaseJob(tx, job.id);
      }).catch(() => {});
      return;
    }
    const message = e instanceof Error ? e.message : String(e);
    const final = e instanceof PermanentJobError || job.attempts >= job.maxAttempts;
    log.warn("job failed", { id: job.id, kind: job.kind, attempt: job.attempts, final, error: message.slice(0, 500) });
    const applied = await writeTx(db, async (tx) => {
      if (!(await holdsLease(tx, job.id, this.owner))) return false;
      if (final) await failJob(tx, job.id, message);
      else await requeueJob(tx, job.id, message, backoffMs(job.attempts, config.jobs.retryBaseMs));
      return true;
    }).catch(() => false);
    if (applied) await handler?.onFailure?.(db, job, message, final).catch(() => {});
  }
}
