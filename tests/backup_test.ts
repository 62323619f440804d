import assert from "node:assert/strict";
import { mkdirSync, writeFileSync } from "node:fs";
import { createApp } from "../app.ts";
import { prepareData } from "../lib/boot/bootstrap.ts";
import { parseConfig } from "../lib/config.ts";
import { backup } from "../tasks/backup.ts";
import { createMedia, createUser, makeTestEnv, ORIGIN, tempDir } from "./_helpers.ts";

Deno.test("[backup] VACUUM INTO plus uploads makes a copy that boots, passes integrity_check and serves the files", async () => {
  await using env = await makeTestEnv();
  const user = await createUser(env.db);
  mkdirSync(`${env.config.uploadsDir}/i`, { recursive: true });
  const key = "i/backupfile00000001.jpg";
  writeFileSync(`${env.config.uploadsDir}/${key}`, new Uint8Array([0xff, 0xd8, 0xff, 0xe0, ...new Array(2000).fill(1)]));
  writeFileSync(`${env.config.uploadsDir}/i/stale.part`, "partial");
  const item = await createMedia(env.db, { userId: user.id, fileKey: key, thumbnailKey: key, title: "Backed up" });

  const out = `${tempDir()}/copy`;
  const result = await backup(env.config, out);
  assert.deepEqual(result.missing, []);
  assert.ok(result.dbBytes > 0);

  // A second backup into the same folder is refused rather than mixed.
  await assert.rejects(backup(env.config, out), /already holds a backup/);

  // The copy is a DATA_DIR: it boots, is intact, has the rows and serves the file.
  const config = parseConfig({ DATA_DIR: out, SITE_URL: ORIGIN, LOG_LEVEL: "error" });
  const db = await prepareData(config);
  try {
    const check = await db.client.execute("PRAGMA integrity_check");
    assert.equal(check.rows[0][0], "ok");
    const rows = await db.client.execute({ sql: "SELECT title FROM media WHERE id = ?", args: [item.id] });
    assert.equal(rows.rows[0][0], "Backed up");
    const app = createApp(config, { db });
    const res = await app.request(`${ORIGIN}/uploads/${key}`);
    assert.equal(res.status, 200);
    assert.equal((await res.arrayBuffer()).byteLength, 2004);
    const part = await Deno.stat(`${out}/uploads/i/stale.part`).catch(() => null);
    assert.equal(part, null, "temp upload files are not copied");
  } finally {
    db.client.close();
  }
});

Deno.test("[backup] a remote DATABASE_URL is refused with a readable reason", async () => {
  const config = parseConfig({ DATA_DIR: tempDir(), DATABASE_URL: "libsql://db.example.com" });
  await assert.rejects(backup(config, `${tempDir()}/x`), /use its own backups/);
});
