/**
 * Fedify's MessageQueue on our durable job queue (lib/jobs/): each task Fedify queues (an inbox
 * activity to process, a fan-out, one delivery to one inbox) is a `fedify.task` job, so it waits
 * in the database, is taken by whichever process runs jobs (a web process or `deno task worker`),
 * and survives a restart. Fedify retries deliveries itself (nativeRetrial false): it queues the
 * next attempt with its delay through enqueue(), by DELIVERY_RETRY (federation.ts).
 */
import type { MessageQueue, MessageQueueEnqueueOptions, MessageQueueListenOptions } from "@fedify/fedify";
import type { Db } from "../../db/client.ts";
import { deleteJob, insertJobs } from "../../db/queries/jobs.ts";
import type { Config } from "../config.ts";
import { enqueueJob, wakeRunners } from "../jobs/enqueue.ts";
import type { JobHandler } from "../jobs/queue.ts";
import { log } from "../log.ts";
import type { FedContext } from "./federation.ts";

export const FEDIFY_TASK = "fedify.task";

const runAfter = (options?: MessageQueueEnqueueOptions) =>
  Date.now() + (options?.delay ? Math.max(0, options.delay.total("millisecond")) : 0);

export class JobsMessageQueue implements MessageQueue {
  readonly nativeRetrial = false;

  constructor(private db: Db, private config: Config) {}

  async enqueue(message: unknown, options?: MessageQueueEnqueueOptions): Promise<void> {
    // One attempt: a failed task is retried by Fedify (a new task after its backoff), never run twice by the queue.
    await enqueueJob(this.db, { ...this.config, jobs: { ...this.config.jobs, maxAttempts: 1 } }, {
      kind: FEDIFY_TASK,
      payload: message,
      runAfter: runAfter(options),
    });
  }

  enqueueMany = async (messages: readonly unknown[], options?: MessageQueueEnqueueOptions): Promise<void> => {
    const at = runAfter(options);
    await insertJobs(this.db, messages.map((payload) => ({ kind: FEDIFY_TASK, payload, maxAttempts: 1, runAfter: at })));
    wakeRunners();
  };

  /** The job runners take the tasks (lib/boot/jobs.ts), so nothing listens here: it waits for the signal. */
  listen(_handler: (message: unknown) => Promise<void> | void, options?: MessageQueueListenOptions): Promise<void> {
    return new Promise((resolve) => {
      if (!options?.signal || options.signal.aborted) return resolve();
      options.signal.addEventListener("abort", () => resolve(), { once: true });
    });
  }
}

/**
 * Runs one Fedify task. A throw is logged, not retried by the queue (Fedify queued its own retry
 * where one was due); the row goes when it ends, as a delivery's payload holds a signing key.
 */
export function fedifyTaskHandler(
  federationOf: (db: Db, config: Config) => { processQueuedTask(ctx: FedContext, message: never): Promise<void> },
): JobHandler {
  return {
    async run(ctx) {
      try {
        await federationOf(ctx.db, ctx.config).processQueuedTask({ db: ctx.db, config: ctx.config }, ctx.payload as never);
      } catch (e) {
        log.warn("federation task failed", { id: ctx.job.id, error: String(e).slice(0, 300) });
      }
      await ctx.commit((tx) => deleteJob(tx, ctx.job.id));
    },
  };
}
