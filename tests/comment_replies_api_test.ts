/**
 * Issue 43 points 3 and 4: replies to an item's comments (one level), @mentions in comments and forum
 * posts, and comment likes with the "Top" and "Newest" sorts. Each refusal is checked with its status and
 * message, and the rows behind each answer.
 */
import assert from "node:assert/strict";
import { blocks } from "../db/schema/mod.ts";
import { createMedia, createUser, errorOf, json, loginCookie, makeTestEnv } from "./_helpers.ts";
import { makeThread } from "./_forum.ts";
import { commentCount } from "./_moderation.ts";
import { storedRows } from "./_notifications.ts";
import { mentionedNames, mentionParts } from "../common/mentions.ts";
import { COMMENT_MSG } from "../common/media_rules.ts";

const env = await makeTestEnv({
  RATE_COMMENTS_PER_USER: "1000",
  RATE_FORUM_COMMENTS_PER_USER: "1000",
  RATE_FORUM_THREADS_PER_USER: "1000",
});
const { request, db } = env;
Deno.test.afterAll(() => env.close());

const admin = await createUser(db, { username: "cr_admin", isAdmin: true });
const adminCookie = await loginCookie(db, admin.id);
const owner = await createUser(db, { username: "cr_owner" });
const ann = await createUser(db, { username: "cr_ann" });
const annCookie = await loginCookie(db, ann.id);
const bob = await createUser(db, { username: "cr_bob" });
const bobCookie = await loginCookie(db, bob.id);
const cat = await createUser(db, { username: "cr_cat" });

const item = async (title = "Reply test item") => await createMedia(db, { userId: owner.id, title, reviewStatus: "approved" });
const post = (id: number, body: Record<string, unknown>, cookie?: string) => request(`/api/videos/${id}/comments`, { cookie, json: body });
const list = async (id: number, q = "", cookie?: string) => await json(await request(`/api/videos/${id}/comments${q}`, { cookie }));
const rowOf = async (id: number) =>
  (await db.client.execute({ sql: "SELECT parent_id, like_count, status FROM comments WHERE id = ?", args: [id] })).rows[0];
/** Notification rows of one kind, as "receiver:group". */
const told = async (kind: string) =>
  (await storedRows(env)).filter((r) => r.split(":")[1] === kind).map((r) => `${r.split(":")[0]}:${r.split(":").slice(2, -1).join(":")}`);
const clearNotifications = () => db.client.execute("DELETE FROM notifications");

Deno.test("[api] a reply hangs under its comment; a reply to a reply attaches to the top comment; the parent's writer is told", async () => {
  await clearNotifications();
  const it = await item();
  const top = await json(await post(it.id, { content: "First!" }, annCookie), 201);
  assert.equal(top.parentId, null);
  assert.equal(top.likeCount, 0);
  const reply = await json(await post(it.id, { content: "Welcome", parentId: top.id }, bobCookie), 201);
  assert.equal(reply.parentId, top.id);
  const deeper = await json(await post(it.id, { content: "@cr_bob thanks", parentId: reply.id }, annCookie), 201);
  assert.equal(deeper.parentId, top.id, "a reply to a reply is stored under the top comment");
  assert.equal((await rowOf(deeper.id)).parent_id, top.id);
  assert.equal(await commentCount(db, it.id), 3);

  const got = await list(it.id);
  assert.deepEqual(got.map((c: { content: string }) => c.content), ["First!", "Welcome", "@cr_bob thanks"]);
  assert.equal(got[0].replyCount, 2);
  assert.equal(got[1].replyCount, undefined);
  // Ann is told of Bob's reply; Bob of Ann's mention (not of her reply under her own comment); the owner of each comment.
  assert.deepEqual(await told("comment_reply"), [`${ann.id}:m:${it.id}`]);
  assert.deepEqual(await told("mention"), [`${bob.id}:m:${it.id}`]);
  assert.deepEqual(await told("comment"), [`${owner.id}:m:${it.id}`]);
  const inbox = await json(await request("/api/notifications", { cookie: annCookie }));
  const entry = inbox.notifications.find((n: { kind: string }) => n.kind === "comment_reply");
  assert.equal(entry.text, "cr_bob replied to your comment on “Reply test item”.");
  assert.equal(entry.url, `/media/${it.id}#comment-${reply.id}`);

  // Deleting the top comment takes its replies, and the count follows.
  const del = await json(await request(`/api/videos/${it.id}/comments/${top.id}`, { method: "DELETE", cookie: annCookie }));
  assert.equal(del.commentCount, 0);
  assert.equal((await db.client.execute({ sql: "SELECT count(*) AS n FROM comments WHERE media_id = ?", args: [it.id] })).rows[0].n, 0);
});

Deno.test("[api] replies are refused to a missing, held or hidden comment, one on another item, and bad ids", async () => {
  const it = await item("Refusals");
  const elsewhere = await item("Elsewhere");
  const there = await json(await post(elsewhere.id, { content: "over there" }, annCookie), 201);
  await errorOf(await post(it.id, { content: "to nothing", parentId: 999999 }, bobCookie), 404, COMMENT_MSG.parentNotFound);
  await errorOf(await post(it.id, { content: "across", parentId: there.id }, bobCookie), 404, COMMENT_MSG.parentNotFound);
  const hidden = await json(await post(it.id, { content: "soon hidden" }, annCookie), 201);
  await db.client.execute({ sql: "UPDATE comments SET status = 'hidden' WHERE id = ?", args: [hidden.id] });
  await errorOf(await post(it.id, { content: "to hidden", parentId: hidden.id }, bobCookie), 422, COMMENT_MSG.parentNotShown);
  // A visitor's comment with a link is held: no reply to it either.
  const held = await json(await post(it.id, { content: "see https://spam.example" }), 201);
  assert.equal(held.status, "held");
  await errorOf(await post(it.id, { content: "to held", parentId: held.id }, bobCookie), 422, COMMENT_MSG.parentNotShown);
  for (const parentId of ["abc", -1, 0, 1.5, true, {}]) {
    await errorOf(await post(it.id, { content: "bad", parentId }, bobCookie), 400);
  }
  await errorOf(await post(it.id, { content: "", parentId: hidden.id }, bobCookie), 400);
  await errorOf(await request(`/api/videos/${it.id}/comments?sort=oldest`), 400, "sort must be one of: newest, top");
  assert.equal((await db.client.execute({ sql: "SELECT count(*) AS n FROM comments WHERE media_id = ?", args: [it.id] })).rows[0].n, 2);
});

Deno.test("[api] likes: members only, idempotent, the kept count in the list; Top sorts by it", async () => {
  const it = await item("Likes");
  const a = await json(await post(it.id, { content: "older" }, annCookie), 201);
  const b = await json(await post(it.id, { content: "newer" }, bobCookie), 201);
  const like = (id: number, cookie?: string, method = "POST") => request(`/api/videos/${it.id}/comments/${id}/like`, { method, cookie });

  await errorOf(await like(a.id), 401, COMMENT_MSG.loginToLike);
  assert.deepEqual(await json(await like(a.id, bobCookie)), { liked: true, likeCount: 1 });
  assert.deepEqual(await json(await like(a.id, bobCookie)), { liked: true, likeCount: 1 }, "liking twice changes nothing");
  assert.deepEqual(await json(await like(a.id, annCookie)), { liked: true, likeCount: 2 });
  assert.equal((await rowOf(a.id)).like_count, 2);
  assert.equal(
    (await db.client.execute({ sql: "SELECT count(*) AS n FROM comment_likes WHERE comment_id = ?", args: [a.id] })).rows[0].n,
    2,
  );

  assert.deepEqual((await list(it.id)).map((c: { content: string }) => c.content), ["newer", "older"]);
  const top = await list(it.id, "?sort=top", bobCookie);
  assert.deepEqual(top.map((c: { content: string; likeCount: number; liked: boolean }) => [c.content, c.likeCount, c.liked]), [
    ["older", 2, true],
    ["newer", 0, false],
  ]);
  assert.equal((await list(it.id, "?sort=top"))[0].liked, false, "a visitor likes nothing");

  assert.deepEqual(await json(await like(a.id, annCookie, "DELETE")), { liked: false, likeCount: 1 });
  assert.deepEqual(await json(await like(a.id, annCookie, "DELETE")), { liked: false, likeCount: 1 }, "unliking twice changes nothing");
  await errorOf(await like(a.id, undefined, "DELETE"), 401);
  assert.equal((await rowOf(a.id)).like_count, 1);

  // Unknown or bad ids, a comment of another item, a held comment.
  await errorOf(await like(999999, bobCookie), 404, COMMENT_MSG.notFound);
  await errorOf(await request(`/api/videos/${it.id}/comments/abc/like`, { method: "POST", cookie: bobCookie }), 400);
  await errorOf(await request(`/api/videos/999999/comments/${a.id}/like`, { method: "POST", cookie: bobCookie }), 404);
  const other = await item("Other likes");
  await errorOf(await request(`/api/videos/${other.id}/comments/${a.id}/like`, { method: "POST", cookie: bobCookie }), 404);
  const held = await json(await post(it.id, { content: "link https://x.example" }), 201);
  await errorOf(await like(held.id, bobCookie), 404);
  assert.equal((await rowOf(held.id)).like_count, 0);
  assert.equal((await rowOf(b.id)).like_count, 0);
});

Deno.test("[api] mentions: known members told once, unknown names ignored, blocks respected, at most 10 per text", async () => {
  await clearNotifications();
  const it = await item("Mentions");
  const many = [];
  for (let i = 0; i < 11; i++) many.push(await createUser(db, { username: `cr_m${i}` }));
  // Cat blocks Ann: Ann's mention does not reach Cat.
  await db.insert(blocks).values({ blockerId: cat.id, blockedId: ann.id });
  const text = "@cr_bob @CR_BOB @nobody_here @cr_cat and a@cr_owner.example";
  const c = await json(await post(it.id, { content: text }, annCookie), 201);
  assert.equal(c.content, text);
  assert.deepEqual(await told("mention"), [`${bob.id}:m:${it.id}`]);

  await clearNotifications();
  const eleven = many.map((u) => `@${u.username}`).join(" ");
  await json(await post(it.id, { content: eleven }, bobCookie), 201);
  const reached = (await told("mention")).map((r) => Number(r.split(":")[0]));
  assert.equal(reached.length, 10);
  assert.deepEqual(reached.sort((x, y) => x - y), many.slice(0, 10).map((u) => u.id).sort((x, y) => x - y));
  assert.ok(!reached.includes(many[10].id), "the 11th name is not told");
});

Deno.test("[api] a held comment tells no one until an admin approves it; then the replied-to writer and the named members hear", async () => {
  await clearNotifications();
  const it = await item("Held mention");
  const top = await json(await post(it.id, { content: "top" }, annCookie), 201);
  await json(await request("/api/admin/watched-words", { cookie: adminCookie, json: { word: "zorblax" } }), 201);
  const held = await json(await post(it.id, { content: "zorblax @cr_cat", parentId: top.id }, bobCookie), 201);
  assert.equal(held.status, "held");
  assert.equal((await rowOf(held.id)).parent_id, top.id);
  assert.deepEqual(await told("mention"), []);
  assert.deepEqual(await told("comment_reply"), []);
  await json(await request(`/api/admin/posts/comment/${held.id}/approve`, { method: "POST", cookie: adminCookie }));
  assert.deepEqual(await told("mention"), [`${cat.id}:m:${it.id}`]);
  assert.deepEqual(await told("comment_reply"), [`${ann.id}:m:${it.id}`]);
  assert.equal((await list(it.id))[0].replyCount, 1);
});

Deno.test("[api] forum threads and comments: @names are told, with a link to the thread", async () => {
  await clearNotifications();
  const threadRes = await request("/api/forum/threads", {
    cookie: annCookie,
    json: { title: "Mention thread", content: "Hello @cr_owner and @nobody_at_all", categoryId: null },
  });
  const thread = await json(threadRes, 201);
  assert.deepEqual(await told("mention"), [`${owner.id}:t:${thread.id}`]);
  const t2 = await makeThread(db, { userId: bob.id, title: "Bob's thread" });
  await json(
    await request(`/api/forum/threads/${t2.id}/comments`, { cookie: annCookie, json: { content: "@cr_bob @cr_owner look" } }),
    201,
  );
  // Bob hears of the reply in his thread (forum_reply) and not again as a mention; the owner as a mention.
  assert.deepEqual((await told("mention")).sort(), [`${owner.id}:t:${thread.id}`, `${owner.id}:t:${t2.id}`].sort());
  assert.deepEqual(await told("forum_reply"), [`${bob.id}:t:${t2.id}`]);
  const inbox = await json(await request("/api/notifications", { cookie: await loginCookie(db, owner.id) }));
  const entry = inbox.notifications.find((n: { kind: string }) => n.kind === "mention");
  assert.match(entry.text, /^cr_ann mentioned you in “(Mention thread|Bob's thread)”\.$/);
  assert.match(entry.url, /^\/forum/);
});

Deno.test("[unit] the @name scan: bounded names, no e-mail addresses, parts for safe links", () => {
  assert.deepEqual(mentionedNames("hi @Ann_1 and @bob-2, @x @ab @ann_1 mail@host.com @@zed"), ["ann_1", "bob-2"]);
  assert.deepEqual(mentionedNames(`@${"a".repeat(31)} @${"b".repeat(30)}`), ["b".repeat(30)]);
  assert.deepEqual(mentionParts("<b>@cr_ann</b>"), [{ text: "<b>" }, { text: "@cr_ann", mention: "cr_ann" }, { text: "</b>" }]);
  assert.deepEqual(mentionParts("no names"), [{ text: "no names" }]);
  // A long run of "@" and name characters is read once: no regex backtracking over member text.
  assert.equal(mentionedNames("@a".repeat(50_000)).length, 0);
});

Deno.test("[api] comment likes are rate-limited per member (429), unlikes are not", async () => {
  await using limited = await makeTestEnv({ RATE_COMMENT_LIKES_PER_USER: "1" });
  const writer = await createUser(limited.db, { username: "rl_writer" });
  const liker = await createUser(limited.db, { username: "rl_liker" });
  const cookie = await loginCookie(limited.db, liker.id);
  const it = await createMedia(limited.db, { userId: writer.id, title: "Rate" });
  const ids = [];
  for (const content of ["one", "two"]) {
    ids.push(
      (await json(
        await limited.request(`/api/videos/${it.id}/comments`, { cookie: await loginCookie(limited.db, writer.id), json: { content } }),
        201,
      )).id,
    );
  }
  const like = (id: number, method = "POST") => limited.request(`/api/videos/${it.id}/comments/${id}/like`, { method, cookie });
  await json(await like(ids[0]));
  const refused = await like(ids[1]);
  await errorOf(refused, 429);
  assert.ok(refused.headers.get("retry-after"));
  await json(await like(ids[0], "DELETE"));
  assert.equal((await limited.db.client.execute("SELECT count(*) AS n FROM comment_likes")).rows[0].n, 0);
});
