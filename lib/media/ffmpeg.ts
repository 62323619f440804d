/**
 * Running ffmpeg for the job queue: at low priority (`nice`) and with capped threads, so a
 * transcode leaves the web process its latency; with `-progress pipe:1 -nostats`, whose
 * `out_time_us=` lines become a percentage against the probed duration; killed when the job's
 * signal aborts (lease lost, shutdown). Its stdout is a pipe to us: if this process dies, ffmpeg's
 * next progress write fails and it ends too.
 */
import type { Config } from "../config.ts";

export type Probe = {
  /** Seconds, fractional. */
  duration: number | null;
  /** As displayed (a phone's rotation applied). */
  width: number;
  height: number;
  videoCodec: string;
  hasAudio: boolean;
};

async function output(cmd: string, args: string[], signal?: AbortSignal) {
  const out = await new Deno.Command(cmd, { args, stdout: "piped", stderr: "piped", signal }).output();
  return { success: out.success, stdout: new TextDecoder().decode(out.stdout), stderr: new TextDecoder().decode(out.stderr) };
}

/** ffprobe's view of a file's first video stream; null when it has none or cannot be read. */
export async function probeMedia(path: string, signal?: AbortSignal): Promise<Probe | null> {
  const r = await output("ffprobe", ["-v", "error", "-print_format", "json", "-show_format", "-show_streams", path], signal)
    .catch(() => null);
  if (!r?.success) return null;
  try {
    const info = JSON.parse(r.stdout);
    const streams: Record<string, any>[] = info.streams ?? [];
    const video = streams.find((s) => s.codec_type === "video" && !s.disposition?.attached_pic);
    if (!video || !video.width || !video.height) return null;
    const rotation = Number(
      video.side_data_list?.find((d: { rotation?: number }) => d.rotation !== undefined)?.rotation ?? video.tags?.rotate ?? 0,
    );
    const turned = Math.abs(rotation) % 180 === 90;
    const duration = Number(info.format?.duration ?? video.duration);
    return {
      duration: Number.isFinite(duration) && duration > 0 ? duration : null,
      width: turned ? Number(video.height) : Number(video.width),
      height: turned ? Number(video.width) : Number(video.height),
      videoCodec: String(video.codec_name ?? ""),
      hasAudio: streams.some((s) => s.codec_type === "audio"),
    };
  } catch {
    return null;
  }
}

export type FfmpegRun = {
  signal?: AbortSignal;
  /** Seconds of output expected, for the percentage. */
  duration?: number | null;
  onProgress?: (fraction: number) => void;
};

/** The command line: `nice -n N ffmpeg ...` when nice is present, with our threads cap before each output. */
export function ffmpegCommand(config: Config, args: string[]): { cmd: string; args: string[] } {
  const base = ["-hide_banner", "-v", "error", "-nostdin", "-y", "-progress", "pipe:1", "-nostats", ...args];
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

/** Runs ffmpeg; throws with the end of its error output when it fails. */
export async function runFfmpeg(config: Config, args: string[], opts: FfmpegRun = {}): Promise<void> {
  const { cmd, args: full } = ffmpegCommand(config, args);
  const child = new Deno.Command(cmd, { args: full, stdin: "null", stdout: "piped", stderr: "piped" }).spawn();
  const kill = () => {
    try {
      child.kill("SIGKILL");
    } catch { /* already gone */ }
  };
  opts.signal?.addEventListener("abort", kill, { once: true });
  let errText = "";
  const readErr = (async () => {
    for await (const chunk of child.stderr.pipeThrough(new TextDecoderStream())) errText = (errText + chunk).slice(-2000);
  })();
  const readOut = (async () => {
    let rest = "";
    for await (const chunk of child.stdout.pipeThrough(new TextDecoderStream())) {
      const lines = (rest + chunk).split("\n");
      rest = lines.pop() ?? "";
      for (const line of lines) {
        const m = line.match(/^out_time_us=(\d+)/);
        if (m && opts.duration && opts.onProgress) opts.onProgress(Math.min(1, Number(m[1]) / 1e6 / opts.duration));
      }
    }
  })();
  const status = await child.status;
  await Promise.allSettled([readErr, readOut]);
  opts.signal?.removeEventListener("abort", kill);
  if (opts.signal?.aborted) throw opts.signal.reason ?? new Error("aborted");
  if (!status.success) throw new Error(lastLine(errText) || `ffmpeg exited with code ${status.code}`);
}

/** ffmpeg's last error line, as the reason a person reads. */
function lastLine(text: string): string {
  return text.trim().split("\n").filter(Boolean).slice(-1)[0]?.slice(0, 300) ?? "";
}
