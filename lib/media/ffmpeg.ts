/**
 * Running ffprobe and ffmpeg, always with bounds (decision 027): each decoder refuses frames over
 * MAX_VIDEO_PIXELS (`-max_pixels`, checked before a frame buffer is allocated), no single
 * allocation may pass 4 bytes a pixel of that frame (`-max_alloc`), each input is read for at most
 * MAX_VIDEO_SECONDS (`-t`), each call has a wall-clock limit and what is kept of its output is
 * capped (lib/media/bounded_run.ts). The job queue's runs go at low priority (`nice`) with capped
 * threads, so a transcode leaves the web process its latency, and report `-progress` lines as a
 * percentage against the probed duration; they are killed when the job's signal aborts.
 */
import type { Config } from "../config.ts";
import { lastLine, runBounded } from "./bounded_run.ts";

export type Probe = {
  /** Seconds, fractional (the container's, else the first video stream's). */
  duration: number | null;
  /** As displayed (a phone's rotation applied). */
  width: number;
  height: number;
  videoCodec: string;
  /** Frames a second of the first video stream (its average, else its base rate), null when unknown. */
  fps: number | null;
  hasAudio: boolean;
  /** The longest among the container's and every stream's duration, and the span from the first start to the last end, seconds. */
  longest: number;
  /** The video stream with the most pixels (its decoder's coded size has a tenth more room: decoderPixels). */
  largest: { width: number; height: number };
};

/** Decoders count a row padded to 64 pixels: they get a tenth more than the limit judged on the probe. */
export const decoderPixels = (config: Config) => Math.ceil(config.upload.maxVideoPixels * 1.1);

/** Global options: no single allocation above 4 bytes a pixel of the largest frame allowed (at least 32 MiB). */
export const allocLimit = (config: Config) => ["-max_alloc", String(Math.max(32 << 20, config.upload.maxVideoPixels * 4))];

/** One input with its bounds: frame size, seconds read (MAX_VIDEO_SECONDS unless less is asked), an optional seek. */
export function boundedInput(config: Config, src: string, opts: { seek?: number; seconds?: number } = {}): string[] {
  const seconds = Math.min(opts.seconds ?? Infinity, config.upload.maxVideoSeconds);
  return [
    ...["-max_pixels", String(decoderPixels(config))],
    ...(opts.seek !== undefined ? ["-ss", opts.seek.toFixed(3)] : []),
    ...["-t", seconds.toFixed(3), "-i", src],
  ];
}

/** The most video frames an output may have: MAX_VIDEO_SECONDS at the 60 fps renditions are capped to. */
export const maxOutputFrames = (config: Config) => config.upload.maxVideoSeconds * 60;

/** Wall clock of a probe: it reads headers and a few packets. */
export const PROBE_TIMEOUT_MS = 30_000;

const num = (v: unknown) => (Number.isFinite(Number(v)) ? Number(v) : 0);

/**
 * ffprobe's view of a file: its first video stream, and the longest and largest of every stream;
 * null when it has no video stream or cannot be read. Only the fields used are asked for, so a
 * file's own tags (member text, any size) never reach this process; `pixelsRefused` is the frame
 * size ffprobe's decoder refused for the limit, if it did.
 */
export async function probeMedia(config: Config, path: string, signal?: AbortSignal): Promise<Probe | null> {
  return (await probeDetailed(config, path, signal)).probe;
}

/** The frame size a decoder refused for `-max_pixels` ("Picture size WxH exceeds specified max pixel count"), or null. */
export function refusedSize(stderr: string): { width: number; height: number } | null {
  const at = stderr.indexOf(" exceeds specified max pixel count");
  if (at < 0) return null;
  const m = stderr.slice(Math.max(0, at - 30), at).match(/(\d{1,6})x(\d{1,6})$/);
  return m ? { width: Number(m[1]), height: Number(m[2]) } : { width: 0, height: 0 };
}

export async function probeDetailed(config: Config, path: string, signal?: AbortSignal) {
  const r = await runBounded("ffprobe", [
    ...["-v", "error", ...allocLimit(config), "-max_pixels", String(decoderPixels(config)), "-print_format", "json"],
    "-show_entries",
    "format=duration,start_time:stream=codec_type,codec_name,width,height,duration,start_time,avg_frame_rate,r_frame_rate" +
    ":stream_tags=rotate:stream_disposition=attached_pic:stream_side_data_list",
    path,
  ], { timeoutMs: PROBE_TIMEOUT_MS, maxStdoutBytes: 256 * 1024, signal }).catch(() => null);
  if (!r) return { probe: null, pixelsRefused: null, timedOut: false };
  const pixelsRefused = refusedSize(r.stderr);
  if (!r.success) return { probe: null, pixelsRefused, timedOut: r.timedOut };
  try {
    return { probe: readProbe(JSON.parse(r.stdout)), pixelsRefused, timedOut: false };
  } catch {
    return { probe: null, pixelsRefused, timedOut: false };
  }
}

/** ffprobe's `30000/1001` as a number; null for `0/0` or nonsense. */
function rate(v: unknown): number | null {
  const [n, d] = String(v ?? "").split("/").map(Number);
  const r = d ? n / d : n;
  return Number.isFinite(r) && r > 0 ? r : null;
}

function readProbe(info: Record<string, any>): Probe | null {
  const streams: Record<string, any>[] = info.streams ?? [];
  const video = streams.find((s) => s.codec_type === "video" && !s.disposition?.attached_pic);
  if (!video || !video.width || !video.height) return null;
  const rotation = Number(
    video.side_data_list?.find((d: { rotation?: number }) => d.rotation !== undefined)?.rotation ?? video.tags?.rotate ?? 0,
  );
  const turned = Math.abs(rotation) % 180 === 90;
  const duration = Number(info.format?.duration ?? video.duration);
  // The span from the earliest start to the latest end, and every duration: ffmpeg fills what lies between.
  const firstStart = Math.min(...[info.format, ...streams].map((s) => num(s?.start_time)));
  const ends = [info.format, ...streams].map((s) => Math.max(num(s?.duration), num(s?.start_time) + num(s?.duration) - firstStart));
  const videos = streams.filter((s) => s.codec_type === "video");
  const big = videos.reduce((a, b) => (num(b.width) * num(b.height) > num(a.width) * num(a.height) ? b : a), video);
  return {
    duration: Number.isFinite(duration) && duration > 0 ? duration : null,
    width: turned ? Number(video.height) : Number(video.width),
    height: turned ? Number(video.width) : Number(video.height),
    videoCodec: String(video.codec_name ?? ""),
    fps: rate(video.avg_frame_rate) ?? rate(video.r_frame_rate),
    hasAudio: streams.some((s) => s.codec_type === "audio"),
    longest: Math.max(0, ...ends),
    largest: { width: num(big.width), height: num(big.height) },
  };
}

export type FfmpegRun = {
  signal?: AbortSignal;
  /** Wall clock allowed to this run; killed past it (the job then fails with "took too long"). */
  timeoutMs: number;
  /** Seconds of output expected, for the percentage. */
  duration?: number | null;
  onProgress?: (fraction: number) => void;
  /** Each `key=value` line of `-progress`. */
  onLine?: (line: string) => void;
};

/** The command line: `nice -n N ffmpeg ...` when nice is present, with the allocation limit and progress on stdout. */
export function ffmpegCommand(config: Config, args: string[]): { cmd: string; args: string[] } {
  const base = ["-hide_banner", "-v", "error", "-nostdin", "-y", ...allocLimit(config), "-progress", "pipe:1", "-nostats", ...args];
  return config.ffmpeg.nice > 0 && hasNice()
    ? { cmd: "nice", args: ["-n", String(config.ffmpeg.nice), "ffmpeg", ...base] }
    : { cmd: "ffmpeg", args: base };
}

let niceFound: boolean | null = null;
function hasNice(): boolean {
  if (niceFound === null) {
    try {
      niceFound = new Deno.Command("nice", { args: ["true"], stdout: "null", stderr: "null" }).outputSync().success;
    } catch {
      niceFound = false;
    }
  }
  return niceFound;
}

/** Runs ffmpeg; throws with the end of its error output when it fails, or says it took too long. */
export async function runFfmpeg(config: Config, args: string[], opts: FfmpegRun): Promise<void> {
  const { cmd, args: full } = ffmpegCommand(config, args);
  const r = await runBounded(cmd, full, {
    timeoutMs: opts.timeoutMs,
    signal: opts.signal,
    maxStdoutBytes: Infinity, // ffmpeg's own progress lines, each passed on and dropped
    onLine: (line) => {
      opts.onLine?.(line);
      const m = line.match(/^out_time_us=(\d+)/);
      if (m && opts.duration && opts.onProgress) opts.onProgress(Math.min(1, Number(m[1]) / 1e6 / opts.duration));
    },
  });
  if (opts.signal?.aborted) throw opts.signal.reason ?? new Error("aborted");
  if (r.timedOut) throw new Error(`ffmpeg took longer than ${Math.round(opts.timeoutMs / 1000)} s`);
  if (!r.success) throw new Error(lastLine(r.stderr) || "ffmpeg failed");
}
