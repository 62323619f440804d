/**
 * The notification jobs (issue 33): the fan-out of a published item to its creator's followers (in
 * batches, resumable: db/queries/notify_fanout.ts), the mails (mail.ts), and the daily retention run,
 * which queues its next run in its own commit so there is always one (queued at start when missing).
 */
import { type Db, writeTx } from "../../db/client.ts";
import { fanoutBatch } from "../../db/queries/notify_fanout.ts";
import { deleteOldRead, membersOverCap, trimMember } from "../../db/queries/notifications.ts";
import { hasQueuedJobOfKind } from "../../db/queries/jobs.ts";
import type { Config } from "../config.ts";
import { log } from "../log.ts";
import { enqueueJob } from "../jobs/enqueue.ts";
import type { Handlers, JobHandler } from "../jobs/queue.ts";
import { FANOUT_JOB, MAIL_JOB, RETENTION_JOB } from "../../common/notification_rules.ts";
import { mailHandler } from "./mail.ts";

/** Followers per fan-out transaction: short write locks on a small machine. */
export const FANOUT_BATCH = 500;
const FANOUT_PAUSE_MS = 5;
/** Rows per retention delete. */
const RETENTION_BATCH = 5_000;
const DAY_MS = 86_400_000;

export const fanoutHandler: JobHandler = {
  async run(ctx) {
    const mediaId = Number(ctx.payload.mediaId);
    while (!(await writeTx(ctx.db, (tx) => fanoutBatch(tx, mediaId, FANOUT_BATCH)))) {
      ctx.signal.throwIfAborted();
      // A breath between batches: on one core, requests waiting for the event loop or the write lock go first.
      await new Promise((r) => setTimeout(r, FANOUT_PAUSE_MS));
    }
  },
};

/** Deletes read entries older than 90 days and keeps each member's 1,000 newest; how many went. */
export async function runRetention(db: Db, now = Date.now()): Promise<number> {
  let removed = 0;
  for (let n = RETENTION_BATCH; n === RETENTION_BATCH;) {
    n = await writeTx(db, (tx) => deleteOldRead(tx, now, RETENTION_BATCH));
    removed += n;
  }
  for (const userId of await membersOverCap(db)) removed += await writeTx(db, (tx) => trimMember(tx, userId));
  return removed;
}

export const retentionHandler: JobHandler = {
  async run(ctx) {
    const removed = await runRetention(ctx.db);
    if (removed) log.info("old notifications removed", { removed });
    await ctx.commit((tx) => enqueueJob(tx, ctx.config, { kind: RETENTION_JOB, payload: {}, runAfter: Date.now() + DAY_MS }));
  },
};

/** At start: the daily retention run is queued unless one already is. */
export async function ensureRetentionJob(db: Db, config: Config): Promise<void> {
  await writeTx(db, async (tx) => {
    if (!(await hasQueuedJobOfKind(tx, RETENTION_JOB))) {
      await enqueueJob(tx, config, { kind: RETENTION_JOB, payload: {}, runAfter: Date.now() + 60_000 });
    }
  });
}

export const NOTIFY_HANDLERS: Handlers = { [FANOUT_JOB]: fanoutHandler, [MAIL_JOB]: mailHandler, [RETENTION_JOB]: retentionHandler };
