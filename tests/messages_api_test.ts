import assert from "node:assert/strict";
import { and, eq, or } from "drizzle-orm";
import { blocks, messages } from "../db/schema/mod.ts";
import { MESSAGE_MAX, MESSAGE_MSG, THREAD_PAGE_SIZE } from "../common/message_rules.ts";
import { createUser, errorOf, json, loginCookie, makeTestEnv, signedInMember } from "./_helpers.ts";

const env = await makeTestEnv({ RATE_MESSAGES_PER_USER: "1000" });
const { db, request } = env;
Deno.test.afterAll(() => env.close());

const member = (username?: string) => signedInMember(db, username ? { username } : {});

const send = (cookie: string | undefined, body: unknown) => request("/api/messages/send", { method: "POST", cookie, json: body });

const between = (a: number, b: number) =>
  db.select().from(messages).where(or(
    and(eq(messages.senderId, a), eq(messages.receiverId, b)),
    and(eq(messages.senderId, b), eq(messages.receiverId, a)),
  )).orderBy(messages.id).all();

Deno.test("[api] GET /api/messages/unread/count: 401 for visitors; counts only the member's unread, undeleted messages", async () => {
  const out = await env.request("/api/messages/unread/count");
  assert.equal(out.status, 401);
  assert.equal(typeof (await out.json()).error, "string");
  const [me, other, blockedOne] = [await member(), await member(), await member()];
  const count = async () => (await json(await request("/api/messages/unread/count", { cookie: me.cookie }))).count;
  assert.equal(await count(), 0);
  await db.insert(messages).values([
    { senderId: other.id, receiverId: me.id, content: "unread" },
    { senderId: other.id, receiverId: me.id, content: "read", readAt: Date.now() },
    { senderId: other.id, receiverId: me.id, content: "deleted on my side", deletedByReceiver: true },
    { senderId: me.id, receiverId: other.id, content: "sent by me" },
    { senderId: blockedOne.id, receiverId: me.id, content: "from someone I block" },
  ]);
  assert.equal(await count(), 2);
  await db.insert(blocks).values({ blockerId: me.id, blockedId: blockedOne.id });
  assert.equal(await count(), 1, "a blocked member's messages leave the badge with their conversation");
});

Deno.test("[api] POST /api/messages/send stores the message and answers 201 with the spec's Message", async () => {
  const [a, b] = [await member(), await member()];
  const res = await send(a.cookie, { receiverId: b.id, content: "  Hello there\nsecond line  " });
  const body = await json(res, 201);
  assert.deepEqual(Object.keys(body).toSorted(), ["content", "createdAt", "id", "receiverId", "senderId"]);
  assert.equal(body.senderId, a.id);
  assert.equal(body.receiverId, b.id);
  assert.equal(body.content, "Hello there\nsecond line", "trimmed, inner newline kept");
  assert.ok(!Number.isNaN(Date.parse(body.createdAt)));
  const rows = await between(a.id, b.id);
  assert.equal(rows.length, 1);
  assert.equal(rows[0].id, body.id);
  assert.equal(rows[0].content, "Hello there\nsecond line");
  assert.equal(rows[0].readAt, null);
  // receiverId as a digit string (a form value) is accepted too.
  await json(await send(a.cookie, { receiverId: String(b.id), content: "again" }), 201);
  assert.equal((await between(a.id, b.id)).length, 2);
});

Deno.test("[api] POST /api/messages/send refuses visitors, bad bodies, oneself and unknown or banned receivers", async () => {
  const [a, b, banned] = [await member(), await member(), await member()];
  const { users } = await import("../db/schema/mod.ts");
  await db.update(users).set({ banned: true }).where(eq(users.id, banned.id));
  assert.match(await errorOf(await send(undefined, { receiverId: b.id, content: "hi" }), 401), /logged in/);
  const cases: [unknown, RegExp][] = [
    [{ receiverId: b.id, content: "   \n\t " }, new RegExp(MESSAGE_MSG.empty)],
    [{ receiverId: b.id, content: "" }, new RegExp(MESSAGE_MSG.empty)],
    [{ receiverId: b.id }, /content is required/],
    [{ receiverId: b.id, content: 42 }, /content must be a string/],
    [{ receiverId: b.id, content: "x".repeat(MESSAGE_MAX + 1) }, /too long \(at most 5,000/],
    [{ content: "hi" }, /receiverId/],
    [{ receiverId: "abc", content: "hi" }, /receiverId/],
    [{ receiverId: -3, content: "hi" }, /receiverId/],
    [{ receiverId: 1.5, content: "hi" }, /receiverId/],
    [{ receiverId: [b.id], content: "hi" }, /receiverId/],
    [[], /body must be an object|expected object|Invalid input/],
    [{ receiverId: a.id, content: "hi" }, new RegExp(MESSAGE_MSG.self)],
  ];
  for (const [body, message] of cases) assert.match(await errorOf(await send(a.cookie, body), 400), message, JSON.stringify(body));
  assert.equal(await errorOf(await send(a.cookie, { receiverId: 999_999, content: "hi" }), 404), MESSAGE_MSG.userNotFound);
  assert.equal(await errorOf(await send(a.cookie, { receiverId: banned.id, content: "hi" }), 404), MESSAGE_MSG.userNotFound);
  // Exactly the limit is fine.
  await json(await send(a.cookie, { receiverId: b.id, content: "y".repeat(MESSAGE_MAX) }), 201);
  // Not JSON.
  const form = await request("/api/messages/send", {
    method: "POST",
    cookie: a.cookie,
    body: "receiverId=1",
    headers: { "content-type": "text/plain" },
  });
  assert.equal(form.status, 415);
  const broken = await request("/api/messages/send", {
    method: "POST",
    cookie: a.cookie,
    body: "{",
    headers: { "content-type": "application/json" },
  });
  await errorOf(broken, 400);
  assert.equal((await between(a.id, b.id)).length, 1, "only the valid message was stored");
  assert.equal((await between(a.id, banned.id)).length, 0);
});

Deno.test("[api] POST /api/messages/send: a blocked sender gets 403 with a clear error; the blocker gets 403 too until unblocking", async () => {
  const [a, b] = [await member(), await member()];
  await json(await send(a.cookie, { receiverId: b.id, content: "before the block" }), 201);
  await json(await request(`/api/users/block/${a.id}`, { method: "POST", cookie: b.cookie }));
  assert.equal(await errorOf(await send(a.cookie, { receiverId: b.id, content: "after the block" }), 403), MESSAGE_MSG.blockedByThem);
  assert.equal(await errorOf(await send(b.cookie, { receiverId: a.id, content: "from the blocker" }), 403), MESSAGE_MSG.blockedByMe);
  assert.deepEqual((await between(a.id, b.id)).map((m) => m.content), ["before the block"]);
  await json(await request(`/api/users/block/${a.id}`, { method: "DELETE", cookie: b.cookie }));
  await json(await send(a.cookie, { receiverId: b.id, content: "after the unblock" }), 201);
  assert.equal((await between(a.id, b.id)).length, 2);
});

Deno.test("[api] POST /api/messages/send is rate limited per member (429 with Retry-After)", async () => {
  await using limited = await makeTestEnv({ RATE_MESSAGES_PER_USER: "2", RATE_MESSAGES_WINDOW_SECONDS: "60" });
  const [a, b, c] = [await createUser(limited.db), await createUser(limited.db), await createUser(limited.db)];
  const cookie = await loginCookie(limited.db, a.id);
  const post = (content: string) => limited.request("/api/messages/send", { method: "POST", cookie, json: { receiverId: b.id, content } });
  assert.equal((await post("one")).status, 201);
  assert.equal((await post("two")).status, 201);
  const third = await post("three");
  assert.equal(third.status, 429);
  assert.ok(Number(third.headers.get("retry-after")) >= 1);
  assert.match((await third.json()).error, /Too many/);
  assert.equal((await limited.db.select().from(messages).all()).length, 2);
  // Another member has a budget of their own.
  const other = await loginCookie(limited.db, c.id);
  const res = await limited.request("/api/messages/send", { method: "POST", cookie: other, json: { receiverId: b.id, content: "mine" } });
  assert.equal(res.status, 201);
});

Deno.test("[api] GET /api/messages/conversations lists each partner once, newest first, with last message and unread count", async () => {
  const [me, x, y, z] = [await member(), await member("conv_x"), await member("conv_y"), await member("conv_z")];
  assert.deepEqual(await json(await request("/api/messages/conversations", { cookie: me.cookie })), []);
  await json(await send(x.cookie, { receiverId: me.id, content: "x1" }), 201);
  await json(await send(x.cookie, { receiverId: me.id, content: "x2" }), 201);
  await json(await send(me.cookie, { receiverId: y.id, content: "to y" }), 201);
  await json(await send(z.cookie, { receiverId: me.id, content: "z1" }), 201);
  await json(await send(me.cookie, { receiverId: z.id, content: "reply to z" }), 201);
  const list = await json(await request("/api/messages/conversations", { cookie: me.cookie }));
  assert.deepEqual(list.map((c: { username: string }) => c.username), ["conv_z", "conv_y", "conv_x"]);
  const [zc, yc, xc] = list;
  assert.deepEqual(Object.keys(zc).toSorted(), ["lastMessage", "lastMessageDate", "unreadCount", "userId", "username"]);
  assert.deepEqual([zc.userId, zc.lastMessage, zc.unreadCount], [z.id, "reply to z", 1]);
  assert.deepEqual([yc.userId, yc.lastMessage, yc.unreadCount], [y.id, "to y", 0]);
  assert.deepEqual([xc.userId, xc.lastMessage, xc.unreadCount], [x.id, "x2", 2]);
  assert.ok(!Number.isNaN(Date.parse(xc.lastMessageDate)));
  // The other side sees its own view.
  const fromX = await json(await request("/api/messages/conversations", { cookie: x.cookie }));
  assert.deepEqual(fromX.map((c: { userId: number; unreadCount: number }) => [c.userId, c.unreadCount]), [[me.id, 0]]);
  assert.equal(await errorOf(await request("/api/messages/conversations"), 401), "You must be logged in");
});

Deno.test("[api] GET /api/messages/conversation/{userId}: oldest first, paged by before, only the pair's messages", async () => {
  const [a, b, c] = [await member(), await member(), await member()];
  const total = THREAD_PAGE_SIZE + 5;
  await db.insert(messages).values(
    Array.from({ length: total }, (_, i) => (i % 2 ? { senderId: a.id, receiverId: b.id } : { senderId: b.id, receiverId: a.id }))
      .map((m, i) => ({ ...m, content: `m${i}`, createdAt: 1_700_000_000_000 + i })),
  );
  await json(await send(c.cookie, { receiverId: a.id, content: "someone else" }), 201);
  const latest = await json(await request(`/api/messages/conversation/${b.id}`, { cookie: a.cookie }));
  assert.equal(latest.length, THREAD_PAGE_SIZE);
  assert.equal(latest[0].content, "m5");
  assert.equal(latest.at(-1).content, `m${total - 1}`);
  assert.ok(latest.every((m: { id: number }, i: number) => i === 0 || m.id > latest[i - 1].id), "oldest first");
  assert.deepEqual(Object.keys(latest[0]).toSorted(), ["content", "createdAt", "id", "receiverId", "senderId"]);
  const older = await json(await request(`/api/messages/conversation/${b.id}?before=${latest[0].id}`, { cookie: a.cookie }));
  assert.deepEqual(older.map((m: { content: string }) => m.content), ["m0", "m1", "m2", "m3", "m4"]);
  const two = await json(await request(`/api/messages/conversation/${b.id}?limit=2`, { cookie: a.cookie }));
  assert.deepEqual(two.map((m: { content: string }) => m.content), [`m${total - 2}`, `m${total - 1}`]);
  // B reads the same thread from the other side.
  assert.equal((await json(await request(`/api/messages/conversation/${a.id}`, { cookie: b.cookie }))).length, THREAD_PAGE_SIZE);
  // No conversation yet is an empty list, not an error.
  assert.deepEqual(await json(await request(`/api/messages/conversation/${c.id}`, { cookie: b.cookie })), []);
});

Deno.test("[api] GET /api/messages/conversation/{userId} rejects visitors, bad ids and paging, oneself and unknown users", async () => {
  const [a, b] = [await member(), await member()];
  await errorOf(await request(`/api/messages/conversation/${b.id}`), 401);
  for (const bad of ["abc", "0", "-1", "1.5", "1e3", "12345678901234567"]) {
    assert.equal(
      await errorOf(await request(`/api/messages/conversation/${bad}`, { cookie: a.cookie }), 400),
      MESSAGE_MSG.invalidUser,
      bad,
    );
  }
  assert.equal(await errorOf(await request(`/api/messages/conversation/${a.id}`, { cookie: a.cookie }), 400), MESSAGE_MSG.selfConversation);
  assert.equal(await errorOf(await request("/api/messages/conversation/999999", { cookie: a.cookie }), 404), MESSAGE_MSG.userNotFound);
  for (const q of ["before=x", "before=0", "limit=0", "limit=101", "limit=-5"]) {
    await errorOf(await request(`/api/messages/conversation/${b.id}?${q}`, { cookie: a.cookie }), 400);
  }
});

Deno.test("[api] POST /api/messages/mark-read/{userId} zeroes that conversation's unread count only", async () => {
  const [me, x, y] = [await member(), await member(), await member()];
  await json(await send(x.cookie, { receiverId: me.id, content: "x1" }), 201);
  await json(await send(x.cookie, { receiverId: me.id, content: "x2" }), 201);
  await json(await send(y.cookie, { receiverId: me.id, content: "y1" }), 201);
  await json(await send(me.cookie, { receiverId: x.id, content: "mine stays unread for x" }), 201);
  const body = await json(await request(`/api/messages/mark-read/${x.id}`, { method: "POST", cookie: me.cookie }));
  assert.equal(body.success, true);
  assert.equal(body.marked, 2);
  const list = await json(await request("/api/messages/conversations", { cookie: me.cookie }));
  assert.deepEqual(list.map((c: { userId: number; unreadCount: number }) => [c.userId, c.unreadCount]), [[x.id, 0], [y.id, 1]]);
  const rows = await between(me.id, x.id);
  assert.ok(rows.filter((m) => m.receiverId === me.id).every((m) => m.readAt !== null));
  assert.equal(rows.find((m) => m.senderId === me.id)?.readAt, null, "the caller's own messages are x's to read");
  assert.equal((await json(await request("/api/messages/unread/count", { cookie: me.cookie }))).count, 1);
  // Again: nothing left to mark.
  assert.equal((await json(await request(`/api/messages/mark-read/${x.id}`, { method: "POST", cookie: me.cookie }))).marked, 0);
  await errorOf(await request(`/api/messages/mark-read/${x.id}`, { method: "POST" }), 401);
  await errorOf(await request("/api/messages/mark-read/abc", { method: "POST", cookie: me.cookie }), 400);
  await errorOf(await request(`/api/messages/mark-read/${me.id}`, { method: "POST", cookie: me.cookie }), 400);
  await errorOf(await request("/api/messages/mark-read/999999", { method: "POST", cookie: me.cookie }), 404);
  // A cross-site POST is refused before anything changes.
  const csrf = await request(`/api/messages/mark-read/${y.id}`, {
    method: "POST",
    cookie: me.cookie,
    headers: { origin: "https://evil.example" },
  });
  assert.equal(csrf.status, 403);
  assert.equal((await json(await request("/api/messages/unread/count", { cookie: me.cookie }))).count, 1);
});

Deno.test("[api] DELETE /api/messages/conversation/{userId} hides it for the caller only; the other side keeps it", async () => {
  const [a, b] = [await member(), await member()];
  await json(await send(a.cookie, { receiverId: b.id, content: "a to b" }), 201);
  await json(await send(b.cookie, { receiverId: a.id, content: "b to a" }), 201);
  const res = await json(await request(`/api/messages/conversation/${b.id}`, { method: "DELETE", cookie: a.cookie }));
  assert.equal(res.success, true);
  assert.equal(res.deleted, 2);
  assert.deepEqual(await json(await request("/api/messages/conversations", { cookie: a.cookie })), []);
  assert.deepEqual(await json(await request(`/api/messages/conversation/${b.id}`, { cookie: a.cookie })), []);
  assert.equal(
    (await json(await request("/api/messages/unread/count", { cookie: a.cookie }))).count,
    0,
    "deleted unread mail leaves the badge",
  );
  const theirs = await json(await request(`/api/messages/conversation/${a.id}`, { cookie: b.cookie }));
  assert.deepEqual(theirs.map((m: { content: string }) => m.content), ["a to b", "b to a"]);
  assert.equal((await json(await request("/api/messages/conversations", { cookie: b.cookie }))).length, 1);
  const rows = await between(a.id, b.id);
  assert.deepEqual(rows.map((m) => [m.deletedBySender, m.deletedByReceiver]), [[true, false], [false, true]]);
  // A new message reopens the conversation for A with only the new message.
  await json(await send(b.cookie, { receiverId: a.id, content: "still there?" }), 201);
  const reopened = await json(await request(`/api/messages/conversation/${b.id}`, { cookie: a.cookie }));
  assert.deepEqual(reopened.map((m: { content: string }) => m.content), ["still there?"]);
  // When both sides deleted a message nobody can see it: the row goes.
  await json(await request(`/api/messages/conversation/${a.id}`, { method: "DELETE", cookie: b.cookie }));
  assert.deepEqual((await between(a.id, b.id)).map((m) => m.content), ["still there?"]);
});

Deno.test("[api] DELETE /api/messages/conversation/{userId} rejects visitors, bad ids, oneself and unknown users, changing nothing", async () => {
  const [a, b] = [await member(), await member()];
  await json(await send(a.cookie, { receiverId: b.id, content: "keep me" }), 201);
  await errorOf(await request(`/api/messages/conversation/${b.id}`, { method: "DELETE" }), 401);
  await errorOf(await request("/api/messages/conversation/x1", { method: "DELETE", cookie: a.cookie }), 400);
  await errorOf(await request(`/api/messages/conversation/${a.id}`, { method: "DELETE", cookie: a.cookie }), 400);
  await errorOf(await request("/api/messages/conversation/999999", { method: "DELETE", cookie: a.cookie }), 404);
  const rows = await between(a.id, b.id);
  assert.deepEqual(rows.map((m) => [m.content, m.deletedBySender, m.deletedByReceiver]), [["keep me", false, false]]);
  // A third member deleting "their" conversation with b cannot touch a's messages.
  const c = await member();
  assert.equal((await json(await request(`/api/messages/conversation/${b.id}`, { method: "DELETE", cookie: c.cookie }))).deleted, 0);
  assert.deepEqual((await between(a.id, b.id)).map((m) => m.deletedBySender), [false]);
});

Deno.test("[api] blocking takes the conversation out of the blocker's list; the blocked member still has theirs", async () => {
  const [a, b] = [await member(), await member()];
  await json(await send(a.cookie, { receiverId: b.id, content: "hello b" }), 201);
  await json(await request(`/api/users/block/${a.id}`, { method: "POST", cookie: b.cookie }));
  assert.deepEqual(await json(await request("/api/messages/conversations", { cookie: b.cookie })), []);
  assert.equal((await json(await request("/api/messages/unread/count", { cookie: b.cookie }))).count, 0);
  assert.equal((await json(await request("/api/messages/conversations", { cookie: a.cookie }))).length, 1);
  await json(await request(`/api/users/block/${a.id}`, { method: "DELETE", cookie: b.cookie }));
  const back = await json(await request("/api/messages/conversations", { cookie: b.cookie }));
  assert.deepEqual(back.map((c: { userId: number; unreadCount: number }) => [c.userId, c.unreadCount]), [[a.id, 1]]);
});

Deno.test("[api] message responses are never cached", async () => {
  const a = await member();
  const res = await request("/api/messages/conversations", { cookie: a.cookie });
  await res.body?.cancel();
  assert.match(res.headers.get("cache-control") ?? "", /no-store/);
});
