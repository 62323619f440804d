/**
 * Issue 34 point 3: comments and forum posts held for review. A visitor's comment with a link and
 * anyone's post with a watched word wait for an admin: their writer sees them marked, nobody else
 * does (page HTML, comments API, the item's counts, the feed, RSS and oEmbed), and the Held tab
 * approves or deletes them, one at a time or in bulk, each audited.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { media } from "../db/schema/mod.ts";
import { mediaSlug } from "../lib/media/slug.ts";
import { createMedia, createUser, errorOf, json, loginCookie, makeTestEnv } from "./_helpers.ts";
import { makeThread } from "./_forum.ts";
import { auditOf, commentCount, commentRow, forumCommentRow, threadRowOf, visitorCookie } from "./_moderation.ts";

const env = await makeTestEnv({
  RATE_COMMENTS_PER_USER: "1000",
  RATE_FORUM_COMMENTS_PER_USER: "1000",
  RATE_FORUM_THREADS_PER_USER: "1000",
});
const { request, db } = env;
Deno.test.afterAll(() => env.close());

const admin = await createUser(db, { username: "held_admin", isAdmin: true });
const adminCookie = await loginCookie(db, admin.id);
const owner = await createUser(db, { username: "held_owner" });
const member = await createUser(db, { username: "held_member" });
const memberCookie = await loginCookie(db, member.id);
const other = await createUser(db, { username: "held_other" });
const otherCookie = await loginCookie(db, other.id);

const item = async (title = "Held test item") => await createMedia(db, { userId: owner.id, title, reviewStatus: "approved" });
const comment = (id: number, content: string, cookie?: string) => request(`/api/videos/${id}/comments`, { cookie, json: { content } });
const listed = async (id: number, cookie?: string) =>
  (await json(await request(`/api/videos/${id}/comments`, { cookie }))).map((c: { content: string; status?: string }) =>
    c.status ? `${c.content} [${c.status}]` : c.content
  );
const watch = async (word: string) => await json(await request("/api/admin/watched-words", { cookie: adminCookie, json: { word } }), 201);
const held = async (q = "") => await json(await request(`/api/admin/posts/held${q}`, { cookie: adminCookie }));

Deno.test("[api] a visitor's comment with a link is held: only that browser sees it, marked; the count and every list stay as they were", async () => {
  const it = await item("Link bait");
  await json(await comment(it.id, "A fine picture"), 201);
  const res = await comment(it.id, "buy cheap followers at https://spam.example/now");
  const body = await json(res, 201);
  assert.equal(body.status, "held");
  const mine = visitorCookie(res);
  const row = await commentRow(db, body.id);
  assert.equal(row?.status, "held");
  assert.equal(row?.heldReason, "link");
  assert.equal(row?.userId, null);
  assert.equal(await commentCount(db, it.id), 1);

  // The writer's browser: the comments API and the page show it, marked.
  assert.deepEqual(await listed(it.id, mine), ["buy cheap followers at https://spam.example/now [held]", "A fine picture"]);
  const page = await (await request(`/media/${mediaSlug(it.title, it.id)}`, { cookie: mine })).text();
  assert.ok(page.includes("buy cheap followers"));
  // Everyone else: another visitor, a member, the item's owner, an admin on the page.
  for (const cookie of [undefined, "dr_visitor=" + "x".repeat(43), memberCookie, await loginCookie(db, owner.id), adminCookie]) {
    assert.deepEqual(await listed(it.id, cookie), ["A fine picture"], String(cookie));
    const html = await (await request(`/media/${mediaSlug(it.title, it.id)}`, { cookie })).text();
    assert.ok(!html.includes("buy cheap followers"), `page as ${cookie}`);
    assert.ok(html.includes(">1 comment<"), `page count as ${cookie}`);
  }
  // The item's count in the API, the feed and the public feeds.
  assert.equal((await json(await request(`/api/videos/${it.id}`))).commentCount, 1);
  const feed = await json(await request("/api/content/feed?page=1"));
  const card = [...feed.content.videos, ...feed.content.images].find((c: { id: number }) => c.id === it.id);
  assert.equal(card.commentCount, 1);
  const rss = await (await request("/feeds/latest.xml")).text();
  assert.ok(rss.includes("Link bait") && !rss.includes("cheap followers"));
  const url = encodeURIComponent(`http://localhost:8000/media/${mediaSlug(it.title, it.id)}`);
  const oembed = await (await request(`/oembed?url=${url}&format=json`)).text();
  assert.ok(oembed.includes("Link bait") && !oembed.includes("cheap followers"));
  // A member's link is theirs to post (the spec lets members link in comments).
  const own = await json(await comment(it.id, "my work: https://example.com/me", memberCookie), 201);
  assert.equal(own.status, undefined);
  assert.equal(await commentCount(db, it.id), 2);
});

Deno.test("[api] a watched word holds anyone's comment, thread or forum comment; the writer sees theirs marked", async () => {
  await watch("Crème brûlée*");
  const it = await item();
  const c = await json(await comment(it.id, "I love CREME BRULEES!", memberCookie), 201);
  assert.equal(c.status, "held");
  assert.equal((await commentRow(db, c.id))?.heldReason, "word:creme brulee*");
  assert.deepEqual(await listed(it.id, memberCookie), ["I love CREME BRULEES! [held]"]);
  assert.deepEqual(await listed(it.id, otherCookie), []);
  assert.equal(await commentCount(db, it.id), 0);

  const t = await json(
    await request("/api/forum/threads", {
      cookie: memberCookie,
      json: { title: "Desserts", content: "Let us talk", tags: "crème brûlée" },
    }),
    201,
  );
  assert.equal(t.status, "held");
  const threadIds = async (cookie?: string) =>
    (await json(await request("/api/forum/threads?limit=100", { cookie }))).map((x: { id: number }) => x.id);
  assert.ok((await threadIds(memberCookie)).includes(t.id));
  assert.ok(!(await threadIds(otherCookie)).includes(t.id));
  assert.ok(!(await threadIds()).includes(t.id));
  await errorOf(await request(`/api/forum/threads/${t.id}/comments`, { cookie: otherCookie }), 404);
  await errorOf(await request(`/api/forum/threads/${t.id}/upvote`, { method: "POST", cookie: otherCookie }), 404);
  assert.equal((await request(`/forum?thread=${t.id}`, { cookie: otherCookie })).status, 404);
  assert.equal((await request(`/forum?thread=${t.id}`, { cookie: memberCookie })).status, 200);

  const open = await makeThread(db, { userId: other.id });
  const fc = await json(
    await request(`/api/forum/threads/${open.id}/comments`, { cookie: memberCookie, json: { content: "creme brulee forever" } }),
    201,
  );
  assert.equal(fc.status, "held");
  assert.equal((await threadRowOf(db, open.id))?.commentCount, 0);
  const seen = async (cookie?: string) =>
    (await json(await request(`/api/forum/threads/${open.id}/comments`, { cookie }))).map((x: { id: number }) => x.id);
  assert.deepEqual(await seen(memberCookie), [fc.id]);
  assert.deepEqual(await seen(otherCookie), []);
  // Words are whole: "brulees" fits "brulee*", "creme" alone is no match.
  const fine = await json(await comment(it.id, "creme is fine", memberCookie), 201);
  assert.equal(fine.status, undefined);
});

Deno.test("[api] pending items whose title, description, tags or prompt hold a watched word are flagged with it", async () => {
  await watch("followers");
  const flagged = await createMedia(db, { userId: owner.id, title: "Plain", reviewStatus: "pending", prompt: "a crowd of FOLLOWERS" });
  const plain = await createMedia(db, { userId: owner.id, title: "Nothing here", reviewStatus: "pending", tags: "calm,sea" });
  const tagged = await createMedia(db, { userId: owner.id, title: "Tagged", reviewStatus: "pending", tags: "crème brûlée" });
  const list = await json(await request("/api/admin/content/pending", { cookie: adminCookie }));
  const flags = (id: number) => list.find((i: { id: number }) => i.id === id).watchedWords;
  assert.deepEqual(flags(flagged.id), ["followers"]);
  assert.deepEqual(flags(plain.id), []);
  assert.deepEqual(flags(tagged.id), ["creme brulee*"]);
});

Deno.test("[api] the Held tab lists held posts oldest first with writer and place; approve shows one, delete removes one, each audited", async () => {
  const it = await item("Approve me");
  const visitorRes = await comment(it.id, "visit www.spam.example");
  const v = await json(visitorRes, 201);
  const m = await json(await comment(it.id, "crème brûlée again", memberCookie), 201);
  const page = await held();
  const mine = page.posts.filter((p: { id: number; kind: string }) => p.kind === "comment" && (p.id === v.id || p.id === m.id));
  assert.deepEqual(mine.map((p: { id: number }) => p.id), [v.id, m.id]);
  assert.deepEqual(mine[0], {
    kind: "comment",
    id: v.id,
    status: "held",
    heldReason: "link",
    title: null,
    content: "visit www.spam.example",
    writer: null,
    createdAt: mine[0].createdAt,
    href: `/media/${it.id}#comment-${v.id}`,
    context: "Approve me",
  });
  assert.deepEqual(mine[1].writer, { id: member.id, username: "held_member" });
  assert.equal(page.totalCount, page.posts.length);
  const times = page.posts.map((p: { createdAt: string }) => Date.parse(p.createdAt));
  assert.deepEqual(times, [...times].sort((a, b) => a - b));
  assert.equal((await json(await request("/api/admin/counts", { cookie: adminCookie }))).heldCount, page.totalCount);

  await json(await request(`/api/admin/posts/comment/${v.id}/approve`, { method: "POST", cookie: adminCookie }));
  assert.equal((await commentRow(db, v.id))?.status, "shown");
  assert.equal((await commentRow(db, v.id))?.heldReason, null);
  assert.equal(await commentCount(db, it.id), 1);
  assert.deepEqual(await listed(it.id), ["visit www.spam.example"]);
  assert.equal((await auditOf(db, "post.approve", "comment", v.id)).length, 1);
  await errorOf(await request(`/api/admin/posts/comment/${v.id}/approve`, { method: "POST", cookie: adminCookie }), 409);

  await json(await request(`/api/admin/posts/comment/${m.id}`, { method: "DELETE", cookie: adminCookie }));
  assert.equal(await commentRow(db, m.id), undefined);
  assert.equal(await commentCount(db, it.id), 1);
  const [entry] = await auditOf(db, "post.delete", "comment", m.id);
  assert.equal(entry.actorId, admin.id);
  assert.deepEqual(JSON.parse(entry.details!), {
    kind: "comment",
    authorId: member.id,
    parentId: it.id,
    content: "crème brûlée again",
    status: "held",
  });
  await errorOf(await request(`/api/admin/posts/comment/${m.id}`, { method: "DELETE", cookie: adminCookie }), 404);
  assert.ok(!(await held()).posts.some((p: { id: number; kind: string }) => p.kind === "comment" && [v.id, m.id].includes(p.id)));
});

Deno.test("[api] a held thread approved counts in its category; a held forum comment approved counts in its thread", async () => {
  const [cat] = await db.select().from((await import("../db/schema/mod.ts")).forumCategories).all();
  const before = cat.threadCount;
  const t = await json(
    await request("/api/forum/threads", { cookie: memberCookie, json: { title: "Crème brûlée club", content: "Hi", categoryId: cat.id } }),
    201,
  );
  const count = async () => (await json(await request("/api/forum/categories"))).find((c: { id: number }) => c.id === cat.id).count;
  assert.equal(await count(), before);
  await json(await request(`/api/admin/posts/thread/${t.id}/approve`, { method: "POST", cookie: adminCookie }));
  assert.equal(await count(), before + 1);
  assert.equal((await threadRowOf(db, t.id))?.status, "shown");
  const fc = await json(
    await request(`/api/forum/threads/${t.id}/comments`, { cookie: otherCookie, json: { content: "CRÈME BRÛLÉE" } }),
    201,
  );
  await json(await request(`/api/admin/posts/forum-comment/${fc.id}/approve`, { method: "POST", cookie: adminCookie }));
  assert.equal((await forumCommentRow(db, fc.id))?.status, "shown");
  assert.equal((await threadRowOf(db, t.id))?.commentCount, 1);
  assert.equal((await auditOf(db, "post.approve", "thread_comment", fc.id)).length, 1);
});

Deno.test("[api] bulk approve and delete: each held post decided and audited on its own; gone or no longer held ones are skipped", async () => {
  const it = await item("Bulk");
  const a = await json(await comment(it.id, "http://a.example"), 201);
  const b = await json(await comment(it.id, "http://b.example"), 201);
  const c = await json(await comment(it.id, "http://c.example"), 201);
  const shown = await json(await comment(it.id, "plain words"), 201);
  const res = await json(
    await request("/api/admin/posts/bulk", {
      cookie: adminCookie,
      json: {
        action: "approve",
        posts: [{ kind: "comment", id: a.id }, { kind: "comment", id: b.id }, { kind: "comment", id: a.id }, {
          kind: "comment",
          id: shown.id,
        }, { kind: "thread", id: 99_999_999 }],
      },
    }),
  );
  assert.deepEqual(res.done, [{ kind: "comment", id: a.id }, { kind: "comment", id: b.id }]);
  assert.deepEqual(res.skipped, [
    { kind: "comment", id: shown.id, reason: "This post is not awaiting review" },
    { kind: "thread", id: 99_999_999, reason: "Post not found" },
  ]);
  assert.equal(await commentCount(db, it.id), 3);
  for (const id of [a.id, b.id]) assert.equal((await auditOf(db, "post.approve", "comment", id)).length, 1);
  const del = await json(
    await request("/api/admin/posts/bulk", { cookie: adminCookie, json: { action: "delete", posts: [{ kind: "comment", id: c.id }] } }),
  );
  assert.deepEqual(del.done, [{ kind: "comment", id: c.id }]);
  assert.equal(await commentRow(db, c.id), undefined);
  assert.equal((await auditOf(db, "post.delete", "comment", c.id)).length, 1);
  assert.equal(await commentCount(db, it.id), 3);
});

Deno.test("[api] the Held tab's bad input: kind, ids, page and bulk bodies answer 400 or 404 and change nothing", async () => {
  const it = await item();
  const h = await json(await comment(it.id, "see bit.ly/x"), 201);
  const as = (method: string, path: string, body?: unknown) =>
    request(path, { method, cookie: adminCookie, ...(body === undefined ? {} : { json: body }) });
  await errorOf(await as("POST", `/api/admin/posts/post/${h.id}/approve`), 400, "kind must be one of: comment, thread, forum-comment");
  for (const id of ["abc", "0", "-1", "1.5", "99999999999999999999"]) {
    await errorOf(await as("POST", `/api/admin/posts/comment/${id}/approve`), 400, "Invalid id");
    await errorOf(await as("DELETE", `/api/admin/posts/comment/${id}`), 400, "Invalid id");
  }
  await errorOf(await as("POST", "/api/admin/posts/comment/99999999/approve"), 404, "Post not found");
  await errorOf(await as("POST", "/api/admin/posts/thread/99999999/dismiss-reports"), 404, "Post not found");
  for (const q of ["?page=0", "?page=-1", "?page=abc", "?page=10001", "?page=1.5"]) {
    await errorOf(await as("GET", `/api/admin/posts/held${q}`), 400);
  }
  const tooMany = Array.from({ length: 101 }, (_, i) => ({ kind: "comment", id: i + 1 }));
  for (
    const [body, message] of [
      [{ action: "approve", posts: [] }, "Select at least one post"],
      [{ action: "approve", posts: tooMany }, "At most 100 posts at once"],
      [{ action: "publish", posts: [{ kind: "comment", id: h.id }] }, "action must be approve or delete"],
      [{ action: "approve", posts: [{ kind: "video", id: h.id }] }, "kind must be one of: comment, thread, forum-comment"],
      [{ action: "approve", posts: [{ kind: "comment", id: "1" }] }, "posts.0.id must be a number"],
      [{ action: "approve", posts: [{ kind: "comment", id: -3 }] }, "id must be a post id"],
      [{ action: "approve", posts: [{ kind: "comment", id: 2.5 }] }, "id must be a post id"],
      [{ action: "approve", posts: "all" }, "posts must be an array"],
      [{ action: "approve" }, "posts is required"],
    ] as const
  ) {
    await errorOf(await as("POST", "/api/admin/posts/bulk", body), 400, message);
  }
  const raw = await request("/api/admin/posts/bulk", { method: "POST", cookie: adminCookie, body: "action=approve" });
  await errorOf(raw, 415);
  assert.equal((await commentRow(db, h.id))?.status, "held");
  assert.equal((await db.select().from(media).where(eq(media.id, it.id)).get())?.commentCount, 0);
});
