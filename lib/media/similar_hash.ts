/**
 * Computing an item's perceptual hashes (issue 25): an image's from its frames, a video's from a
 * few frames spread over its length (ffmpeg scales each to the 32x32 grey the DCT needs, so no
 * full frame is decoded into JS). After a video is hashed in its job, a look-alike of a rejected,
 * admin-deleted or blocklisted item marks it held ("matches removed item #N").
 *
 * An image is hashed on every frame (issue 31 point 5: an animation whose first frame was plain
 * grey hid a blocklisted second frame), and once more with a plain border trimmed from its most
 * detailed frame (a picture set in a wide grey border hashed far from itself). sharp
 * reduces the frames with a pixel limit and a timeout; the DCTs run in the parse worker.
 */
import { randomBytes } from "node:crypto";
import { mkdir, readFile, rm } from "node:fs/promises";
import type Sharp from "sharp";
import { loadSharp } from "./sharp.ts";
import type { Db } from "../../db/client.ts";
import { listBlocklist, setMatchesRemoved } from "../../db/queries/similar.ts";
import type { Config } from "../config.ts";
import { boundedInput, runFfmpeg } from "./ffmpeg.ts";
import { FRAME_BYTES, hammingHex, PHASH_ALGO, phashOfPixels } from "./phash.ts";
import { findLookAlikes, removedMatch, replaceHashesOfItem } from "./similar.ts";
import { hashFramesOffLoop } from "./untrusted_parse.ts";

/** Where in a video its frames are taken, as fractions of its length. */
export const VIDEO_FRAMES = [0.2, 0.4, 0.6, 0.8];
/** Frames of an animation looked at, at most (uploads with more are refused: lib/media/media_process.ts). */
export const MAX_IMAGE_FRAMES = 1000;
/** What a border must differ by from the corner's colour to be kept by the trim. */
const BORDER_THRESHOLD = 10;
/** A picture whose plain border leaves at most this share of its area is hashed once more without it. */
const INNER_AREA = 0.64;

/** 32x32 grey pixels of an image: every frame of an animation (stacked), or one `page`. EXIF orientation applied to stills. */
export async function imagePixels(input: string | Uint8Array, limitInputPixels: number, opts: { page?: number } = {}): Promise<Uint8Array> {
  const sharp = await loadSharp();
  const pages = opts.page === undefined ? (await sharp(input, { limitInputPixels }).metadata()).pages ?? 1 : 1;
  let img = sharp(input, { limitInputPixels, page: opts.page ?? 0, pages: Math.min(pages, MAX_IMAGE_FRAMES) });
  if (pages === 1) img = img.rotate();
  return grey32(img);
}

async function grey32(img: Sharp.Sharp): Promise<Uint8Array> {
  const px = await img.greyscale().resize(32, 32, { fit: "fill", kernel: "lanczos3" }).raw().timeout({ seconds: 20 })
    .toBuffer();
  return new Uint8Array(px.buffer, px.byteOffset, px.length);
}

/**
 * The 32x32 grey pixels of a frame's picture without its plain border, when the border is wide
 * enough to matter (the picture inside is at most INNER_AREA of the frame; a narrower margin is
 * within what the hash forgives), else null. Trimmed on a 256 px copy, so the cost is flat.
 */
async function innerPixels(input: string | Uint8Array, limitInputPixels: number, page: number): Promise<Uint8Array | null> {
  const sharp = await loadSharp();
  let img = sharp(input, { limitInputPixels, page });
  if (page === 0) img = img.rotate();
  const small = await img.resize(256, 256, { fit: "inside" }).raw().timeout({ seconds: 20 })
    .toBuffer({ resolveWithObject: true });
  const raw = { width: small.info.width, height: small.info.height, channels: small.info.channels };
  const inner = await sharp(small.data, { raw, limitInputPixels }).timeout({ seconds: 20 }).trim({ threshold: BORDER_THRESHOLD })
    .raw().toBuffer({ resolveWithObject: true });
  if (inner.info.width * inner.info.height > INNER_AREA * raw.width * raw.height) return null;
  const trimmed = { width: inner.info.width, height: inner.info.height, channels: inner.info.channels };
  return grey32(sharp(inner.data, { raw: trimmed, limitInputPixels }));
}

/** An image's hashes (the most detailed frame's first, uniform frames left out) and which frame is the most detailed. */
export async function imageHashes(config: Config, input: string | Uint8Array): Promise<{ hashes: string[]; detailed: number }> {
  const limit = config.upload.maxImagePixels;
  const { hashes, detailed } = await hashFramesOffLoop(await imagePixels(input, limit));
  const inner = await innerPixels(input, limit, detailed).catch(() => null);
  const trimmed = inner ? (await hashFramesOffLoop(inner)).hashes[0] : undefined;
  if (trimmed && !hashes.includes(trimmed)) hashes.splice(1, 0, trimmed);
  return { hashes, detailed };
}

/** The hash of a still image (its first frame), null when it is uniform; for tests and benches. */
export async function phashImage(input: string | Uint8Array, limitInputPixels = 50_000_000): Promise<string | null> {
  const px = await imagePixels(input, limitInputPixels, { page: 0 });
  return px.length === FRAME_BYTES ? phashOfPixels(px) : null;
}

/** The hashes of a video's sampled frames (uniform frames, a fade to black, left out). */
export async function videoHashes(config: Config, src: string, duration: number | null, signal?: AbortSignal): Promise<string[]> {
  const times = duration && duration > 0 ? VIDEO_FRAMES.map((f) => f * duration) : [0];
  await mkdir(`${config.uploadsDir}/tmp`, { recursive: true });
  const out: string[] = [];
  for (const t of times) {
    const tmp = `${config.uploadsDir}/tmp/${randomBytes(12).toString("hex")}.gray`;
    try {
      await runFfmpeg(config, [
        ...boundedInput(config, src, { seek: t, seconds: 5 }),
        ...["-map", "0:v:0", "-frames:v", "1", "-vf", "scale=32:32:flags=lanczos,format=gray", "-f", "rawvideo", tmp],
      ], { signal, timeoutMs: 30_000 });
      const px = await readFile(tmp);
      const h = px.length === FRAME_BYTES ? phashOfPixels(new Uint8Array(px)) : null;
      if (h) out.push(h);
    } finally {
      await rm(tmp, { force: true });
    }
  }
  return out;
}

/** Hashes a processed video again (a retried job replaces its rows) and holds a look-alike of removed content. */
export async function hashVideoItem(db: Db, config: Config, mediaId: number, src: string, duration: number | null, signal?: AbortSignal) {
  const hashes = await videoHashes(config, src, duration, signal);
  if (!(await replaceHashesOfItem(db, mediaId, hashes))) return; // deleted meanwhile
  const max = config.similarMaxDistance;
  const removed = removedMatch(await findLookAlikes(db, hashes, max, mediaId));
  const blocked = removed ?? (await listBlocklist(db, PHASH_ALGO)).find((b) => hashes.some((h) => hammingHex(b.hash, h) <= max))?.mediaId;
  if (blocked) await setMatchesRemoved(db, mediaId, blocked);
}
