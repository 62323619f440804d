import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import { eq, or } from "drizzle-orm";
import {
  blocks,
  comments,
  likes,
  media,
  messages,
  passwordResetTokens,
  reports,
  sessions,
  socialAccounts,
  threadComments,
  threads,
  threadUpvotes,
  uploads,
  users,
  views,
} from "../db/schema/mod.ts";
import { setLogLevel } from "../lib/log.ts";
import { newKey } from "../lib/media/storage.ts";
import { ACCOUNT_MSG } from "../common/schemas/account.ts";
import { createMedia, createUser, errorOf, json, loginCookie, makeTestEnv, type TestEnv } from "./_helpers.ts";

setLogLevel("warn");

async function storedFile(env: TestEnv, kind: "v" | "i" | "t", ext: string) {
  const key = newKey(kind, ext);
  await mkdir(`${env.config.uploadsDir}/${kind}`, { recursive: true });
  await writeFile(`${env.config.uploadsDir}/${key}`, new Uint8Array([1, 2, 3]));
  return key;
}

/** A member with something in every table an account touches, and a neighbour whose things must survive. */
async function populated(env: TestEnv) {
  const { db } = env;
  const leaver = await createUser(db, { username: "leaving_member" });
  const other = await createUser(db, { username: "staying_member" });
  const [video, thumb, image, stray, othersFile] = [
    await storedFile(env, "v", "mp4"),
    await storedFile(env, "t", "jpg"),
    await storedFile(env, "i", "png"),
    await storedFile(env, "i", "png"),
    await storedFile(env, "i", "png"),
  ];
  const ownVideo = await createMedia(db, { userId: leaver.id, contentType: "video", fileKey: video, thumbnailKey: thumb, likes: 1 });
  const ownImage = await createMedia(db, { userId: leaver.id, contentType: "image", fileKey: image, reviewStatus: "pending" });
  const othersItem = await createMedia(db, { userId: other.id, fileKey: othersFile, likes: 2 });
  await db.insert(uploads).values([
    { userId: leaver.id, fileKey: video, kind: "video", mime: "video/mp4", size: 3, sha256: "a", mediaId: ownVideo.id },
    { userId: leaver.id, fileKey: stray, kind: "image", mime: "image/png", size: 3, sha256: "b" },
  ]);
  // Likes: the leaver's on another's item (its count must drop) and another's on the leaver's video.
  await db.insert(likes).values([{ userId: leaver.id, mediaId: othersItem.id }, { userId: other.id, mediaId: othersItem.id }]);
  await db.insert(likes).values({ userId: other.id, mediaId: ownVideo.id });
  await db.insert(comments).values([
    { mediaId: othersItem.id, userId: leaver.id, username: leaver.username, content: "nice one" },
    { mediaId: ownVideo.id, userId: other.id, username: other.username, content: "on the leaver's video" },
  ]);
  await db.update(media).set({ commentCount: 1 }).where(eq(media.id, othersItem.id));
  await db.insert(reports).values({ mediaId: othersItem.id, userId: leaver.id, reporterKey: `u:${leaver.id}`, reason: "other" });
  await db.insert(views).values([{ mediaId: othersItem.id, viewerKey: `u:${leaver.id}` }, { mediaId: othersItem.id, viewerKey: "v:abc" }]);
  const [thread] = await db.insert(threads).values({ userId: leaver.id, title: "My thread", content: "text", upvotes: 1, commentCount: 2 })
    .returning();
  const [othersThread] = await db.insert(threads).values({ userId: other.id, title: "Other thread", content: "text", upvotes: 2 })
    .returning();
  await db.insert(threadUpvotes).values([{ threadId: othersThread.id, userId: leaver.id }, {
    threadId: othersThread.id,
    userId: other.id,
  }]);
  await db.insert(threadUpvotes).values({ threadId: thread.id, userId: other.id });
  await db.insert(threadComments).values([
    { threadId: thread.id, userId: leaver.id, content: "own reply" },
    { threadId: othersThread.id, userId: leaver.id, content: "reply elsewhere" },
  ]);
  await db.insert(messages).values([
    { senderId: leaver.id, receiverId: other.id, content: "hello" },
    { senderId: other.id, receiverId: leaver.id, content: "hi back" },
  ]);
  await db.insert(blocks).values([{ blockerId: leaver.id, blockedId: other.id }, { blockerId: other.id, blockedId: leaver.id }]);
  await db.insert(socialAccounts).values({ userId: leaver.id, provider: "google", providerUserId: "g-123", email: leaver.email });
  await db.insert(passwordResetTokens).values({ userId: leaver.id, tokenHash: "leaver-hash", expiresAt: Date.now() + 3_600_000 });
  const cookies = [await loginCookie(db, leaver.id), await loginCookie(db, leaver.id)];
  const otherCookie = await loginCookie(db, other.id);
  return {
    leaver,
    other,
    cookies,
    otherCookie,
    ownVideo,
    ownImage,
    othersItem,
    thread,
    othersThread,
    files: { gone: [video, thumb, image, stray], kept: [othersFile] },
  };
}

Deno.test("[api] DELETE /api/user removes the member's rows and files, ends every session, keeps forum posts as Anonymous", async () => {
  await using env = await makeTestEnv();
  const { db } = env;
  const p = await populated(env);
  const path = (key: string) => `${env.config.uploadsDir}/${key}`;
  for (const key of [...p.files.gone, ...p.files.kept]) assert.ok(existsSync(path(key)));

  const res = await env.request("/api/user", { method: "DELETE", cookie: p.cookies[0], json: { currentPassword: p.leaver.password } });
  assert.equal(res.status, 200);
  assert.deepEqual(await res.json(), { message: "Your account has been deleted." });

  // Sessions: both of the member's cookies are dead; the neighbour's is not.
  for (const cookie of p.cookies) assert.equal((await env.request("/api/user", { cookie })).status, 401);
  assert.equal((await env.request("/api/user", { cookie: p.otherCookie })).status, 200);
  assert.equal((await db.select().from(sessions).where(eq(sessions.userId, p.leaver.id)).all()).length, 0);

  // The account row and the rows only it owned.
  assert.equal(await db.select().from(users).where(eq(users.id, p.leaver.id)).get(), undefined);
  assert.deepEqual((await db.select({ id: media.id }).from(media).all()).map((m) => m.id), [p.othersItem.id], "uploads gone");
  assert.equal((await db.select().from(uploads).all()).length, 0, "upload records gone");
  assert.equal((await db.select().from(messages).all()).length, 0, "messages both ways gone");
  assert.equal((await db.select().from(blocks).all()).length, 0, "blocks both ways gone");
  assert.equal((await db.select().from(socialAccounts).all()).length, 0, "social sign-in links gone");
  assert.equal((await db.select().from(passwordResetTokens).all()).length, 0, "reset tokens gone");
  assert.deepEqual((await db.select({ k: views.viewerKey }).from(views).all()).map((v) => v.k), ["v:abc"], "the member's views gone");

  // Likes: the member's like is gone and the count it added with it; likes on the removed video went with it.
  assert.deepEqual(await db.select({ userId: likes.userId, mediaId: likes.mediaId }).from(likes).all(), [
    { userId: p.other.id, mediaId: p.othersItem.id },
  ]);
  assert.equal((await db.select({ likes: media.likes }).from(media).where(eq(media.id, p.othersItem.id)).get())?.likes, 1);
  const upvotes = await db.select().from(threadUpvotes).all();
  assert.deepEqual(upvotes.map((u) => [u.threadId, u.userId]).sort(), [[p.othersThread.id, p.other.id], [p.thread.id, p.other.id]].sort());
  assert.equal((await db.select().from(threads).where(eq(threads.id, p.othersThread.id)).get())?.upvotes, 1);

  // Forum threads and comments stay without an author (Anonymous); so do comments on others' items.
  const thread = await db.select().from(threads).where(eq(threads.id, p.thread.id)).get();
  assert.equal(thread?.userId, null);
  assert.equal(thread?.title, "My thread");
  const replies = await db.select().from(threadComments).all();
  assert.equal(replies.length, 2);
  assert.ok(replies.every((r) => r.userId === null));
  const kept = await db.select().from(comments).all();
  assert.deepEqual(kept.map((c) => [c.mediaId, c.userId, c.username, c.content]), [[p.othersItem.id, null, "Anonymous", "nice one"]]);
  assert.equal((await db.select().from(reports).all())[0]?.userId, null, "reports stay for the moderators, without the reporter");

  // Files: the member's video, thumbnail, image and never-attached upload are gone from disk; others' stay.
  for (const key of p.files.gone) assert.ok(!existsSync(path(key)), `${key} removed`);
  for (const key of p.files.kept) assert.ok(existsSync(path(key)), `${key} kept`);

  // The neighbour's data is whole.
  assert.ok(await db.select().from(users).where(eq(users.id, p.other.id)).get());
  assert.equal(
    (await db.select().from(messages).where(or(eq(messages.senderId, p.other.id), eq(messages.receiverId, p.other.id))).all()).length,
    0,
  );
});

Deno.test("[page] after deleting the account the next page is signed out and says the account was deleted", async () => {
  await using env = await makeTestEnv();
  const user = await createUser(env.db);
  const res = await env.request("/api/user", {
    method: "DELETE",
    cookie: await loginCookie(env.db, user.id),
    json: { currentPassword: user.password },
  });
  const flash = res.headers.getSetCookie().find((c) => c.startsWith("dr_flash="))!.split(";")[0];
  const html = await (await env.request("/", { cookie: flash })).text();
  assert.ok(html.includes("Account Deleted"));
  assert.ok(!html.includes("Account menu for"));
});

Deno.test("[api] DELETE /api/user needs the current password: missing, wrong or malformed proof deletes nothing", async () => {
  await using env = await makeTestEnv({ RATE_LOGIN_PER_ACCOUNT: "1000" });
  const p = await populated(env);
  const del = (init: { json?: unknown; body?: string; headers?: Record<string, string> }) =>
    env.request("/api/user", { method: "DELETE", cookie: p.cookies[0], ...init });
  await errorOf(await del({}), 400, ACCOUNT_MSG.currentPasswordRequired);
  await errorOf(await del({ json: {} }), 400, ACCOUNT_MSG.currentPasswordRequired);
  await errorOf(await del({ json: { currentPassword: "" } }), 400, ACCOUNT_MSG.currentPasswordRequired);
  await errorOf(await del({ json: { currentPassword: "not-my-password" } }), 400, ACCOUNT_MSG.currentPasswordWrong);
  await errorOf(await del({ json: { currentPassword: 12345678 } }), 400);
  await errorOf(await del({ json: { currentPassword: "x".repeat(5000) } }), 400);
  await errorOf(await del({ body: "{", headers: { "content-type": "application/json" } }), 400);
  await errorOf(await del({ body: "currentPassword=x", headers: { "content-type": "text/plain" } }), 415);
  // Nothing went: the row, the sessions and the files.
  assert.ok(await env.db.select().from(users).where(eq(users.id, p.leaver.id)).get());
  for (const cookie of p.cookies) assert.equal((await env.request("/api/user", { cookie })).status, 200);
  for (const key of p.files.gone) assert.ok(existsSync(`${env.config.uploadsDir}/${key}`));
});

Deno.test("[api] DELETE /api/user for a member without a password: only within minutes of signing in (403 after)", async () => {
  await using env = await makeTestEnv();
  const [row] = await env.db.insert(users).values({ username: "google_only", email: null, passwordHash: null }).returning();
  const stale = await loginCookie(env.db, row.id);
  await env.db.update(sessions).set({ createdAt: Date.now() - 11 * 60_000 }).where(eq(sessions.userId, row.id));
  await errorOf(await env.request("/api/user", { method: "DELETE", cookie: stale }), 403, ACCOUNT_MSG.signInAgain);
  assert.ok(await env.db.select().from(users).where(eq(users.id, row.id)).get());
  const fresh = await loginCookie(env.db, row.id);
  assert.deepEqual(await json(await env.request("/api/user", { method: "DELETE", cookie: fresh })), {
    message: "Your account has been deleted.",
  });
  assert.equal(await env.db.select().from(users).where(eq(users.id, row.id)).get(), undefined);
});
