/**
 * `deno task restore` (issue 37): the database from the replica, latest or as it was at a
 * moment, into a folder without a database, checked with `PRAGMA integrity_check` before it is
 * put in place. A database already there is never touched.
 */
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, rename, rm, stat, writeFile } from "node:fs/promises";
import { dirname, resolve } from "node:path";
import { DatabaseSync } from "node:sqlite";
import type { Config } from "../config.ts";
import { databasePath, findLitestream, litestreamEnv, litestreamYaml } from "./litestream.ts";
import { classify, describe } from "./tracker.ts";

export class RestoreError extends Error {}

export type RestoreResult = { path: string; at: Date | null; bytes: number };

/** `2026-11-27T10:00:00Z` (seconds and milliseconds optional): a moment in UTC, or null when it is not one. */
export function parseMoment(text: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?Z$/.test(text)) return null;
  const at = new Date(text);
  return Number.isNaN(at.getTime()) || at.toISOString().slice(0, 16) !== text.slice(0, 16) ? null : at;
}

/** The folder's database files: any of them there means a database exists. */
const dbFiles = (path: string) => [path, `${path}-wal`, `${path}-shm`];

export async function restoreDatabase(config: Config, opts: { at?: Date; to?: string } = {}, now = Date.now()): Promise<RestoreResult> {
  const replica = config.replica;
  if (!replica) throw new RestoreError("REPLICA_URL is not set: there is no replica to restore from.");
  if (opts.at && opts.at.getTime() > now) throw new RestoreError(`--at ${opts.at.toISOString()} is in the future.`);
  const { bin } = findLitestream(config);
  const target = opts.to ? resolve(opts.to, "dreamreel.db") : databasePath(config);
  const existing = dbFiles(target).find((f) => existsSync(f));
  if (existing) {
    throw new RestoreError(
      `A database already exists at ${existing}: restore never overwrites one, and nothing was touched. ` +
        "Move it away (or restore --to an empty folder), then run the restore again.",
    );
  }
  const dir = dirname(target);
  const made = !existsSync(dir);
  await mkdir(dir, { recursive: true });
  const work = await mkdtemp(`${dir}/.restore-`);
  let restored = false;
  try {
    const yml = `${work}/litestream.yml`;
    await writeFile(yml, litestreamYaml(config, 0, target), { mode: 0o600 });
    const out = `${work}/dreamreel.db`;
    const at = opts.at ? ["-timestamp", opts.at.toISOString()] : [];
    const run = await litestream(bin, config, ["restore", "-config", yml, "-no-expand-env", "-o", out, ...at, target]);
    if (!run.ok) throw await restoreFailure(bin, config, yml, target, run.text, opts.at);
    const check = integrity(out);
    if (check !== "ok") throw new RestoreError(`The restored database fails PRAGMA integrity_check (${check}); nothing was put in place.`);
    await rename(out, target);
    // Litestream's shadow WAL of a database that was here before would not match this one (its tips).
    await rm(`${dir}/.${target.slice(dir.length + 1)}-litestream`, { recursive: true, force: true });
    restored = true;
    return { path: target, at: opts.at ?? null, bytes: (await stat(target)).size };
  } finally {
    await rm(restored || !made ? work : dir, { recursive: true, force: true });
  }
}

async function litestream(bin: string, config: Config, args: string[]) {
  const out = await new Deno.Command(bin, { args, env: litestreamEnv(config), stdout: "piped", stderr: "piped" }).output();
  const text = new TextDecoder().decode(out.stdout) + new TextDecoder().decode(out.stderr);
  return { ok: out.success, text };
}

/** Why a restore found nothing or failed, in the operator's words: no backup yet, none that old, or the replica's problem. */
async function restoreFailure(bin: string, config: Config, yml: string, target: string, text: string, at?: Date) {
  const url = config.replica!.url;
  if (!text.includes("no matching backups found")) {
    const problem = classify(text);
    const detail = (text.match(/error="([^"\n]{0,300})/)?.[1] ?? text.trim()).slice(0, 300);
    return new RestoreError(`Restore failed: ${describe(config, problem, detail)}.`);
  }
  const first = at ? await firstBackup(bin, config, yml, target) : null;
  if (at && first && at < first) {
    return new RestoreError(
      `No backup is as old as ${at.toISOString()}: the first backup in ${url} is from ${first.toISOString()}. ` +
        "Choose a later --at, or leave it out for the latest state.",
    );
  }
  return new RestoreError(
    `${url} holds no backup${at ? ` at or before ${at.toISOString()}` : ""} (has a site run with this REPLICA_URL?).`,
  );
}

/** The oldest snapshot's time, from `litestream snapshots` (a table whose last column is the time). */
async function firstBackup(bin: string, config: Config, yml: string, target: string): Promise<Date | null> {
  const run = await litestream(bin, config, ["snapshots", "-config", yml, "-no-expand-env", target]);
  if (!run.ok) return null;
  const times = run.text.split("\n").map((l) => l.trim().split(/\s+/).at(-1) ?? "").map((t) => new Date(t).getTime())
    .filter((t) => Number.isFinite(t));
  return times.length ? new Date(Math.min(...times)) : null;
}

function integrity(path: string): string {
  const db = new DatabaseSync(path);
  try {
    const rows = db.prepare("PRAGMA integrity_check").all() as { integrity_check: string }[];
    return rows.map((r) => r.integrity_check).join("; ").slice(0, 300);
  } finally {
    db.close();
  }
}
