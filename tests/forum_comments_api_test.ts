/** `/api/forum/threads/{id}/comments` and `/api/forum/threads/{id}/upvote`: spec part 2 §3, §5, §6, §7. */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { COMMENT_PAGE, FORUM_LIMITS, FORUM_MSG } from "../common/forum_rules.ts";
import { writeTx } from "../db/client.ts";
import { removeUpvotesOfUser } from "../db/queries/forum.ts";
import { threadComments, users } from "../db/schema/mod.ts";
import { createUser, loginCookie, makeTestEnv } from "./_helpers.ts";
import { auditRows, commentRows, errorOf, json, makeComment, makeThread, threadRow, upvoteRows } from "./_forum.ts";

const env = await makeTestEnv({ RATE_FORUM_COMMENTS_PER_USER: "1000" });
const { request, db } = env;
Deno.test.afterAll(() => env.close());

const admin = await createUser(db, { username: "c_admin", isAdmin: true });
const adminCookie = await loginCookie(db, admin.id);
const alice = await createUser(db, { username: "c_alice" });
const aliceCookie = await loginCookie(db, alice.id);
const bob = await createUser(db, { username: "c_bob" });
const bobCookie = await loginCookie(db, bob.id);

const comments = (threadId: number | string, cookie?: string, q = "") => request(`/api/forum/threads/${threadId}/comments${q}`, { cookie });
const addComment = (threadId: number | string, body: unknown, cookie?: string) =>
  request(`/api/forum/threads/${threadId}/comments`, { method: "POST", cookie, json: body });
const removeComment = (threadId: number | string, commentId: number | string, cookie?: string) =>
  request(`/api/forum/threads/${threadId}/comments/${commentId}`, { method: "DELETE", cookie });

// ---------------------------------------------------------------- list

Deno.test("[api] GET /api/forum/threads/{id}/comments lists comments oldest first; a deleted author is a null user", async () => {
  const t = await makeThread(db, { userId: alice.id });
  const now = Date.now();
  await db.insert(threadComments).values([
    { threadId: t.id, userId: bob.id, content: "second", createdAt: now - 1000 },
    { threadId: t.id, userId: alice.id, content: "first", createdAt: now - 5000 },
    { threadId: t.id, userId: null, content: "third (author gone)", createdAt: now },
  ]);
  const list = await json(await comments(t.id));
  assert.deepEqual(list.map((c: { content: string }) => c.content), ["first", "second", "third (author gone)"]);
  assert.deepEqual(Object.keys(list[0]).sort(), ["content", "createdAt", "id", "user", "userId"]);
  assert.deepEqual(list[0].user, { username: "c_alice" });
  assert.equal(list[0].userId, alice.id);
  assert.equal(list[2].userId, null);
  assert.equal(list[2].user, null);
  assert.equal(new Date(list[0].createdAt).getTime(), now - 5000);
  assert.deepEqual(
    await json(await comments(t.id, undefined, "?limit=1&offset=1")).then((l) => l.map((c: { content: string }) => c.content)),
    [
      "second",
    ],
  );
});

Deno.test("[api] GET /api/forum/threads/{id}/comments: unknown thread 404, bad id or paging 400", async () => {
  await errorOf(await comments(99_999_999), 404, FORUM_MSG.threadNotFound);
  for (const bad of ["abc", "0", "-2", "1.5"]) await errorOf(await comments(bad), 400, "Invalid thread id");
  const t = await makeThread(db, { userId: alice.id });
  for (const q of ["?limit=0", `?limit=${COMMENT_PAGE.max + 1}`, "?offset=-1", "?limit=x"]) {
    await errorOf(await comments(t.id, undefined, q), 400);
  }
});

// ---------------------------------------------------------------- create

Deno.test("[api] POST /api/forum/threads/{id}/comments adds a trimmed comment (201) and bumps commentCount", async () => {
  const t = await makeThread(db, { userId: alice.id });
  const c = await json(await addComment(t.id, { content: "  Nice work!  " }, bobCookie), 201);
  assert.equal(c.content, "Nice work!");
  assert.equal(c.userId, bob.id);
  assert.deepEqual(c.user, { username: "c_bob" });
  assert.ok(!Number.isNaN(Date.parse(c.createdAt)));
  const rows = await commentRows(db, t.id);
  assert.equal(rows.length, 1);
  assert.equal(rows[0].userId, bob.id);
  assert.equal((await threadRow(db, t.id))?.commentCount, 1);
  await json(await addComment(t.id, { content: "Thanks" }, aliceCookie), 201);
  assert.equal((await threadRow(db, t.id))?.commentCount, 2);
});

Deno.test("[api] POST /api/forum/threads/{id}/comments: visitors 401, unknown thread 404, bad id 400; nothing stored", async () => {
  const t = await makeThread(db, { userId: alice.id });
  await errorOf(await addComment(t.id, { content: "hi" }), 401);
  await errorOf(await addComment(99_999_999, { content: "hi" }, bobCookie), 404, FORUM_MSG.threadNotFound);
  await errorOf(await addComment("x1", { content: "hi" }, bobCookie), 400, "Invalid thread id");
  assert.equal((await commentRows(db, t.id)).length, 0);
  assert.equal((await threadRow(db, t.id))?.commentCount, 0);
});

Deno.test("[api] POST /api/forum/threads/{id}/comments: blank, missing, wrong type or over-long content gets 400", async () => {
  const t = await makeThread(db, { userId: alice.id });
  for (const body of [{ content: "" }, { content: "  \n\t " }, {}, { content: null }]) {
    await errorOf(await addComment(t.id, body, bobCookie), 400, FORUM_MSG.emptyComment);
  }
  await errorOf(await addComment(t.id, { content: 5 }, bobCookie), 400, "content must be a string");
  await errorOf(await addComment(t.id, ["hi"], bobCookie), 400);
  await errorOf(await addComment(t.id, { content: "x".repeat(FORUM_LIMITS.comment + 1) }, bobCookie), 400, FORUM_MSG.commentLong);
  assert.equal((await commentRows(db, t.id)).length, 0);
  await json(await addComment(t.id, { content: "x".repeat(FORUM_LIMITS.comment) }, bobCookie), 201);
});

Deno.test("[api] POST /api/forum/threads/{id}/comments is rate limited per member (429 with Retry-After)", async () => {
  await using limited = await makeTestEnv({ RATE_FORUM_COMMENTS_PER_USER: "2" });
  const member = await createUser(limited.db);
  const cookie = await loginCookie(limited.db, member.id);
  const t = await makeThread(limited.db, { userId: member.id });
  const send = () => limited.request(`/api/forum/threads/${t.id}/comments`, { method: "POST", cookie, json: { content: "hi" } });
  await json(await send(), 201);
  await json(await send(), 201);
  const res = await send();
  await errorOf(res, 429);
  assert.match(res.headers.get("retry-after") ?? "", /^\d+$/);
  assert.equal((await commentRows(limited.db, t.id)).length, 2);
  assert.equal((await threadRow(limited.db, t.id))?.commentCount, 2);
});

// ---------------------------------------------------------------- delete

Deno.test("[api] DELETE a forum comment: visitors 401, other members (the thread's author too) 403, unknown 404; it stays", async () => {
  const t = await makeThread(db, { userId: alice.id });
  const c = await makeComment(db, t.id, bob.id);
  const other = await makeThread(db, { userId: alice.id });
  await errorOf(await removeComment(t.id, c.id), 401);
  await errorOf(await removeComment(t.id, c.id, aliceCookie), 403, FORUM_MSG.deleteCommentDenied);
  await errorOf(await removeComment(t.id, 99_999_999, bobCookie), 404, FORUM_MSG.commentNotFound);
  await errorOf(await removeComment(other.id, c.id, bobCookie), 404, FORUM_MSG.commentNotFound);
  await errorOf(await removeComment(99_999_999, c.id, bobCookie), 404);
  await errorOf(await removeComment(t.id, "abc", bobCookie), 400, "Invalid comment id");
  await errorOf(await removeComment("abc", c.id, bobCookie), 400, "Invalid thread id");
  assert.equal((await commentRows(db, t.id)).length, 1);
  assert.equal((await threadRow(db, t.id))?.commentCount, 1);
});

Deno.test("[api] DELETE a forum comment: its author removes it and commentCount drops, with no audit entry", async () => {
  const t = await makeThread(db, { userId: alice.id });
  const c = await makeComment(db, t.id, bob.id);
  await makeComment(db, t.id, alice.id);
  assert.deepEqual(await json(await removeComment(t.id, c.id, bobCookie)), { success: true });
  assert.equal((await commentRows(db, t.id)).length, 1);
  assert.equal((await threadRow(db, t.id))?.commentCount, 1);
  assert.equal((await auditRows(db, "thread_comment", c.id)).length, 0);
  await errorOf(await removeComment(t.id, c.id, bobCookie), 404);
});

Deno.test("[api] DELETE a forum comment: an admin removes a member's or an Anonymous comment, recorded in the audit log", async () => {
  const t = await makeThread(db, { userId: alice.id });
  const c = await makeComment(db, t.id, bob.id, "spam spam");
  await json(await removeComment(t.id, c.id, adminCookie));
  assert.equal((await commentRows(db, t.id)).length, 0);
  assert.equal((await threadRow(db, t.id))?.commentCount, 0);
  const [entry] = await auditRows(db, "thread_comment", c.id);
  assert.equal(entry.action, "forum.comment.delete");
  assert.equal(entry.actorId, admin.id);
  assert.deepEqual(JSON.parse(entry.details!), { threadId: t.id, authorId: bob.id, content: "spam spam" });
  const gone = await createUser(db);
  const orphan = await makeComment(db, t.id, gone.id);
  await db.delete(users).where(eq(users.id, gone.id));
  await json(await removeComment(t.id, orphan.id, adminCookie));
  assert.equal((await auditRows(db, "thread_comment", orphan.id)).length, 1);
});

// ---------------------------------------------------------------- upvotes

Deno.test("[api] POST/DELETE /api/forum/threads/{id}/upvote: one per member, idempotent, the count kept in threads.upvotes", async () => {
  const t = await makeThread(db, { userId: alice.id });
  const up = (cookie: string, method = "POST") => request(`/api/forum/threads/${t.id}/upvote`, { method, cookie });
  assert.deepEqual(await json(await up(bobCookie)), { upvotes: 1, upvoted: true });
  assert.deepEqual(await json(await up(bobCookie)), { upvotes: 1, upvoted: true });
  assert.deepEqual(await json(await up(aliceCookie)), { upvotes: 2, upvoted: true });
  assert.equal((await upvoteRows(db, t.id)).length, 2);
  assert.equal((await threadRow(db, t.id))?.upvotes, 2);
  assert.deepEqual(await json(await up(bobCookie, "DELETE")), { upvotes: 1, upvoted: false });
  assert.deepEqual(await json(await up(bobCookie, "DELETE")), { upvotes: 1, upvoted: false });
  assert.equal((await upvoteRows(db, t.id)).length, 1);
  assert.equal((await threadRow(db, t.id))?.upvotes, 1);
});

Deno.test("[api] /api/forum/threads/{id}/upvote: visitors 401, unknown thread 404, bad id 400; nothing changes", async () => {
  const t = await makeThread(db, { userId: alice.id });
  for (const method of ["POST", "DELETE"]) {
    await errorOf(await request(`/api/forum/threads/${t.id}/upvote`, { method }), 401);
    await errorOf(await request(`/api/forum/threads/99999999/upvote`, { method, cookie: bobCookie }), 404, FORUM_MSG.threadNotFound);
    await errorOf(await request(`/api/forum/threads/none/upvote`, { method, cookie: bobCookie }), 400, "Invalid thread id");
  }
  assert.equal((await upvoteRows(db, t.id)).length, 0);
  assert.equal((await threadRow(db, t.id))?.upvotes, 0);
});

Deno.test("[api] concurrent upvotes by many members: no error, the count equals the rows", async () => {
  const t = await makeThread(db, { userId: alice.id });
  const members = await db.insert(users).values(Array.from({ length: 25 }, (_, i) => ({ username: `voter_${i}`, email: null })))
    .returning({ id: users.id });
  const cookies = await Promise.all(members.map((m) => loginCookie(db, m.id)));
  const results = await Promise.all(
    cookies.flatMap((cookie) => [1, 2].map(() => request(`/api/forum/threads/${t.id}/upvote`, { method: "POST", cookie }))),
  );
  assert.ok(results.every((r) => r.status === 200));
  await Promise.all(results.map((r) => r.body?.cancel()));
  assert.equal((await upvoteRows(db, t.id)).length, 25);
  assert.equal((await threadRow(db, t.id))?.upvotes, 25);
});

Deno.test("[db] removeUpvotesOfUser takes a leaving member's upvotes back from the counts (for account deletion)", async () => {
  const leaving = await createUser(db);
  const [t1, t2] = [await makeThread(db, { userId: alice.id }), await makeThread(db, { userId: alice.id })];
  for (const t of [t1, t2]) {
    await json(await request(`/api/forum/threads/${t.id}/upvote`, { method: "POST", cookie: await loginCookie(db, leaving.id) }));
    await json(await request(`/api/forum/threads/${t.id}/upvote`, { method: "POST", cookie: bobCookie }));
  }
  assert.equal(await writeTx(db, (tx) => removeUpvotesOfUser(tx, leaving.id)), 2);
  await db.delete(users).where(eq(users.id, leaving.id));
  for (const t of [t1, t2]) {
    assert.equal((await threadRow(db, t.id))?.upvotes, 1);
    assert.equal((await upvoteRows(db, t.id)).length, 1);
  }
});
