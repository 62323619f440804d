import { mkdir, readdir, rm } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { type Db, preparedDb } from "../../db/client.ts";
import { deleteExpiredSessions } from "../../db/queries/sessions.ts";
import { findLoginByUsername, insertUser, setAdmin } from "../../db/queries/users.ts";
import type { Config } from "../config.ts";
import { log, redactText, redactUrl } from "../log.ts";
import { signingSecret } from "../media/signing.ts";
import { hashPassword } from "../auth/passwords.ts";
import { storeFor } from "../storage/store.ts";
import { fileDbOptions } from "../replica/backpressure.ts";

export const MIGRATIONS_DIR = fileURLToPath(new URL("../../db/migrations", import.meta.url));

/** Opens the data directory: folders, migrated database, the configured admin, stale temp files swept. */
export async function prepareData(config: Config): Promise<Db> {
  await mkdir(config.uploadsDir, { recursive: true });
  await checkStorage(config);
  const db = await preparedDb(config.databaseUrl, MIGRATIONS_DIR, config.dbDriver, fileDbOptions(config));
  if (config.admin) await ensureAdmin(db, config.admin.username, config.admin.password);
  await deleteExpiredSessions(db, Date.now());
  await sweepTempFiles(config.uploadsDir);
  signingSecret(config); // generated and persisted now, not on the first signed link
  return db;
}

/** The configured storage works, or the start stops saying what is wrong (no bucket, bad credentials, wrong endpoint). */
async function checkStorage(config: Config) {
  try {
    await storeFor(config).check();
  } catch (e) {
    throw new Error(`STORAGE=${config.storage.kind}: ${redactText((e as { detail?: string }).detail ?? String(e))}`);
  }
  if (config.storage.kind === "s3") {
    log.info("media storage: S3 bucket", { bucket: config.storage.s3!.bucket, endpoint: redactUrl(config.storage.s3!.endpoint) });
  }
}

/** ADMIN_USERNAME/ADMIN_PASSWORD create that admin, or promote and re-key an existing account. */
export async function ensureAdmin(db: Db, username: string, password: string) {
  const passwordHash = await hashPassword(password);
  const existing = await findLoginByUsername(db, username);
  if (existing) {
    await setAdmin(db, existing.id, passwordHash);
    log.info("admin promoted", { username: existing.username });
  } else {
    await insertUser(db, { username, email: null, passwordHash, isAdmin: true, emailVerified: true });
    log.info("admin created", { username });
  }
}

/** Upload temp files (`*.part`) left by a crash are never valid: remove them at start. */
async function sweepTempFiles(dir: string) {
  const entries = await readdir(dir, { recursive: true }).catch(() => [] as string[]);
  for (const name of entries) if (String(name).endsWith(".part")) await rm(`${dir}/${name}`, { force: true });
}
