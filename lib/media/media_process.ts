/**
 * What the server does to an uploaded image (videos: lib/media/video_check.ts at upload, then the
 * job, lib/media/process_job.ts): through sharp, re-encoded so EXIF/GPS and every other metadata
 * block is dropped, refused above the megapixel limit (over all its frames for an animation) or
 * above MAX_IMAGE_FRAMES frames, with a WebP thumbnail of its most detailed frame (never a plain
 * first frame) and the perceptual hashes of its frames; generation metadata (PNG text, JPEG/WebP
 * EXIF and XMP: lib/media/generation.ts) is read first, in the parse worker. Every sharp call has
 * a pixel limit and a timeout (decision 027).
 */
import { Buffer } from "node:buffer";
import { rm, writeFile } from "node:fs/promises";
import type Sharp from "sharp";
import { loadSharp } from "./sharp.ts";
import type { Config } from "../config.ts";
import { HttpError } from "../http_error.ts";
import { StorageError } from "../storage/error.ts";
import { sniff, SNIFF_BYTES } from "../../common/sniff.ts";
import { newKey, storeFor } from "./storage.ts";
import type { GenerationData } from "./generation.ts";
import { imageHashes, MAX_IMAGE_FRAMES } from "./similar_hash.ts";
import { readImageGenerationOffLoop } from "./untrusted_parse.ts";

export const IMAGE_UNDECODABLE = "The image could not be decoded. Please upload a valid image file.";
export const IMAGE_UNCHECKED = "The image could not be checked in time. Please upload a smaller file.";
export const IMAGE_TOO_MANY_FRAMES = `The animation has too many frames: at most ${MAX_IMAGE_FRAMES}`;
/** WebP's largest side, and the most one side may exceed the other (issue 42 point 4): judged on the header. */
export const MAX_IMAGE_SIDE = 16_383;
export const MAX_IMAGE_RATIO = 100;
export const IMAGE_SIDE_TOO_LONG = `The image is too large: at most ${MAX_IMAGE_SIDE.toLocaleString("en-US")} pixels wide or high`;
export const IMAGE_RATIO_TOO_LARGE =
  `The image is too narrow: one side may be at most ${MAX_IMAGE_RATIO} times the other (1:${MAX_IMAGE_RATIO})`;
export const imageTooLarge = (config: Config) =>
  `The image is too large: at most ${Math.round(config.upload.maxImagePixels / 1_000_000)} megapixels`;

/** sharp's wall clock for a re-encode (a 50-megapixel JPEG, 1,000 GIF frames) and for a thumbnail. */
const ENCODE_SECONDS = 30;
const THUMBNAIL_SECONDS = 10;

/** sharp's error for an input over limitInputPixels, as the member's message; anything else does not decode. */
const refusal = (config: Config, e: unknown) =>
  new HttpError(422, /exceeds pixel limit/i.test(String(e)) ? imageTooLarge(config) : IMAGE_UNDECODABLE);

/**
 * Refuses (422) an image sharp cannot read, one wider or higher than MAX_IMAGE_SIDE or with sides
 * past 1:MAX_IMAGE_RATIO, one above the configured megapixels (all frames of an animation counted)
 * or with more than MAX_IMAGE_FRAMES frames. Reads the header only.
 */
export async function checkImage(config: Config, input: string | Buffer): Promise<Sharp.Metadata> {
  const max = config.upload.maxImagePixels;
  const sharp = await loadSharp();
  let meta: Sharp.Metadata;
  try {
    meta = await sharp(input, { limitInputPixels: max }).metadata();
  } catch (e) {
    throw refusal(config, e);
  }
  if (!meta.width || !meta.height) throw new HttpError(422, IMAGE_UNDECODABLE);
  // From the header, before a pixel is decoded: a 600x80,000 PNG failed the WebP encode (a 500), and
  // a 1x50,000,000 one cost 30 CPU-seconds before its refusal (issue 42 point 4).
  const frameHeight = meta.pageHeight ?? meta.height;
  if (meta.width > MAX_IMAGE_SIDE || frameHeight > MAX_IMAGE_SIDE) throw new HttpError(422, IMAGE_SIDE_TOO_LONG);
  if (Math.max(meta.width, frameHeight) > MAX_IMAGE_RATIO * Math.min(meta.width, frameHeight)) {
    throw new HttpError(422, IMAGE_RATIO_TOO_LARGE);
  }
  const frames = meta.pages ?? 1;
  if (frames > MAX_IMAGE_FRAMES) throw new HttpError(422, IMAGE_TOO_MANY_FRAMES);
  if (meta.width * (meta.pageHeight ?? meta.height) * frames > max) throw new HttpError(422, imageTooLarge(config));
  return meta;
}

/** The first bytes of a file, enough to sniff its type. */
async function head(path: string): Promise<Uint8Array> {
  using file = await Deno.open(path, { read: true });
  const buf = new Uint8Array(SNIFF_BYTES);
  const n = (await file.read(buf)) ?? 0;
  return buf.subarray(0, n);
}

/** Runs fn on a local path of a stored upload (a temp copy from a bucket); 400 when it is gone. */
async function withUpload<T>(config: Config, key: string, fn: (path: string) => Promise<T>): Promise<T> {
  const copy = await storeFor(config).local(key);
  if (!copy) throw new HttpError(400, "Unknown upload: upload the file first");
  try {
    return await fn(copy.path);
  } finally {
    await copy.release();
  }
}

/**
 * The generation metadata of a stored upload, read without decoding the image: the create call
 * needs it to know whether an image without a named generator is acceptable, before it pays for
 * the re-encode (issue 19: a 2,000-frame GIF took 11 s, then the answer was 400).
 */
export function readStoredGeneration(config: Config, key: string): Promise<GenerationData | null> {
  return withUpload(config, key, async (path) => {
    const mime = sniff(await head(path))?.mime;
    return mime ? await readImageGenerationOffLoop(path, mime) : null;
  });
}

/** Writes bytes made here (a thumbnail, a re-encode) to `key` through a local temp file. */
async function storeBytes(config: Config, key: string, write: (path: string) => Promise<unknown>) {
  const store = storeFor(config);
  const tmp = store.tempPath();
  try {
    await write(tmp);
    await store.moveIn(tmp, key);
  } finally {
    await rm(tmp, { force: true });
  }
}

export type ProcessedImage = {
  width: number;
  height: number;
  size: number;
  thumbnailKey: string;
  generation: GenerationData | null;
  /** Perceptual hashes of its frames (lib/media/similar_hash.ts), for the look-alike checks. */
  hashes: string[];
};

/**
 * Re-encodes the image in place (no metadata kept), hashes its frames and writes a WebP thumbnail
 * of the most detailed one. `known` is the generation metadata when the caller read it already.
 */
export function processImage(config: Config, key: string, known?: { generation: GenerationData | null }): Promise<ProcessedImage> {
  return withUpload(config, key, async (path) => {
    const sharp = await loadSharp();
    await checkImage(config, path);
    const type = sniff(await head(path));
    if (!type || type.kind !== "image") throw new HttpError(422, IMAGE_UNDECODABLE);
    const generation = known ? known.generation : await readImageGenerationOffLoop(path, type.mime);
    const animated = type.mime === "image/gif" || type.mime === "image/webp";
    const limitInputPixels = config.upload.maxImagePixels;
    let out: { data: Buffer; info: Sharp.OutputInfo };
    try {
      let img = sharp(path, { animated, limitInputPixels }).timeout({ seconds: ENCODE_SECONDS });
      if (!animated) img = img.rotate(); // apply the EXIF orientation before the EXIF is dropped
      if (type.mime === "image/jpeg") img = img.jpeg({ quality: 90, mozjpeg: true });
      else if (type.mime === "image/png") img = img.png({ compressionLevel: 8 });
      else if (type.mime === "image/webp") img = img.webp({ quality: 90 });
      else if (type.mime === "image/gif") img = img.gif();
      else img = img.avif({ quality: 60 });
      out = await img.toBuffer({ resolveWithObject: true });
    } catch (e) {
      throw refusal(config, e);
    }
    const { hashes, detailed } = await imageHashes(config, out.data).catch(() => {
      throw new HttpError(422, IMAGE_UNCHECKED);
    });
    await storeBytes(config, key, (tmp) => writeFile(tmp, out.data));
    const thumbnailKey = newKey("t", "webp");
    await storeBytes(
      config,
      thumbnailKey,
      (tmp) =>
        sharp(out.data, { page: detailed, limitInputPixels }).resize({ width: 640, withoutEnlargement: true }).webp({ quality: 75 })
          .timeout({ seconds: THUMBNAIL_SECONDS }).toFile(tmp),
    );
    const height = out.info.pageHeight ?? out.info.height;
    return { width: out.info.width, height, size: out.data.length, thumbnailKey, generation, hashes };
  });
}

/**
 * The browser's poster for a video: a `data:image/(jpeg|png|webp);base64,...` URL, checked by its
 * bytes and re-encoded to a WebP thumbnail. Anything else (the placeholder, nothing) gives null.
 */
export async function storeBrowserThumbnail(config: Config, value: string | null | undefined): Promise<string | null> {
  const m = value?.match(/^data:image\/(?:jpeg|png|webp);base64,([A-Za-z0-9+/=\s]+)$/);
  if (!m) return null;
  const bytes = Buffer.from(m[1], "base64");
  if (sniff(bytes)?.kind !== "image") return null;
  const key = newKey("t", "webp");
  const limitInputPixels = Math.min(40_000_000, config.upload.maxImagePixels);
  const sharp = await loadSharp();
  try {
    await storeBytes(
      config,
      key,
      (tmp) =>
        sharp(bytes, { limitInputPixels }).resize({ width: 640, withoutEnlargement: true }).webp({ quality: 75 })
          .timeout({ seconds: THUMBNAIL_SECONDS }).toFile(tmp),
    );
    return key;
  } catch (e) {
    if (e instanceof StorageError) throw e; // the bucket failing is not a bad poster
    return null;
  }
}
