/**
 * Computing an item's perceptual hashes (issue 25): an image's from its file, a video's from a
 * few frames spread over its length (ffmpeg scales each to the 32x32 grey the DCT needs, so no
 * full frame is decoded into JS). After a video is hashed in its job, a look-alike of a rejected,
 * admin-deleted or blocklisted item marks it held ("matches removed item #N").
 */
import { randomBytes } from "node:crypto";
import { mkdir, readFile, rm } from "node:fs/promises";
import type { Db } from "../../db/client.ts";
import { deleteHashesOf, listBlocklist, setMatchesRemoved } from "../../db/queries/similar.ts";
import type { Config } from "../config.ts";
import { runFfmpeg } from "./ffmpeg.ts";
import { hammingHex, PHASH_ALGO, phashImage, phashOfPixels } from "./phash.ts";
import { findLookAlikes, removedMatch, storeHashes } from "./similar.ts";

/** Where in a video its frames are taken, as fractions of its length. */
export const VIDEO_FRAMES = [0.2, 0.4, 0.6, 0.8];

/** An image's hash as a list (empty for a uniform picture, which matches nothing usefully). */
export async function imageHashes(path: string): Promise<string[]> {
  const h = await phashImage(path).catch(() => null);
  return h ? [h] : [];
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
        ...["-ss", t.toFixed(3), "-i", src, "-map", "0:v:0", "-frames:v", "1"],
        ...["-vf", "scale=32:32:flags=lanczos,format=gray", "-f", "rawvideo", tmp],
      ], { signal });
      const px = await readFile(tmp);
      const h = px.length === 1024 ? phashOfPixels(new Uint8Array(px)) : null;
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
  await deleteHashesOf(db, mediaId);
  await storeHashes(db, mediaId, hashes);
  const max = config.similarMaxDistance;
  const removed = removedMatch(await findLookAlikes(db, hashes, max, mediaId));
  const blocked = removed ?? (await listBlocklist(db, PHASH_ALGO)).find((b) => hashes.some((h) => hammingHex(b.hash, h) <= max))?.mediaId;
  if (blocked) await setMatchesRemoved(db, mediaId, blocked);
}
