/**
 * The jobs a process runs: the handlers by kind, the runner, and at start the videos still
 * without renditions queued (an upgraded site or the demo's seed play through the new path
 * without manual steps; the public ones keep playing their original meanwhile), and the images
 * without renditions given theirs by a background pass (they keep serving their original meanwhile).
 */
import { type Db, writeTx } from "../../db/client.ts";
import { queueMissingRenditions } from "../../db/queries/media_files.ts";
import type { Config } from "../config.ts";
import { log } from "../log.ts";
import { hasFfmpeg } from "../media/video_check.ts";
import { VIDEO_PROCESS, videoProcessHandler } from "../media/process_job.ts";
import { HASH_BACKFILL, hashBackfillHandler, queueHashBackfill } from "../media/hash_backfill.ts";
import { IMAGE_RENDITIONS, imageRenditionsHandler } from "../media/image_job.ts";
import { IMAGE_BACKFILL, imageBackfillHandler, queueImageBackfill } from "../media/image_backfill.ts";
import { onJobQueued } from "../jobs/enqueue.ts";
import { type Handlers, JobRunner, type RunnerOptions } from "../jobs/queue.ts";
import { NOTIFY_HANDLERS } from "../notify/jobs.ts";
import { FEDERATION_HANDLERS } from "../federation/federation.ts";

export const HANDLERS: Handlers = {
  [VIDEO_PROCESS]: videoProcessHandler,
  [HASH_BACKFILL]: hashBackfillHandler,
  [IMAGE_RENDITIONS]: imageRenditionsHandler,
  [IMAGE_BACKFILL]: imageBackfillHandler,
  ...NOTIFY_HANDLERS,
};

export type Jobs = { runner: JobRunner; stop(opts?: { finish?: boolean }): Promise<void> };

/**
 * Federation's tasks (deliveries, inbox activities) run on a lane of their own, several at once: a
 * transcode of minutes on the main lane (JOB_CONCURRENCY, often 1) must not hold back a delivery.
 */
export const FEDERATION_CONCURRENCY = 8;
/**
 * The federation lane looks for due tasks this often (an indexed read). A job queued in this process wakes it at once;
 * one queued by a trigger (an item approved, migration 0028) or by another process waited up to JOB_POLL_MS (1 s).
 */
export const FEDERATION_POLL_MS = 200;

export async function startJobs(db: Db, config: Config, handlers: Handlers = HANDLERS, opts: RunnerOptions = {}): Promise<Jobs> {
  // Without ffmpeg there is nothing to make: videos keep playing their originals.
  const ffmpeg = await hasFfmpeg();
  const queued = ffmpeg ? await writeTx(db, (tx) => queueMissingRenditions(tx, config.jobs.maxAttempts)) : 0;
  if (queued) log.info("videos queued for renditions", { count: queued });
  // Items from before perceptual hashes (issue 25) get theirs in the background.
  if (await queueHashBackfill(db, config, ffmpeg)) log.info("items queued for perceptual hashes");
  // Images from before renditions (issue 35) get theirs likewise.
  if (await queueImageBackfill(db, config)) log.info("images queued for renditions");
  const runner = new JobRunner(db, config, handlers, opts).start();
  const fedConfig = {
    ...config,
    jobs: { ...config.jobs, concurrency: FEDERATION_CONCURRENCY, pollMs: Math.min(config.jobs.pollMs, FEDERATION_POLL_MS) },
  };
  const federation = handlers === HANDLERS ? new JobRunner(db, fedConfig, FEDERATION_HANDLERS).start() : null;
  const unsubscribe = onJobQueued(() => {
    runner.wake();
    federation?.wake();
  });
  return {
    runner,
    stop: async (opts) => {
      unsubscribe();
      await Promise.all([runner.stop(opts), federation?.stop(opts)]);
    },
  };
}
