/**
 * The background pass (issue 25): items from before perceptual hashes get theirs, in batches of
 * one job each (`media.hash_backfill`, payload `{ afterId }`), each queuing the next, so a site
 * with many items is hashed without one long job holding a lease. Queued at start when some item
 * has none (lib/boot/jobs.ts). Videos sample frames of their original, or their largest rendition.
 */
import type { Db } from "../../db/client.ts";
import { hasOpenJobOfKind, itemsWithoutHashes } from "../../db/queries/similar.ts";
import type { Config } from "../config.ts";
import { enqueueJob } from "../jobs/enqueue.ts";
import type { JobHandler } from "../jobs/queue.ts";
import { probeMedia } from "./ffmpeg.ts";
import { replaceHashesOfItem } from "./similar.ts";
import { imageHashes, videoHashes } from "./similar_hash.ts";
import { withLocalCopy } from "./storage.ts";
import { log } from "../log.ts";

export const HASH_BACKFILL = "media.hash_backfill";
const BATCH = 20;
/**
 * The pass runs in the web process's job runner: after each item it pauses as long as the item
 * took (at least PAUSE_MIN_MS), so sharp and ffmpeg take at most about half of the time next to the
 * requests, and the event loop gets a turn between items. Measured per item: a JPEG 3 ms (1,024 to
 * 2,000 px; sharp shrinks on load) to 7 ms (4,096 px), a 2,000 px PNG 45 ms, a 10 s 720p video 0.5 s
 * (probe and 4 frames, in ffmpeg child processes).
 */
export const PAUSE_MIN_MS = 10;

/** Waits `ms` (a background pass's turn given back to requests); ends early when the job is stopped. */
export const pause = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener("abort", done, { once: true });
  });

/** Queues the pass when an item lacks hashes and no pass is under way; whether it did. */
export async function queueHashBackfill(db: Db, config: Config, hasFfmpeg: boolean): Promise<boolean> {
  if (await hasOpenJobOfKind(db, HASH_BACKFILL)) return false;
  const kinds = hasFfmpeg ? ["image", "video"] : ["image"];
  if (!(await itemsWithoutHashes(db, 0, 1, kinds)).length) return false;
  await enqueueJob(db, config, { kind: HASH_BACKFILL, payload: { afterId: 0, videos: hasFfmpeg } });
  return true;
}

export const hashBackfillHandler: JobHandler = {
  async run(ctx) {
    const { db, config, signal } = ctx;
    const afterId = Number(ctx.payload.afterId) || 0;
    const kinds = ctx.payload.videos ? ["image", "video"] : ["image"];
    const items = await itemsWithoutHashes(db, afterId, BATCH, kinds);
    let spent = 0;
    for (const item of items) {
      signal.throwIfAborted();
      const start = performance.now();
      const hashes = (await withLocalCopy(config, item.fileKey!, async (path) => {
        if (item.contentType === "image") return (await imageHashes(config, path).catch(() => null))?.hashes ?? [];
        const info = await probeMedia(config, path, signal);
        return info ? await videoHashes(config, path, info.duration, signal).catch(() => []) : [];
      })) ?? [];
      await ctx.stage("hashed");
      await replaceHashesOfItem(db, item.id, hashes); // nothing for an item deleted meanwhile
      const took = performance.now() - start;
      spent += took;
      await pause(Math.max(PAUSE_MIN_MS, took), signal);
    }
    if (items.length) log.debug("hash backfill batch", { items: items.length, msPerItem: Math.round(spent / items.length) });
    const last = items[items.length - 1]?.id;
    await ctx.commit(async (tx) => {
      if (items.length === BATCH) {
        await enqueueJob(tx, config, { kind: HASH_BACKFILL, payload: { afterId: last, videos: ctx.payload.videos } });
      }
    });
  },
};
