/** lib/feed/rankings.ts: kept orders follow content changes, even one made while a rebuild is under way. */
import assert from "node:assert/strict";
import { contentChanged } from "../lib/http/content_version.ts";
import { RANK_TTL_MS, rankedIds, SYNC_REBUILD_ITEMS } from "../lib/feed/rankings.ts";
import { seedItems } from "../bench/_seed.ts";
import { createMedia, createUser, makeTestEnv, until } from "./_helpers.ts";

const env = await makeTestEnv();
const big = await makeTestEnv();
Deno.test.afterAll(async () => {
  await env.close();
  await big.close();
});
const u = await createUser(env.db);
for (let i = 0; i < 5; i++) await createMedia(env.db, { userId: u.id, title: `Kept ${i}`, contentType: "image", likes: i });

const popular = (now?: number) => rankedIds(env.db, "images", null, { sort: "popular" }, 0, 50, null, now);

Deno.test("[db] a change made after a background rebuild began is in the order the next request gets", async () => {
  const before = await popular();
  assert.equal(before.length, 5);
  // Past the TTL: a rebuild starts in the background and the kept order answers.
  assert.deepEqual(await popular(Date.now() + RANK_TTL_MS + 1), before);
  const added = await createMedia(env.db, { userId: u.id, title: "Kept late", contentType: "image", likes: 99 });
  await contentChanged(env.db);
  assert.equal((await popular())[0], added.id);
});

Deno.test("[db] a removed item stays out; the kept order of a sort is SQL's", async () => {
  const rs = await env.db.client.execute("SELECT id FROM media WHERE content_type = 'image' ORDER BY likes DESC, id DESC");
  assert.deepEqual(await popular(), rs.rows.map((r) => Number(r.id)));
  await env.db.client.execute({ sql: "UPDATE media SET hidden = 1 WHERE id = ?", args: [Number(rs.rows[0].id)] });
  await contentChanged(env.db);
  assert.ok(!(await popular()).includes(Number(rs.rows[0].id)));
});

Deno.test("[db] up to SYNC_REBUILD_ITEMS items the first request after a change waits for it; above, the kept order answers", async () => {
  // The small site above: the change is in the very next answer, however loaded the machine is (not timed).
  const late = await createMedia(env.db, { userId: u.id, title: "Kept sync", contentType: "image", likes: 1_000 });
  await contentChanged(env.db);
  assert.equal((await popular())[0], late.id);

  await seedItems(big.db, SYNC_REBUILD_ITEMS + 1_000);
  const bigPopular = () => rankedIds(big.db, "images", null, { sort: "popular" }, 0, 50, null);
  const before = await bigPopular();
  const owner = await createUser(big.db);
  const added = await createMedia(big.db, { userId: owner.id, title: "Most liked", contentType: "image", likes: 1_000_000 });
  await contentChanged(big.db);
  assert.deepEqual(await bigPopular(), before, "no request waits: the kept order answers while the new one builds");
  await until(async () => (await bigPopular())[0] === added.id, 10_000, "the rebuilt order");
});
