/**
 * A child process (ffprobe, ffmpeg) run with a bound on time and on what we keep of its output
 * (decision 027): killed after `timeoutMs` of wall clock or when `signal` aborts, and killed too
 * when its stdout passes `maxStdoutBytes` (ffprobe prints a file's tags, which a member writes:
 * a 700 MB tag must not become a 700 MB string here). Of stderr only the last 2,000 characters
 * are kept, for the reason a person reads.
 */

export type BoundedRun = {
  timeoutMs: number;
  maxStdoutBytes?: number;
  signal?: AbortSignal;
  /** Each complete stdout line as it arrives (ffmpeg's `-progress` lines), instead of keeping stdout. */
  onLine?: (line: string) => void;
};

export type BoundedResult = {
  success: boolean;
  stdout: string;
  stderr: string;
  /** Killed at the wall-clock limit. */
  timedOut: boolean;
  /** Killed because stdout passed maxStdoutBytes. */
  overflow: boolean;
};

const DEFAULT_STDOUT_BYTES = 1024 * 1024;

export async function runBounded(cmd: string, args: string[], opts: BoundedRun): Promise<BoundedResult> {
  const child = new Deno.Command(cmd, { args, stdin: "null", stdout: "piped", stderr: "piped" }).spawn();
  let timedOut = false;
  let overflow = false;
  const kill = () => {
    try {
      child.kill("SIGKILL");
    } catch { /* already gone */ }
  };
  const timer = setTimeout(() => {
    timedOut = true;
    kill();
  }, opts.timeoutMs);
  opts.signal?.addEventListener("abort", kill, { once: true });
  const max = opts.maxStdoutBytes ?? DEFAULT_STDOUT_BYTES;
  const chunks: Uint8Array[] = [];
  let stderr = "";
  const readErr = (async () => {
    for await (const chunk of child.stderr.pipeThrough(new TextDecoderStream())) stderr = (stderr + chunk).slice(-2000);
  })();
  const readOut = (async () => {
    let size = 0;
    let rest = "";
    const decoder = new TextDecoder();
    for await (const chunk of child.stdout) {
      size += chunk.length;
      if (size > max) {
        overflow = true;
        kill();
        continue; // drain what is left so the process can end
      }
      if (!opts.onLine) {
        chunks.push(chunk);
        continue;
      }
      const lines = (rest + decoder.decode(chunk, { stream: true })).split("\n");
      rest = lines.pop() ?? "";
      for (const line of lines) opts.onLine(line);
    }
    if (opts.onLine && rest && !overflow) opts.onLine(rest);
  })();
  try {
    const status = await child.status;
    await Promise.allSettled([readErr, readOut]);
    const stdout = overflow ? "" : new TextDecoder().decode(concat(chunks));
    return { success: status.success && !timedOut && !overflow, stdout, stderr, timedOut, overflow };
  } finally {
    clearTimeout(timer);
    opts.signal?.removeEventListener("abort", kill);
  }
}

function concat(chunks: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let off = 0;
  for (const c of chunks) {
    out.set(c, off);
    off += c.length;
  }
  return out;
}

/** ffmpeg's last error line, as the reason a person reads. */
export function lastLine(text: string): string {
  return text.trim().split("\n").filter(Boolean).slice(-1)[0]?.slice(0, 300) ?? "";
}
