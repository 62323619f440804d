/**
 * Whether an uploaded video is one we take (issue 31 point 4, decision 027), decided before any
 * frame of it is decoded at full size: ffprobe reads the headers with the decoders capped at
 * MAX_VIDEO_PIXELS; a frame over it, or a container or stream longer than MAX_VIDEO_SECONDS, is
 * refused (422) with a message saying which limit. Then the first frame is decoded (it must
 * decode), and every packet of the streams we use is read without decoding, to see the
 * timestamps headers can hide (3 frames, then one at t = 36,000 s, in a file whose header says
 * 1 s). Run at upload and again by the job before it encodes (items from before, or uploaded
 * while ffmpeg was missing), where a refusal fails the job at once with the same message.
 */
import type { Config } from "../config.ts";
import { HttpError } from "../http_error.ts";
import { log } from "../log.ts";
import { lastLine, runBounded } from "./bounded_run.ts";
import { allocLimit, boundedInput, decoderPixels, type Probe, probeDetailed, refusedSize } from "./ffmpeg.ts";

export const VIDEO_UNDECODABLE = "The video could not be decoded. Please upload a valid video file.";
export const VIDEO_UNCHECKED = "The video could not be checked in time. Please upload a shorter or smaller file.";

/** Frames a second on average a video may have over its length (the scan stops past that many). */
export const MAX_AVERAGE_FPS = 120;

const duration = (s: number) => (s % 60 === 0 ? `${s / 60} minute${s === 60 ? "" : "s"}` : `${s} second${s === 1 ? "" : "s"}`);
const megapixels = (n: number) => `${Math.round(n / 100_000) / 10} megapixels`;

export const videoTooLong = (config: Config) => `The video is too long: at most ${duration(config.upload.maxVideoSeconds)}`;
export const videoTooLarge = (config: Config, size?: { width: number; height: number }) =>
  `The video's frames are too large: at most ${megapixels(config.upload.maxVideoPixels)} a frame` +
  (size ? ` (this one is ${size.width}x${size.height})` : "");
export const videoTooManyFrames = (config: Config) =>
  `The video has too many frames: at most ${(config.upload.maxVideoSeconds * MAX_AVERAGE_FPS).toLocaleString("en-US")}`;

/** The frame rate renditions are capped to (renditions.ts `-fpsmax`). */
const OUTPUT_FPS = 60;
const FULL_HD_60 = 60 * 1920 * 1080;

/**
 * A video's transcoding cost (decision 040): its output frames (length x frame rate, at most 60 a
 * second; unknown counts as the most) times its frame's pixels (renditions are never upscaled).
 */
export function videoWork(config: Config, probe: Pick<Probe, "duration" | "fps" | "width" | "height" | "longest">): number {
  const seconds = Math.min(Math.max(probe.duration ?? 0, probe.longest) || config.upload.maxVideoSeconds, config.upload.maxVideoSeconds);
  const fps = Math.min(probe.fps ?? OUTPUT_FPS, OUTPUT_FPS);
  return Math.ceil(seconds * fps) * probe.width * probe.height;
}

/** Work as a person reads it: the length of 1080p60 video it equals. */
export function describeWork(work: number): string {
  const s = work / FULL_HD_60;
  if (s >= 120) return `${Math.round(s / 60).toLocaleString("en-US")} minutes of 1080p60 video`;
  return `${s >= 10 ? Math.round(s) : Math.round(s * 10) / 10} seconds of 1080p60 video`;
}

export const videoTooMuchWork = (config: Config) =>
  `The video is too much work to process (MAX_VIDEO_WORK): at most the frames and pixels of ${describeWork(config.upload.maxVideoWork)}`;
export const videoBudgetUsed = (config: Config) =>
  `Your daily video processing budget is used up (MAX_VIDEO_WORK_PER_DAY: ${
    describeWork(config.upload.maxVideoWorkPerDay)
  } in 24 hours). Please try again later.`;

/** Whether a job's failure reason is one of these messages (shown as it is, not as "Processing failed: ..."). */
export const isCheckMessage = (reason: string) =>
  reason === VIDEO_UNDECODABLE || reason === VIDEO_UNCHECKED ||
  /^The video(?: is too long|'s frames are too large| has too many frames)/.test(reason);

let ffmpegCheck: Promise<boolean> | null = null;

/** Whether ffmpeg and ffprobe can be run; checked once, and said once in the log when not. */
export function hasFfmpeg(): Promise<boolean> {
  ffmpegCheck ??= (async () => {
    const runs = async (cmd: string) => (await runBounded(cmd, ["-version"], { timeoutMs: 30_000 }).catch(() => null))?.success;
    const ok = (await runs("ffprobe")) && (await runs("ffmpeg"));
    if (!ok) log.warn("ffmpeg/ffprobe not found on PATH: trusting the browser's video duration and thumbnail");
    return !!ok;
  })();
  return ffmpegCheck;
}

/**
 * At upload: the checks below when ffmpeg is there (without it, videos are served as sent, as
 * before), then the work it would take (MAX_VIDEO_WORK, 422); answers that work, null without ffmpeg.
 */
export async function checkVideo(config: Config, path: string): Promise<number | null> {
  if (!(await hasFfmpeg())) return null;
  const work = videoWork(config, await checkVideoFile(config, path));
  if (work > config.upload.maxVideoWork) throw refuse(videoTooMuchWork(config));
  return work;
}

const refuse = (message: string) => new HttpError(422, message);

/** The checks; throws HttpError 422 with the limit that was passed, else answers the probe. */
export async function checkVideoFile(config: Config, path: string, signal?: AbortSignal): Promise<Probe> {
  const { probe, pixelsRefused, timedOut } = await probeDetailed(config, path, signal);
  signal?.throwIfAborted(); // a job's lease lost or a shutdown is not the file's fault
  if (pixelsRefused) throw refuse(videoTooLarge(config, pixelsRefused.width ? pixelsRefused : undefined));
  if (timedOut) throw refuse(VIDEO_UNCHECKED);
  if (!probe) throw refuse(VIDEO_UNDECODABLE);
  if (probe.largest.width * probe.largest.height > config.upload.maxVideoPixels) throw refuse(videoTooLarge(config, probe.largest));
  if (probe.longest > config.upload.maxVideoSeconds) throw refuse(videoTooLong(config));

  const decode = await runBounded("ffmpeg", [
    ...["-hide_banner", "-v", "error", "-nostdin", ...allocLimit(config), "-xerror", ...boundedInput(config, path)],
    ...["-map", "0:v:0", "-frames:v", "1", "-f", "null", "-"],
  ], { timeoutMs: 60_000, signal });
  signal?.throwIfAborted();
  const refused = refusedSize(decode.stderr);
  if (refused) throw refuse(videoTooLarge(config, refused.width ? refused : undefined));
  if (decode.timedOut) throw refuse(VIDEO_UNCHECKED);
  if (!decode.success) {
    log.debug("video does not decode", { reason: lastLine(decode.stderr) });
    throw refuse(VIDEO_UNDECODABLE);
  }
  await scanTimestamps(config, path, signal);
  return probe;
}

/**
 * Every packet of the first video and audio stream copied to nowhere (demuxed, never decoded):
 * ffmpeg's `out_time` ends at the latest timestamp, `frame` counts the video packets. This one
 * run reads its input without `-t`, as the point is to see timestamps past the limit; its work is
 * bounded by the file (MAX_VIDEO_MB), the frame cap and the wall clock.
 */
async function scanTimestamps(config: Config, path: string, signal?: AbortSignal) {
  const maxFrames = config.upload.maxVideoSeconds * MAX_AVERAGE_FPS;
  let frames = 0;
  let endUs = 0;
  const scan = await runBounded("ffmpeg", [
    // Opening the input still decodes a few frames to learn the streams: the decoder limit holds there too.
    ...["-hide_banner", "-v", "error", "-nostdin", ...allocLimit(config), "-max_pixels", String(decoderPixels(config)), "-i", path],
    ...["-map", "0:v:0", "-map", "0:a:0?", "-c", "copy", "-frames:v", String(maxFrames + 1), "-f", "null", "-"],
    ...["-progress", "pipe:1", "-nostats"],
  ], {
    timeoutMs: 60_000,
    signal,
    maxStdoutBytes: Infinity,
    onLine: (line) => {
      const [key, value] = line.split("=");
      if (key === "frame") frames = Number(value) || frames;
      if (key === "out_time_us") endUs = Math.max(endUs, Number(value) || 0);
    },
  });
  signal?.throwIfAborted();
  if (scan.timedOut) throw refuse(VIDEO_UNCHECKED);
  if (!scan.success) throw refuse(VIDEO_UNDECODABLE);
  if (frames > maxFrames) throw refuse(videoTooManyFrames(config));
  if (endUs / 1e6 > config.upload.maxVideoSeconds) throw refuse(videoTooLong(config));
}
