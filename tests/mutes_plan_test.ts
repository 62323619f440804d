/**
 * Muted-id lookup without a scan (issue 25, migration 0012): over 5,000 seeded items a member's
 * tag, user and generator mutes are found through media_tags, media_user_created and the
 * media_generator expression index; the grids' notMutedBy probes user_mutes by its unique index.
 */
import assert from "node:assert/strict";
import { likeScanSql, seedMutedCatalogue } from "../bench/_mutes.ts";
import { FULL_SCAN, planOf } from "../bench/_plans.ts";
import { mutedItemIds, mutedItemIdsQuery } from "../db/queries/mutes.ts";
import { publicItemsByUserQuery, publicItemsCountQuery } from "../db/queries/profiles.ts";
import { makeTestEnv } from "./_helpers.ts";
import { splitTags } from "../common/format.ts";

const env = await makeTestEnv();
const mutes = await seedMutedCatalogue(env.db, 5_000);
Deno.test.afterAll(() => env.close());

Deno.test("[db] EXPLAIN the muted-id lookup searches indexes only, no scan of media", async () => {
  const plan = await planOf(env.db, mutedItemIdsQuery(env.db, mutes.userId));
  const text = plan.join("\n");
  assert.ok(!plan.some((l) => FULL_SCAN.test(l) || /^SCAN media_tags\b/.test(l)), text);
  assert.match(text, /SEARCH media USING COVERING INDEX media_user_created \(user_id=\?\)/, text);
  assert.match(text, /SEARCH media USING (COVERING )?INDEX media_generator \(<expr>=\?\)/, text);
  assert.match(text, /SEARCH media_tags USING PRIMARY KEY \(tag=\?\)/, text);
  // Non-ASCII tags by their fold (migration 0013).
  assert.match(text, /SEARCH tag_folds USING COVERING INDEX tag_folds_folded \(folded=\?\)/, text);
});

Deno.test("[db] the indexed lookup finds exactly the items the mutes hide (tags split by the triggers as splitTags does)", async () => {
  const ids = await mutedItemIds(env.db, mutes.userId);
  const rows = (await env.db.client.execute("SELECT id, user_id, ai_generator, tags FROM media")).rows;
  const expected = rows.filter((r) =>
    mutes.users.includes(Number(r.user_id)) ||
    mutes.generators.includes(String(r.ai_generator ?? "").trim().toLowerCase()) ||
    splitTags(String(r.tags)).some((t) => mutes.tags.includes(t.toLowerCase()))
  ).map((r) => Number(r.id));
  assert.ok(ids.length > 200, `${ids.length} muted`);
  assert.deepEqual([...ids].sort((a, b) => a - b), expected.sort((a, b) => a - b));
  // The LIKE scan it replaced missed a tag written with its # ("#spiders").
  const like = (await env.db.client.execute(likeScanSql(mutes))).rows.length;
  assert.ok(like < ids.length, `LIKE found ${like} of ${ids.length}`);
});

Deno.test("[db] media_tags follows inserts, edits and deletes of media.tags", async () => {
  const tagsOf = async (id: number) =>
    (await env.db.client.execute({ sql: "SELECT tag FROM media_tags WHERE media_id = ? ORDER BY tag", args: [id] })).rows.map((r) =>
      String(r.tag)
    );
  const rs = await env.db.client.execute(
    `INSERT INTO media (user_id, content_type, title, tags, review_status, created_at, updated_at)
     VALUES (${mutes.users[0]}, 'image', 't', ' Sea ,#Gore, , sea, "odd" \\ one', 'approved', 0, 0) RETURNING id`,
  );
  const id = Number(rs.rows[0].id);
  assert.deepEqual(await tagsOf(id), ['"odd" \\ one', "gore", "sea"]);
  await env.db.client.execute({ sql: "UPDATE media SET tags = 'calm' WHERE id = ?", args: [id] });
  assert.deepEqual(await tagsOf(id), ["calm"]);
  await env.db.client.execute({ sql: "UPDATE media SET tags = '' WHERE id = ?", args: [id] });
  assert.deepEqual(await tagsOf(id), []);
  await env.db.client.execute({ sql: "UPDATE media SET tags = 'a, b' WHERE id = ?", args: [id] });
  await env.db.client.execute({ sql: "DELETE FROM media WHERE id = ?", args: [id] });
  assert.deepEqual(await tagsOf(id), []);
});

Deno.test("[db] EXPLAIN a muting viewer's profile grid: the member's index in order, mutes probed by index", async () => {
  for (const query of [publicItemsByUserQuery(env.db, mutes.users[0], 24, 24, 7), publicItemsCountQuery(env.db, mutes.users[0], 7)]) {
    const plan = await planOf(env.db, query);
    const text = plan.join("\n");
    assert.ok(!plan.some((l) => FULL_SCAN.test(l)), text);
    assert.match(text, /SEARCH media USING (COVERING )?INDEX media_user_public/, text);
    assert.match(text, /SEARCH um USING COVERING INDEX user_mutes_once \(user_id=\? AND type=\? AND value=\?\)/, text);
    assert.match(text, /SEARCH tf USING PRIMARY KEY \(tag=\?\)/, text);
    assert.match(text, /SEARCH mt USING (PRIMARY KEY \(tag=\? AND media_id=\?\)|COVERING INDEX media_tags_media \(media_id=\?)/, text);
    assert.doesNotMatch(text, /TEMP B-TREE/, text);
  }
});
