/**
 * Categories managed by admins (issue 41 point 5): add, rename (old slugs redirect with 301),
 * reorder, delete with the items moved (409 without moveTo while it has any); admins only,
 * audited; bad input refused.
 */
import assert from "node:assert/strict";
import { and, eq } from "drizzle-orm";
import { auditLog, categories, categorySlugs, media } from "../db/schema/mod.ts";
import { createMedia, createUser, errorOf, json, loginCookie, makeTestEnv } from "./_helpers.ts";
import { CATEGORY_LIMITS, CATEGORY_MSG, categorySlug } from "../common/category_rules.ts";
import { ROLE_MSG } from "../common/roles.ts";

const env = await makeTestEnv();
const { request, db } = env;
Deno.test.afterAll(() => env.close());

const admin = await createUser(db, { isAdmin: true });
const adminCookie = await loginCookie(db, admin.id);
const mod = await createUser(db);
const modCookie = await loginCookie(db, mod.id);
await json(await request(`/api/admin/users/${mod.id}`, { method: "PATCH", cookie: adminCookie, json: { role: "moderator" } }));
const member = await createUser(db);
const memberCookie = await loginCookie(db, member.id);

const add = (name: unknown, cookie = adminCookie) => request("/api/admin/categories", { cookie, json: { name } });
const patch = (id: number, body: unknown, cookie = adminCookie) =>
  request(`/api/admin/categories/${id}`, { method: "PATCH", cookie, json: body });
const remove = (id: number, query = "", cookie = adminCookie) =>
  request(`/api/admin/categories/${id}${query}`, { method: "DELETE", cookie });
const categoryRow = (id: number) => db.select().from(categories).where(eq(categories.id, id)).get();
const audits = (action: string, id: number) =>
  db.select().from(auditLog).where(and(eq(auditLog.action, action), eq(auditLog.targetId, id))).all();

Deno.test("[categories] the slug rule: lower case a-z, digits and single dashes; accents dropped", () => {
  assert.equal(categorySlug("Sci-Fi & Fantasy"), "sci-fi-fantasy");
  assert.equal(categorySlug("  Café  Noir!! "), "cafe-noir");
  assert.equal(categorySlug("!!!"), "");
  assert.equal(categorySlug("x".repeat(100)).length, 60);
});

Deno.test("[categories] POST adds one at the end, with its slug, audited; GET lists them in order", async () => {
  const res = await add("Space Opera");
  const body = await json(res, 201);
  assert.equal(body.name, "Space Opera");
  assert.equal(body.slug, "space-opera");
  assert.equal(body.items, 0);
  const list = await json(await request("/api/admin/categories", { cookie: adminCookie }));
  assert.equal(list.at(-1).id, body.id);
  assert.deepEqual(list.map((c: { position: number }) => c.position), list.map((_: unknown, i: number) => i));
  const pub = await json(await request("/api/categories"));
  assert.equal(pub.at(-1).slug, "space-opera");
  assert.deepEqual(Object.keys(pub[0]).sort(), ["id", "name", "slug"]);
  assert.equal((await categoryRow(body.id))!.slug, "space-opera");
  const [entry] = await audits("category.create", body.id);
  assert.equal(entry.actorId, admin.id);
  assert.equal(entry.targetType, "category");
  // The home page shows it.
  assert.equal((await request("/?category=space-opera")).status, 200);
});

Deno.test("[categories] bad names refused: taken (409), empty, no letters, too long, wrong type (400), JSON only (415)", async () => {
  await json(await add("Mecha"), 201);
  await errorOf(await add("mecha"), 409, CATEGORY_MSG.taken);
  await errorOf(await add("Mecha!"), 409, CATEGORY_MSG.taken);
  await errorOf(await add(""), 400);
  await errorOf(await add("   "), 400);
  await errorOf(await add("!!!"), 400, CATEGORY_MSG.nameNoSlug);
  await errorOf(await add("x".repeat(CATEGORY_LIMITS.nameMax + 1)), 400, CATEGORY_MSG.nameLong);
  await errorOf(await add(12), 400);
  await errorOf(await request("/api/admin/categories", { cookie: adminCookie, json: { name: "A", extra: 1 } }), 400);
  await errorOf(
    await request("/api/admin/categories", { method: "POST", cookie: adminCookie, headers: { "content-type": "text/plain" }, body: "x" }),
    415,
  );
  const n = (await db.select().from(categories).where(eq(categories.name, "Mecha")).all()).length;
  assert.equal(n, 1);
});

Deno.test("[categories] admins only: moderators and members 403, visitors 401, for every route", async () => {
  const [first] = await json(await request("/api/admin/categories", { cookie: adminCookie }));
  const calls: [string, (cookie?: string) => Response | Promise<Response>][] = [
    ["GET", (cookie) => request("/api/admin/categories", { cookie })],
    ["POST", (cookie) => request("/api/admin/categories", { cookie, json: { name: "Sneaky" } })],
    ["PATCH", (cookie) => request(`/api/admin/categories/${first.id}`, { method: "PATCH", cookie, json: { name: "Sneaky" } })],
    ["DELETE", (cookie) => request(`/api/admin/categories/${first.id}?moveTo=999`, { method: "DELETE", cookie })],
  ];
  for (const [method, call] of calls) {
    await errorOf(await call(), 401, "You must be logged in");
    await errorOf(await call(memberCookie), 403, ROLE_MSG.adminOnly);
    await errorOf(await call(modCookie), 403, ROLE_MSG.adminOnly);
    assert.ok(method);
  }
  assert.equal((await categoryRow(first.id))!.name, first.name);
  assert.equal((await db.select().from(categories).where(eq(categories.name, "Sneaky")).all()).length, 0);
});

Deno.test("[categories] a rename keeps the old slug: the old address answers 301 to the new one", async () => {
  const created = await json(await add("Robots"), 201);
  const item = await createMedia(db, { userId: member.id, categoryId: created.id, title: "A robot dream" });
  const renamed = await json(await patch(created.id, { name: "Androids" }));
  assert.equal(renamed.slug, "androids");
  assert.equal(renamed.items, 1);
  const old = await request("/?category=robots&sortBy=newest");
  assert.equal(old.status, 301);
  assert.equal(old.headers.get("location"), "/?category=androids&sortBy=newest");
  assert.equal((await request("/?category=androids")).status, 200);
  assert.equal((await db.select().from(categorySlugs).where(eq(categorySlugs.slug, "robots")).get())!.categoryId, created.id);
  // The item stays in it; the item's answer names the new name.
  assert.equal((await json(await request(`/api/videos/${item.id}`))).categoryName, "Androids");
  const [entry] = await audits("category.update", created.id);
  assert.equal(JSON.parse(entry.details!).oldSlug, "robots");
  // Renamed back: the slug is its own again, not a redirect.
  await json(await patch(created.id, { name: "Robots" }));
  assert.equal((await request("/?category=robots")).status, 200);
  assert.equal((await request("/?category=androids")).status, 301);
  assert.equal(await db.select().from(categorySlugs).where(eq(categorySlugs.slug, "robots")).get(), undefined);
  // An unknown slug is still a 404 page.
  assert.equal((await request("/?category=never-was")).status, 404);
});

Deno.test("[categories] a renamed or deleted category's RSS/Atom feed answers 301 to the new slug's feed", async () => {
  const created = await json(await add("Mechs"), 201);
  await createMedia(db, { userId: member.id, categoryId: created.id, title: "A walking machine" });
  assert.equal((await request("/feeds/category/mechs.xml")).status, 200);
  await json(await patch(created.id, { name: "Walkers" }));
  const rss = await request("/feeds/category/mechs.xml");
  assert.equal(rss.status, 301);
  assert.equal(rss.headers.get("location"), "/feeds/category/walkers.xml");
  const atom = await request("/feeds/category/mechs.xml?format=atom");
  assert.equal(atom.status, 301);
  assert.equal(atom.headers.get("location"), "/feeds/category/walkers.xml?format=atom");
  const moved = await request("/feeds/category/walkers.xml?format=atom");
  assert.equal(moved.status, 200);
  assert.match(moved.headers.get("content-type") ?? "", /application\/atom\+xml/);
  assert.match(await moved.text(), /A walking machine/);
  assert.equal((await db.select().from(categorySlugs).where(eq(categorySlugs.slug, "mechs")).get())!.categoryId, created.id);
  // Deleted with its items moved: both old slugs lead to where the items went.
  const target = await json(await add("Machines"), 201);
  await json(await remove(created.id, `?moveTo=${target.id}`));
  for (const old of ["mechs", "walkers"]) {
    const res = await request(`/feeds/category/${old}.xml`);
    assert.equal(res.status, 301, old);
    assert.equal(res.headers.get("location"), "/feeds/category/machines.xml");
  }
  const now = await request("/feeds/category/machines.xml");
  assert.equal(now.status, 200);
  assert.match(now.headers.get("content-type") ?? "", /application\/rss\+xml/);
  assert.match(await now.text(), /A walking machine/);
  // A slug that never was is still a 404; a bad format a 400 before any redirect.
  await errorOf(await request("/feeds/category/never-was.xml"), 404, "No such category");
  await errorOf(await request("/feeds/category/mechs.xml?format=json"), 400);
});

Deno.test("[categories] PATCH position moves it in the order; bad bodies 400, unknown 404, taken name 409", async () => {
  const created = await json(await add("Cyberpunk"), 201);
  const moved = await json(await patch(created.id, { position: 0 }));
  assert.equal(moved.position, 0);
  const pub = await json(await request("/api/categories"));
  assert.equal(pub[0].id, created.id);
  // Past the end is the end.
  assert.equal((await json(await patch(created.id, { position: 10_000 }))).position, pub.length - 1);
  for (const bad of [{}, { position: -1 }, { position: 1.5 }, { position: "0" }, { name: "" }, { slug: "x" }]) {
    await errorOf(await patch(created.id, bad), 400);
  }
  await errorOf(await patch(999999, { name: "Nothing" }), 404, CATEGORY_MSG.notFound);
  await errorOf(await patch(created.id, { name: "Mecha" }), 409, CATEGORY_MSG.taken);
  await errorOf(await request("/api/admin/categories/abc", { method: "PATCH", cookie: adminCookie, json: { name: "X" } }), 400);
});

Deno.test("[categories] DELETE: 409 while it has items and no moveTo; with moveTo the items move and old addresses follow", async () => {
  const from = await json(await add("Doomed"), 201);
  const to = await json(await add("Survivor"), 201);
  const a = await createMedia(db, { userId: member.id, categoryId: from.id, title: "one" });
  const b = await createMedia(db, { userId: member.id, categoryId: from.id, title: "two" });
  await errorOf(await remove(from.id), 409, CATEGORY_MSG.hasItems(2));
  assert.ok(await categoryRow(from.id));
  await errorOf(await remove(from.id, `?moveTo=${from.id}`), 400, CATEGORY_MSG.moveToSelf);
  await errorOf(await remove(from.id, "?moveTo=999999"), 404, CATEGORY_MSG.moveToMissing);
  await errorOf(await remove(from.id, "?moveTo=abc"), 400);
  await errorOf(await remove(999999, `?moveTo=${to.id}`), 404, CATEGORY_MSG.notFound);
  const done = await json(await remove(from.id, `?moveTo=${to.id}`));
  assert.deepEqual(done, { ok: true, id: from.id, moved: 2, moveTo: to.id });
  assert.equal(await categoryRow(from.id), undefined);
  for (const id of [a.id, b.id]) assert.equal((await db.select().from(media).where(eq(media.id, id)).get())!.categoryId, to.id);
  const res = await request("/?category=doomed");
  assert.equal(res.status, 301);
  assert.equal(res.headers.get("location"), "/?category=survivor");
  const [entry] = await audits("category.delete", from.id);
  assert.equal(entry.actorId, admin.id);
  assert.deepEqual(JSON.parse(entry.details!).movedTo, { id: to.id, name: "Survivor" });
  // An empty category goes without moveTo.
  const empty = await json(await add("Empty one"), 201);
  assert.deepEqual(await json(await remove(empty.id)), { ok: true, id: empty.id, moved: 0, moveTo: null });
  const positions = (await json(await request("/api/admin/categories", { cookie: adminCookie }))).map((c: { position: number }) =>
    c.position
  );
  assert.deepEqual(positions, positions.map((_: number, i: number) => i), "positions renumbered");
});
