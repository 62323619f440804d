/**
 * The notification jobs (issue 33): the fan-out of a published item to its creator's followers (in
 * batches, resumable: db/queries/notify_fanout.ts) and the mails (mail.ts), both in the job queue; and the
 * daily retention run on a timer of the singletons' process.
 */
import { type Db, writeTx } from "../../db/client.ts";
import { fanoutBatch } from "../../db/queries/notify_fanout.ts";
import { deleteOldRead, membersOverCap, trimMember } from "../../db/queries/notifications.ts";
import { log } from "../log.ts";
import type { Handlers, JobHandler } from "../jobs/queue.ts";
import { FANOUT_JOB, MAIL_JOB } from "../../common/notification_rules.ts";
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

/**
 * Runs the retention a minute after start and then daily, in the one process that runs the singletons (server.ts),
 * like the upload sweep: it keeps no job row, and a restart runs it again; returns the function that stops it.
 */
export function startNotificationRetention(db: Db): () => void {
  const run = () =>
    runRetention(db).then(
      (n) => n && log.info("old notifications removed", { removed: n }),
      (e) => log.error("notification retention failed", { error: String(e) }),
    );
  const first = setTimeout(run, 60_000);
  const daily = setInterval(run, DAY_MS);
  Deno.unrefTimer(first);
  Deno.unrefTimer(daily);
  return () => {
    clearTimeout(first);
    clearInterval(daily);
  };
}

export const NOTIFY_HANDLERS: Handlers = { [FANOUT_JOB]: fanoutHandler, [MAIL_JOB]: mailHandler };
