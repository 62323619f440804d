/**
 * The `image.renditions` job (issue 35 point 1): an image item's WebP renditions
 * (lib/media/image_renditions.ts), queued when the item is created and run by the job queue, never
 * inside the request. Like the video job (lib/media/process_job.ts): outputs are temp files until
 * their final keys are on the job row, then moved into place, and the item switched to them in a
 * transaction that checks the lease; a run that does not commit removes what it moved, the next run
 * what a dead one had moved. Until the switch the item serves its original as before, so an image
 * is public as soon as it is approved, with or without renditions. A file that cannot be made into
 * renditions (gone from storage, refused by the limits) marks the item's processing failed, which
 * the background pass (lib/media/image_backfill.ts) then leaves alone; the item keeps its original.
 */
import { rm } from "node:fs/promises";
import type { Db, Tx } from "../../db/client.ts";
import { setJobOutputs } from "../../db/queries/jobs.ts";
import { findMediaForProcessing, type NewMediaFile, replaceMediaFiles, setMediaProcessing } from "../../db/queries/media_files.ts";
import { updateMediaItem } from "../../db/queries/uploads.ts";
import type { Config } from "../config.ts";
import { HttpError } from "../http_error.ts";
import { contentChanged } from "../http/content_version.ts";
import { enqueueJob } from "../jobs/enqueue.ts";
import { type JobHandler, LeaseLost, PermanentJobError } from "../jobs/queue.ts";
import { checkImage } from "./media_process.ts";
import { chooseImageFiles, encodeImageRenditions, planImageWidths, shapeOf } from "./image_renditions.ts";
import { newKey, removeKeys, storeFor } from "./storage.ts";
import { isPublic } from "./visibility.ts";

export const IMAGE_RENDITIONS = "image.renditions";
export const IMAGE_MISSING = "The image file is missing from storage.";

/** Queues an image's renditions, in the caller's transaction (the item's create). */
export async function queueImageRenditions(tx: Tx, config: Config, mediaId: number) {
  await enqueueJob(tx, config, { kind: IMAGE_RENDITIONS, payload: { mediaId }, mediaId });
}

/** What a run needs: the job it holds (its outputs are recorded there) and how it switches an item. */
export type ImageRun = {
  db: Db;
  config: Config;
  signal: AbortSignal;
  jobId: number;
  owner: string;
  /** Runs fn in a transaction that holds the job's lease (throws LeaseLost otherwise). */
  commit<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
  /** The job's stages, for the runner's observer (lib/jobs/queue.ts). */
  stage?(name: string): Promise<void>;
};

/**
 * Makes and records one image's renditions. Returns whether the public sees the item (the caller
 * then moves the content version, so cached pages take the renditions up). Nothing to do for an
 * item gone or not an image.
 */
export async function renderImageItem(run: ImageRun, mediaId: number): Promise<boolean> {
  const { db, config, signal } = run;
  const item = await findMediaForProcessing(db, mediaId);
  if (!item?.fileKey || item.contentType !== "image") return false;
  const store = storeFor(config);
  const original = await store.local(item.fileKey);
  if (!original) throw new PermanentJobError(IMAGE_MISSING);
  const temps: string[] = [];
  let keys: string[] = [];
  let moved = false;
  let committed = false;
  try {
    const meta = await checkImage(config, original.path).catch((e) => {
      throw e instanceof HttpError ? new PermanentJobError(e.message) : e;
    });
    const shape = shapeOf(meta);
    const widths = planImageWidths(shape.width);
    temps.push(...widths.map(() => store.tempPath()));
    const made = await encodeImageRenditions(config, original.path, shape, widths, temps, signal);
    await run.stage?.("encoded");
    const chosen = chooseImageFiles(made, { width: shape.width, height: shape.height, bytes: original.size });
    const animated = shape.frames > 1 ? { a: 1 } : {};
    const entries = chosen.map((c) =>
      "made" in c
        ? { path: c.made.path, k: newKey("i", "webp"), w: c.made.width, h: c.made.height, b: c.made.bytes, ...animated }
        : { path: null, k: item.fileKey!, w: c.width, h: c.height, b: c.bytes, ...animated }
    );
    const files: NewMediaFile[] = entries.filter((e) => e.path).map((e) => ({
      key: e.k,
      role: "rendition",
      width: e.w,
      height: e.h,
      bytes: e.b,
    }));
    keys = files.map((f) => f.key);
    signal.throwIfAborted();
    if (!(await setJobOutputs(db, run.jobId, run.owner, keys))) throw new LeaseLost();
    moved = true;
    await run.stage?.("recorded");
    for (const e of entries) if (e.path) await store.moveIn(e.path, e.k);
    await run.stage?.("moved");
    const result = await run.commit(async (tx) => {
      const current = await findMediaForProcessing(tx, mediaId);
      if (!current?.fileKey) return null; // deleted meanwhile: what was moved goes below
      const old = await replaceMediaFiles(tx, mediaId, files);
      const sources = entries.map(({ path: _, ...e }) => e);
      await updateMediaItem(tx, mediaId, { sources: JSON.stringify(sources), diskBytes: original.size + sum(files) });
      return { old: old.filter((k) => !keys.includes(k)), visible: isPublic(current) };
    });
    if (!result) return false;
    committed = true;
    await run.stage?.("committed");
    await removeKeys(config, result.old);
    return result.visible;
  } finally {
    await Promise.all(temps.map((t) => rm(t, { force: true })));
    await original.release();
    if (moved && !committed) await removeKeys(config, keys);
  }
}

const sum = (files: NewMediaFile[]) => files.reduce((n, f) => n + f.bytes, 0);

/** An image whose renditions cannot be made keeps its original; the reason is kept on the item. */
export async function markImageFailed(db: Db, mediaId: number, reason: string) {
  await setMediaProcessing(db, mediaId, "failed", 0, `Image renditions failed: ${reason}`.slice(0, 400));
}

export const imageRenditionsHandler: JobHandler = {
  async run(ctx) {
    // What a dead run had already moved into place never reached the item: it goes first.
    await removeKeys(ctx.config, JSON.parse(ctx.job.outputs) as string[]);
    const visible = await renderImageItem(
      { db: ctx.db, config: ctx.config, signal: ctx.signal, jobId: ctx.job.id, owner: ctx.owner, commit: ctx.commit, stage: ctx.stage },
      Number(ctx.payload.mediaId),
    );
    if (visible) await contentChanged(ctx.db);
  },
  async onFailure(db, job, reason, final) {
    if (final && job.mediaId) await markImageFailed(db, job.mediaId, reason);
  },
};
