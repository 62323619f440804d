/**
 * `deno task backup [--out DIR]`: a consistent copy of the data directory, usable as a DATA_DIR.
 * The database is copied with `VACUUM INTO` (a transactionally consistent snapshot, safe while
 * the site runs), then the uploads. Rows are deleted before their files, so a file removed while
 * the copy runs can leave a snapshot row without its file: those are counted and reported.
 * Restore: stop the site, point DATA_DIR at the backup folder (or copy its contents back).
 * With STORAGE=s3 it copies the database only: the bucket is the operator's to version or
 * replicate (the result says so, and README's "Object storage" section explains it).
 */
import { cp, mkdir, stat } from "node:fs/promises";
import { resolve } from "node:path";
import { createClient } from "@libsql/client";
import { type Config, ConfigError, loadConfig } from "../lib/config.ts";

export type BackupResult = { dir: string; dbBytes: number; files: number; missing: string[]; bucket: string | null };

export async function backup(config: Config, outDir: string): Promise<BackupResult> {
  if (!config.databaseUrl.startsWith("file:")) {
    throw new Error(`backup copies a local SQLite file; DATABASE_URL=${config.databaseUrl} is a server: use its own backups`);
  }
  const dir = resolve(outDir);
  if (await stat(`${dir}/dreamreel.db`).then(() => true, () => false)) throw new Error(`${dir} already holds a backup`);
  await mkdir(dir, { recursive: true });
  const dbFile = `${dir}/dreamreel.db`;
  const client = createClient({ url: config.databaseUrl });
  try {
    await client.execute({ sql: "VACUUM INTO ?", args: [dbFile] });
  } finally {
    client.close();
  }
  if (config.storage.kind === "s3") {
    const { bucket, endpoint, prefix } = config.storage.s3!;
    return { dir, dbBytes: (await stat(dbFile)).size, files: 0, missing: [], bucket: `${bucket}/${prefix} at ${endpoint}` };
  }
  let files = 0;
  await cp(config.uploadsDir, `${dir}/uploads`, {
    recursive: true,
    errorOnExist: false,
    filter: (src) => {
      if (src.endsWith(".part")) return false; // unfinished uploads are never part of the site
      files++;
      return true;
    },
  }).catch((e) => {
    if ((e as NodeJS.ErrnoException).code !== "ENOENT") throw e;
  });
  await mkdir(`${dir}/uploads`, { recursive: true });

  // Check the copy: integrity, and every file the snapshot references is there.
  const copy = createClient({ url: `file:${dbFile}` });
  const missing: string[] = [];
  try {
    const check = await copy.execute("PRAGMA integrity_check");
    if (check.rows[0]?.[0] !== "ok") throw new Error(`integrity_check of the copy failed: ${JSON.stringify(check.rows)}`);
    const keys = await copy.execute(
      "SELECT file_key AS k FROM media WHERE file_key IS NOT NULL UNION SELECT thumbnail_key FROM media WHERE thumbnail_key IS NOT NULL",
    );
    for (const row of keys.rows) {
      const key = String(row[0]);
      if (!(await stat(`${dir}/uploads/${key}`).then(() => true, () => false))) missing.push(key);
    }
  } finally {
    copy.close();
  }
  return { dir, dbBytes: (await stat(dbFile)).size, files, missing, bucket: null };
}

if (import.meta.main) {
  let config: Config;
  try {
    config = loadConfig();
  } catch (e) {
    if (!(e instanceof ConfigError)) throw e;
    console.error(e.message);
    Deno.exit(1);
  }
  const i = Deno.args.indexOf("--out");
  const stamp = new Date().toISOString().replace(/[:.]/g, "-").replace("T", "_").slice(0, 19);
  const out = i >= 0 && Deno.args[i + 1] ? Deno.args[i + 1] : `./backups/dreamreel-${stamp}`;
  const result = await backup(config, out);
  console.log(`backup written to ${result.dir}: database ${(result.dbBytes / 1024).toFixed(0)} KB, ${result.files} upload entries`);
  if (result.bucket) {
    console.log(`STORAGE=s3: this backup holds the database only; media files stay in bucket ${result.bucket}.`);
    console.log("Back the bucket up on the provider's side (versioning, replication, or rclone/mc mirror to another bucket).");
  }
  if (result.missing.length) {
    console.warn(`${result.missing.length} files deleted during the copy are missing: ${result.missing.join(", ")}`);
  }
  console.log(`restore: stop the site, then start it with DATA_DIR=${result.dir}`);
}
