/**
 * The `video.process` job: from an item's original, its renditions, preview clip and posters
 * (lib/media/renditions.ts), with progress on the item's row. Outputs are written as temp files
 * (swept at start after a crash), their final keys recorded on the job before they are moved into
 * place, and the item switched to them in the transaction that marks the job done; a run that
 * does not commit (lease lost, item deleted, failure) removes what it wrote, and the next run
 * removes what a dead one had moved into place. The item becomes public-playable when ready.
 * The original is checked again first, with the upload's limits (lib/media/video_check.ts): an
 * item from before them, or uploaded while ffmpeg was missing, fails at once with the reason
 * rather than filling hours of frames (issue 31 point 4).
 */
import { rm, stat } from "node:fs/promises";
import { enqueueJob } from "../jobs/enqueue.ts";
import { type JobHandler, LeaseLost, PermanentJobError } from "../jobs/queue.ts";
import { type Tx, writeTx } from "../../db/client.ts";
import { notifyNowPublic, notifyOwner } from "../../db/queries/notify.ts";
import { queueFollowerNews } from "./published.ts";
import { setJobOutputs } from "../../db/queries/jobs.ts";
import { findItemVideoWork } from "../../db/queries/video_work.ts";
import {
  findMediaForProcessing,
  type NewMediaFile,
  replaceMediaFiles,
  setMediaProcessing,
  setMediaProgress,
} from "../../db/queries/media_files.ts";
import { updateMediaItem } from "../../db/queries/uploads.ts";
import type { Config } from "../config.ts";
import { contentChanged } from "../http/content_version.ts";
import { newKey, removeKeys, storeFor } from "./storage.ts";
import { HttpError } from "../http_error.ts";
import { encodePreview, encodeRenditions, makePosters, planRenditions } from "./renditions.ts";
import { probeMedia } from "./ffmpeg.ts";
import { checkVideoFile, isCheckMessage, VIDEO_UNDECODABLE } from "./video_check.ts";
import { hashVideoItem } from "./similar_hash.ts";
import { type GenerationData, generationValues } from "./generation.ts";
import { readVideoGeneration } from "./untrusted_parse.ts";

export const VIDEO_PROCESS = "video.process";

/** Queues processing of an item (in the caller's transaction) and marks it queued; its known cost orders the queue (decision 040). */
export async function queueVideoProcessing(tx: Tx, config: Config, mediaId: number) {
  const cost = await findItemVideoWork(tx, mediaId);
  await enqueueJob(tx, config, { kind: VIDEO_PROCESS, payload: { mediaId }, mediaId, cost });
  await setMediaProcessing(tx, mediaId, "queued", 0);
}

/** Shares of the progress bar: renditions are most of the work. */
const SHARE = { renditions: 0.88, preview: 0.08 };

export const videoProcessHandler: JobHandler = {
  async run(ctx) {
    const { db, config, signal } = ctx;
    const mediaId = Number(ctx.payload.mediaId);
    // What a dead run had already moved into place never reached the item: it goes first.
    await removeKeys(config, JSON.parse(ctx.job.outputs) as string[]);
    const item = await findMediaForProcessing(db, mediaId);
    if (!item?.fileKey || item.contentType !== "video") return;
    await setMediaProcessing(db, mediaId, "processing", 0);
    // ffmpeg reads a local file: the original itself on disk, a temp copy of it from a bucket.
    const store = storeFor(config);
    const original = await store.local(item.fileKey);
    if (!original) throw new PermanentJobError(VIDEO_UNDECODABLE); // an original gone from storage decodes as nothing
    const src = original.path;
    const info = await checkVideoFile(config, src, signal).catch(async (e) => {
      await original.release();
      // A refusal is for good: the file will not change (its reason is the member's message).
      throw e instanceof HttpError ? new PermanentJobError(e.message) : e;
    });
    await ctx.stage("checked");

    // Perceptual hashes of a few frames (issue 25): a look-alike of removed content is held.
    await hashVideoItem(db, config, mediaId, src, info.duration, signal);
    // Generation data from the container's tags (issue 25), read here where the file is local.
    const gen = await readVideoGeneration(config, src, signal);
    await ctx.stage("hashed");
    const rungs = planRenditions(info);
    const tmp = () => store.tempPath();
    const temps = { renditions: rungs.map(tmp), preview: tmp(), frame: tmp(), posters: [tmp(), tmp()] };
    const allTemps = [...temps.renditions, temps.preview, temps.frame, ...temps.posters];
    const keys = {
      renditions: rungs.map(() => newKey("v", "mp4")),
      preview: newKey("p", "mp4"),
      posters: [newKey("t", "webp"), newKey("t", "webp")],
    };
    const allKeys = [...keys.renditions, keys.preview, ...keys.posters];
    let moved = false;
    let committed = false;
    try {
      await encodeRenditions(config, src, info, rungs, temps.renditions, {
        signal,
        onProgress: (f) => void ctx.progress(f * SHARE.renditions * 100).catch(() => {}),
      });
      const previewSound = await encodePreview(config, src, info, temps.preview, signal);
      await ctx.progress((SHARE.renditions + SHARE.preview) * 100);
      await makePosters(config, src, info, temps.frame, temps.posters, signal);
      await ctx.stage("encoded");
      signal.throwIfAborted();

      const sizes = (paths: string[]) => Promise.all(paths.map(async (p) => (await stat(p)).size));
      const renditionBytes = await sizes(temps.renditions);
      const [previewBytes, ...posterBytes] = await sizes([temps.preview, ...temps.posters]);
      // Each rendition's own pixels, as ffprobe reads the file: what feeds and og:video say of it (issue 35 point 5).
      const frames: { width: number | null; height: number }[] = [];
      for (const [i, path] of temps.renditions.entries()) {
        const p = await probeMedia(config, path, signal);
        frames.push(p ? { width: p.width, height: p.height } : { width: null, height: rungs[i].height });
      }
      const files: NewMediaFile[] = [
        ...rungs.map((_, i) => ({ key: keys.renditions[i], role: "rendition" as const, ...frames[i], bytes: renditionBytes[i] })),
        { key: keys.preview, role: "preview", height: null, bytes: previewBytes },
        { key: keys.posters[0], role: "poster", height: null, bytes: posterBytes[0] },
        { key: keys.posters[1], role: "poster2x", height: null, bytes: posterBytes[1] },
      ];
      if (!(await setJobOutputs(db, ctx.job.id, ctx.owner, allKeys))) throw new LeaseLost();
      moved = true;
      await ctx.stage("recorded");
      for (const [i, t] of [...temps.renditions, temps.preview, ...temps.posters].entries()) {
        await store.moveIn(t, allKeys[i]);
      }
      await ctx.stage("moved");
      const originalBytes = original.size;
      const dropOriginal = !config.keepOriginals;
      const sources = rungs.map((r, i) => ({
        k: keys.renditions[i],
        h: r.height,
        b: renditionBytes[i],
        ...(frames[i].width ? { fw: frames[i].width, fh: frames[i].height } : {}),
      }));
      const derivedBytes = files.reduce((n, f) => n + f.bytes, 0);
      const old = await ctx.commit(async (tx) => {
        const current = await findMediaForProcessing(tx, mediaId);
        if (!current?.fileKey) throw new LeaseLost();
        const oldFiles = await replaceMediaFiles(tx, mediaId, files);
        await updateMediaItem(tx, mediaId, {
          sources: JSON.stringify(sources),
          previewKey: keys.preview,
          previewSound,
          thumbnailKey: keys.posters[0],
          poster2xKey: keys.posters[1],
          duration: info.duration ? Math.round(info.duration) : current.duration,
          width: info.width,
          height: info.height,
          diskBytes: derivedBytes + (dropOriginal ? 0 : originalBytes),
          processingState: "ready",
          processingProgress: 100,
          processingError: null,
          playable: true,
          ...fromFile(current, gen),
          ...(dropOriginal ? { fileKey: keys.renditions[keys.renditions.length - 1] } : {}),
        });
        // An approved item is public from now on: its creator's followers hear of it (issue 33), and its
        // owner, who was told at approval that it would be public when processing finished (issue 43).
        if (await queueFollowerNews(tx, config, mediaId)) await notifyNowPublic(tx, mediaId);
        const gone = [...oldFiles, current.thumbnailKey].filter((k) => k && !allKeys.includes(k));
        return dropOriginal ? [...gone, current.fileKey] : gone;
      });
      committed = true;
      await ctx.stage("committed");
      // The item may have just become public (an approved upload): caches must not hide it.
      await contentChanged(db);
      await removeKeys(config, old);
    } finally {
      await Promise.all(allTemps.map((t) => rm(t, { force: true })));
      await original.release();
      if (moved && !committed) await removeKeys(config, allKeys);
    }
  },
  async onProgress(db, job, pct) {
    if (job.mediaId) await setMediaProgress(db, job.mediaId, pct);
  },
  async onFailure(db, job, reason, final) {
    if (!job.mediaId) return;
    const mediaId = job.mediaId;
    if (!final) return await setMediaProcessing(db, mediaId, "queued", 0, null);
    // The owner hears of a failure for good with its reason (issue 33), in the transaction that records it.
    await writeTx(db, async (tx) => {
      await setMediaProcessing(tx, mediaId, "failed", 0, failureText(reason));
      await notifyOwner(tx, mediaId, "processing_failed", failureText(reason));
    });
  },
};

/** The container's prompt, generator and settings; what the member typed wins (as at upload for images). */
function fromFile(current: { prompt: string | null; aiGenerator: string | null; generation: string | null }, gen: GenerationData | null) {
  if (!gen) return {};
  const v = generationValues({ prompt: current.prompt ?? "", aiGenerator: current.aiGenerator ?? "" }, gen);
  return { prompt: v.prompt, aiGenerator: v.aiGenerator, generation: v.generation ?? current.generation };
}

/** The reason a person reads: ours as it is, ffmpeg's after a plain sentence. */
function failureText(reason: string): string {
  return isCheckMessage(reason) ? reason : `Processing failed: ${reason}`.slice(0, 400);
}
