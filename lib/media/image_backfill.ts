/**
 * The background pass (issue 35 point 1): images from before renditions get theirs, in batches of
 * one job each (`media.image_backfill`, payload `{ afterId }`), each queuing the next, as the hash
 * backfill does (lib/media/hash_backfill.ts): after each image it pauses as long as the image took
 * (sharp encodes on libuv's threads, so the event loop only waits; the pause leaves requests at
 * least half of the machine). Each image is switched to its renditions on its own, in a transaction
 * that checks the lease, and the job's recorded outputs are cleared with it, so a pass that dies
 * mid-batch loses at most the image it was on. Queued at start when an image has none
 * (lib/boot/jobs.ts); an upload's own job makes the renditions of images created since.
 */
import { writeTx } from "../../db/client.ts";
import type { Db } from "../../db/client.ts";
import { holdsLease, setJobOutputs } from "../../db/queries/jobs.ts";
import { imagesWithoutRenditions } from "../../db/queries/media_files.ts";
import { hasOpenJobOfKind } from "../../db/queries/similar.ts";
import type { Config } from "../config.ts";
import { contentChanged } from "../http/content_version.ts";
import { enqueueJob } from "../jobs/enqueue.ts";
import { type JobHandler, LeaseLost } from "../jobs/queue.ts";
import { StorageError } from "../storage/error.ts";
import { log } from "../log.ts";
import { pause, PAUSE_MIN_MS } from "./hash_backfill.ts";
import { type ImageRun, markImageFailed, renderImageItem } from "./image_job.ts";
import { removeKeys } from "./storage.ts";

export const IMAGE_BACKFILL = "media.image_backfill";
const BATCH = 10;

/** Queues the pass when an image lacks renditions and no pass is under way; whether it did. */
export async function queueImageBackfill(db: Db, config: Config): Promise<boolean> {
  if (await hasOpenJobOfKind(db, IMAGE_BACKFILL)) return false;
  if (!(await imagesWithoutRenditions(db, 0, 1)).length) return false;
  await enqueueJob(db, config, { kind: IMAGE_BACKFILL, payload: { afterId: 0 } });
  return true;
}

export const imageBackfillHandler: JobHandler = {
  async run(ctx) {
    const { db, config, signal, job, owner } = ctx;
    await removeKeys(config, JSON.parse(job.outputs) as string[]);
    const afterId = Number(ctx.payload.afterId) || 0;
    const items = await imagesWithoutRenditions(db, afterId, BATCH);
    const run: ImageRun = {
      db,
      config,
      signal,
      jobId: job.id,
      owner,
      stage: ctx.stage,
      commit: (fn) =>
        writeTx(db, async (tx) => {
          if (!(await holdsLease(tx, job.id, owner))) throw new LeaseLost();
          const out = await fn(tx);
          await setJobOutputs(tx, job.id, owner, []); // in place: no later run may remove them
          return out;
        }),
    };
    let visible = false;
    let spent = 0;
    for (const item of items) {
      signal.throwIfAborted();
      const start = performance.now();
      try {
        visible = (await renderImageItem(run, item.id)) || visible;
      } catch (e) {
        if (signal.aborted || e instanceof LeaseLost) throw e;
        // One bad file does not stop the pass. A file that fails is marked and left alone; a bucket that
        // failed (a StorageError) is no fault of the file: it is tried again at the next start.
        if (!(e instanceof StorageError)) await markImageFailed(db, item.id, e instanceof Error ? e.message : String(e));
        log.warn("image renditions failed", { id: item.id, error: String(e).slice(0, 300) });
      }
      const took = performance.now() - start;
      spent += took;
      await pause(Math.max(PAUSE_MIN_MS, took), signal);
    }
    if (items.length) log.debug("image backfill batch", { items: items.length, msPerItem: Math.round(spent / items.length) });
    if (visible) await contentChanged(db);
    const last = items[items.length - 1]?.id;
    await ctx.commit(async (tx) => {
      if (items.length === BATCH) await enqueueJob(tx, config, { kind: IMAGE_BACKFILL, payload: { afterId: last } });
    });
  },
};
