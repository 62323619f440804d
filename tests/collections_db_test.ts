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

Deno.test("[db] EXPLAIN every collection read: collection_items by its indexes, media and users only by primary key", async () => {
  await using env = await makeTestEnv();
  await seedItems(env.db, 5_000);
  const owner = await createUser(env.db);
  const id = await seedCollection(env.db, owner.id, 1_000);
  for (const kind of ["visitor", "member", "admin"] as const) {
    const page = await planOf(
      env.db,
      collectionPageQuery(env.db, { collectionId: id, kind, viewerId: owner.id, limit: 24, offset: 480 }, "card"),
    );
    const stats = await planOf(env.db, shownStatsQuery(env.db, [id], kind, owner.id));
    for (const [label, plan] of [[`page, ${kind}`, page], [`count and cover, ${kind}`, stats]] as const) {
      const text = plan.join("\n");
      assert.ok(!plan.some((l) => FULL_SCAN.test(l) || /^SCAN collection_items\b/.test(l)), `${label}:\n${text}`);
      assert.ok(
        !plan.some((l) => /^SEARCH media USING (?!INTEGER PRIMARY KEY|COVERING INDEX media_user_created)/.test(l)),
        `${label}:\n${text}`,
      );
    }
    // A visitor's page and count read the `shown` index; the count never reads a media row.
    const index = kind === "visitor"
      ? "collection_items_shown \\(collection_id=\\? AND shown=\\?\\)"
      : "collection_items_(position|shown) \\(collection_id=\\?";
    assert.match(page.join("\n"), new RegExp(`SEARCH collection_items USING (COVERING )?INDEX ${index}`), page.join("\n"));
    assert.match(page.join("\n"), /SEARCH media USING INTEGER PRIMARY KEY \(rowid=\?\)/);
    assert.match(stats.join("\n"), new RegExp(`SEARCH collection_items USING (COVERING )?INDEX ${index}`), stats.join("\n"));
    assert.ok(!stats.some((l) => /SEARCH media USING INTEGER PRIMARY KEY/.test(l)), stats.join("\n"));
  }
  // The page holds the items at positions 480-503, in order, all of them public here but ~2% pending.
  const rows = await listCollectionPage(env.db, id, { id: owner.id, isAdmin: true }, { limit: 24, offset: 480 }, "card");
  const expected = (await env.db.client.execute({
    sql: "SELECT media_id FROM collection_items WHERE collection_id = ? ORDER BY position LIMIT 24 OFFSET 480",
    args: [id],
  })).rows.map((r) => Number(r.media_id));
  assert.deepEqual(rows.map((r) => r.id), expected);

  // `shown` follows every change its triggers watch: approval, a hide, processing, a ban and its lifting.
  const shownMatchesRule = async () => {
    const rows = (await env.db.client.execute({
      sql: `SELECT ci.shown, m.review_status = 'approved' AND m.hidden = 0 AND m.playable = 1 AND u.banned = 0 AS want
        FROM collection_items ci JOIN media m ON m.id = ci.media_id JOIN users u ON u.id = m.user_id WHERE ci.collection_id = ?`,
      args: [id],
    })).rows;
    assert.equal(rows.length, 1_000);
    assert.deepEqual(rows.filter((r) => Number(r.shown) !== Number(r.want)), []);
    return rows.filter((r) => Number(r.shown) === 1).length;
  };
  const seeded = await shownMatchesRule();
  assert.ok(seeded > 950 && seeded < 1_000, `${seeded} shown: the seed's pending items are not`);
  const some = (n: number, skip: number) =>
    `(SELECT media_id FROM collection_items WHERE collection_id = ${id} ORDER BY position LIMIT ${n} OFFSET ${skip})`;
  await env.db.client.execute(`UPDATE media SET hidden = 1 WHERE id IN ${some(10, 0)}`);
  await env.db.client.execute(`UPDATE media SET playable = 0 WHERE id IN ${some(5, 10)}`);
  await env.db.client.execute(`UPDATE media SET review_status = 'approved' WHERE review_status = 'pending' AND id IN ${some(1000, 0)}`);
  const uploader = Number((await env.db.client.execute(`SELECT user_id FROM media WHERE id IN ${some(1, 20)}`)).rows[0].user_id);
  await env.db.client.execute({ sql: "UPDATE users SET banned = 1 WHERE id = ?", args: [uploader] });
  const banned = await shownMatchesRule();
  assert.ok(banned < 1_000 - 15 - 20, `${banned} shown after hiding 10, unprocessing 5 and banning an uploader of ~50`);
  await env.db.client.execute({ sql: "UPDATE users SET banned = 0 WHERE id = ?", args: [uploader] });
  assert.equal(await shownMatchesRule(), 1_000 - 15);
});

Deno.test("[db] members from before migration 0017 get a private Watch later; later ones get it from the trigger", async () => {
  // The migrations before 0017, a member, then the rest (the migrator applies only those newer than the last one applied).
  const before = tempDir("dreamreel-migrations-");
  cpSync(MIGRATIONS_DIR, before, { recursive: true });
  const journal = JSON.parse(readFileSync(`${before}/meta/_journal.json`, "utf8"));
  for (const e of journal.entries.filter((e: { idx: number }) => e.idx >= 17)) rmSync(`${before}/${e.tag}.sql`);
  journal.entries = journal.entries.filter((e: { idx: number }) => e.idx < 17);
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
