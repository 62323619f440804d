/** `POST /api/forum/threads` and `DELETE /api/forum/threads/{id}`: spec part 2 §3, §5, §6, §7. */
import assert from "node:assert/strict";
import { FORUM_LIMITS, FORUM_MSG } from "../common/forum_rules.ts";
import { threadUpvotes } from "../db/schema/mod.ts";
import { createUser, loginCookie, makeTestEnv } from "./_helpers.ts";
import {
  auditRows,
  commentRows,
  errorOf,
  forumCategoryList,
  json,
  makeComment,
  makeThread,
  threadCount,
  threadRow,
  upvoteRows,
} from "./_forum.ts";

const env = await makeTestEnv({ RATE_FORUM_THREADS_PER_USER: "1000" });
const { request, db } = env;
Deno.test.afterAll(() => env.close());

const admin = await createUser(db, { username: "forum_admin", isAdmin: true });
const adminCookie = await loginCookie(db, admin.id);
const alice = await createUser(db, { username: "alice_forum" });
const aliceCookie = await loginCookie(db, alice.id);
const bob = await createUser(db, { username: "bob_forum" });
const bobCookie = await loginCookie(db, bob.id);
const [general] = await forumCategoryList(db);

const post = (body: unknown, cookie?: string) => request("/api/forum/threads", { method: "POST", cookie, json: body });
const valid = { title: "Hello forum", content: "First post", categoryId: general.id, tags: "intro, hello", isSticky: false };

// ---------------------------------------------------------------- create

Deno.test("[api] POST /api/forum/threads creates a thread (201) with trimmed text and tags from a comma-separated string", async () => {
  const res = await post({ ...valid, title: "  Hello forum  ", tags: " intro, , hello ,intro" }, aliceCookie);
  const t = await json(res, 201);
  assert.equal(t.title, "Hello forum");
  assert.equal(t.content, "First post");
  assert.deepEqual(t.tags, ["intro", "hello"]);
  assert.equal(t.categoryId, general.id);
  assert.equal(t.isSticky, false);
  assert.equal(t.upvotes, 0);
  assert.equal(t.commentCount, 0);
  assert.equal(t.userId, alice.id);
  assert.deepEqual(t.user, { username: "alice_forum" });
  assert.ok(!Number.isNaN(Date.parse(t.createdAt)));
  const row = await threadRow(db, t.id);
  assert.equal(row?.userId, alice.id);
  assert.equal(row?.title, "Hello forum");
  assert.equal(row?.tags, JSON.stringify(["intro", "hello"]));
});

Deno.test("[api] POST /api/forum/threads takes tags as an array; none entered is null; no category is allowed", async () => {
  const a = await json(await post({ title: "Array tags", content: "x", tags: [" a ", "b", ""] }, aliceCookie), 201);
  assert.deepEqual(a.tags, ["a", "b"]);
  assert.equal(a.categoryId, null);
  for (const tags of ["", " , ,", [], null, undefined]) {
    const t = await json(await post({ title: "No tags", content: "x", categoryId: String(general.id), tags }, aliceCookie), 201);
    assert.equal(t.tags, null, JSON.stringify(tags));
    assert.equal(t.categoryId, general.id);
    assert.equal((await threadRow(db, t.id))?.tags, null);
  }
});

Deno.test("[api] POST /api/forum/threads: visitors get 401 and nothing is stored", async () => {
  const before = await threadCount(db);
  await errorOf(await post(valid), 401);
  assert.equal(await threadCount(db), before);
});

Deno.test("[api] POST /api/forum/threads: a blank or missing title or content gets 400 with the spec's text", async () => {
  const before = await threadCount(db);
  const bodies = [
    { ...valid, title: "" },
    { ...valid, title: "   \n " },
    { ...valid, content: "" },
    { ...valid, content: "\t" },
    { content: "no title" },
    { title: "no content" },
    {},
    { ...valid, title: null },
  ];
  for (const body of bodies) await errorOf(await post(body, aliceCookie), 400, FORUM_MSG.missing);
  for (const body of [{ ...valid, isSticky: true, title: " " }, { ...valid, isSticky: true, content: "" }]) {
    await errorOf(await post(body, adminCookie), 400, FORUM_MSG.missingSticky);
  }
  assert.equal(await threadCount(db), before);
});

Deno.test("[api] POST /api/forum/threads: wrong types, over-long text, too many or too long tags get 400 and store nothing", async () => {
  const before = await threadCount(db);
  const cases: [unknown, RegExp | string][] = [
    [{ ...valid, title: 42 }, "title must be a string"],
    [{ ...valid, content: ["x"] }, "content must be a string"],
    [{ ...valid, isSticky: "yes" }, "isSticky must be a boolean"],
    [{ ...valid, tags: [1, 2] }, FORUM_MSG.tagsType],
    [{ ...valid, tags: { a: 1 } }, FORUM_MSG.tagsType],
    [{ ...valid, categoryId: "abc" }, FORUM_MSG.categoryId],
    [{ ...valid, categoryId: -3 }, FORUM_MSG.categoryId],
    [{ ...valid, categoryId: 1.5 }, FORUM_MSG.categoryId],
    [{ ...valid, categoryId: { id: 1 } }, FORUM_MSG.categoryId],
    [{ ...valid, categoryId: 999_999 }, FORUM_MSG.unknownCategory],
    [{ ...valid, title: "t".repeat(FORUM_LIMITS.title + 1) }, FORUM_MSG.titleLong],
    [{ ...valid, content: "c".repeat(FORUM_LIMITS.content + 1) }, FORUM_MSG.contentLong],
    [{ ...valid, tags: Array.from({ length: FORUM_LIMITS.tags + 1 }, (_, i) => `t${i}`) }, FORUM_MSG.tooManyTags],
    [{ ...valid, tags: `ok, ${"x".repeat(FORUM_LIMITS.tag + 1)}` }, FORUM_MSG.tagLong],
    [[valid], /must be an object|Invalid input/],
    ["just a string", /must be an object|Invalid input/],
  ];
  for (const [body, message] of cases) {
    const error = await errorOf(await post(body, aliceCookie), 400);
    if (typeof message === "string") assert.equal(error, message, JSON.stringify(body).slice(0, 80));
    else assert.match(error, message);
  }
  assert.equal(await threadCount(db), before);
});

Deno.test("[api] POST /api/forum/threads: the limits themselves are accepted", async () => {
  const t = await json(
    await post({
      title: "t".repeat(FORUM_LIMITS.title),
      content: "c".repeat(FORUM_LIMITS.content),
      tags: Array.from({ length: FORUM_LIMITS.tags }, (_, i) => `${i}`.padEnd(FORUM_LIMITS.tag, "x")),
    }, aliceCookie),
    201,
  );
  assert.equal(t.title.length, FORUM_LIMITS.title);
  assert.equal(t.tags.length, FORUM_LIMITS.tags);
});

Deno.test("[api] POST /api/forum/threads refuses a body that is not JSON (415) or malformed JSON (400)", async () => {
  const before = await threadCount(db);
  const text = await request("/api/forum/threads", {
    method: "POST",
    cookie: aliceCookie,
    body: "title=x",
    headers: { "content-type": "text/plain" },
  });
  await errorOf(text, 415);
  const bad = await request("/api/forum/threads", {
    method: "POST",
    cookie: aliceCookie,
    body: "{nope",
    headers: { "content-type": "application/json" },
  });
  await errorOf(bad, 400);
  assert.equal(await threadCount(db), before);
});

Deno.test("[api] POST /api/forum/threads: isSticky from a member is 403 and stores nothing; from an admin it makes a sticky thread", async () => {
  const before = await threadCount(db);
  await errorOf(await post({ ...valid, isSticky: true }, aliceCookie), 403, FORUM_MSG.stickyAdminOnly);
  assert.equal(await threadCount(db), before);
  const t = await json(await post({ ...valid, title: "House rules", isSticky: true }, adminCookie), 201);
  assert.equal(t.isSticky, true);
  assert.equal((await threadRow(db, t.id))?.isSticky, true);
});

Deno.test("[api] POST /api/forum/threads is rate limited per member (429 with Retry-After)", async () => {
  await using limited = await makeTestEnv({ RATE_FORUM_THREADS_PER_USER: "2" });
  const member = await createUser(limited.db);
  const cookie = await loginCookie(limited.db, member.id);
  const send = () => limited.request("/api/forum/threads", { method: "POST", cookie, json: { title: "t", content: "c" } });
  await json(await send(), 201);
  await json(await send(), 201);
  const res = await send();
  await errorOf(res, 429);
  assert.match(res.headers.get("retry-after") ?? "", /^\d+$/);
  assert.equal(await threadCount(limited.db), 2);
  // Another member is not affected.
  const other = await createUser(limited.db);
  const ok = await limited.request("/api/forum/threads", {
    method: "POST",
    cookie: await loginCookie(limited.db, other.id),
    json: { title: "t", content: "c" },
  });
  await json(ok, 201);
});

// ---------------------------------------------------------------- delete

Deno.test("[api] DELETE /api/forum/threads/{id}: visitors 401, other members 403, unknown 404, bad id 400; the thread stays", async () => {
  const t = await makeThread(db, { userId: alice.id });
  await errorOf(await request(`/api/forum/threads/${t.id}`, { method: "DELETE" }), 401);
  await errorOf(await request(`/api/forum/threads/${t.id}`, { method: "DELETE", cookie: bobCookie }), 403, FORUM_MSG.deleteThreadDenied);
  await errorOf(await request(`/api/forum/threads/99999999`, { method: "DELETE", cookie: aliceCookie }), 404, FORUM_MSG.threadNotFound);
  for (const bad of ["abc", "-1", "1e3", "0"]) {
    await errorOf(await request(`/api/forum/threads/${bad}`, { method: "DELETE", cookie: aliceCookie }), 400);
  }
  assert.ok(await threadRow(db, t.id));
});

Deno.test("[api] DELETE /api/forum/threads/{id}: the author deletes it with its comments and upvotes, with no audit entry", async () => {
  const t = await makeThread(db, { userId: alice.id });
  await makeComment(db, t.id, bob.id);
  await db.insert(threadUpvotes).values({ threadId: t.id, userId: bob.id });
  assert.deepEqual(await json(await request(`/api/forum/threads/${t.id}`, { method: "DELETE", cookie: aliceCookie })), { success: true });
  assert.equal(await threadRow(db, t.id), undefined);
  assert.equal((await commentRows(db, t.id)).length, 0);
  assert.equal((await upvoteRows(db, t.id)).length, 0);
  assert.equal((await auditRows(db, "thread", t.id)).length, 0);
  await errorOf(await request(`/api/forum/threads/${t.id}`, { method: "DELETE", cookie: aliceCookie }), 404);
});

Deno.test("[api] DELETE /api/forum/threads/{id}: an admin deletes a member's or an Anonymous thread, recorded in the audit log", async () => {
  const t = await makeThread(db, { userId: bob.id, title: "Off-topic rant" });
  await json(await request(`/api/forum/threads/${t.id}`, { method: "DELETE", cookie: adminCookie }));
  assert.equal(await threadRow(db, t.id), undefined);
  const [entry] = await auditRows(db, "thread", t.id);
  assert.equal(entry.actorId, admin.id);
  assert.equal(entry.action, "forum.thread.delete");
  assert.deepEqual(JSON.parse(entry.details!), { title: "Off-topic rant", authorId: bob.id });
  const anon = await makeThread(db, { userId: null });
  await json(await request(`/api/forum/threads/${anon.id}`, { method: "DELETE", cookie: adminCookie }));
  assert.equal((await auditRows(db, "thread", anon.id)).length, 1);
  // Its own thread is an admin's ordinary deletion.
  const own = await makeThread(db, { userId: admin.id });
  await json(await request(`/api/forum/threads/${own.id}`, { method: "DELETE", cookie: adminCookie }));
  assert.equal((await auditRows(db, "thread", own.id)).length, 0);
});
