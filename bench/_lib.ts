/**
 * Shared bench helpers. A bench script is a standalone module (`bench/<area>.ts`) that:
 *   const server = await startBenchServer({ seed: async (db, config) => ... });
 *   const rows = [await measure("GET /", server.url + "/")];
 *   printTable("Area", rows); await server.stop();
 * The server runs as a real subprocess (main.ts, NODE_ENV=production) pinned to core 0; wrk runs
 * from core 1 with `-t1 -c32 -d5s --latency`. Figures are printed, never asserted.
 */
import { request as httpRequest } from "node:http";
import { fileURLToPath } from "node:url";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import type { Db } from "../db/client.ts";
import { insertSession } from "../db/queries/sessions.ts";
import { prepareData } from "../lib/boot/bootstrap.ts";
import { type Config, parseConfig } from "../lib/config.ts";
import { randomToken, sha256Hex } from "../lib/auth/crypto.ts";
import { sessionCookieName } from "../lib/auth/session.ts";
import { V8_FLAGS } from "../lib/boot/v8_flags.ts";

export const ROOT = fileURLToPath(new URL("../", import.meta.url));

export const WRK = { threads: 1, connections: 32, seconds: 5 };

function which(bin: string): boolean {
  return new Deno.Command("sh", { args: ["-c", `command -v ${bin}`], stdout: "null", stderr: "null" }).outputSync().success;
}

/** wrk and taskset must be there; say how to get them otherwise. */
export function requireTools() {
  const missing = ["wrk", "taskset"].filter((b) => !which(b));
  if (missing.length) {
    console.error(
      `bench needs ${missing.join(" and ")}: apt-get install -y ${missing.map((b) => (b === "taskset" ? "util-linux" : b)).join(" ")}`,
    );
    Deno.exit(2);
  }
}

export function freePort(): number {
  const l = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (l.addr as Deno.NetAddr).port;
  l.close();
  return port;
}

export type BenchServer = {
  url: string;
  pid: number;
  config: Config;
  /** The server's DATA_DIR (removed by stop). */
  dataDir: string;
  /** A signed-in cookie (`name=value`) for a member created before the start (`bench_member`). */
  cookie: string;
  /** Signed-in cookies of all the members asked for (`members`), `cookie` first. */
  cookies: string[];
  stop: () => Promise<void>;
};

export type BenchServerOptions = {
  /** Fills the migrated database before the server starts. */
  seed?: (db: Db, config: Config) => Promise<void>;
  /** Extra server env (SITE_URL defaults to the server's own URL). */
  env?: Record<string, string>;
  /** How many signed-in members to create (default 1). */
  members?: number;
  /** Makes the first member (`bench_member`) an admin. */
  admin?: boolean;
  /** The core the server is pinned to (default 0; wrk then runs on the other one); null: not pinned. */
  cpu?: number | null;
  /** Another checkout whose main.ts to run (built, same schema), e.g. main to compare against; default this one. */
  root?: string;
  /**
   * A DATA_DIR kept between runs (bench/growth.ts): `seed` runs only when it has not completed
   * there before (a `.seeded` marker), and stop leaves the directory in place.
   */
  dataDir?: string;
  /** Flags for the server's deno, placed before `-A main.ts`; default: the V8 flags the site ships with (lib/boot/v8_flags.ts). */
  denoFlags?: string[];
};

/**
 * Seeds a fresh DATA_DIR in this process (the seed callback gets the migrated database), then
 * starts main.ts in a subprocess pinned to core 0 and waits until it answers.
 */
export async function startBenchServer(opts: BenchServerOptions = {}): Promise<BenchServer> {
  requireTools();
  const kept = opts.dataDir !== undefined;
  const dataDir = opts.dataDir ?? mkdtempSync(`${tmpdir()}/dreamreel-bench-`);
  const marker = `${dataDir}/.seeded`;
  const port = freePort();
  const url = `http://127.0.0.1:${port}`;
  const env = {
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: "127.0.0.1",
    SITE_URL: url,
    LOG_LEVEL: "warn",
    NODE_ENV: "production",
    // One server process unless a bench asks for more (bench/cores.ts): the figures are per core.
    WEB_CONCURRENCY: "1",
    ...opts.env,
  };
  const config = parseConfig(env);
  const db = await prepareData(config);
  const { findLoginByUsername, insertUser } = await import("../db/queries/users.ts");
  const cookies: string[] = [];
  for (let i = 0; i < (opts.members ?? 1); i++) {
    const username = i === 0 ? "bench_member" : `bench_member_${i}`;
    // A kept data dir has its members from an earlier run: they get a new session.
    const member = (kept ? await findLoginByUsername(db, username) : undefined) ?? await insertUser(
      db,
      i === 0
        ? { username, email: "bench@example.com", passwordHash: null, isAdmin: opts.admin ?? false }
        : { username, email: null, passwordHash: null },
    );
    const sessionId = randomToken();
    await insertSession(db, sha256Hex(sessionId), member.id, Date.now() + 86_400_000);
    cookies.push(`${sessionCookieName(config)}=${sessionId}`);
  }
  if (opts.seed && !(kept && existsSync(marker))) {
    await opts.seed(db, config);
    if (kept) writeFileSync(marker, new Date().toISOString());
  }
  db.client.close();

  const root = opts.root ? `${opts.root.replace(/\/$/, "")}/` : ROOT;
  const pin = opts.cpu === null ? [] : ["taskset", "-c", String(opts.cpu ?? 0)];
  const [cmd, ...args] = [...pin, Deno.execPath(), "run", ...(opts.denoFlags ?? [`--v8-flags=${V8_FLAGS}`]), "-A", `${root}main.ts`];
  const child = new Deno.Command(cmd, {
    args,
    env,
    cwd: root,
    stdout: "null",
    stderr: "inherit",
  }).spawn();
  for (let i = 0;; i++) {
    try {
      await (await fetch(`${url}/api/user`)).body?.cancel();
      break;
    } catch {
      if (i > 300) throw new Error("bench server did not start");
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return {
    url,
    pid: child.pid,
    config,
    dataDir,
    cookie: cookies[0],
    cookies,
    stop: async () => {
      child.kill("SIGTERM");
      await child.status;
      if (!kept) await Deno.remove(dataDir, { recursive: true }).catch(() => {});
    },
  };
}

export type WrkResult = { name: string; rps: number; p50: number; p99: number; non2xx: number; errors: number; requests: number };

function toMs(value: string): number {
  const m = value.match(/^([\d.]+)(us|ms|s|m)$/);
  if (!m) return NaN;
  const n = Number(m[1]);
  return m[2] === "us" ? n / 1000 : m[2] === "ms" ? n : m[2] === "s" ? n * 1000 : n * 60_000;
}

/** Parses wrk's `--latency` report. */
export function parseWrk(name: string, out: string): WrkResult {
  const rps = Number(out.match(/Requests\/sec:\s+([\d.]+)/)?.[1] ?? NaN);
  const requests = Number(out.match(/(\d+) requests in/)?.[1] ?? NaN);
  const p50 = toMs(out.match(/^\s+50%\s+(\S+)/m)?.[1] ?? "");
  const p99 = toMs(out.match(/^\s+99%\s+(\S+)/m)?.[1] ?? "");
  const non2xx = Number(out.match(/Non-2xx or 3xx responses:\s+(\d+)/)?.[1] ?? 0);
  const sock = out.match(/Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/);
  const errors = sock ? sock.slice(1).reduce((s, n) => s + Number(n), 0) : 0;
  return { name, rps, p50, p99, non2xx, errors, requests };
}

/**
 * Runs wrk from core 1 (or `cpu`) against a URL. `headers` are sent on every request; `lua` is an optional
 * wrk script (for POST bodies). wrk counts 4xx answers as "non-2xx"; a bench that measures an
 * expected 401 shows that count as the number of requests.
 */
export async function measure(
  name: string,
  url: string,
  opts: { headers?: Record<string, string>; lua?: string; seconds?: number; connections?: number; cpu?: number } = {},
): Promise<WrkResult> {
  const args = [
    "-c",
    String(opts.cpu ?? 1),
    "wrk",
    `-t${WRK.threads}`,
    `-c${opts.connections ?? WRK.connections}`,
    `-d${opts.seconds ?? WRK.seconds}s`,
    "--latency",
  ];
  for (const [k, v] of Object.entries(withAgeCookie(opts.headers))) args.push("-H", `${k}: ${v}`);
  if (opts.lua) {
    const script = `${mkdtempSync(`${tmpdir()}/dreamreel-wrk-`)}/script.lua`;
    await Deno.writeTextFile(script, opts.lua);
    args.push("-s", script);
  }
  args.push(url);
  const out = await new Deno.Command("taskset", { args, stdout: "piped", stderr: "piped" }).output();
  const text = new TextDecoder().decode(out.stdout);
  if (!out.success) throw new Error(`wrk failed: ${new TextDecoder().decode(out.stderr)}`);
  return parseWrk(name, text);
}

/**
 * The 18+ gate's answer (lib/render/age_gate.ts), added to every request a bench makes: the figures are
 * those of a returning visitor's pages, not of the interstitial. An explicit `dr_age` is kept.
 */
export function withAgeCookie(headers: Record<string, string> = {}): Record<string, string> {
  const name = Object.keys(headers).find((k) => k.toLowerCase() === "cookie");
  const cookie = name ? headers[name] : "";
  if (/(?:^|;\s*)dr_age=/.test(cookie)) return headers;
  const { [name ?? "cookie"]: _, ...rest } = headers;
  return { ...rest, cookie: cookie ? `${cookie}; dr_age=1` : "dr_age=1" };
}

/** Raw (still compressed) body size of a GET, with the encoding the server chose. */
export function compressedSize(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; bytes: number; encoding: string; body: Uint8Array }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers: withAgeCookie({ "accept-encoding": "br", ...headers }) }, (res) => {
      const chunks: Uint8Array[] = [];
      res.on("data", (c: Uint8Array) => chunks.push(c));
      res.on("end", () => {
        const body = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
        let off = 0;
        for (const c of chunks) body.set(c, off), off += c.length;
        resolve({ status: res.statusCode ?? 0, bytes: body.length, encoding: String(res.headers["content-encoding"] ?? "identity"), body });
      });
    });
    req.on("error", reject);
    req.end();
  });
}

function attrs(tag: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of tag.matchAll(/([a-zA-Z-]+)=(?:"([^"]*)"|'([^']*)')/g)) out[m[1].toLowerCase()] = m[2] ?? m[3];
  return out;
}

type Sizes = { html: number; css: number; js: number };
/** Brotli sizes of a page's parts; `raw` the same uncompressed. */
export type PageBytes = Sizes & { page: string; status: number; jsFiles: number; raw: Sizes };

/** What a browser sends: the server answers pages with gzip and hashed assets with brotli. */
export const BROWSER = { "accept-encoding": "gzip, deflate, br" };

/**
 * Bytes of a page as a browser gets them: its HTML, its stylesheets, and its JavaScript (module
 * scripts, modulepreloads and the chunks of the islands on the page, each file counted once);
 * `raw` holds the uncompressed bytes.
 */
export async function pageBytes(base: string, path: string, headers: Record<string, string> = {}): Promise<PageBytes> {
  const page = await compressedSize(base + path, { ...BROWSER, ...headers });
  const plain = await (await fetch(base + path, { headers: withAgeCookie(headers) })).text();
  const css = new Set<string>();
  const js = new Set<string>();
  for (const m of plain.matchAll(/<link\b[^>]*>/g)) {
    const a = attrs(m[0]);
    if (a.rel === "stylesheet" && a.href) css.add(a.href);
    if (a.rel === "modulepreload" && a.href) js.add(a.href);
  }
  for (const m of plain.matchAll(/<script\b[^>]*>/g)) {
    const a = attrs(m[0]);
    if (a.src) js.add(a.src);
  }
  const islands = new Set([...plain.matchAll(/data-island="(\w+)"/g)].map((m) => m[1]));
  if (islands.size) {
    const manifest = await (await fetch(`${base}/static/build/manifest.json`)).json();
    for (const name of islands) for (const href of [manifest.islands[name].file, ...manifest.islands[name].imports]) js.add(href);
  }
  const sum = async (set: Set<string>, encoding = "br") => {
    let n = 0;
    for (const href of set) n += (await compressedSize(new URL(href, base).href, { "accept-encoding": encoding })).bytes;
    return n;
  };
  return {
    page: path,
    status: page.status,
    html: page.bytes,
    css: await sum(css),
    js: await sum(js),
    jsFiles: js.size,
    raw: { html: new TextEncoder().encode(plain).length, css: await sum(css, "identity"), js: await sum(js, "identity") },
  };
}

/** Resident memory of a process in MB (Linux /proc). */
export function rssMb(pid: number): number {
  const kb = Number(readFileSync(`/proc/${pid}/status`, "utf8").match(/VmRSS:\s+(\d+)\s+kB/)?.[1] ?? NaN);
  return kb / 1024;
}

/** Prints rows as an aligned table. */
export function printTable(title: string, header: string[], rows: (string | number)[][]) {
  const cells = [header, ...rows.map((r) => r.map((c) => (typeof c === "number" ? fmt(c) : c)))];
  const widths = header.map((_, i) => Math.max(...cells.map((r) => String(r[i] ?? "").length)));
  const line = (r: (string | number)[]) =>
    r.map((c, i) => (i === 0 ? String(c).padEnd(widths[i]) : String(c).padStart(widths[i]))).join("  ");
  console.log(`\n${title}`);
  console.log(line(header));
  console.log(widths.map((w) => "-".repeat(w)).join("  "));
  for (const r of cells.slice(1)) console.log(line(r));
}

function fmt(n: number): string {
  if (!Number.isFinite(n)) return "n/a";
  if (Number.isInteger(n)) return n.toLocaleString("en-US");
  return n >= 100 ? Math.round(n).toLocaleString("en-US") : n.toFixed(2);
}

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** Rows for printTable from wrk results. */
export function wrkRows(results: WrkResult[]) {
  return results.map((r) => [r.name, Math.round(r.rps), `${r.p50.toFixed(2)} ms`, `${r.p99.toFixed(2)} ms`, r.non2xx, r.errors]);
}

export const WRK_HEADER = ["request", "req/s", "p50", "p99", "non-2xx", "errors"];
