/**
 * Migration 0020 on a database from before it (issue 34, decision 033): a member banned then gets an
 * open ban until lifted, with no reason, and unbanning them through the `bans` row clears the flag
 * (the trigger); old audit entries get the member they are about, from the target or, once the target
 * is gone, from the details.
 */
import assert from "node:assert/strict";
import { cpSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { preparedDb } from "../db/client.ts";
import { MIGRATIONS_DIR } from "../lib/boot/bootstrap.ts";
import { tempDir } from "./_helpers.ts";

Deno.test("[db] 0020: members banned before it get an open ban; old audit entries name their member", async () => {
  const before = tempDir("dreamreel-migrations-");
  cpSync(MIGRATIONS_DIR, before, { recursive: true });
  const journal = JSON.parse(readFileSync(`${before}/meta/_journal.json`, "utf8"));
  // From 0020 on: the migrator applies only those newer than the last applied, so a later one left in would skip it.
  const at = journal.entries.findIndex((e: { tag: string }) => e.tag === "0020_member_moderation");
  for (const e of journal.entries.slice(at)) rmSync(`${before}/${e.tag}.sql`);
  journal.entries = journal.entries.slice(0, at);
  writeFileSync(`${before}/meta/_journal.json`, JSON.stringify(journal));
  const url = `file:${tempDir()}/old.db`;
  const old = await preparedDb(url, before);
  const run = (sql: string, args: (string | number)[] = []) => old.client.execute({ sql, args });
  await run(
    "INSERT INTO users (id, username, banned, created_at) VALUES (1, 'old_admin', 0, 1), (2, 'old_banned', 1, 1), (3, 'old_fine', 0, 1)",
  );
  await run(
    "INSERT INTO media (id, user_id, title, content_type, review_status, created_at, updated_at) VALUES (10, 3, 'Kept', 'image', 'approved', 1, 1)",
  );
  await run(`INSERT INTO audit_log (actor_id, action, target_type, target_id, details, created_at) VALUES
    (1, 'user.ban', 'user', 2, '{"username":"old_banned"}', 1),
    (1, 'content.approve', 'media', 10, '{"title":"Kept"}', 2),
    (1, 'content.delete', 'media', 99, '{"title":"Gone","uploaderId":2}', 3),
    (1, 'watched_word.add', 'watched_word', 5, '{"word":"x"}', 4)`);
  old.client.close();

  const db = await preparedDb(url, MIGRATIONS_DIR);
  try {
    const bans = (await db.client.execute("SELECT user_id, reason, ends_at, ended_at FROM bans")).rows;
    assert.deepEqual(bans.map((b) => [Number(b.user_id), b.reason, b.ends_at, b.ended_at]), [[2, null, null, null]]);
    const subjects = (await db.client.execute("SELECT action, subject_id FROM audit_log ORDER BY id")).rows;
    assert.deepEqual(subjects.map((r) => [r.action, r.subject_id === null ? null : Number(r.subject_id)]), [
      ["user.ban", 2],
      ["content.approve", 3],
      ["content.delete", 2],
      ["watched_word.add", null],
    ]);
    // The flag follows the row: lifting the ban clears it, a new ban sets it.
    await db.client.execute("UPDATE bans SET ended_at = 5, end_reason = 'lifted' WHERE user_id = 2");
    assert.equal(Number((await db.client.execute("SELECT banned FROM users WHERE id = 2")).rows[0].banned), 0);
    await db.client.execute("INSERT INTO bans (user_id, created_at, ends_at) VALUES (3, 6, 100)");
    assert.equal(Number((await db.client.execute("SELECT banned FROM users WHERE id = 3")).rows[0].banned), 1);
    // One open ban per member.
    await assert.rejects(() => db.client.execute("INSERT INTO bans (user_id, created_at) VALUES (3, 7)"), /UNIQUE/);
  } finally {
    db.client.close();
  }
});
