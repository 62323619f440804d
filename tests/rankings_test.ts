/** lib/feed/rankings.ts: kept orders follow content changes, even one made while a rebuild is under way. */
import assert from "node:assert/strict";
import { contentChanged } from "../lib/http/content_version.ts";
import { RANK_TTL_MS, rankedIds } from "../lib/feed/rankings.ts";
import { createMedia, createUser, makeTestEnv } from "./_helpers.ts";

const env = await makeTestEnv();
Deno.test.afterAll(() => env.close());
const u = await createUser(env.db);
for (let i = 0; i < 5; i++) await createMedia(env.db, { userId: u.id, title: `Kept ${i}`, contentType: "image", likes: i });

const popular = (now?: number) => rankedIds(env.db, "images", null, { sort: "popular" }, 0, 50, null, now);

Deno.test("[db] a change made after a background rebuild began is in the order the next request gets", async () => {
  const before = await popular();
  assert.equal(before.length, 5);
  // Past the TTL: a rebuild starts in the background and the kept order answers.
  assert.deepEqual(await popular(Date.now() + RANK_TTL_MS + 1), before);
  const added = await createMedia(env.db, { userId: u.id, title: "Kept late", contentType: "image", likes: 99 });
  contentChanged(env.db);
  assert.equal((await popular())[0], added.id);
});

Deno.test("[db] a removed item stays out; the kept order of a sort is SQL's", async () => {
  const rs = await env.db.client.execute("SELECT id FROM media WHERE content_type = 'image' ORDER BY likes DESC, id DESC");
  assert.deepEqual(await popular(), rs.rows.map((r) => Number(r.id)));
  await env.db.client.execute({ sql: "UPDATE media SET hidden = 1 WHERE id = ?", args: [Number(rs.rows[0].id)] });
  contentChanged(env.db);
  assert.ok(!(await popular()).includes(Number(rs.rows[0].id)));
});
