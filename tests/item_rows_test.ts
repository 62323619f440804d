/**
 * lib/feed/item_rows.ts: public items' rows kept for ROW_TTL_MS. A like shows at once; moderation
 * shows at once (content version); other counts may be up to ROW_TTL_MS old.
 */
import assert from "node:assert/strict";
import { listItemsByIds } from "../db/queries/feed.ts";
import { contentChanged } from "../lib/http/content_version.ts";
import { featuredRow, itemRowsByIds, ROW_TTL_MS } from "../lib/feed/item_rows.ts";
import { createMedia, createUser, loginCookie, makeTestEnv } from "./_helpers.ts";

const env = await makeTestEnv();
Deno.test.afterAll(() => env.close());
const { request, db } = env;
const owner = await createUser(db, { username: "rows_owner" });
const fan = await createUser(db, { username: "rows_fan" });
const fanCookie = await loginCookie(db, fan.id);
const admin = await createUser(db, { username: "rows_admin", isAdmin: true });
const adminCookie = await loginCookie(db, admin.id);
const items: Awaited<ReturnType<typeof createMedia>>[] = [];
for (let i = 0; i < 5; i++) {
  items.push(await createMedia(db, { userId: owner.id, title: `Kept row ${i}`, contentType: "video", likes: 10 + i }));
}
const hidden = await createMedia(db, { userId: owner.id, title: "Kept row hidden", hidden: true });
const pending = await createMedia(db, { userId: owner.id, title: "Kept row pending", reviewStatus: "pending" });

const setLikes = (id: number, likes: number) =>
  env.db.client.execute({ sql: "UPDATE media SET likes = ? WHERE id = ?", args: [likes, id] });

Deno.test("[feed] kept rows are the database's rows, in the order asked, without items that are not public", async () => {
  const ids = [items[3].id, hidden.id, items[0].id, pending.id, items[4].id, 999_999];
  for (const shape of ["card", "item"] as const) {
    const direct = await listItemsByIds(db, ids, shape);
    const first = await itemRowsByIds(db, ids, shape);
    assert.deepEqual(first.map((r) => r.id), [items[3].id, items[0].id, items[4].id]);
    assert.deepEqual(first, direct);
    assert.deepEqual(await itemRowsByIds(db, ids, shape), direct, "from the kept rows");
  }
});

Deno.test("[feed] a count changed elsewhere shows after ROW_TTL_MS at the latest; a content change at once", async () => {
  const id = items[1].id;
  const t0 = Date.now();
  assert.equal((await itemRowsByIds(db, [id], "item", t0))[0].likes, 11);
  await setLikes(id, 50);
  assert.equal((await itemRowsByIds(db, [id], "item", t0 + ROW_TTL_MS - 1))[0].likes, 11, "a moment old");
  assert.equal((await itemRowsByIds(db, [id], "item", t0 + ROW_TTL_MS + 1))[0].likes, 50, "read again");
  await setLikes(id, 60);
  await contentChanged(db);
  assert.equal((await itemRowsByIds(db, [id], "item", t0 + ROW_TTL_MS + 2))[0].likes, 60, "the content version moved");
});

Deno.test("[feed] a member's like and unlike show at once in the feed API and on the home page", async () => {
  const item = items[2];
  const likesIn = async () => {
    const body = await (await request("/api/content/feed?sortBy=trending", { cookie: fanCookie })).json();
    return body.content.videos.find((v: { id: number }) => v.id === item.id).likes;
  };
  assert.equal(await likesIn(), 12);
  const liked = await request(`/api/videos/${item.id}/like`, { method: "POST", cookie: fanCookie });
  assert.equal((await liked.json()).likes, 13);
  assert.equal(await likesIn(), 13);
  const home = await (await request("/", { cookie: fanCookie })).text();
  assert.match(home, new RegExp(`"id":${item.id},[^}]*"likes":13`));
  await (await request(`/api/videos/${item.id}/like`, { method: "DELETE", cookie: fanCookie })).body?.cancel();
  assert.equal(await likesIn(), 12);
});

Deno.test("[feed] featuring through the admin route shows the new featured item at once", async () => {
  assert.equal(await featuredRow(db, null, "card"), null);
  const res = await request(`/api/admin/content/${items[4].id}/feature`, { method: "POST", cookie: adminCookie });
  assert.ok(res.status < 300, await res.text());
  assert.equal((await featuredRow(db, null, "card"))?.id, items[4].id);
  const body = await (await request("/api/content/feed")).json();
  assert.equal(body.featured.video.id, items[4].id);
  assert.ok(!body.content.videos.some((v: { id: number }) => v.id === items[4].id), "not twice");
});
