/**
 * Helpers of bench/peer.ts: where the peers harness lives, starting the Next.js peer through its
 * own run-next.sh, seeding Dreamreel like the peer, wrk runs that alternate between two servers,
 * compressed bytes and Lighthouse medians.
 */
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import type { Db } from "../db/client.ts";
import type { Config } from "../lib/config.ts";
import { compressedSize, freePort, measure, ROOT, type WrkResult } from "./_lib.ts";
import { seedItems } from "./_seed.ts";
import { seedForum } from "./_seed_forum.ts";

/**
 * The peers folder: `PEERS_DIR`, else `../shared/peers` beside the checkout (main's layout),
 * else `../../shared/peers` (a worktree under wt/), else /work/shared/peers.
 */
export function peersDir(): string | null {
  const env = Deno.env.get("PEERS_DIR");
  const candidates = env ? [env] : [resolve(ROOT, "../shared/peers"), resolve(ROOT, "../../shared/peers"), "/work/shared/peers"];
  return candidates.find((p) => existsSync(join(p, "run-next.sh"))) ?? null;
}

export function median(values: number[]): number {
  const v = values.filter(Number.isFinite).sort((a, b) => a - b);
  if (v.length === 0) return NaN;
  const mid = Math.floor(v.length / 2);
  return v.length % 2 ? v[mid] : (v[mid - 1] + v[mid]) / 2;
}

/**
 * Starts the Next.js peer on a free port with its own script (it installs, seeds and builds once,
 * then runs `next start` pinned to `cpu`) and returns its PID and address.
 */
export async function startNextPeer(peers: string, cpu: number): Promise<{ pid: number; url: string }> {
  const port = freePort();
  const out = await new Deno.Command("bash", {
    args: [join(peers, "run-next.sh"), String(port)],
    env: { CPU: String(cpu) },
    stdout: "piped",
    stderr: "inherit",
  }).output();
  const pid = Number(new TextDecoder().decode(out.stdout).trim().split(/\s+/).pop());
  if (!out.success || !Number.isInteger(pid)) {
    if (Number.isInteger(pid) && pid > 0) stopPid(pid);
    throw new Error(`run-next.sh failed (exit ${out.code}); see its messages above`);
  }
  return { pid, url: `http://127.0.0.1:${port}` };
}

export function stopPid(pid: number) {
  try {
    Deno.kill(pid, "SIGTERM");
  } catch { /* already gone */ }
}

/**
 * Seeds Dreamreel like the peer: 1,000 approved items (bench/_seed.ts, as run-dreamreel.sh does),
 * item 7 featured, no YouTube embeds (the peer has none, and their stills would come from the
 * internet), and the peer's 24 JPEG thumbnails as the approved items' thumbnails; and a forum of
 * `threads` threads when asked (the peer has none; Lighthouse measures our forum page).
 */
export function seedLikePeer(peers: string, items: number, threads = 0) {
  return async (db: Db, config: Config) => {
    await seedItems(db, items);
    if (threads > 0) await seedForum(db, threads);
    await db.client.execute("UPDATE media SET featured = 1 WHERE id = 7");
    await db.client.execute("UPDATE media SET content_type = 'video', youtube_id = NULL WHERE content_type = 'embed'");
    const thumbs = join(peers, "nextjs-feed/public/thumbs");
    const files = existsSync(thumbs) ? readdirSync(thumbs).filter((f) => f.endsWith(".jpg")).sort() : [];
    if (files.length === 0) return;
    mkdirSync(join(config.uploadsDir, "t"), { recursive: true });
    files.forEach((f, i) => copyFileSync(join(thumbs, f), join(config.uploadsDir, "t", `peerthumb${String(i).padStart(2, "0")}.jpg`)));
    await db.client.execute({
      sql: `UPDATE media SET thumbnail_key = 't/peerthumb' || printf('%02d', id % ?) || '.jpg' WHERE review_status = 'approved'`,
      args: [files.length],
    });
  };
}

export type Target = { label: string; url: string; pid: number; headers?: Record<string, string> };
export type Pair = { name: string; ours: Target; peer: Target };
/** A wrk run and the server's CPU time per request during it (ms, from /proc). */
export type Run = WrkResult & { cpuMs: number };
export type PairResult = { pair: Pair; ours: Run[]; peer: Run[] };

const CLK_TCK = Number(new TextDecoder().decode(new Deno.Command("getconf", { args: ["CLK_TCK"] }).outputSync().stdout).trim()) || 100;

/**
 * CPU time a process (all its threads) has used, in ms (/proc/PID/stat utime + stime). Unlike
 * requests per second it barely moves when other programs share the machine, so the ratio of
 * two servers' CPU time per request is the steadier comparison on a busy box.
 */
export function cpuTimeMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLK_TCK;
}

/** wrk against ours and the peer in turn (ours, peer, ours, peer...), after a warm-up of each. */
export async function alternate(
  pair: Pair,
  o: { runs: number; seconds: number; warmup: number; connections: number; cpu: number; encoding: string },
): Promise<PairResult> {
  const headers = (t: Target) => ({ ...(o.encoding ? { "accept-encoding": o.encoding } : {}), ...t.headers });
  const run = async (t: Target, seconds: number): Promise<Run> => {
    const before = cpuTimeMs(t.pid);
    const r = await measure(t.label, t.url, { headers: headers(t), seconds, connections: o.connections, cpu: o.cpu });
    return { ...r, cpuMs: (cpuTimeMs(t.pid) - before) / r.requests };
  };
  if (o.warmup > 0) {
    await run(pair.ours, o.warmup);
    await run(pair.peer, o.warmup);
  }
  const result: PairResult = { pair, ours: [], peer: [] };
  for (let i = 1; i <= o.runs; i++) {
    for (const side of ["ours", "peer"] as const) {
      const r = await run(pair[side], o.seconds);
      result[side].push(r);
      const note = (r.non2xx ? `  non-2xx=${r.non2xx}` : "") + (r.errors ? `  socket-errors=${r.errors}` : "");
      console.log(
        `  run ${i} ${side.padEnd(4)} ${pair[side].label.padEnd(34)} ${r.rps.toFixed(0).padStart(7)} req/s  p99 ${
          r.p99.toFixed(1).padStart(7)
        } ms  CPU ${r.cpuMs.toFixed(2).padStart(6)} ms/req${note}`,
      );
    }
  }
  return result;
}

/** Compressed sizes of one page in gzip and in brotli, and its raw size. */
export async function htmlBytes(url: string, headers: Record<string, string> = {}) {
  const gzip = await compressedSize(url, { ...headers, "accept-encoding": "gzip" });
  const br = await compressedSize(url, { ...headers, "accept-encoding": "br" });
  const raw = await compressedSize(url, { ...headers, "accept-encoding": "identity" });
  return { gzip: gzip.bytes, gzipEnc: gzip.encoding, br: br.bytes, brEnc: br.encoding, raw: raw.bytes };
}

export type Lighthouse = { runs: number; score: number; fcp: number; lcp: number; tbt: number; cls: number; js: number; total: number };

/**
 * The peers' lighthouse.sh (mobile emulation, simulated throttling; it prints every run and its
 * medians), with the JSON reports kept so the medians can be compared here.
 */
export async function lighthouse(peers: string, url: string, runs: number): Promise<Lighthouse | null> {
  const out = Deno.makeTempDirSync({ dir: tmpdir(), prefix: "dreamreel-lh-" });
  try {
    const status = await new Deno.Command("bash", {
      args: [join(peers, "lighthouse.sh"), url],
      env: { RUNS: String(runs), LH_OUT: out },
      stdout: "inherit",
      stderr: "inherit",
    }).spawn().status;
    if (!status.success) return null;
    const reports = readdirSync(out).filter((f) => f.endsWith(".json")).map((f) => JSON.parse(readFileSync(join(out, f), "utf8")));
    const pick = (f: (r: any) => number) => median(reports.map(f));
    const bytes = (r: any, type: string) =>
      r.audits["resource-summary"].details.items.find((i: any) => i.resourceType === type)?.transferSize ?? 0;
    return {
      runs: reports.length,
      score: pick((r) => Math.round(r.categories.performance.score * 100)),
      fcp: pick((r) => r.audits["first-contentful-paint"].numericValue),
      lcp: pick((r) => r.audits["largest-contentful-paint"].numericValue),
      tbt: pick((r) => r.audits["total-blocking-time"].numericValue),
      cls: pick((r) => r.audits["cumulative-layout-shift"].numericValue),
      js: pick((r) => bytes(r, "script")),
      total: pick((r) => bytes(r, "total")),
    };
  } finally {
    Deno.removeSync(out, { recursive: true });
  }
}

/** The load average, to say how busy the machine was while measuring. */
export function loadAverage(): string {
  try {
    return readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");
  } catch {
    return "n/a";
  }
}
