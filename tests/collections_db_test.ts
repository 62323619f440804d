/**
 * Collections in the database (issue 32, migration 0017): every read of a collection is index-driven
 * (no scan of media, users or collection_items) over a 5,000-item catalogue, and members who existed
 * before the migration get their Watch later from it, as new members do from the trigger.
 */
import assert from "node:assert/strict";
import { cpSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { FULL_SCAN, planOf } from "../bench/_plans.ts";
import { seedItems } from "../bench/_seed.ts";
import { seedCollection } from "../bench/_collection.ts";
import { preparedDb } from "../db/client.ts";
import { collectionPageQuery, listCollectionPage, shownStatsQuery } from "../db/queries/collections.ts";
import { MIGRATIONS_DIR } from "../lib/boot/bootstrap.ts";
import { createUser, makeTestEnv, tempDir } from "./_helpers.ts";

Deno.test("[db] EXPLAIN every collection read: the position index, then media and users by primary key", async () => {
  await using env = await makeTestEnv();
  await seedItems(env.db, 5_000);
  const owner = await createUser(env.db);
  const id = await seedCollection(env.db, owner.id, 1_000);
  const queries = [];
  for (const kind of ["visitor", "member", "admin"] as const) {
    queries.push([`page, ${kind}`, collectionPageQuery(env.db, { collectionId: id, kind, viewerId: owner.id, limit: 24, offset: 480 }, "card")]);
    queries.push([`count and cover, ${kind}`, shownStatsQuery(env.db, [id], kind, owner.id)]);
  }
  for (const [label, query] of queries) {
    const plan = await planOf(env.db, query as Parameters<typeof planOf>[1]);
    const text = plan.join("\n");
    assert.ok(!plan.some((l) => FULL_SCAN.test(l) || /^SCAN collection_items\b/.test(l)), `${label}:\n${text}`);
    assert.match(text, /SEARCH collection_items USING (COVERING )?INDEX collection_items_position \(collection_id=\?\)/, `${label}:\n${text}`);
    assert.match(text, /SEARCH media USING INTEGER PRIMARY KEY \(rowid=\?\)/, `${label}:\n${text}`);
  }
  // The page holds the items at positions 480-503, in order, all of them public here but ~2% pending.
  const rows = await listCollectionPage(env.db, id, { id: owner.id, isAdmin: true }, { limit: 24, offset: 480 }, "card");
  const expected = (await env.db.client.execute({
    sql: "SELECT media_id FROM collection_items WHERE collection_id = ? ORDER BY position LIMIT 24 OFFSET 480",
    args: [id],
  })).rows.map((r) => Number(r.media_id));
  assert.deepEqual(rows.map((r) => r.id), expected);
});

Deno.test("[db] members from before migration 0017 get a private Watch later; later ones get it from the trigger", async () => {
  // The migrations up to 0013, a member, then the rest.
  const before = tempDir("dreamreel-migrations-");
  cpSync(MIGRATIONS_DIR, before, { recursive: true });
  rmSync(`${before}/0017_collections.sql`);
  const journal = JSON.parse(readFileSync(`${before}/meta/_journal.json`, "utf8"));
  journal.entries = journal.entries.filter((e: { tag: string }) => e.tag !== "0017_collections");
  writeFileSync(`${before}/meta/_journal.json`, JSON.stringify(journal));
  const url = `file:${tempDir()}/old.db`;
  const old = await preparedDb(url, before);
  for (const name of ["early_one", "early_two"]) {
    await old.client.execute({ sql: "INSERT INTO users (username, created_at) VALUES (?, 1700000000000)", args: [name] });
  }
  old.client.close();
  const db = await preparedDb(url, MIGRATIONS_DIR);
  try {
    await db.client.execute("INSERT INTO users (username, created_at) VALUES ('later_one', 1800000000000)");
    const rows = (await db.client.execute(`SELECT u.username, c.title, c.visibility, c.watch_later, c.created_at, c.id FROM users u
      JOIN collections c ON c.user_id = u.id ORDER BY u.id`)).rows;
    assert.deepEqual(rows.map((r) => [r.username, r.title, r.visibility, Number(r.watch_later), Number(r.created_at)]), [
      ["early_one", "Watch later", "private", 1, 1700000000000],
      ["early_two", "Watch later", "private", 1, 1700000000000],
      ["later_one", "Watch later", "private", 1, 1800000000000],
    ]);
    for (const r of rows) assert.ok(Number(r.id) > 0 && Number(r.id) <= Number.MAX_SAFE_INTEGER, `id ${r.id} is a safe positive integer`);
    // One Watch later a member: a second one is refused by the partial unique index.
    await assert.rejects(() =>
      db.client.execute("INSERT INTO collections (id, user_id, watch_later, title, created_at, updated_at) VALUES (5, 1, 1, 'x', 1, 1)")
    );
  } finally {
    db.client.close();
  }
});
