/**
 * Copies every object from one backend to the other (`deno task storage:migrate --to s3|local`).
 * Each object is copied, read back and compared by size and SHA-256; an object already at the
 * target with the same size and checksum is skipped, so an interrupted run resumes where it
 * stopped. Nothing is switched and nothing is deleted: the operator changes STORAGE once every
 * object is verified, and removes the old copies when satisfied.
 */
import { createHash } from "node:crypto";
import type { Store } from "./store.ts";

export type MigrateProgress = {
  done: number;
  total: number;
  key: string;
  bytes: number;
  action: "copied" | "present" | "failed";
  error?: string;
};
export type MigrateResult = { total: number; copied: number; present: number; failed: string[]; bytes: number };

export async function migrateObjects(
  from: Store,
  to: Store,
  opts: { onProgress?: (p: MigrateProgress) => void; signal?: AbortSignal } = {},
): Promise<MigrateResult> {
  const objects: { key: string; size: number }[] = [];
  for await (const o of from.list()) objects.push(o);
  objects.sort((a, b) => a.key.localeCompare(b.key));
  const result: MigrateResult = { total: objects.length, copied: 0, present: 0, failed: [], bytes: 0 };
  for (const [i, { key, size }] of objects.entries()) {
    opts.signal?.throwIfAborted();
    let action: MigrateProgress["action"] = "copied";
    let error: string | undefined;
    const source = await from.local(key);
    try {
      if (!source) throw new Error("gone from the source during the run");
      const want = await hashPath(source.path);
      if ((await to.size(key)) === source.size && (await hashAt(to, key)) === want) action = "present";
      else {
        await to.copyIn(source.path, key);
        const [gotSize, got] = [await to.size(key), await hashAt(to, key)];
        if (gotSize !== source.size || got !== want) throw new Error(`verification failed: ${gotSize} bytes, sha256 ${got}`);
        result.bytes += source.size;
      }
    } catch (e) {
      action = "failed";
      error = e instanceof Error ? ("detail" in e ? String(e.detail) : e.message) : String(e);
    } finally {
      await source?.release();
    }
    if (action === "failed") result.failed.push(key);
    else result[action]++;
    opts.onProgress?.({ done: i + 1, total: objects.length, key, bytes: size, action, error });
  }
  return result;
}

async function hashAt(store: Store, key: string): Promise<string | null> {
  const copy = await store.local(key);
  if (!copy) return null;
  try {
    return await hashPath(copy.path);
  } finally {
    await copy.release();
  }
}

async function hashPath(path: string): Promise<string> {
  const hash = createHash("sha256");
  using file = await Deno.open(path, { read: true });
  for await (const chunk of file.readable) hash.update(chunk);
  return hash.digest("hex");
}
