/** `GET /api/forum/categories` and `GET /api/forum/threads`: spec part 2 §2, §3, §7 (sticky first, sorts, filter, category, paging). */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { FORUM_MSG, THREAD_PAGE } from "../common/forum_rules.ts";
import { threads, threadUpvotes, users } from "../db/schema/mod.ts";
import { createUser, loginCookie, makeTestEnv } from "./_helpers.ts";
import { errorOf, forumCategoryList, json, makeThread, threadRow } from "./_forum.ts";

const env = await makeTestEnv();
const { request, db } = env;
Deno.test.afterAll(() => env.close());

const alice = await createUser(db, { username: "alice_forum" });
const aliceCookie = await loginCookie(db, alice.id);
const bob = await createUser(db, { username: "bob_forum" });
const bobCookie = await loginCookie(db, bob.id);
const [general, showcase] = await forumCategoryList(db);

const post = (body: unknown, cookie?: string) => request("/api/forum/threads", { method: "POST", cookie, json: body });
const list = async (query = "", cookie?: string) => await json(await request(`/api/forum/threads${query}`, { cookie }));

// ---------------------------------------------------------------- categories

Deno.test("[api] GET /api/forum/categories lists every forum category with its thread count", async () => {
  const before = await json(await request("/api/forum/categories"));
  await makeThread(db, { userId: alice.id, categoryId: showcase.id });
  await makeThread(db, { userId: alice.id, categoryId: showcase.id });
  const after = await json(await request("/api/forum/categories"));
  assert.equal(after.length, before.length);
  assert.ok(after.length >= 5);
  for (const cat of after) {
    assert.deepEqual(Object.keys(cat).sort(), ["count", "id", "name", "slug"]);
    assert.equal(typeof cat.id, "number");
    assert.equal(typeof cat.count, "number");
  }
  const count = (list: { id: number; count: number }[]) => list.find((c) => c.id === showcase.id)!.count;
  assert.equal(count(after), count(before) + 2);
});

Deno.test("[api] a category's count moves with the threads created and deleted in it", async () => {
  const countOf = async () => (await json(await request("/api/forum/categories"))).find((c: { id: number }) => c.id === general.id).count;
  const before = await countOf();
  const t = await json(await post({ title: "Counted", content: "x", categoryId: general.id }, aliceCookie), 201);
  assert.equal(await countOf(), before + 1);
  await json(await request(`/api/forum/threads/${t.id}`, { method: "DELETE", cookie: aliceCookie }));
  assert.equal(await countOf(), before);
});

// ---------------------------------------------------------------- list

Deno.test("[api] GET /api/forum/threads lists sticky threads first, each group in the chosen order", async () => {
  await using fresh = await makeTestEnv();
  const u = await createUser(fresh.db, { username: "lister" });
  const t0 = Date.now() - 100_000;
  const a = await makeThread(fresh.db, { userId: u.id, title: "A", createdAt: t0, upvotes: 5, commentCount: 1 });
  const b = await makeThread(fresh.db, { userId: u.id, title: "B", createdAt: t0 + 1000, upvotes: 1, commentCount: 9 });
  const c = await makeThread(fresh.db, { userId: u.id, title: "C", createdAt: t0 + 2000, upvotes: 3, commentCount: 3 });
  const s1 = await makeThread(fresh.db, { userId: u.id, title: "S1", createdAt: t0 - 5000, isSticky: true, upvotes: 0 });
  const s2 = await makeThread(fresh.db, { userId: u.id, title: "S2", createdAt: t0 + 5000, isSticky: true, upvotes: 2 });
  const ids = async (q: string) => (await json(await fresh.request(`/api/forum/threads${q}`))).map((t: { id: number }) => t.id);
  assert.deepEqual(await ids(""), [s2.id, s1.id, c.id, b.id, a.id]);
  assert.deepEqual(await ids("?sortBy=newest"), [s2.id, s1.id, c.id, b.id, a.id]);
  assert.deepEqual(await ids("?sortBy=oldest"), [s1.id, s2.id, a.id, b.id, c.id]);
  assert.deepEqual(await ids("?sortBy=popular"), [s2.id, s1.id, a.id, c.id, b.id]);
  // Both sticky threads have no comments: the newer one first.
  assert.deepEqual(await ids("?sortBy=comments"), [s2.id, s1.id, b.id, c.id, a.id]);
  assert.deepEqual(await ids("?filter=sticky"), [s2.id, s1.id]);
  assert.deepEqual(await ids("?filter=sticky&sortBy=oldest"), [s1.id, s2.id]);
  assert.deepEqual(await ids("?filter=all&limit=2&offset=1"), [s1.id, c.id]);
});

Deno.test("[api] GET /api/forum/threads returns the spec's fields; a deleted author is a null user", async () => {
  const gone = await createUser(db, { username: "soon_gone" });
  const t = await makeThread(db, { userId: gone.id, title: "Orphan", tags: JSON.stringify(["x"]), categoryId: general.id });
  await db.delete(users).where(eq(users.id, gone.id));
  assert.equal((await threadRow(db, t.id))?.userId, null, "ON DELETE SET NULL");
  const all = await list("?limit=100");
  const orphan = all.find((x: { id: number }) => x.id === t.id);
  assert.deepEqual(Object.keys(orphan).sort(), [
    "categoryId",
    "commentCount",
    "content",
    "createdAt",
    "id",
    "isSticky",
    "tags",
    "title",
    "upvoted",
    "upvotes",
    "user",
    "userId",
  ]);
  assert.equal(orphan.userId, null);
  assert.equal(orphan.user, null);
  assert.deepEqual(orphan.tags, ["x"]);
});

Deno.test("[api] GET /api/forum/threads filters by categoryId and says which threads the viewer upvoted", async () => {
  const t = await makeThread(db, { userId: bob.id, categoryId: showcase.id, title: "In showcase" });
  await db.insert(threadUpvotes).values({ threadId: t.id, userId: alice.id });
  const inCat = await list(`?categoryId=${showcase.id}&limit=100`, aliceCookie);
  assert.ok(inCat.length >= 1);
  assert.ok(inCat.every((x: { categoryId: number }) => x.categoryId === showcase.id));
  assert.equal(inCat.find((x: { id: number }) => x.id === t.id).upvoted, true);
  const asBob = await list(`?categoryId=${showcase.id}&limit=100`, bobCookie);
  assert.equal(asBob.find((x: { id: number }) => x.id === t.id).upvoted, false);
  const asVisitor = await list(`?categoryId=${showcase.id}&limit=100`);
  assert.equal(asVisitor.find((x: { id: number }) => x.id === t.id).upvoted, false);
  for (const all of ["", "all", "null"]) {
    assert.ok((await list(`?categoryId=${all}&limit=100`)).some((x: { categoryId: number }) => x.categoryId !== showcase.id));
  }
});

Deno.test("[api] GET /api/forum/threads: bad sortBy, filter, categoryId, limit or offset get 400", async () => {
  const cases: [string, string | RegExp][] = [
    ["?sortBy=best", "sortBy must be one of: newest, oldest, popular, comments"],
    ["?sortBy=NEWEST", /sortBy must be one of/],
    ["?filter=mine", "filter must be one of: all, sticky"],
    ["?categoryId=abc", FORUM_MSG.categoryId],
    ["?categoryId=-1", FORUM_MSG.categoryId],
    ["?categoryId=1.5", FORUM_MSG.categoryId],
    ["?categoryId=0", FORUM_MSG.categoryId],
    ["?categoryId=99999", FORUM_MSG.unknownCategory],
    ["?limit=0", /limit must be a whole number from 1 to 100/],
    [`?limit=${THREAD_PAGE.max + 1}`, /limit must be/],
    ["?limit=ten", /limit must be/],
    ["?offset=-1", /offset must be/],
    ["?offset=99999999999", /offset must be/],
  ];
  for (const [q, message] of cases) {
    const error = await errorOf(await request(`/api/forum/threads${q}`), 400);
    if (typeof message === "string") assert.equal(error, message, q);
    else assert.match(error, message, q);
  }
});

Deno.test("[api] GET /api/forum/threads pages: 30 by default, never more than 100", async () => {
  await using fresh = await makeTestEnv();
  const u = await createUser(fresh.db);
  await fresh.db.insert(threads).values(
    Array.from({ length: 120 }, (_, i) => ({ userId: u.id, title: `T${i}`, content: "c", createdAt: i })),
  );
  const page = async (q: string) => await json(await fresh.request(`/api/forum/threads${q}`));
  assert.equal((await page("")).length, THREAD_PAGE.size);
  assert.equal((await page("?limit=100")).length, 100);
  const last = await page("?limit=100&offset=100");
  assert.equal(last.length, 20);
  assert.equal(last.at(-1).title, "T0");
});
