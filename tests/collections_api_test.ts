/**
 * Collections (issue 32 point 5): every endpoint with its bad inputs (wrong types, unknown ids,
 * other members' collections), the owner-only changes, the order, and the caps and rate limits.
 * Visibility of collections and their items is in collections_visibility_test.ts.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { collectionItems, collections } from "../db/schema/mod.ts";
import { createMedia, createUser, errorOf, json, loginCookie, makeTestEnv, type TestEnv } from "./_helpers.ts";
import { COLLECTION_MSG } from "../common/collection_rules.ts";

async function member(env: TestEnv, opts: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(env.db, opts);
  return { ...user, cookie: await loginCookie(env.db, user.id) };
}

const create = (env: TestEnv, cookie: string, body: unknown) => env.request("/api/collections", { cookie, json: body });

Deno.test("[api] POST /api/collections: bad inputs, then a collection with its id", async () => {
  await using env = await makeTestEnv();
  const me = await member(env);
  await errorOf(await create(env, "", { title: "x", visibility: "public" }), 401);
  const form = await env.request("/api/collections", {
    method: "POST",
    cookie: me.cookie,
    body: "title=x",
    headers: { "content-type": "text/plain" },
  });
  await errorOf(form, 415);
  await errorOf(
    await env.request("/api/collections", {
      method: "POST",
      cookie: me.cookie,
      body: "{",
      headers: { "content-type": "application/json" },
    }),
    400,
  );
  await errorOf(await create(env, me.cookie, { visibility: "public" }), 400, "title is required");
  await errorOf(await create(env, me.cookie, { title: 5, visibility: "public" }), 400, "title must be a string");
  await errorOf(await create(env, me.cookie, { title: "   ", visibility: "public" }), 400, "Give the collection a title");
  await errorOf(
    await create(env, me.cookie, { title: "x".repeat(101), visibility: "public" }),
    400,
    "The title must be at most 100 characters",
  );
  await errorOf(
    await create(env, me.cookie, { title: "ok", description: "d".repeat(501), visibility: "public" }),
    400,
    "The description must be at most 500 characters",
  );
  await errorOf(await create(env, me.cookie, { title: "ok", visibility: "secret" }), 400, "visibility must be public, unlisted or private");
  await errorOf(await create(env, me.cookie, { title: "ok" }), 400);
  await errorOf(await create(env, me.cookie, ["title"]), 400);

  const made = await json(
    await create(env, me.cookie, { title: "  Neon nights \u0000", description: "Best of", visibility: "public" }),
    201,
  );
  assert.equal(typeof made.id, "number");
  assert.ok(Number.isSafeInteger(made.id) && made.id > 0);
  assert.equal(made.title, "Neon nights");
  assert.equal(made.description, "Best of");
  assert.equal(made.visibility, "public");
  assert.equal(made.watchLater, false);
  assert.equal(made.itemCount, 0);
  assert.equal(made.cover, null);
  assert.equal(made.url, `/collections/${made.id}-neon-nights`);
  assert.deepEqual(made.owner, { id: me.id, username: me.username });
  const row = await env.db.select().from(collections).where(eq(collections.id, made.id)).get();
  assert.equal(row?.userId, me.id);
  assert.equal(row?.title, "Neon nights");
});

Deno.test("[api] every member has a private Watch later from the start, which cannot be renamed, shared or deleted", async () => {
  await using env = await makeTestEnv();
  const me = await member(env);
  const { collections: mine } = await json(await env.request("/api/user/collections", { cookie: me.cookie }));
  assert.equal(mine.length, 1);
  assert.equal(mine[0].title, "Watch later");
  assert.equal(mine[0].visibility, "private");
  assert.equal(mine[0].watchLater, true);
  const id = mine[0].id;
  await errorOf(
    await env.request(`/api/collections/${id}`, { method: "PUT", cookie: me.cookie, json: { title: "Mine" } }),
    400,
    COLLECTION_MSG.watchLaterFixed,
  );
  await errorOf(
    await env.request(`/api/collections/${id}`, { method: "PUT", cookie: me.cookie, json: { visibility: "public" } }),
    400,
    COLLECTION_MSG.watchLaterFixed,
  );
  await errorOf(await env.request(`/api/collections/${id}`, { method: "DELETE", cookie: me.cookie }), 400, COLLECTION_MSG.watchLaterFixed);
  // Items go in like any other collection's.
  const item = await createMedia(env.db, { userId: (await createUser(env.db)).id });
  await json(await env.request(`/api/collections/${id}/items`, { cookie: me.cookie, json: { contentId: item.id } }), 201);
  // Another member (and a visitor) cannot see it.
  const other = await member(env);
  await errorOf(await env.request(`/api/collections/${id}`, { cookie: other.cookie }), 404, COLLECTION_MSG.notFound);
  await errorOf(await env.request(`/api/collections/${id}`), 404);
});

Deno.test("[api] GET, PUT and DELETE /api/collections/{id}: ids, owners and bad inputs", async () => {
  await using env = await makeTestEnv();
  const me = await member(env);
  const other = await member(env);
  const admin = await member(env, { isAdmin: true });
  const pub = await json(await create(env, me.cookie, { title: "Public one", visibility: "public" }), 201);
  const priv = await json(await create(env, me.cookie, { title: "Private one", visibility: "private" }), 201);

  for (const bad of ["abc", "0", "-4", "1.5", "99999999999999999"]) {
    await errorOf(await env.request(`/api/collections/${bad}`), 400);
    await errorOf(await env.request(`/api/collections/${bad}`, { method: "PUT", cookie: me.cookie, json: { title: "x" } }), 400);
    await errorOf(await env.request(`/api/collections/${bad}`, { method: "DELETE", cookie: me.cookie }), 400);
  }
  await errorOf(await env.request("/api/collections/123456789"), 404, COLLECTION_MSG.notFound);
  await errorOf(await env.request(`/api/collections/${pub.id}?page=0`), 400);
  await errorOf(await env.request(`/api/collections/${pub.id}?page=abc`), 400);
  await errorOf(await env.request(`/api/collections/${pub.id}?page=1001`), 400);

  // Another member's private collection is a 404 for every verb, admins included; a public one is theirs to read only.
  for (const who of [other, admin]) {
    await errorOf(await env.request(`/api/collections/${priv.id}`, { cookie: who.cookie }), 404);
    await errorOf(await env.request(`/api/collections/${priv.id}`, { method: "PUT", cookie: who.cookie, json: { title: "x" } }), 404);
    await errorOf(await env.request(`/api/collections/${priv.id}`, { method: "DELETE", cookie: who.cookie }), 404);
    await json(await env.request(`/api/collections/${pub.id}`, { cookie: who.cookie }));
    await errorOf(
      await env.request(`/api/collections/${pub.id}`, { method: "PUT", cookie: who.cookie, json: { title: "x" } }),
      403,
      COLLECTION_MSG.notOwner,
    );
    await errorOf(await env.request(`/api/collections/${pub.id}`, { method: "DELETE", cookie: who.cookie }), 403);
  }
  await errorOf(await env.request(`/api/collections/${pub.id}`, { method: "PUT", json: { title: "x" } }), 401);
  await errorOf(await env.request(`/api/collections/${pub.id}`, { method: "DELETE" }), 401);

  const got = await json(await env.request(`/api/collections/${priv.id}`, { cookie: me.cookie }));
  assert.equal(got.title, "Private one");
  assert.deepEqual(got.items, []);
  assert.deepEqual(got.order, []);
  assert.equal(got.page, 1);
  assert.equal(got.totalPages, 1);
  assert.equal("order" in (await json(await env.request(`/api/collections/${pub.id}`))), false, "only the owner gets the order");

  const put = (body: unknown) => env.request(`/api/collections/${pub.id}`, { method: "PUT", cookie: me.cookie, json: body });
  await errorOf(await put({}), 400, COLLECTION_MSG.emptyEdit);
  await errorOf(await put({ title: "" }), 400);
  await errorOf(await put({ title: 12 }), 400);
  await errorOf(await put({ visibility: "friends" }), 400);
  await errorOf(await put({ description: "x".repeat(501) }), 400);
  const edited = await json(await put({ title: "Renamed", description: "Now with words", visibility: "unlisted" }));
  assert.equal(edited.title, "Renamed");
  assert.equal(edited.visibility, "unlisted");
  assert.equal(edited.url, `/collections/${pub.id}-renamed`);
  assert.equal((await json(await put({ description: "" }))).title, "Renamed", "fields left out stay");

  await json(await env.request(`/api/collections/${priv.id}`, { method: "DELETE", cookie: me.cookie }));
  await errorOf(await env.request(`/api/collections/${priv.id}`, { cookie: me.cookie }), 404);
  await errorOf(await env.request(`/api/collections/${priv.id}`, { method: "DELETE", cookie: me.cookie }), 404);
});

Deno.test("[api] POST and DELETE /api/collections/{id}/items: unknown and hidden items, duplicates, other members", async () => {
  await using env = await makeTestEnv();
  const me = await member(env);
  const other = await member(env);
  const uploader = await createUser(env.db);
  const col = await json(await create(env, me.cookie, { title: "Saves", visibility: "public" }), 201);
  const theirs = await json(await create(env, other.cookie, { title: "Theirs", visibility: "public" }), 201);
  const theirsPrivate = await json(await create(env, other.cookie, { title: "Theirs, private", visibility: "private" }), 201);
  const item = await createMedia(env.db, { userId: uploader.id, title: "Public item" });
  const pending = await createMedia(env.db, { userId: uploader.id, title: "Pending item", reviewStatus: "pending" });
  const mine = await createMedia(env.db, { userId: me.id, title: "My pending", reviewStatus: "pending" });
  const add = (id: number, body: unknown, cookie = me.cookie) => env.request(`/api/collections/${id}/items`, { cookie, json: body });

  await errorOf(await add(col.id, { contentId: item.id }, ""), 401);
  await errorOf(await add(col.id, {}), 400, "contentId is required");
  for (const bad of [String(item.id), -1, 0, 1.5, null, [item.id]]) await errorOf(await add(col.id, { contentId: bad }), 400);
  await errorOf(await add(col.id, { contentId: 987654 }), 404, "Content Not Found");
  // Someone else's pending item is unknown to the member.
  await errorOf(await add(col.id, { contentId: pending.id }), 404, "Content Not Found");
  await errorOf(await add(theirs.id, { contentId: item.id }), 403);
  await errorOf(await add(theirsPrivate.id, { contentId: item.id }), 404);
  await errorOf(await add(123456789, { contentId: item.id }), 404);

  const first = await json(await add(col.id, { contentId: item.id }), 201);
  assert.deepEqual(first, { contentId: item.id, added: true, itemCount: 1 });
  const again = await json(await add(col.id, { contentId: item.id }), 200);
  assert.deepEqual(again, { contentId: item.id, added: false, itemCount: 1 });
  await json(await add(col.id, { contentId: mine.id }), 201);
  const rows = await env.db.select().from(collectionItems).where(eq(collectionItems.collectionId, col.id)).all();
  assert.deepEqual(rows.map((r) => [r.mediaId, r.position]), [[item.id, 0], [mine.id, 1]]);

  const del = (id: number, contentId: string | number, cookie = me.cookie) =>
    env.request(`/api/collections/${id}/items/${contentId}`, { method: "DELETE", cookie });
  await errorOf(await del(col.id, item.id, ""), 401);
  await errorOf(await del(col.id, "abc"), 400);
  await errorOf(await del(col.id, pending.id), 404, COLLECTION_MSG.notInCollection);
  await errorOf(await del(theirs.id, item.id), 403);
  await errorOf(await del(theirsPrivate.id, item.id), 404);
  assert.deepEqual(await json(await del(col.id, item.id)), { contentId: item.id, removed: true, itemCount: 1 });
  await errorOf(await del(col.id, item.id), 404);
});

Deno.test("[api] PUT /api/collections/{id}/items sets the order: exactly the collection's items, no duplicates", async () => {
  await using env = await makeTestEnv();
  const me = await member(env);
  const other = await member(env);
  const col = await json(await create(env, me.cookie, { title: "Ordered", visibility: "public" }), 201);
  const ids: number[] = [];
  for (let i = 0; i < 4; i++) {
    const row = await createMedia(env.db, { userId: other.id, title: `Item ${i}` });
    ids.push(row.id);
    await json(await env.request(`/api/collections/${col.id}/items`, { cookie: me.cookie, json: { contentId: row.id } }), 201);
  }
  const put = (body: unknown, cookie = me.cookie) => env.request(`/api/collections/${col.id}/items`, { method: "PUT", cookie, json: body });
  await errorOf(await put({ order: ids }, ""), 401);
  await errorOf(await put({ order: ids }, other.cookie), 403);
  await errorOf(await put({}), 400, "order is required");
  await errorOf(await put({ order: "1,2" }), 400);
  await errorOf(await put({ order: [...ids.slice(0, 3), String(ids[3])] }), 400);
  await errorOf(await put({ order: ids.slice(1) }), 400, COLLECTION_MSG.orderMismatch);
  await errorOf(await put({ order: [...ids, 999999] }), 400, COLLECTION_MSG.orderMismatch);
  await errorOf(await put({ order: [ids[0], ids[0], ids[1], ids[2]] }), 400, COLLECTION_MSG.orderDuplicate);
  await errorOf(await put({ order: [ids[0], ids[1], ids[2], 999999] }), 400, COLLECTION_MSG.orderMismatch);
  await errorOf(await put({ order: Array.from({ length: 1001 }, (_, i) => i + 1) }), 400);

  const reversed = [...ids].reverse();
  assert.deepEqual(await json(await put({ order: reversed })), { order: reversed });
  const got = await json(await env.request(`/api/collections/${col.id}`));
  assert.deepEqual(got.items.map((i: { id: number }) => i.id), reversed);
  assert.deepEqual((await json(await env.request(`/api/collections/${col.id}`, { cookie: me.cookie }))).order, reversed);
  // A new item goes at the end of the new order.
  const late = await createMedia(env.db, { userId: other.id, title: "Late" });
  await json(await env.request(`/api/collections/${col.id}/items`, { cookie: me.cookie, json: { contentId: late.id } }), 201);
  const after = await json(await env.request(`/api/collections/${col.id}`));
  assert.deepEqual(after.items.map((i: { id: number }) => i.id), [...reversed, late.id]);
});

Deno.test("[api] at most 100 collections besides Watch later and 1,000 items each (422), rate limits (429 with Retry-After)", async () => {
  await using env = await makeTestEnv({ RATE_COLLECTIONS_PER_USER: "1000", RATE_COLLECTION_ITEMS_PER_USER: "1000" });
  const me = await member(env);
  for (let i = 0; i < 100; i++) await json(await create(env, me.cookie, { title: `C ${i}`, visibility: "private" }), 201);
  await errorOf(await create(env, me.cookie, { title: "One too many", visibility: "private" }), 422, COLLECTION_MSG.tooMany);
  const { collections: mine } = await json(await env.request("/api/user/collections", { cookie: me.cookie }));
  assert.equal(mine.length, 101, "100 and Watch later");
  assert.equal(mine[0].watchLater, true, "Watch later first");
  assert.equal(mine[1].title, "C 99", "then the newest");

  // 1,000 items in one collection, inserted directly; the next is refused, saving one already there is not.
  const uploader = await createUser(env.db);
  await env.db.client.execute({
    sql: `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 1001)
      INSERT INTO media (user_id, title, content_type, review_status, created_at, updated_at) SELECT ?, 'Bulk ' || i, 'image', 'approved', 1, 1 FROM n`,
    args: [uploader.id],
  });
  const ids = (await env.db.client.execute("SELECT id FROM media ORDER BY id")).rows.map((r) => Number(r.id));
  const target = mine[1].id;
  await env.db.client.execute({
    sql: `INSERT INTO collection_items (collection_id, media_id, position, created_at)
      SELECT ?, value, key, 1 FROM json_each(?)`,
    args: [target, JSON.stringify(ids.slice(0, 1000))],
  });
  const add = (contentId: number) => env.request(`/api/collections/${target}/items`, { cookie: me.cookie, json: { contentId } });
  await errorOf(await add(ids[1000]), 422, COLLECTION_MSG.tooManyItems);
  assert.deepEqual(await json(await add(ids[0])), { contentId: ids[0], added: false, itemCount: 1000 });
  const page = await json(await env.request(`/api/collections/${target}?page=42`, { cookie: me.cookie }));
  assert.equal(page.totalPages, 42);
  assert.equal(page.items.length, 1000 - 41 * 24);
  assert.equal(page.order.length, 1000);
});

Deno.test("[api] creating collections and adding items are rate-limited per member", async () => {
  await using env = await makeTestEnv({ RATE_COLLECTIONS_PER_USER: "2", RATE_COLLECTION_ITEMS_PER_USER: "2" });
  const me = await member(env);
  const a = await json(await create(env, me.cookie, { title: "A", visibility: "public" }), 201);
  await json(await create(env, me.cookie, { title: "B", visibility: "public" }), 201);
  const limited = await create(env, me.cookie, { title: "C", visibility: "public" });
  await errorOf(limited, 429);
  assert.match(limited.headers.get("retry-after") ?? "", /^\d+$/);
  const other = await member(env);
  await json(await create(env, other.cookie, { title: "Theirs", visibility: "public" }), 201);

  const uploader = await createUser(env.db);
  const items = [];
  for (let i = 0; i < 3; i++) items.push(await createMedia(env.db, { userId: uploader.id, title: `I ${i}` }));
  for (const item of items.slice(0, 2)) {
    await json(await env.request(`/api/collections/${a.id}/items`, { cookie: me.cookie, json: { contentId: item.id } }), 201);
  }
  const third = await env.request(`/api/collections/${a.id}/items`, { cookie: me.cookie, json: { contentId: items[2].id } });
  await errorOf(third, 429);
  assert.ok(Number(third.headers.get("retry-after")) > 0);
});
