/**
 * What a video becomes (decision 019): H.264 High yuv420p + AAC MP4 renditions with the index at
 * the front, at 480p always and at 720p, 1080p and 2160p when the source is at least that tall (never
 * upscaled, aspect kept, even sizes, bitrate capped per height); a preview clip of at most 4 s and
 * 360p from the middle for cards, keeping the sound track at a low bitrate when there is one; a WebP
 * poster at card size and twice that.
 * "Height" is the short side, so a portrait phone video gets the same ladder as a landscape one.
 * Every run reads its input within the limits (lib/media/ffmpeg.ts boundedInput: frame size,
 * MAX_VIDEO_SECONDS), writes at most the frames that length holds and has a wall clock; the
 * posters' sharp has a pixel limit and a timeout (decision 027).
 */
import { stat } from "node:fs/promises";
import { loadSharp } from "./sharp.ts";
import type { Config } from "../config.ts";
import { boundedInput, maxOutputFrames, type Probe, runFfmpeg } from "./ffmpeg.ts";

export type Rung = { height: number; maxrateK: number; audioK: number };

/**
 * The ladder. Bitrate caps keep a 1080p minute under ~40 MB. 2160p (issue 35 point 4: a 4K upload
 * topped out at 1080p while the sign-in page promises "HD and 4K") only for a source that tall; its
 * cap is YouTube's upper figure for 4K at 30 fps in H.264 (decision 034).
 */
export const LADDER: Rung[] = [
  { height: 480, maxrateK: 1200, audioK: 96 },
  { height: 720, maxrateK: 2800, audioK: 128 },
  { height: 1080, maxrateK: 5000, audioK: 128 },
  { height: 2160, maxrateK: 18000, audioK: 128 },
];

/** The card clip; its sound (when the video has any) is AAC mono at 48 kbit/s, ~24 KB of a 4 s clip. */
export const PREVIEW = { seconds: 4, height: 360, maxrateK: 450, audioK: 48 };
/** Card poster widths: a card is at most ~400 CSS px wide (1x), twice that on 2x screens. */
export const POSTER_WIDTHS = [400, 800] as const;

const even = (n: number) => Math.max(2, Math.floor(n / 2) * 2);

/**
 * Wall clock of the renditions run: a minute, plus 8 s per second of video (1080p at veryfast on
 * two threads encodes faster than real time; the margin is for a loaded machine), four times that
 * when a 2160p rung is made (four times the pixels). Past it the job fails, rather than holding the queue.
 */
export const encodeTimeoutMs = (config: Config, info: Pick<Probe, "duration" | "width" | "height">) =>
  60_000 + (Math.min(info.width, info.height) >= 2160 ? 32_000 : 8_000) *
    Math.min(info.duration ?? config.upload.maxVideoSeconds, config.upload.maxVideoSeconds);

/** The rungs for a source: those no taller than it, and always one (480p, or the source's own size below that). */
export function planRenditions(info: Pick<Probe, "width" | "height">): Rung[] {
  const short = Math.min(info.width, info.height);
  const fit = LADDER.filter((r) => r.height <= short);
  return fit.length ? fit : [{ ...LADDER[0], height: even(short) }];
}

/** A scale filter that makes the short side `h`, the other side even and in proportion. */
function scaleTo(info: Pick<Probe, "width" | "height">, h: number) {
  return info.width >= info.height ? `scale=-2:${h}` : `scale=${h}:-2`;
}

/** Encodes every rung in one ffmpeg run (the source is decoded once), into `outPaths` (same order). */
export async function encodeRenditions(
  config: Config,
  src: string,
  info: Probe,
  rungs: Rung[],
  outPaths: string[],
  opts: { signal?: AbortSignal; onProgress?: (fraction: number) => void },
) {
  const threads = String(config.ffmpeg.threads);
  const labels = rungs.map((_, i) => `o${i}`);
  const filter = `[0:v:0]split=${rungs.length}${labels.map((l) => `[s${l}]`).join("")};` +
    rungs.map((r, i) => `[s${labels[i]}]${scaleTo(info, r.height)},format=yuv420p[${labels[i]}]`).join(";");
  const args = ["-threads", threads, ...boundedInput(config, src), "-filter_complex", filter, "-filter_complex_threads", "1"];
  rungs.forEach((r, i) => {
    args.push("-map", `[${labels[i]}]`);
    if (info.hasAudio) args.push("-map", "0:a:0", "-c:a", "aac", "-b:a", `${r.audioK}k`, "-ac", "2");
    args.push(
      ...["-c:v", "libx264", "-profile:v", "high", "-preset", "veryfast", "-crf", "23"],
      ...["-maxrate", `${r.maxrateK}k`, "-bufsize", `${r.maxrateK * 2}k`, "-fpsmax", "60", "-threads", threads],
      ...["-frames:v", String(maxOutputFrames(config))],
      ...["-map_metadata", "-1", "-movflags", "+faststart", "-f", "mp4", outPaths[i]],
    );
  });
  await runFfmpeg(config, args, {
    signal: opts.signal,
    timeoutMs: encodeTimeoutMs(config, info),
    duration: info.duration,
    onProgress: opts.onProgress,
  });
}

/**
 * The card clip: at most 4 s from the middle, at most 360p and 30 fps, bitrate capped; the first sound
 * track kept (cards play it muted until Unmute), or none when the video has none. Returns whether it has sound.
 */
export async function encodePreview(config: Config, src: string, info: Probe, out: string, signal?: AbortSignal) {
  const length = Math.min(PREVIEW.seconds, info.duration ?? PREVIEW.seconds);
  const start = info.duration ? Math.max(0, info.duration / 2 - length / 2) : 0;
  const h = Math.min(PREVIEW.height, even(Math.min(info.width, info.height)));
  await runFfmpeg(config, [
    ...["-threads", String(config.ffmpeg.threads), ...boundedInput(config, src, { seek: start, seconds: length })],
    ...["-map", "0:v:0", "-vf", `${scaleTo(info, h)},format=yuv420p`, "-fpsmax", "30", "-frames:v", String(PREVIEW.seconds * 30)],
    ...(info.hasAudio ? ["-map", "0:a:0", "-c:a", "aac", "-b:a", `${PREVIEW.audioK}k`, "-ac", "1"] : ["-an"]),
    ...["-c:v", "libx264", "-profile:v", "high", "-preset", "veryfast", "-crf", "30"],
    ...["-maxrate", `${PREVIEW.maxrateK}k`, "-bufsize", `${PREVIEW.maxrateK * 2}k`, "-threads", String(config.ffmpeg.threads)],
    ...["-map_metadata", "-1", "-movflags", "+faststart", "-f", "mp4", out],
  ], { signal, timeoutMs: 120_000 });
  return info.hasAudio;
}

/** A frame (1 s in, or the first for short clips) as WebP posters at each of POSTER_WIDTHS. */
export async function makePosters(config: Config, src: string, info: Probe, framePath: string, outPaths: string[], signal?: AbortSignal) {
  const at = info.duration && info.duration >= 2 ? 1 : 0;
  await runFfmpeg(config, [
    ...boundedInput(config, src, { seek: at, seconds: 5 }),
    "-frames:v",
    "1",
    "-f",
    "image2",
    "-c:v",
    "png",
    framePath,
  ], {
    signal,
    timeoutMs: 60_000,
  });
  if (!(await stat(framePath).catch(() => null))?.size) throw new Error("no frame could be taken for the poster");
  // The frame is at most the probe's size (checked against MAX_VIDEO_PIXELS before the job encodes).
  const limitInputPixels = config.upload.maxVideoPixels;
  const sharp = await loadSharp();
  for (const [i, width] of POSTER_WIDTHS.entries()) {
    await sharp(framePath, { limitInputPixels }).resize({ width, withoutEnlargement: true }).webp({ quality: 72 })
      .timeout({ seconds: 30 }).toFile(outPaths[i]);
  }
}
