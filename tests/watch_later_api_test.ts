/**
 * The cards' Watch later state (issue 43 point 6): GET /api/user/watch-later answers, in one request,
 * the member's Watch later collection id and which of a page's ids it holds; bad inputs are refused.
 */
import assert from "node:assert/strict";
import { and, eq } from "drizzle-orm";
import { collectionItems, collections } from "../db/schema/mod.ts";
import { createMedia, createUser, errorOf, json, loginCookie, makeTestEnv } from "./_helpers.ts";
import { COLLECTION_MSG } from "../common/collection_rules.ts";

Deno.test("[api] GET /api/user/watch-later: bad inputs, then the held ids of the asked ones", async () => {
  await using env = await makeTestEnv();
  const me = await createUser(env.db);
  const cookie = await loginCookie(env.db, me.id);
  const other = await createUser(env.db);
  const otherCookie = await loginCookie(env.db, other.id);
  const a = await createMedia(env.db, { userId: other.id, title: "A" });
  const b = await createMedia(env.db, { userId: other.id, title: "B" });
  const c = await createMedia(env.db, { userId: other.id, title: "C" });
  const ask = (q: string, ck = cookie) => env.request(`/api/user/watch-later${q}`, { cookie: ck });

  await errorOf(await ask(`?ids=${a.id}`, ""), 401);
  await errorOf(await ask(""), 400);
  for (const bad of ["", "x", "1,,2", "1,", "-1", "1.5", "0", "1%202", "9".repeat(17)]) {
    await errorOf(await ask(`?ids=${bad}`), 400);
  }
  // At most 100 ids a request: a page of cards is fewer.
  await errorOf(await ask(`?ids=${Array.from({ length: 101 }, (_, i) => i + 1).join(",")}`), 400);
  const hundred = await ask(`?ids=${Array.from({ length: 100 }, (_, i) => i + 1).join(",")}`);
  assert.equal(hundred.status, 200);

  const wl = await env.db.select().from(collections).where(and(eq(collections.userId, me.id), eq(collections.watchLater, true))).get();
  assert.ok(wl);
  const empty = await ask(`?ids=${a.id},${b.id}`);
  assert.equal(empty.headers.get("cache-control"), "private, no-store");
  assert.deepEqual(await json(empty), { collectionId: wl.id, ids: [] });

  // Saved through the collection item endpoints, as the clock does.
  await json(await env.request(`/api/collections/${wl.id}/items`, { cookie, json: { contentId: b.id } }), 201);
  await json(await env.request(`/api/collections/${wl.id}/items`, { cookie, json: { contentId: c.id } }), 201);
  const held = await json(await ask(`?ids=${a.id},${b.id},${c.id},${b.id},999999`));
  assert.equal(held.collectionId, wl.id);
  assert.deepEqual([...held.ids].sort((x: number, y: number) => x - y), [b.id, c.id]);
  const rows = await env.db.select().from(collectionItems).where(eq(collectionItems.collectionId, wl.id)).all();
  assert.deepEqual(rows.map((r) => r.mediaId).sort((x, y) => x - y), [b.id, c.id]);

  // Another member's answer is their own list: nothing of mine.
  const theirs = await json(await ask(`?ids=${b.id},${c.id}`, otherCookie));
  assert.notEqual(theirs.collectionId, wl.id);
  assert.deepEqual(theirs.ids, []);
  // Nor may they change mine.
  await errorOf(await env.request(`/api/collections/${wl.id}/items/${b.id}`, { method: "DELETE", cookie: otherCookie }), 404);

  // Removed: the clock's second click.
  await json(await env.request(`/api/collections/${wl.id}/items/${b.id}`, { method: "DELETE", cookie }));
  assert.deepEqual((await json(await ask(`?ids=${b.id},${c.id}`))).ids, [c.id]);
  await errorOf(
    await env.request(`/api/collections/${wl.id}/items/${b.id}`, { method: "DELETE", cookie }),
    404,
    COLLECTION_MSG.notInCollection,
  );
});
