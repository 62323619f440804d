/**
 * Litestream 0.3 as a program: where its binary is, the configuration it is given, how its
 * metrics read, and how it is started so that it never outlives the process that owns it.
 */
import { existsSync } from "node:fs";
import { basename, dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { fileUrlPath } from "../../db/client.ts";
import { type Config, ConfigError } from "../config.ts";
import type { WalPosition } from "./tracker.ts";

/** The binary of the npm package @flydotio/litestream-linux-x64 (in deno.json), which `deno install` and `deno run` lay out. */
const NPM_BINARY = fileURLToPath(new URL("../../node_modules/@flydotio/litestream-linux-x64/litestream", import.meta.url));

/** No Litestream to run though REPLICA_URL asks for one: the start stops, as for a bad setting. */
export class LitestreamMissing extends ConfigError {}

function runs(bin: string): string | null {
  try {
    const out = new Deno.Command(bin, { args: ["version"], stdout: "piped", stderr: "null" }).outputSync();
    return out.success ? new TextDecoder().decode(out.stdout).trim() : null;
  } catch {
    return null;
  }
}

/**
 * LITESTREAM_BIN, else `litestream` on the PATH, else the npm package's binary (a source
 * checkout; the compiled binary cannot run a file embedded in itself). Litestream 0.3 only: the
 * configuration and the metrics read here are 0.3's.
 */
export function findLitestream(config: Config): { bin: string; version: string } {
  const candidates = config.litestreamBin ? [config.litestreamBin] : ["litestream", ...(Deno.build.standalone ? [] : [NPM_BINARY])];
  for (const bin of candidates) {
    if (bin !== "litestream" && !existsSync(bin)) continue;
    const version = runs(bin);
    if (!version) continue;
    if (!version.startsWith("v0.3.")) throw new LitestreamMissing(`${bin} is Litestream ${version}; Dreamreel runs Litestream 0.3.x`);
    return { bin, version };
  }
  throw new LitestreamMissing(
    config.litestreamBin
      ? `LITESTREAM_BIN=${config.litestreamBin} does not run (${
        existsSync(config.litestreamBin) ? "not a Litestream binary" : "no such file"
      })`
      : "REPLICA_URL is set but Litestream was not found: set LITESTREAM_BIN, or put litestream (0.3.x) on the PATH",
  );
}

/** The database file Litestream replicates, as an absolute path. */
export const databasePath = (config: Config) => resolve(fileUrlPath(config.databaseUrl));

/**
 * Litestream's configuration (decision 037). No secret in it: the keys go in its environment.
 * - monitor-interval 250ms: the WAL is copied to the shadow WAL four times a second, so with
 *   sync-interval 1s a write is on the replica within about 1.3 s plus the upload.
 * - checkpoints are Litestream's (the app sets wal_autocheckpoint = 0 while replicating): a
 *   PASSIVE one at 1,000 WAL pages, a RESTART one at 10,000 pages (its defaults), and one at
 *   least every second while there are writes (checkpoint-interval 1s, decision 050): the app's
 *   commits do not fsync while replicating, and SQLite fsyncs the WAL before each checkpoint, so
 *   this bounds what a power cut can take from the local disk to about a second.
 * - retention 24h (default): a point-in-time restore reaches at least the last 24 hours.
 */
export function litestreamYaml(config: Config, metricsPort: number, dbPath = databasePath(config)): string {
  const r = config.replica!;
  const q = (s: string) => JSON.stringify(s); // YAML accepts JSON strings
  return [
    `addr: ${q(`127.0.0.1:${metricsPort}`)}`,
    "dbs:",
    `  - path: ${q(dbPath)}`,
    "    monitor-interval: 250ms",
    "    checkpoint-interval: 1s",
    "    min-checkpoint-page-count: 1000",
    "    max-checkpoint-page-count: 10000",
    "    replicas:",
    "      - type: s3",
    `        bucket: ${q(r.bucket)}`,
    `        path: ${q(r.path)}`,
    `        endpoint: ${q(r.endpoint)}`,
    `        region: ${q(r.region)}`,
    `        force-path-style: ${r.forcePathStyle}`,
    "        sync-interval: 1s",
    "        retention: 24h",
    "",
  ].join("\n");
}

/** The replica's credentials, passed in the environment (Litestream 0.3 reads LITESTREAM_ACCESS_KEY_ID and ..._SECRET_ACCESS_KEY). */
export const litestreamEnv = (config: Config) => ({
  LITESTREAM_ACCESS_KEY_ID: config.replica!.accessKeyId,
  LITESTREAM_SECRET_ACCESS_KEY: config.replica!.secretAccessKey,
});

/**
 * Where Litestream's shadow WAL ends: the newest WAL file of the current generation in the shadow
 * directory beside the database (`.dreamreel.db-litestream/generations/<gen>/wal/<index>.wal`,
 * Litestream 0.3's layout) and its size. Its metrics give the replica's position in the same terms,
 * but for the shadow WAL only the size of all its files together.
 */
export async function shadowPosition(dbPath: string): Promise<WalPosition | null> {
  const meta = `${dirname(dbPath)}/.${basename(dbPath)}-litestream`;
  try {
    const generation = (await Deno.readTextFile(`${meta}/generation`)).trim();
    if (!/^[0-9a-f]{16}$/.test(generation)) return null;
    const dir = `${meta}/generations/${generation}/wal`;
    let index = -1;
    for await (const entry of Deno.readDir(dir)) {
      const m = /^([0-9a-f]{8})\.wal$/.exec(entry.name);
      if (m) index = Math.max(index, parseInt(m[1], 16));
    }
    if (index < 0) return null;
    const { size } = await Deno.stat(`${dir}/${index.toString(16).padStart(8, "0")}.wal`);
    return { index, offset: size };
  } catch {
    return null; // not there yet, or moved on between the listing and the stat: the next poll reads it
  }
}

/** The replica's position in Litestream's Prometheus metrics (WAL index, offset in it), once it has one. */
export function parseMetrics(text: string): { replica: WalPosition | null } {
  const values = new Map<string, number>();
  for (const line of text.split("\n")) {
    if (line.startsWith("#")) continue;
    const name = line.slice(0, line.search(/[{ ]/));
    const value = Number(line.slice(line.lastIndexOf(" ") + 1));
    if (name.startsWith("litestream_") && Number.isFinite(value)) values.set(name, value);
  }
  const pair = (index: string, offset: string) =>
    values.has(index) && values.has(offset) ? { index: values.get(index)!, offset: values.get(offset)! } : null;
  return { replica: pair("litestream_replica_wal_index", "litestream_replica_wal_offset") };
}

/**
 * `litestream replicate` under a small sh that holds its stdin: when the owner dies, even by
 * SIGKILL, the pipe closes and the sh sends Litestream SIGTERM, which makes it sync one last time
 * and exit, so no Litestream outlives its owner and a restarted site never runs two. The sh exits
 * with Litestream's status when Litestream dies on its own. Its first line is Litestream's pid.
 */
const WRAPPER = `exec 3<&0
"$@" </dev/null 3<&- & ls=$!
echo "litestream-pid=$ls"
{ cat <&3 >/dev/null; kill -TERM "$ls" 2>/dev/null; } &
exec 3<&-
wait "$ls"`;

/** In a session of its own when `setsid` is there: a Ctrl-C in the terminal reaches the owner, which stops Litestream last. */
const SETSID = ["/usr/bin/setsid", "/bin/setsid"].find((p) => existsSync(p));

export function spawnLitestream(bin: string, configPath: string, env: Record<string, string>): Deno.ChildProcess {
  const args = ["-c", WRAPPER, "litestream-owner", bin, "replicate", "-config", configPath, "-no-expand-env"];
  return new Deno.Command(SETSID ?? "sh", {
    args: SETSID ? ["sh", ...args] : args,
    env,
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
}

/** A free loopback port for Litestream's metrics. */
export function freePort(): number {
  const probe = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const { port } = probe.addr;
  probe.close();
  return port;
}
