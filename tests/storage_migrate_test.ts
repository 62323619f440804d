/**
 * `deno task storage:migrate` on a seeded site (issue 22): local to s3 interrupted and resumed,
 * every object byte for byte in the bucket and served from there; then back to local on a disk
 * emptied of media, byte for byte again. Against s3rver and moto on loopback (issue 37).
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { rm } from "node:fs/promises";
import { eq } from "drizzle-orm";
import { media } from "../db/schema/mod.ts";
import { parseConfig } from "../lib/config.ts";
import { makeStore, type Store } from "../lib/storage/store.ts";
import { migrateObjects, type MigrateProgress } from "../lib/storage/migrate.ts";
import { seedDemo } from "../tasks/seed_demo.ts";
import { makeTestEnv } from "./_helpers.ts";
import { type S3Server, startS3 } from "./_s3.ts";
import { motoCommand, startMoto } from "./_moto.ts";
import { needsMoto } from "./_needs.ts";

async function contents(store: Store) {
  const out = new Map<string, Uint8Array>();
  for await (const { key } of store.list()) {
    const copy = (await store.local(key))!;
    out.set(key, new Uint8Array(readFileSync(copy.path)));
    await copy.release();
  }
  return out;
}

const SERVERS: [string, () => Promise<S3Server>, boolean][] = [
  ["s3rver", () => startS3(), true],
  ["moto", () => startMoto(), needsMoto(import.meta.url, motoCommand())],
];

for (const [name, start, present] of SERVERS) {
  Deno.test({
    name: `[storage] ${name}: migrate local -> s3 (interrupted, resumed) -> local keeps every byte; the s3 site serves the seeded files`,
    ignore: !present,
    fn: async () => {
      const s3 = await start();
      try {
        await using site = await makeTestEnv();
        await seedDemo(site.config, site.db);
        const s3Env = { ...s3.env, DATA_DIR: site.config.dataDir };
        const local = makeStore(site.config, "local");
        const bucket = makeStore(parseConfig({ ...s3Env, STORAGE: "local" }), "s3");
        const before = await contents(local);
        assert.ok(before.size > 40, `seeded objects: ${before.size}`);

        // Interrupted after 5 objects, then run again: the 5 are verified and skipped, the rest copied.
        const stop = new AbortController();
        await assert.rejects(
          migrateObjects(local, bucket, { signal: stop.signal, onProgress: (p) => p.done === 5 && stop.abort() }),
        );
        const seen: MigrateProgress[] = [];
        const resumed = await migrateObjects(local, bucket, { onProgress: (p) => seen.push(p) });
        assert.deepEqual(
          { total: resumed.total, present: resumed.present, copied: resumed.copied, failed: resumed.failed },
          { total: before.size, present: 5, copied: before.size - 5, failed: [] },
        );
        assert.deepEqual(seen.map((p) => p.done), [...before.keys()].map((_, i) => i + 1), "progress for every object");
        assert.deepEqual(await contents(bucket), before, "the bucket holds every object byte for byte");

        // The same data directory with STORAGE=s3 serves a seeded item's file from the bucket.
        {
          await using onS3 = await makeTestEnv(s3Env);
          const [item] = await onS3.db.select().from(media).where(eq(media.contentType, "image")).limit(1);
          const res = await onS3.request(`/uploads/${item.fileKey}`);
          assert.equal(res.status, 302);
          assert.deepEqual(new Uint8Array(await (await fetch(res.headers.get("location")!)).arrayBuffer()), before.get(item.fileKey!));
        }

        // Back to local on a disk without its media: byte for byte, by the task itself with its progress lines.
        await rm(`${site.config.uploadsDir}`, { recursive: true });
        const out = await new Deno.Command(Deno.execPath(), {
          args: ["run", "-A", "tasks/storage_migrate.ts", "--to", "local"],
          env: { ...s3Env, LOG_LEVEL: "error" },
          cwd: new URL("..", import.meta.url).pathname,
        }).output();
        const text = new TextDecoder().decode(out.stdout);
        assert.equal(out.code, 0, new TextDecoder().decode(out.stderr));
        assert.match(text, new RegExp(`\\[${before.size}/${before.size}\\] copied `));
        assert.match(text, new RegExp(`${before.size} objects: ${before.size} copied .* 0 failed`));
        assert.match(text, /Now set STORAGE=local and restart/);
        assert.deepEqual(await contents(local), before, "local disk holds every object byte for byte again");
      } finally {
        await s3.close();
      }
    },
  });
}
