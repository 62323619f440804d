/**
 * The `media.sources` column (db/schema/media.ts) read as the API's lists: a video's renditions and
 * playable original, an image's renditions. One JSON array per item, written by the jobs
 * (lib/media/process_job.ts, image_job.ts) and read with the card's columns (one read per card).
 */
import type { ImageSource, VideoSource } from "../../common/api_types.ts";

/** Public URL of a stored upload (served by routes/uploads.ts with the visibility rule). */
export const uploadUrl = (key: string) => `/uploads/${key}`;

/**
 * One stored entry: its key, bytes and size. Video: `h` the rung, `fw`/`fh` the frame (since issue
 * 35). Image: `w` and `h` its pixels, `a` when animated.
 */
type Stored = { k: string; h: number; b: number; w?: number; fw?: number; fh?: number; a?: 1 };

function entries(json: string | null | undefined): Stored[] {
  if (!json || json === "[]") return [];
  try {
    const list = JSON.parse(json);
    return Array.isArray(list) ? list : [];
  } catch {
    return [];
  }
}

const videoSource = (s: Stored): VideoSource => ({
  url: uploadUrl(s.k),
  type: "video/mp4",
  height: s.h,
  bytes: s.b,
  ...(s.fw && s.fh ? { frame: { width: s.fw, height: s.fh } } : {}),
});

/** A video's renditions, smallest first. */
export const sourcesOf = (json: string | null | undefined): VideoSource[] => entries(json).filter((s) => !s.w).map(videoSource);

const IMAGE_TYPES: Record<string, string> = {
  webp: "image/webp",
  gif: "image/gif",
  png: "image/png",
  jpg: "image/jpeg",
  avif: "image/avif",
};

/** The image type of a stored key, by the extension the server gave it. */
export const imageTypeOf = (key: string) => IMAGE_TYPES[key.slice(key.lastIndexOf(".") + 1)] ?? "application/octet-stream";

/** An image's renditions, smallest first. */
export function imageSourcesOf(json: string | null | undefined): ImageSource[] {
  return entries(json).filter((s) => s.w).map((s) => ({
    url: uploadUrl(s.k),
    type: imageTypeOf(s.k),
    width: s.w!,
    height: s.h,
    bytes: s.b,
    ...(s.a ? { animated: true as const } : {}),
  }));
}

/** The source a player starts with knowing nothing of the screen: the tallest up to 720p. */
export const DEFAULT_SOURCE_HEIGHT = 720;
export function defaultSource(sources: VideoSource[]): VideoSource | null {
  const fit = sources.filter((s) => s.height <= DEFAULT_SOURCE_HEIGHT);
  return fit[fit.length - 1] ?? sources[0] ?? null;
}
