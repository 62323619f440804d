/** The local-disk backend: objects are files under DATA_DIR/uploads, as before issue 22. */
import { copyFile, mkdir, readdir, rename, rm, stat } from "node:fs/promises";
import { fileResponse } from "../http/file_response.ts";
import type { LocalCopy, ServeOptions, Store } from "./store.ts";

export class LocalStore implements Store {
  readonly kind = "local";
  constructor(readonly dir: string, readonly tempPath: () => string) {}

  path(key: string): string {
    if (key.includes("..") || key.startsWith("/")) throw new Error(`unsafe storage key ${key}`);
    return `${this.dir}/${key}`;
  }

  async moveIn(localPath: string, key: string) {
    const path = this.path(key);
    const dir = path.slice(0, path.lastIndexOf("/"));
    await mkdir(dir, { recursive: true });
    await rename(localPath, path);
    await syncDir(dir);
  }

  async copyIn(localPath: string, key: string) {
    // Through a temp name, so an interrupted copy never leaves a short file at the key.
    const tmp = this.tempPath();
    await copyFile(localPath, tmp);
    try {
      await this.moveIn(tmp, key);
    } finally {
      await rm(tmp, { force: true });
    }
  }

  async local(key: string): Promise<LocalCopy | null> {
    const path = this.path(key);
    const info = await stat(path).catch(() => null);
    return info?.isFile() ? { path, size: info.size, release: async () => {} } : null;
  }

  async size(key: string) {
    const info = await stat(this.path(key)).catch(() => null);
    return info?.isFile() ? info.size : null;
  }

  async remove(keys: string[]) {
    for (const key of keys) await rm(this.path(key), { force: true });
  }

  async *list() {
    for (const folder of await readdir(this.dir, { withFileTypes: true }).catch(() => [])) {
      if (!folder.isDirectory() || folder.name === "tmp") continue;
      for (const file of await readdir(`${this.dir}/${folder.name}`, { withFileTypes: true })) {
        if (!file.isFile() || file.name.endsWith(".part")) continue;
        const key = `${folder.name}/${file.name}`;
        yield { key, size: (await stat(this.path(key))).size };
      }
    }
  }

  directUrl() {
    return Promise.resolve(null);
  }

  respond(req: Request, key: string, opts: ServeOptions) {
    return fileResponse(req, this.path(key), opts);
  }

  async check() {
    await mkdir(this.dir, { recursive: true });
  }
}

/** Makes a rename durable: fsync the directory entry (best effort where unsupported). */
async function syncDir(dir: string) {
  try {
    const d = await Deno.open(dir, { read: true });
    try {
      await d.sync();
    } finally {
      d.close();
    }
  } catch { /* not supported on every platform */ }
}
