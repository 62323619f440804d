import type { Db, Tx } from "../../db/client.ts";
import { insertJob, type JobRow } from "../../db/queries/jobs.ts";
import type { Config } from "../config.ts";

type Waker = () => void;
const wakers = new Set<Waker>();

/** A runner in this process asks to hear of new jobs (lib/boot/jobs.ts). */
export function onJobQueued(wake: Waker): () => void {
  wakers.add(wake);
  return () => wakers.delete(wake);
}

/**
 * Queues a job, in the caller's transaction when given one, so the job exists exactly when the
 * row it works on does. Runners in this process look at once (after the commit); others poll.
 */
export async function enqueueJob(
  db: Db | Tx,
  config: Config,
  job: { kind: string; payload: unknown; mediaId?: number | null; runAfter?: number },
): Promise<JobRow> {
  const row = await insertJob(db, { ...job, maxAttempts: config.jobs.maxAttempts });
  setTimeout(() => wakers.forEach((w) => w()), 0);
  return row;
}

/** Jobs were inserted some other way (many in one statement): runners in this process look now. */
export function wakeRunners() {
  setTimeout(() => wakers.forEach((w) => w()), 0);
}
