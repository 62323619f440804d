import { createHash, randomBytes } from "node:crypto";
import type { Config } from "../config.ts";
import { storeFor } from "../storage/store.ts";

export { removeKeys, storeFor } from "../storage/store.ts";

/** Folders under the uploads directory: videos (originals and renditions), images, thumbnails/posters, preview clips, temp files. */
export type StorageKind = "v" | "i" | "t" | "p" | "tmp";

/** A fresh, server-generated key such as `v/3f9ac1...e2.mp4`; client file names are never used. */
export function newKey(kind: StorageKind, ext: string): string {
  return `${kind}/${randomBytes(16).toString("hex")}.${ext.replace(/^\./, "").toLowerCase()}`;
}

/** A storage key as it appears in a URL: a folder, a generated name and an extension. */
export const KEY_RE = /^[a-z]+\/[A-Za-z0-9_-]{8,64}\.[a-z0-9]{2,5}$/;

/**
 * The storage key in a request path after `prefix` (`/uploads/`, `/api/s3/`), or null when the
 * path is malformed (bad percent-encoding, `..`, not a key).
 */
export function keyFromPath(path: string, prefix: string): string | null {
  let key: string;
  try {
    key = decodeURIComponent(path.startsWith(prefix) ? path.slice(prefix.length) : path);
  } catch {
    return null;
  }
  return key.includes("..") || !KEY_RE.test(key) ? null : key;
}

/** SHA-256 (hex) of a stored object, read in chunks (from a temp copy when it is in a bucket). */
export async function hashStored(config: Config, key: string): Promise<string> {
  const copy = await storeFor(config).local(key);
  if (!copy) throw new Error(`no stored object ${key}`);
  try {
    return await hashFile(copy.path);
  } finally {
    await copy.release();
  }
}

export async function hashFile(path: string): Promise<string> {
  const hash = createHash("sha256");
  using file = await Deno.open(path, { read: true });
  for await (const chunk of file.readable) hash.update(chunk);
  return hash.digest("hex");
}

/**
 * Runs `fn` on a local path of a stored object (the file itself on disk, a temp copy of it from a
 * bucket, removed afterwards); null when the object is gone.
 */
export async function withLocalCopy<T>(config: Config, key: string, fn: (path: string) => Promise<T>): Promise<T | null> {
  const copy = await storeFor(config).local(key);
  if (!copy) return null;
  try {
    return await fn(copy.path);
  } finally {
    await copy.release();
  }
}

/** `/uploads/v/<hex>.mp4` (or the same on our origin) to its storage key. */
export function keyFromUrl(url: string, config: Config): string | null {
  let path = url.trim();
  if (path.startsWith(config.siteUrl)) path = path.slice(config.siteUrl.length);
  const m = path.match(/^\/uploads\/([vi]\/[a-f0-9]{32}\.[a-z0-9]{2,5})$/);
  return m ? m[1] : null;
}
