/**
 * The background pass (issue 25): items from before perceptual hashes get theirs, in batches of
 * one job each (`media.hash_backfill`, payload `{ afterId }`), each queuing the next, so a site
 * with many items is hashed without one long job holding a lease. Queued at start when some item
 * has none (lib/boot/jobs.ts). Videos sample frames of their original, or their largest rendition.
 */
import type { Db } from "../../db/client.ts";
import { deleteHashesOf, hasOpenJobOfKind, itemsWithoutHashes } from "../../db/queries/similar.ts";
import type { Config } from "../config.ts";
import { enqueueJob } from "../jobs/enqueue.ts";
import type { JobHandler } from "../jobs/queue.ts";
import { probeMedia } from "./ffmpeg.ts";
import { storeHashes } from "./similar.ts";
import { imageHashes, videoHashes } from "./similar_hash.ts";
import { withLocalCopy } from "./storage.ts";

export const HASH_BACKFILL = "media.hash_backfill";
const BATCH = 50;

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
    for (const item of items) {
      signal.throwIfAborted();
      const hashes = (await withLocalCopy(config, item.fileKey!, async (path) => {
        if (item.contentType === "image") return await imageHashes(path);
        const info = await probeMedia(path, signal);
        return info ? await videoHashes(config, path, info.duration, signal).catch(() => []) : [];
      })) ?? [];
      await deleteHashesOf(db, item.id);
      await storeHashes(db, item.id, hashes);
    }
    const last = items[items.length - 1]?.id;
    await ctx.commit(async (tx) => {
      if (items.length === BATCH) {
        await enqueueJob(tx, config, { kind: HASH_BACKFILL, payload: { afterId: last, videos: ctx.payload.videos } });
      }
    });
  },
};
