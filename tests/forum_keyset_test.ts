/**
 * Forum lists paged by key (issue 44, decision 047), through the real server over HTTP: every sort,
 * both filters, a category, visitors and members (their held threads, their mutes), walked page by
 * page by `after` cursors and by old-style offsets, give the SQL ORDER BY of the whole list with no
 * row twice and none missing, also with ties everywhere and rows deleted mid-walk; a bad cursor is
 * a 400 with a JSON error. The forum page's "Load more" links walk the same list.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { NEXT_CURSOR, threadCursor } from "../common/forum_cursor.ts";
import { FORUM_FILTERS, FORUM_SORTS, type ForumFilter, type ForumSort, THREAD_PAGE } from "../common/forum_rules.ts";
import { CURSOR_MSG } from "../common/schemas/forum.ts";
import { threadComments, threads, userMutes } from "../db/schema/mod.ts";
import { AGE_COOKIE, createUser, loginCookie, startServer } from "./_helpers.ts";
import { forumCategoryList, makeComment, makeThread } from "./_forum.ts";

const server = await startServer();
const { db } = server;
Deno.test.afterAll(() => server.shutdown());

const alice = await createUser(db, { username: "keyset_alice" });
const bob = await createUser(db, { username: "keyset_bob" });
const carol = await createUser(db, { username: "keyset_carol" });
const admin = await createUser(db, { username: "keyset_admin", isAdmin: true });
const cookies = new Map<number, string>();
for (const u of [alice, bob, admin]) cookies.set(u.id, await loginCookie(db, u.id));
// Bob mutes Carol: her threads leave his lists (issue 25).
await db.insert(userMutes).values({ userId: bob.id, type: "user", value: String(carol.id) });
const [general, showcase] = await forumCategoryList(db);

// 90 threads with few distinct values: dates, upvotes and comment counts tie across many rows.
const T0 = Date.UTC(2026, 0, 1);
const authors = [alice.id, bob.id, carol.id];
for (let i = 0; i < 90; i++) {
  await makeThread(db, {
    userId: authors[i % 3],
    categoryId: i % 4 === 0 ? null : i % 4 === 1 ? general.id : showcase.id,
    createdAt: T0 + (i % 5) * 60_000,
    upvotes: i % 3,
    commentCount: (i * 7) % 4,
    isSticky: i % 11 === 0,
    // Some of Alice's and Carol's threads are held or hidden: each sees their own.
    status: i % 13 === 2 ? "held" : i % 17 === 5 ? "hidden" : "shown",
  });
}

type Viewer = { id: number | null; cookie?: string };
const visitor: Viewer = { id: null };
const aliceViewer: Viewer = { id: alice.id, cookie: cookies.get(alice.id) };
const bobViewer: Viewer = { id: bob.id, cookie: cookies.get(bob.id) };

async function get(path: string, viewer: Viewer = visitor) {
  return await fetch(`${server.url}${path}`, { headers: { cookie: [viewer.cookie, AGE_COOKIE].filter(Boolean).join("; ") } });
}

/** The whole list as SQL orders it, written here independently of the app's query builder. */
async function expected(sort: ForumSort, filter: ForumFilter, categoryId: number | null, viewer: Viewer): Promise<number[]> {
  const order = {
    newest: "created_at DESC, id DESC",
    oldest: "created_at ASC, id ASC",
    popular: "upvotes DESC, created_at DESC, id DESC",
    comments: "comment_count DESC, created_at DESC, id DESC",
  }[sort];
  const rs = await db.client.execute({
    sql: `SELECT id FROM threads
      WHERE (status = 'shown' OR user_id = ?1) AND (?2 IS NULL OR category_id = ?2) AND (?3 = 0 OR is_sticky = 1)
        AND user_id NOT IN (SELECT CAST(value AS INTEGER) FROM user_mutes WHERE user_id = ?1 AND type = 'user')
      ORDER BY is_sticky DESC, ${order}`,
    args: [viewer.id, categoryId, filter === "sticky" ? 1 : 0],
  });
  return rs.rows.map((r) => Number(r.id));
}

type Page = { ids: number[]; next: string | null };

async function threadPage(query: string, viewer: Viewer): Promise<Page> {
  const res = await get(`/api/forum/threads?${query}`, viewer);
  assert.equal(res.status, 200, await res.clone().text());
  assert.match(res.headers.get("content-type") ?? "", /^application\/json/);
  const body = await res.json() as { id: number }[];
  assert.ok(Array.isArray(body));
  return { ids: body.map((t) => t.id), next: res.headers.get(NEXT_CURSOR) };
}

/** Every page by `after`, checking that a page is full unless it is the last (and that the last says so). */
async function walkByCursor(base: string, viewer: Viewer, limit: number, between?: (page: number) => Promise<void>) {
  const seen: number[] = [];
  let after: string | null = null;
  for (let n = 0; n < 200; n++) {
    const page: Page = await threadPage(`${base}&limit=${limit}${after ? `&after=${encodeURIComponent(after)}` : ""}`, viewer);
    seen.push(...page.ids);
    if (!page.next) return seen;
    assert.equal(page.ids.length, limit, "a page with a next one is full");
    after = page.next;
    await between?.(n);
  }
  throw new Error("the walk did not end");
}

async function walkByOffset(base: string, viewer: Viewer, limit: number) {
  const seen: number[] = [];
  for (let offset = 0;; offset += limit) {
    const page = await threadPage(`${base}&limit=${limit}&offset=${offset}`, viewer);
    seen.push(...page.ids);
    if (page.ids.length < limit) return seen;
  }
}

for (const sort of FORUM_SORTS) {
  Deno.test(`[api] threads by ${sort}: every filter, category and viewer, walked by cursor and by offset, equal SQL's order`, async () => {
    for (const filter of FORUM_FILTERS) {
      for (const categoryId of [null, general.id]) {
        for (const viewer of [visitor, aliceViewer, bobViewer]) {
          const label = `${sort} ${filter} category ${categoryId} viewer ${viewer.id}`;
          const want = await expected(sort, filter, categoryId, viewer);
          assert.ok(filter === "sticky" || want.length >= 10, `${label}: the list is long enough to page`);
          const base = `sortBy=${sort}&filter=${filter}&categoryId=${categoryId ?? ""}`;
          assert.deepEqual(await walkByCursor(base, viewer, 4), want, `${label}, by cursor`);
          assert.deepEqual(await walkByOffset(base, viewer, 4), want, `${label}, by offset`);
        }
      }
    }
  });
}

Deno.test("[api] a member's own held thread and a muted member's threads: in or out of every page walk", async () => {
  const all = await walkByCursor("sortBy=popular&filter=all", aliceViewer, 5);
  const rows = await db.select({ id: threads.id, status: threads.status, userId: threads.userId }).from(threads).all();
  const aliceUnshown = rows.filter((r) => r.userId === alice.id && r.status !== "shown").map((r) => r.id);
  assert.ok(aliceUnshown.length > 0);
  for (const id of aliceUnshown) assert.ok(all.includes(id), `Alice's own held or hidden thread ${id} is listed for her`);
  const forVisitor = await walkByCursor("sortBy=popular&filter=all", visitor, 5);
  for (const id of aliceUnshown) assert.ok(!forVisitor.includes(id), `thread ${id} is not listed for a visitor`);
  const forBob = await walkByCursor("sortBy=popular&filter=all", bobViewer, 5);
  const carols = new Set(rows.filter((r) => r.userId === carol.id).map((r) => r.id));
  assert.ok(forBob.length > 0 && forBob.every((id) => !carols.has(id)), "Carol's threads are out of Bob's list");
});

for (const sort of FORUM_SORTS) {
  Deno.test(`[api] threads by ${sort}: rows deleted mid-walk (the cursor's own row among them) leave no gap and no repeat`, async () => {
    const before = await expected(sort, "all", showcase.id, visitor);
    const base = `sortBy=${sort}&filter=all&categoryId=${showcase.id}`;
    const deleted: number[] = [];
    const walked = await walkByCursor(base, visitor, 5, async (page) => {
      if (page !== 1) return;
      // The cursor's own row (the last shown), one already shown and one not reached yet.
      for (const id of [before[9], before[3], before[15]]) {
        const res = await fetch(`${server.url}/api/forum/threads/${id}`, {
          method: "DELETE",
          headers: { cookie: cookies.get(admin.id)!, origin: server.url },
        });
        assert.equal(res.status, 200, await res.clone().text());
        assert.deepEqual(await res.json(), { success: true });
        deleted.push(id);
      }
      assert.equal((await db.select().from(threads).where(eq(threads.id, before[15])).all()).length, 0, "the row is gone");
    });
    assert.equal(new Set(walked).size, walked.length, "no thread twice");
    assert.deepEqual(walked, before.filter((id) => id !== deleted[2]), "the walk is the list less the row deleted ahead of it");
    // The list after the deletions, read whole, is what SQL says.
    assert.deepEqual(await walkByCursor(base, visitor, 5), await expected(sort, "all", showcase.id, visitor));
  });
}

Deno.test("[api] the last page has no X-Next-Cursor; a page past the end by offset is empty", async () => {
  const want = await expected("newest", "all", null, visitor);
  const res = await get(`/api/forum/threads?limit=${THREAD_PAGE.max}`);
  assert.equal(res.status, 200);
  assert.equal(res.headers.get(NEXT_CURSOR), null);
  assert.deepEqual((await res.json()).map((t: { id: number }) => t.id), want);
  assert.deepEqual((await threadPage(`offset=${want.length}`, visitor)).ids, []);
  assert.deepEqual((await threadPage(`offset=${THREAD_PAGE.maxOffset}`, visitor)).ids, []);
});

async function badRequest(path: string, message: string) {
  const res = await get(path);
  assert.equal(res.status, 400, path);
  assert.match(res.headers.get("content-type") ?? "", /^application\/json/);
  const body = await res.json();
  assert.equal(typeof body.error, "string");
  assert.ok(body.error.includes(message), `${path}: ${body.error}`);
}

Deno.test("[api] bad cursors are a 400 with a JSON error", async () => {
  const popular = threadCursor("popular", { id: 5, isSticky: false, upvotes: 2, commentCount: 0, createdAt: T0 });
  const b64 = (text: string) => btoa(text).replace(/=+$/, "");
  const thread = (await db.select({ id: threads.id }).from(threads).where(eq(threads.status, "shown")).get())!;
  for (const after of ["x", "!!!!", "a".repeat(200), b64("t1.n.0.0.1.2.3"), b64("t1.n.2.0.1.2"), b64("c1.1.2"), b64("t1.z.0.0.1.2"), ""]) {
    await badRequest(`/api/forum/threads?after=${encodeURIComponent(after)}`, CURSOR_MSG.bad);
  }
  await badRequest(`/api/forum/threads?sortBy=newest&after=${popular}`, CURSOR_MSG.otherSort);
  await badRequest(`/api/forum/threads?sortBy=popular&offset=30&after=${popular}`, CURSOR_MSG.withOffset);
  await badRequest(`/api/forum/threads/${thread.id}/comments?after=${popular}`, CURSOR_MSG.bad);
  await badRequest(`/api/forum/threads/${thread.id}/comments?after=%2F%2F`, CURSOR_MSG.bad);
  // The page answers a bad link with a 400 page, not the first page again.
  const page = await get(`/forum?sort=newest&after=${popular}`);
  assert.equal(page.status, 400);
  assert.match(page.headers.get("content-type") ?? "", /^text\/html/);
  assert.match(await page.text(), /not valid/);
});

// ---------------------------------------------------------------- comments

const long = await makeThread(db, { userId: alice.id, title: "A long thread", createdAt: T0 });
for (let i = 0; i < 27; i++) {
  const c = await makeComment(db, long.id, authors[i % 3]);
  // Three dates for 27 comments: ties everywhere; some held, seen by their writer only.
  await db.update(threadComments).set({ createdAt: T0 + (i % 3) * 1000, status: i % 8 === 3 ? "held" : "shown" })
    .where(eq(threadComments.id, c.id));
}

async function expectedComments(viewer: Viewer): Promise<number[]> {
  const rs = await db.client.execute({
    sql: "SELECT id FROM thread_comments WHERE thread_id = ?1 AND (status = 'shown' OR user_id = ?2) ORDER BY created_at, id",
    args: [long.id, viewer.id],
  });
  return rs.rows.map((r) => Number(r.id));
}

async function commentPage(query: string, viewer: Viewer): Promise<Page> {
  const res = await get(`/api/forum/threads/${long.id}/comments?${query}`, viewer);
  assert.equal(res.status, 200, await res.clone().text());
  assert.match(res.headers.get("content-type") ?? "", /^application\/json/);
  const body = await res.json() as { id: number }[];
  return { ids: body.map((c) => c.id), next: res.headers.get(NEXT_CURSOR) };
}

Deno.test("[api] a thread's comments walked by cursor and by offset equal SQL's order, for a visitor and for a writer of held ones", async () => {
  for (const viewer of [visitor, aliceViewer, bobViewer]) {
    const want = await expectedComments(viewer);
    const byCursor: number[] = [];
    for (let after: string | null = null, n = 0; n < 50; n++) {
      const page: Page = await commentPage(`limit=4${after ? `&after=${encodeURIComponent(after)}` : ""}`, viewer);
      byCursor.push(...page.ids);
      if (!page.next) break;
      after = page.next;
    }
    assert.deepEqual(byCursor, want, `viewer ${viewer.id}, by cursor`);
    const byOffset: number[] = [];
    for (let offset = 0;; offset += 4) {
      const page = await commentPage(`limit=4&offset=${offset}`, viewer);
      byOffset.push(...page.ids);
      if (page.ids.length < 4) break;
    }
    assert.deepEqual(byOffset, want, `viewer ${viewer.id}, by offset`);
  }
});

Deno.test("[api] a comment deleted mid-walk (the cursor's own) leaves no gap and no repeat", async () => {
  const want = await expectedComments(aliceViewer);
  const first = await commentPage("limit=5", aliceViewer);
  assert.deepEqual(first.ids, want.slice(0, 5));
  const res = await fetch(`${server.url}/api/forum/threads/${long.id}/comments/${want[4]}`, {
    method: "DELETE",
    headers: { cookie: cookies.get(admin.id)!, origin: server.url },
  });
  assert.equal(res.status, 200);
  assert.equal((await db.select().from(threadComments).where(eq(threadComments.id, want[4])).all()).length, 0);
  const second = await commentPage(`limit=5&after=${encodeURIComponent(first.next!)}`, aliceViewer);
  assert.deepEqual(second.ids, want.slice(5, 10));
});

// ---------------------------------------------------------------- the page's links

Deno.test("[page] /forum's Load more links walk every thread of the view once, in the list's order", async () => {
  const want = await expected("newest", "all", null, visitor);
  assert.ok(want.length > 2 * THREAD_PAGE.size, "three pages at least");
  const seen: number[] = [];
  let path: string | null = "/forum";
  let pages = 0;
  while (path) {
    const res = await get(path);
    assert.equal(res.status, 200);
    assert.match(res.headers.get("content-type") ?? "", /^text\/html/);
    const html = await res.text();
    if (pages > 0) assert.match(html, /<meta name="robots" content="noindex"/, "later pages are followed, not indexed");
    seen.push(...[...html.matchAll(/<article id="thread-\d+" data-thread-id="(\d+)"/g)].map((m) => Number(m[1])));
    const more = /<a href="([^"]+)" class="btn-secondary" data-testid="more-threads"/.exec(html);
    path = more ? more[1].replaceAll("&amp;", "&") : null;
    if (path) assert.match(path, /^\/forum\?after=[A-Za-z0-9_-]+$/);
    pages++;
  }
  assert.equal(pages, Math.ceil(want.length / THREAD_PAGE.size));
  assert.deepEqual(seen, want);
});

Deno.test("[page] an opened thread's Load more comments links walk its comments once each, in order", async () => {
  const busy = await makeThread(db, { userId: alice.id, title: "A busy thread", createdAt: T0 });
  await db.client.execute({
    sql: `WITH RECURSIVE k(j) AS (SELECT 0 UNION ALL SELECT j + 1 FROM k WHERE j < 229)
      INSERT INTO thread_comments (thread_id, user_id, content, created_at) SELECT ?, ?, 'Reply ' || j, ? + (j % 7) * 1000 FROM k`,
    args: [busy.id, bob.id, T0],
  });
  const rs = await db.client.execute({
    sql: "SELECT id FROM thread_comments WHERE thread_id = ? ORDER BY created_at, id",
    args: [busy.id],
  });
  const want = rs.rows.map((r) => Number(r.id));
  assert.equal(want.length, 230);
  const seen: number[] = [];
  let path: string | null = `/forum?thread=${busy.id}`;
  let pages = 0;
  while (path) {
    const res = await get(path);
    assert.equal(res.status, 200, path);
    assert.match(res.headers.get("content-type") ?? "", /^text\/html/);
    const html = await res.text();
    if (pages > 0) assert.match(html, /<meta name="robots" content="noindex"/, "later comment pages are followed, not indexed");
    seen.push(...[...html.matchAll(/<li class="[^"]*" data-comment-id="(\d+)"/g)].map((m) => Number(m[1])));
    const more = /<a href="([^"]+)" class="btn-secondary mt-3 inline-block" data-testid="more-comments"/.exec(html);
    path = more ? more[1].replaceAll("&amp;", "&").replace(/#.*$/, "") : null;
    if (path) assert.match(path, new RegExp(`^/forum\\?thread=${busy.id}&comments=[A-Za-z0-9_-]+$`));
    pages++;
  }
  assert.equal(pages, 3);
  assert.deepEqual(seen, want);
  const bad = await get(`/forum?thread=${busy.id}&comments=nope!`);
  assert.equal(bad.status, 400);
  assert.match(bad.headers.get("content-type") ?? "", /^text\/html/);
});
