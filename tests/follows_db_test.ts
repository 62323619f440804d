/**
 * Issue 32 in the database: migration 0016 dates the items already public by their approval, its triggers
 * date the others as they become public (and never move a date), and the new lists read their indexes.
 */
import assert from "node:assert/strict";
import { cpSync, readFileSync, writeFileSync } from "node:fs";
import { SQLiteAsyncDialect } from "drizzle-orm/sqlite-core";
import { type Db, preparedDb } from "../db/client.ts";
import { followListQuery, mostLikedCreatorsSql } from "../db/queries/follows.ts";
import { likedItemsQuery } from "../db/queries/social.ts";
import { rankChunkQuery } from "../db/queries/feed.ts";
import { MIGRATIONS_DIR } from "../lib/boot/bootstrap.ts";
import { planOf } from "../bench/_plans.ts";
import { seedItems } from "../bench/_seed.ts";
import { makeTestEnv, tempDir } from "./_helpers.ts";

const publishedOf = async (db: Db, id: number) =>
  (await db.client.execute({ sql: "SELECT published_at FROM media WHERE id = ?", args: [id] })).rows[0].published_at as number | null;

Deno.test("[db] migration 0016 dates public items by their approval; triggers date the rest when they become public, once", async () => {
  const dir = tempDir();
  cpSync(MIGRATIONS_DIR, `${dir}/migrations`, { recursive: true });
  const journalPath = `${dir}/migrations/meta/_journal.json`;
  const journal = JSON.parse(readFileSync(journalPath, "utf8"));
  const before = { ...journal, entries: journal.entries.filter((e: { tag: string }) => e.tag < "0016") };
  writeFileSync(journalPath, JSON.stringify(before));
  const url = `file:${dir}/old.db`;
  const old = await preparedDb(url, `${dir}/migrations`);
  const run = (sql: string, args: (string | number | null)[] = []) => old.client.execute({ sql, args });
  await run("INSERT INTO users (id, username, email, created_at) VALUES (1, 'maker', NULL, 0)");
  const rows: [string, string, number, number, number, number | null][] = [
    // title, status, hidden, playable, created_at, reviewed_at
    ["approved", "approved", 0, 1, 1000, 5000],
    ["approved long ago", "approved", 0, 1, 2000, null],
    ["hidden", "approved", 1, 1, 3000, 6000],
    ["processing", "approved", 0, 0, 4000, 7000],
    ["pending", "pending", 0, 1, 4500, null],
    ["rejected", "rejected", 0, 1, 4600, 8000],
  ];
  const ids: Record<string, number> = {};
  for (const [title, status, hidden, playable, created, reviewed] of rows) {
    const rs = await run(
      `INSERT INTO media (user_id, content_type, title, review_status, hidden, playable, created_at, updated_at, reviewed_at)
       VALUES (1, 'image', ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
      [title, status, hidden, playable, created, created, reviewed],
    );
    ids[title] = Number(rs.rows[0].id);
  }
  old.client.close();
  writeFileSync(journalPath, JSON.stringify(journal));
  const db = await preparedDb(url, `${dir}/migrations`);
  try {
    assert.equal(await publishedOf(db, ids["approved"]), 5000, "the approval time");
    assert.equal(await publishedOf(db, ids["approved long ago"]), 2000, "no approval time: the upload time");
    assert.equal(await publishedOf(db, ids["hidden"]), 6000, "public before it was hidden");
    for (const t of ["processing", "pending", "rejected"]) assert.equal(await publishedOf(db, ids[t]), null, t);

    const now = Date.now();
    await db.client.execute({ sql: "UPDATE media SET playable = 1 WHERE id = ?", args: [ids["processing"]] });
    await db.client.execute({ sql: "UPDATE media SET review_status = 'approved' WHERE id = ?", args: [ids["pending"]] });
    for (const t of ["processing", "pending"]) {
      const at = Number(await publishedOf(db, ids[t]));
      assert.ok(at >= now - 1000 && at <= Date.now() + 1000, `${t} dated when it became public (${at}, ${now})`);
    }
    // Hidden and shown again, or rejected and approved again: the first date stays.
    for (const sql of ["UPDATE media SET hidden = 1 WHERE id = ?", "UPDATE media SET hidden = 0 WHERE id = ?"]) {
      await db.client.execute({ sql, args: [ids["approved"]] });
    }
    await db.client.execute({ sql: "UPDATE media SET review_status = 'rejected' WHERE id = ?", args: [ids["approved"]] });
    await db.client.execute({ sql: "UPDATE media SET review_status = 'approved' WHERE id = ?", args: [ids["approved"]] });
    assert.equal(await publishedOf(db, ids["approved"]), 5000);
    assert.equal(await publishedOf(db, ids["rejected"]), null, "still not public");
    const inserted = await db.client.execute(
      "INSERT INTO media (user_id, content_type, title, review_status, created_at, updated_at) VALUES (1, 'image', 'new', 'approved', 9000, 9000) RETURNING id",
    );
    assert.equal(await publishedOf(db, Number(inserted.rows[0].id)), 9000, "inserted public: its creation time");
    const pendingNew = await db.client.execute(
      "INSERT INTO media (user_id, content_type, title, created_at, updated_at) VALUES (1, 'image', 'waiting', 9500, 9500) RETURNING id",
    );
    assert.equal(await publishedOf(db, Number(pendingNew.rows[0].id)), null);
  } finally {
    db.client.close();
  }
});

Deno.test("[db] follow lists, liked items and creator suggestions read their indexes; kept rankings still read one covering index", async () => {
  await using env = await makeTestEnv();
  await seedItems(env.db, 2_000);
  await env.db.client.execute(
    "INSERT INTO follows (follower_id, followee_id, created_at) SELECT 1, id, id FROM users WHERE id > 1",
  );
  await env.db.client.execute("INSERT INTO likes (user_id, media_id, created_at) SELECT 1, id, id FROM media WHERE id % 3 = 0");
  const text = (plan: string[]) => plan.join("\n");
  const following = text(await planOf(env.db, followListQuery(env.db, "following", 1, 50, 100)));
  assert.match(following, /SEARCH follows USING (COVERING )?INDEX follows_follower_created \(follower_id=\?\)/, following);
  const followers = text(await planOf(env.db, followListQuery(env.db, "followers", 1, 50, 100)));
  assert.match(followers, /SEARCH follows USING (COVERING )?INDEX follows_followee_created \(followee_id=\?\)/, followers);
  for (const plan of [following, followers]) {
    assert.match(plan, /SEARCH users USING INTEGER PRIMARY KEY/);
    assert.doesNotMatch(plan, /TEMP B-TREE|SCAN users/);
  }
  for (const isAdmin of [false, true]) {
    const liked = text(await planOf(env.db, likedItemsQuery(env.db, { id: 1, isAdmin }, 25, 0)));
    assert.match(liked, /SEARCH likes USING (COVERING )?INDEX likes_user_created \(user_id=\?\)/, liked);
    assert.match(liked, /SEARCH media USING INTEGER PRIMARY KEY/, liked);
    assert.doesNotMatch(liked, /TEMP B-TREE|SCAN media\b/, liked);
  }
  const q = new SQLiteAsyncDialect().sqlToQuery(mostLikedCreatorsSql(Date.now() - 30 * 86_400_000, 50_000, 40));
  const creators = text(await planOf(env.db, { toSQL: () => q }));
  assert.match(creators, /SEARCH likes USING (COVERING )?INDEX likes_created \(created_at>\?\)/, creators);
  assert.doesNotMatch(creators, /SCAN (media|users|likes)\b(?! USING)/, creators);
  const rank = text(await planOf(env.db, rankChunkQuery(env.db, 100, 1000)));
  assert.match(rank, /SEARCH media USING COVERING INDEX media_public_rank/, rank);
});
