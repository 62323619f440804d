/**
 * Who sees which collection and which of its items (issue 32 point 5, decision record 030): items
 * that are not public show only to their uploader and admins, with counts of what is shown; a
 * private collection is a 404 to everyone else; an unlisted one is readable by its link and listed
 * nowhere; a banned owner's are gone for the public; deleting an item or an account cleans up.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { collectionItems, collections, media, users } from "../db/schema/mod.ts";
import { createMedia, createUser, errorOf, json, loginCookie, makeTestEnv, type TestEnv } from "./_helpers.ts";

async function member(env: TestEnv, opts: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(env.db, opts);
  return { ...user, cookie: await loginCookie(env.db, user.id) };
}

async function collection(env: TestEnv, cookie: string, title: string, visibility: string, items: number[] = []) {
  const made = await json(await env.request("/api/collections", { cookie, json: { title, visibility } }), 201);
  for (const contentId of items) await json(await env.request(`/api/collections/${made.id}/items`, { cookie, json: { contentId } }), 201);
  return made as { id: number; url: string };
}

const shownIds = async (env: TestEnv, id: number, cookie?: string) => {
  const body = await json(await env.request(`/api/collections/${id}`, { cookie }));
  return { ids: body.items.map((i: { id: number }) => i.id) as number[], count: body.itemCount as number };
};

Deno.test("[api] items that are not public show only to their uploader and admins, and counts say what is shown", async () => {
  await using env = await makeTestEnv();
  const uploader = await member(env);
  const curator = await member(env);
  const stranger = await member(env);
  const admin = await member(env, { isAdmin: true });
  const banned = await createUser(env.db);
  const pub = await createMedia(env.db, { userId: uploader.id, title: "Public" });
  const pending = await createMedia(env.db, { userId: uploader.id, title: "Pending", reviewStatus: "pending" });
  // The uploader saves their own pending item next to a public one in a public collection.
  const theirs = await collection(env, uploader.cookie, "Mine, public", "public", [pub.id, pending.id]);
  assert.deepEqual(await shownIds(env, theirs.id), { ids: [pub.id], count: 1 }, "a visitor does not see the pending item");
  assert.deepEqual(await shownIds(env, theirs.id, stranger.cookie), { ids: [pub.id], count: 1 }, "nor does another member");
  assert.deepEqual(await shownIds(env, theirs.id, uploader.cookie), { ids: [pub.id, pending.id], count: 2 }, "its uploader does");
  assert.deepEqual(await shownIds(env, theirs.id, admin.cookie), { ids: [pub.id, pending.id], count: 2 }, "an admin does");
  const page = await (await env.request(theirs.url)).text();
  assert.match(page, new RegExp(`data-card="${pub.id}"`));
  assert.doesNotMatch(page, new RegExp(`data-card="${pending.id}"`), "nor on the page");
  assert.match(page, /1 item</);

  // A curator saved public items that later left the public: rejected, hidden, unprocessed, a banned uploader's.
  const later = [];
  for (const title of ["Rejected", "Hidden", "Processing", "Banned's", "Fine"]) {
    later.push(await createMedia(env.db, { userId: title === "Banned's" ? banned.id : uploader.id, title }));
  }
  const curated = await collection(env, curator.cookie, "Curated", "public", later.map((r) => r.id));
  await env.db.update(media).set({ reviewStatus: "rejected" }).where(eq(media.id, later[0].id));
  await env.db.update(media).set({ hidden: true }).where(eq(media.id, later[1].id));
  await env.db.update(media).set({ playable: false }).where(eq(media.id, later[2].id));
  await env.db.update(users).set({ banned: true }).where(eq(users.id, banned.id));
  const fine = later[4].id;
  assert.deepEqual(await shownIds(env, curated.id), { ids: [fine], count: 1 });
  assert.deepEqual(
    await shownIds(env, curated.id, curator.cookie),
    { ids: [fine], count: 1 },
    "the collection's owner is not their uploader",
  );
  assert.deepEqual(await shownIds(env, curated.id, uploader.cookie), { ids: [later[0].id, later[1].id, later[2].id, fine], count: 4 });
  assert.deepEqual(await shownIds(env, curated.id, admin.cookie), { ids: later.map((r) => r.id), count: 5 });
  // The lists count the same way, and the cover is the first shown item's.
  const listed = await json(await env.request(`/api/users/${curator.id}/collections`));
  assert.equal(listed.collections[0].itemCount, 1);
  assert.equal(listed.collections[0].cover, `/api/content/${fine}/thumbnail?placeholder=true`);
  // The owner still orders every row, those not shown to them included.
  assert.deepEqual(
    (await json(await env.request(`/api/collections/${curated.id}`, { cookie: curator.cookie }))).order,
    later.map((r) => r.id),
  );
});

Deno.test("[api] a private collection is a 404 to every other member, admins and visitors, on every endpoint", async () => {
  await using env = await makeTestEnv();
  const owner = await member(env);
  const others = [await member(env), await member(env), await member(env, { isAdmin: true })];
  const item = await createMedia(env.db, { userId: owner.id, title: "Kept" });
  const priv = await collection(env, owner.cookie, "Secret stash", "private", [item.id]);
  for (const who of [...others.map((o) => o.cookie), undefined]) {
    await errorOf(await env.request(`/api/collections/${priv.id}`, { cookie: who }), 404, "Collection not found");
    if (who) {
      await errorOf(await env.request(`/api/collections/${priv.id}/items`, { cookie: who, json: { contentId: item.id } }), 404);
      await errorOf(
        await env.request(`/api/collections/${priv.id}/items`, { method: "PUT", cookie: who, json: { order: [item.id] } }),
        404,
      );
      await errorOf(await env.request(`/api/collections/${priv.id}/items/${item.id}`, { method: "DELETE", cookie: who }), 404);
    }
    const list = await json(await env.request(`/api/users/${owner.id}/collections`, { cookie: who }));
    assert.deepEqual(list.collections, [], "not listed (nor Watch later)");
    const page = await env.request(priv.url, { cookie: who });
    assert.equal(page.status, 404);
    assert.doesNotMatch(await page.text(), /Secret stash/);
    assert.doesNotMatch(await (await env.request(`/user/${owner.id}`, { cookie: who })).text(), /Secret stash/);
  }
  assert.equal((await env.request(priv.url, { cookie: owner.cookie })).status, 200);
  const own = await json(await env.request(`/api/users/${owner.id}/collections`, { cookie: owner.cookie }));
  assert.deepEqual(own.collections.map((c: { title: string }) => c.title), ["Watch later", "Secret stash"]);
});

Deno.test("[api] an unlisted collection is readable by its link and listed nowhere", async () => {
  await using env = await makeTestEnv();
  const owner = await member(env, { username: "lister" });
  const visitorItem = await createMedia(env.db, { userId: owner.id, title: "Shown item" });
  const unlisted = await collection(env, owner.cookie, "Quiet list", "unlisted", [visitorItem.id]);
  const pub = await collection(env, owner.cookie, "Loud list", "public", [visitorItem.id]);
  const stranger = await member(env);
  for (const who of [stranger.cookie, undefined]) {
    assert.equal((await json(await env.request(`/api/collections/${unlisted.id}`, { cookie: who }))).title, "Quiet list");
    const page = await env.request(unlisted.url, { cookie: who });
    assert.equal(page.status, 200);
    const html = await page.text();
    assert.match(html, /<meta name="robots" content="noindex/);
    assert.match(html, new RegExp(`data-card="${visitorItem.id}"`));
    const list = await json(await env.request(`/api/users/${owner.id}/collections`, { cookie: who }));
    assert.deepEqual(list.collections.map((c: { title: string }) => c.title), ["Loud list"]);
    const profile = await (await env.request("/user/lister", { cookie: who })).text();
    assert.match(profile, /Loud list/);
    assert.doesNotMatch(profile, /Quiet list/);
  }
  const publicPage = await (await env.request(pub.url)).text();
  assert.doesNotMatch(publicPage, /<meta name="robots" content="noindex/, "a public collection may be indexed");
  for (const path of ["/sitemap.xml", "/feeds/latest.xml", `/feeds/user/lister.xml`, "/search?q=Quiet", "/api/search?q=Quiet"]) {
    const text = await (await env.request(path)).text();
    assert.doesNotMatch(text, new RegExp(`${unlisted.id}|Quiet list`), path);
  }
});

Deno.test("[api] a banned owner's collections are gone for everyone but admins", async () => {
  await using env = await makeTestEnv();
  const owner = await member(env);
  const admin = await member(env, { isAdmin: true });
  const item = await createMedia(env.db, { userId: admin.id, title: "Shown" });
  const pub = await collection(env, owner.cookie, "Soon gone", "public", [item.id]);
  await json(await env.request(`/api/admin/users/${owner.id}`, { cookie: admin.cookie, method: "POST" }));
  await errorOf(await env.request(`/api/collections/${pub.id}`), 404);
  await errorOf(await env.request(`/api/users/${owner.id}/collections`), 404);
  assert.equal((await env.request(pub.url)).status, 404);
  assert.equal((await json(await env.request(`/api/collections/${pub.id}`, { cookie: admin.cookie }))).itemCount, 1);
});

Deno.test("[api] GET /api/users/{id}/collections and /api/user/collections?contains=: bad inputs and the Save dialog's marks", async () => {
  await using env = await makeTestEnv();
  const me = await member(env);
  const item = await createMedia(env.db, { userId: me.id, title: "Saved" });
  const other = await createMedia(env.db, { userId: me.id, title: "Not saved" });
  const pending = await createMedia(env.db, { userId: (await createUser(env.db)).id, title: "Pending", reviewStatus: "pending" });
  const a = await collection(env, me.cookie, "A", "public", [item.id]);
  await collection(env, me.cookie, "B", "private");
  await errorOf(await env.request("/api/users/abc/collections"), 400);
  await errorOf(await env.request("/api/users/0/collections"), 400);
  await errorOf(await env.request("/api/users/99999/collections"), 404);
  await errorOf(await env.request("/api/user/collections"), 401);
  await errorOf(await env.request("/api/user/collections?contains=abc", { cookie: me.cookie }), 400);
  await errorOf(await env.request("/api/user/collections?contains=-1", { cookie: me.cookie }), 400);
  await errorOf(await env.request("/api/user/collections?contains=99999", { cookie: me.cookie }), 404);
  await errorOf(await env.request(`/api/user/collections?contains=${pending.id}`, { cookie: me.cookie }), 404);
  const marks = async (id: number) =>
    (await json(await env.request(`/api/user/collections?contains=${id}`, { cookie: me.cookie }))).collections
      .map((c: { title: string; contains: boolean }) => [c.title, c.contains]);
  assert.deepEqual(await marks(item.id), [["Watch later", false], ["B", false], ["A", true]]);
  assert.deepEqual(await marks(other.id), [["Watch later", false], ["B", false], ["A", false]]);
  const plain = await json(await env.request("/api/user/collections", { cookie: me.cookie }));
  assert.equal("contains" in plain.collections[0], false);
  assert.equal(plain.collections.find((c: { id: number }) => c.id === a.id).itemCount, 1);
});

Deno.test("[api] deleting an item or an account removes its collection rows", async () => {
  await using env = await makeTestEnv();
  const admin = await member(env, { isAdmin: true });
  const leaver = await member(env);
  const keeper = await member(env);
  const own = await createMedia(env.db, { userId: leaver.id, title: "Leaver's" });
  const other = await createMedia(env.db, { userId: keeper.id, title: "Keeper's" });
  const doomed = await createMedia(env.db, { userId: keeper.id, title: "Doomed" });
  const kept = await collection(env, keeper.cookie, "Keeper's list", "public", [own.id, other.id, doomed.id]);
  const gone = await collection(env, leaver.cookie, "Leaver's list", "public", [other.id]);

  await json(await env.request(`/api/admin/content/${doomed.id}`, { method: "DELETE", cookie: admin.cookie }));
  assert.deepEqual((await shownIds(env, kept.id)).ids, [own.id, other.id]);
  assert.equal((await env.db.select().from(collectionItems).where(eq(collectionItems.mediaId, doomed.id)).all()).length, 0);

  await json(await env.request("/api/user", { method: "DELETE", cookie: leaver.cookie, json: { currentPassword: leaver.password } }));
  assert.deepEqual(await shownIds(env, kept.id), { ids: [other.id], count: 1 }, "the leaver's item left the keeper's list");
  await errorOf(await env.request(`/api/collections/${gone.id}`), 404);
  assert.equal((await env.db.select().from(collections).where(eq(collections.userId, leaver.id)).all()).length, 0, "Watch later too");
  assert.equal((await env.db.select().from(collectionItems).where(eq(collectionItems.collectionId, gone.id)).all()).length, 0);
});

Deno.test("[page] /collections/{id} goes to its address with the title; the owner's grid carries the order", async () => {
  await using env = await makeTestEnv();
  const owner = await member(env);
  const items = [
    await createMedia(env.db, { userId: owner.id, title: "One" }),
    await createMedia(env.db, { userId: owner.id, title: "Two" }),
  ];
  const col = await collection(env, owner.cookie, "Élan & Friends!", "public", items.map((i) => i.id));
  assert.equal(col.url, `/collections/${col.id}-élan-friends`);
  for (const wrong of [`/collections/${col.id}`, `/collections/${col.id}-old-title`]) {
    const res = await env.request(`${wrong}?page=1`, { redirect: "manual" });
    assert.equal(res.status, 301, wrong);
    assert.equal(res.headers.get("location"), `${encodeURI(col.url)}?page=1`);
  }
  assert.equal((await env.request(encodeURI(col.url))).status, 200);
  for (const bad of ["/collections/abc", "/collections/0", "/collections/123456789-x", `${encodeURI(col.url)}?page=2`]) {
    assert.equal((await env.request(bad)).status, 404, bad);
  }
  const visitor = await (await env.request(encodeURI(col.url))).text();
  assert.match(visitor, /Collection by/);
  assert.doesNotMatch(visitor, /"order":/, "no order for visitors");
  assert.doesNotMatch(visitor, /data-island="CollectionEdit"/);
  const ownerHtml = await (await env.request(encodeURI(col.url), { cookie: owner.cookie })).text();
  assert.match(ownerHtml, new RegExp(`"order":\\[${items[0].id},${items[1].id}\\]`));
  assert.match(ownerHtml, /data-island="CollectionEdit"/);
  const profile = await (await env.request(`/user/${owner.id}`, { cookie: owner.cookie })).text();
  assert.match(profile, /Your collections/);
  assert.match(profile, /Watch later/);
});
