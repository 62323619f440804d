import { createHash, randomBytes } from "node:crypto";
import { rm } from "node:fs/promises";
import type { Config } from "./config.ts";

/** Folders under the uploads directory: videos, images, thumbnails/posters, temp files. */
export type StorageKind = "v" | "i" | "t" | "tmp";

/** A fresh, server-generated key such as `v/3f9ac1...e2.mp4`; client file names are never used. */
export function newKey(kind: StorageKind, ext: string): string {
  return `${kind}/${randomBytes(16).toString("hex")}.${ext.replace(/^\./, "").toLowerCase()}`;
}

export function keyPath(config: Config, key: string): string {
  if (key.includes("..") || key.startsWith("/")) throw new Error(`unsafe storage key ${key}`);
  return `${config.uploadsDir}/${key}`;
}

/** Removes stored files; a file already gone is not an error. */
export async function removeKeys(config: Config, keys: (string | null | undefined)[]) {
  for (const key of keys) if (key) await rm(keyPath(config, key), { force: true });
}

/** SHA-256 (hex) of a stored file, read in chunks. */
export async function hashStored(config: Config, key: string): Promise<string> {
  const hash = createHash("sha256");
  using file = await Deno.open(keyPath(config, key), { read: true });
  for await (const chunk of file.readable) hash.update(chunk);
  return hash.digest("hex");
}
