/**
 * What an image becomes for browsers (issue 35 point 1): WebP copies at 480, 960 and 1600 px wide,
 * never wider than the image (the image's own width stands in for the rungs it does not reach), with
 * no metadata (EXIF, GPS, XMP are not copied; a still is turned by its EXIF orientation first). An
 * animation stays one: animated WebP, frame delays and loop kept. A copy that is no smaller in bytes
 * than the original (a small PNG, a GIF that compresses well) is not kept: the original itself is
 * the top of the list, at its own width. Every sharp call has the pixel limit and a timeout
 * (decision 027); the job (lib/media/image_job.ts) runs this, never a request.
 */
import type Sharp from "sharp";
import { loadSharp } from "./sharp.ts";
import type { Config } from "../config.ts";

/** The rungs: a phone (1x), a phone at 2-3x or a card at 2x, a desktop page and what links elsewhere show (OG, oEmbed). */
export const IMAGE_WIDTHS = [480, 960, 1600] as const;
/** The rung other sites and feeds are given (og:image, oEmbed's photo, media:content). */
export const SHARE_WIDTH = 1600;
/** WebP quality: at 78 a 1600 px picture of a generator's kind is 100-300 KB. */
const QUALITY = 78;
const ENCODE_SECONDS = 30;

/**
 * The widths an image `width` px wide gets: the rungs narrower than its top, and the top (the largest
 * rung, or the image's own width when narrower); a rung within a tenth of the top would add nothing.
 */
export function planImageWidths(width: number): number[] {
  const top = Math.min(width, IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1]);
  return [...IMAGE_WIDTHS.filter((w) => w < top * 0.9), top];
}

/** The image as displayed: frames, the size of one frame once its EXIF orientation is applied. */
export type ImageShape = { width: number; height: number; frames: number };

export function shapeOf(meta: Sharp.Metadata): ImageShape {
  const frames = meta.pages ?? 1;
  const height = meta.pageHeight ?? meta.height ?? 0;
  const width = meta.width ?? 0;
  // Orientations 5-8 turn the picture a quarter: width and height trade places once applied.
  const turned = frames === 1 && (meta.orientation ?? 1) >= 5;
  return { width: turned ? height : width, height: turned ? width : height, frames };
}

export type MadeImage = { path: string; width: number; height: number; bytes: number };

/** Writes a WebP of `src` at each width (same order) to `outPaths`; their sizes and bytes. */
export async function encodeImageRenditions(
  config: Config,
  src: string,
  shape: ImageShape,
  widths: number[],
  outPaths: string[],
  signal?: AbortSignal,
): Promise<MadeImage[]> {
  const sharp = await loadSharp();
  const animated = shape.frames > 1;
  const limitInputPixels = config.upload.maxImagePixels;
  const made: MadeImage[] = [];
  for (const [i, width] of widths.entries()) {
    signal?.throwIfAborted();
    let img = sharp(src, { animated, limitInputPixels }).timeout({ seconds: ENCODE_SECONDS });
    if (!animated) img = img.rotate(); // the EXIF orientation, before the EXIF is left behind
    const info = await img.resize({ width, withoutEnlargement: true }).webp({ quality: QUALITY }).toFile(outPaths[i]);
    made.push({ path: outPaths[i], width: info.width, height: info.pageHeight ?? info.height, bytes: info.size });
  }
  return made;
}

/** One entry of an image's list: a file made here, or the original itself. */
export type ImageChoice = { made: MadeImage } | { original: true; width: number; height: number; bytes: number };

/**
 * The list an image is served from, smallest first: the copies smaller in bytes than the original;
 * from the first that is not, the original instead (at its own width, the list's top).
 */
export function chooseImageFiles(made: MadeImage[], original: { width: number; height: number; bytes: number }): ImageChoice[] {
  const out: ImageChoice[] = [];
  for (const m of made) {
    if (m.bytes >= original.bytes) return [...out, { original: true, ...original }];
    out.push({ made: m });
  }
  return out;
}
