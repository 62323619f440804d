/**
 * Where media files live, behind one interface (issue 22): local disk under DATA_DIR/uploads (the
 * default) or an S3-compatible bucket. Callers hold keys (`v/3f9a...e2.mp4`) and never paths or
 * URLs of a backend; `storeFor(config)` picks the configured one. Temp files (uploads as they
 * stream, ffmpeg's inputs and outputs) are always on local disk, under `uploads/tmp`.
 */
import { randomBytes } from "node:crypto";
import { mkdirSync } from "node:fs";
import type { Config } from "../config.ts";
import { StorageError } from "./error.ts";
import { log } from "../log.ts";
import { LocalStore } from "./local.ts";
import { S3Store } from "./s3.ts";

export { StorageError };

/** A local file holding an object's bytes; `release` removes it when it was a temp copy. */
export type LocalCopy = { path: string; size: number; release(): Promise<void> };

export type ServeOptions = { cacheControl: string };

export interface Store {
  readonly kind: "local" | "s3";
  /** A fresh local temp path (`.part`, swept at start after a crash). */
  tempPath(): string;
  /** Puts a finished local file at `key`; the local file is gone afterwards. */
  moveIn(localPath: string, key: string): Promise<void>;
  /** Puts a copy of a local file at `key`; the local file stays. */
  copyIn(localPath: string, key: string): Promise<void>;
  /** A local file with the object's bytes (for ffmpeg, sharp, hashing), or null when there is none. */
  local(key: string): Promise<LocalCopy | null>;
  /** The object's size, or null when there is none. */
  size(key: string): Promise<number | null>;
  /** Removes objects; one already gone is not an error. */
  remove(keys: string[]): Promise<void>;
  /** Every stored object (temp files excluded). */
  list(): AsyncIterable<{ key: string; size: number }>;
  /** A URL a browser may fetch a public object from directly, or null when the app serves it. */
  directUrl(key: string): Promise<string | null>;
  /** Serves the object through the app (Range, HEAD, ETag), or null when there is none. */
  respond(req: Request, key: string, opts: ServeOptions): Promise<Response | null>;
  /** Checks the backend can be used; throws a StorageError saying what is wrong. */
  check(): Promise<void>;
}

const stores = new WeakMap<Config, Store>();

/** The configured backend (one per config). */
export function storeFor(config: Config): Store {
  let store = stores.get(config);
  if (!store) stores.set(config, store = makeStore(config, config.storage.kind));
  return store;
}

/** A given backend, configured or not (the migration task needs both). */
export function makeStore(config: Config, kind: "local" | "s3"): Store {
  const tempDir = `${config.uploadsDir}/tmp`;
  mkdirSync(tempDir, { recursive: true });
  const tempPath = () => `${tempDir}/${randomBytes(12).toString("hex")}.part`;
  if (kind === "local") return new LocalStore(config.uploadsDir, tempPath);
  if (!config.storage.s3) throw new Error("S3 storage needs S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY");
  return new S3Store(config.storage.s3, { urlSeconds: config.storage.urlSeconds, mediaBaseUrl: config.storage.mediaBaseUrl }, tempPath);
}

/**
 * Removes stored objects once nothing points at them (their rows are gone). A bucket that fails
 * here does not fail the request or job that deleted the rows: the objects are orphans, harmless,
 * and named in the log for the operator.
 */
export async function removeKeys(config: Config, keys: (string | null | undefined)[]) {
  const list = keys.filter((k): k is string => !!k);
  if (!list.length) return;
  try {
    await storeFor(config).remove(list);
  } catch (e) {
    if (!(e instanceof StorageError)) throw e;
    log.warn("storage objects left behind", { keys: list, detail: e.detail });
  }
}
