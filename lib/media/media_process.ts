/**
 * What the server does to an uploaded file. Videos: probed and test-decoded with ffprobe/ffmpeg
 * when they are on the PATH (422 when they do not decode); their renditions, preview and posters
 * are made later by a job (lib/media/process_job.ts). Images: through sharp, re-encoded so
 * EXIF/GPS and every other metadata block is dropped, refused above the megapixel limit, with a
 * WebP thumbnail; generation metadata (PNG text, JPEG/WebP EXIF and XMP: lib/media/generation.ts)
 * is read first. Without ffmpeg the browser's duration and thumbnail are trusted, said once in the log.
 */
import { Buffer } from "node:buffer";
import { readFile, rm, writeFile } from "node:fs/promises";
import sharp from "sharp";
import type { Config } from "../config.ts";
import { HttpError } from "../http_error.ts";
import { StorageError } from "../storage/error.ts";
import { log } from "../log.ts";
import { sniff } from "../../common/sniff.ts";
import { newKey, storeFor } from "./storage.ts";
import { type GenerationData, readImageGeneration } from "./generation.ts";

export const VIDEO_UNDECODABLE = "The video could not be decoded. Please upload a valid video file.";
export const IMAGE_UNDECODABLE = "The image could not be decoded. Please upload a valid image file.";

sharp.cache(false);

// ---------------------------------------------------------------------------------------------
// ffmpeg

let ffmpegCheck: Promise<boolean> | null = null;

/** Whether ffmpeg and ffprobe can be run; checked once, and said once in the log when not. */
export function hasFfmpeg(): Promise<boolean> {
  ffmpegCheck ??= (async () => {
    const ok = (await run("ffprobe", ["-version"]).catch(() => null))?.success &&
      (await run("ffmpeg", ["-version"]).catch(() => null))?.success;
    if (!ok) log.warn("ffmpeg/ffprobe not found on PATH: trusting the browser's video duration and thumbnail");
    return !!ok;
  })();
  return ffmpegCheck;
}

async function run(cmd: string, args: string[], timeoutMs = 120_000) {
  const out = await new Deno.Command(cmd, { args, stdout: "piped", stderr: "piped", signal: AbortSignal.timeout(timeoutMs) }).output();
  return { success: out.success, stdout: new TextDecoder().decode(out.stdout), stderr: new TextDecoder().decode(out.stderr) };
}

type Probe = { duration: number | null; width: number | null; height: number | null };

async function probe(path: string): Promise<Probe | null> {
  const r = await run("ffprobe", ["-v", "error", "-print_format", "json", "-show_format", "-show_streams", path]).catch(() => null);
  if (!r?.success) return null;
  try {
    const info = JSON.parse(r.stdout);
    const video = (info.streams ?? []).find((s: { codec_type?: string }) => s.codec_type === "video");
    if (!video) return null;
    const duration = Number(info.format?.duration ?? video.duration);
    return {
      duration: Number.isFinite(duration) && duration > 0 ? Math.round(duration) : null,
      width: Number(video.width) || null,
      height: Number(video.height) || null,
    };
  } catch {
    return null;
  }
}

/** Refuses (422) a video that ffprobe cannot read or whose first frame ffmpeg cannot decode. */
export async function checkVideo(path: string): Promise<void> {
  if (!(await hasFfmpeg())) return;
  const info = await probe(path);
  if (!info) throw new HttpError(422, VIDEO_UNDECODABLE);
  const decode = await run("ffmpeg", ["-v", "error", "-xerror", "-i", path, "-map", "0:v:0", "-frames:v", "1", "-f", "null", "-"])
    .catch(() => null);
  if (!decode?.success) throw new HttpError(422, VIDEO_UNDECODABLE);
}

// ---------------------------------------------------------------------------------------------
// Images

/** Refuses (422) an image sharp cannot read or one above the configured megapixels. */
export async function checkImage(config: Config, path: string | Buffer): Promise<void> {
  let meta: sharp.Metadata;
  try {
    meta = await sharp(path, { limitInputPixels: false }).metadata();
  } catch {
    throw new HttpError(422, IMAGE_UNDECODABLE);
  }
  if (!meta.width || !meta.height) throw new HttpError(422, IMAGE_UNDECODABLE);
  const max = config.upload.maxImagePixels;
  if (meta.width * meta.height > max) {
    throw new HttpError(422, `The image is too large: at most ${Math.round(max / 1_000_000)} megapixels`);
  }
}

/**
 * The generation metadata of a stored upload (PNG only), read without decoding the image: the
 * create call needs it to know whether an image without a named generator is acceptable, before
 * it pays for the re-encode (issue 19: a 2,000-frame GIF took 11 s, then the answer was 400).
 */
export async function readStoredGeneration(config: Config, key: string): Promise<GenerationData | null> {
  const original = await readStored(config, key);
  const mime = sniff(original)?.mime;
  return mime ? readImageGeneration(original, mime) : null;
}

/** A stored object's bytes (images only: they are at most MAX_IMAGE_MB). */
async function readStored(config: Config, key: string): Promise<Buffer> {
  const copy = await storeFor(config).local(key);
  if (!copy) throw new HttpError(400, "Unknown upload: upload the file first");
  try {
    return await readFile(copy.path);
  } finally {
    await copy.release();
  }
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

export type ProcessedImage = { width: number; height: number; size: number; thumbnailKey: string; generation: GenerationData | null };

/** Re-encodes the image in place (no metadata kept) and writes a WebP thumbnail. */
export async function processImage(config: Config, key: string): Promise<ProcessedImage> {
  const original = await readStored(config, key);
  await checkImage(config, original);
  const type = sniff(original);
  if (!type || type.kind !== "image") throw new HttpError(422, IMAGE_UNDECODABLE);
  const generation = readImageGeneration(original, type.mime);
  const animated = type.mime === "image/gif" || type.mime === "image/webp";
  let out: { data: Buffer; info: sharp.OutputInfo };
  try {
    const limitInputPixels = config.upload.maxImagePixels;
    let img = sharp(original, { animated, limitInputPixels });
    if (!animated) img = img.rotate(); // apply the EXIF orientation before the EXIF is dropped
    if (type.mime === "image/jpeg") img = img.jpeg({ quality: 90, mozjpeg: true });
    else if (type.mime === "image/png") img = img.png({ compressionLevel: 8 });
    else if (type.mime === "image/webp") img = img.webp({ quality: 90 });
    else if (type.mime === "image/gif") img = img.gif();
    else img = img.avif({ quality: 60 });
    out = await img.toBuffer({ resolveWithObject: true });
  } catch {
    throw new HttpError(422, IMAGE_UNDECODABLE);
  }
  await storeBytes(config, key, (tmp) => writeFile(tmp, out.data));
  const thumbnailKey = newKey("t", "webp");
  await storeBytes(
    config,
    thumbnailKey,
    (tmp) =>
      sharp(out.data, { limitInputPixels: false }).resize({ width: 640, withoutEnlargement: true }).webp({ quality: 75 }).toFile(tmp),
  );
  const height = out.info.pageHeight ?? out.info.height;
  return { width: out.info.width, height, size: out.data.length, thumbnailKey, generation };
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
  try {
    await storeBytes(
      config,
      key,
      (tmp) =>
        sharp(bytes, { limitInputPixels: 40_000_000 }).resize({ width: 640, withoutEnlargement: true }).webp({ quality: 75 }).toFile(tmp),
    );
    return key;
  } catch (e) {
    if (e instanceof StorageError) throw e; // the bucket failing is not a bad poster
    return null;
  }
}
