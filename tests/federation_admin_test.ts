/**
 * Issue 40 point 5 (decision 042): the admins' blocks of servers, the known servers with their follower counts, bans
 * of remote accounts, and members' blocks and mutes of remote accounts. What remote accounts left here is written
 * straight into the tables (the inbox that writes it has its own test, federation_inbound_test.ts, with a real peer).
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { comments, federationBlocks, media, remoteActors, remoteFollows, remoteLikes, users } from "../db/schema/mod.ts";
import { insertRemoteComment } from "../db/queries/remote_inbound.ts";
import { isHostBlocked } from "../db/queries/federation_blocks.ts";
import { writeTx } from "../db/client.ts";
import { createMedia, createUser, errorOf, json, loginCookie, makeTestEnv } from "./_helpers.ts";
import { auditOf, commentCount } from "./_moderation.ts";

const env = await makeTestEnv();
const { request, db } = env;
Deno.test.afterAll(() => env.close());

const admin = await createUser(db, { username: "fed_admin", isAdmin: true });
const adminCookie = await loginCookie(db, admin.id);
const member = await createUser(db, { username: "fed_member" });
const memberCookie = await loginCookie(db, member.id);
const item = await createMedia(db, { userId: member.id, title: "Federated dream", reviewStatus: "approved" });

let actorSeq = 0;
async function remoteActor(domain: string, name = `u${++actorSeq}`) {
  const [row] = await db.insert(remoteActors).values({
    uri: `https://${domain}/users/${name}`,
    handle: `${name}@${domain}`,
    domain,
    name,
    url: `https://${domain}/@${name}`,
    inbox: `https://${domain}/users/${name}/inbox`,
    sharedInbox: `https://${domain}/inbox`,
  }).returning();
  return row;
}

/** A follow, a like and a reply by this actor, with the counts moved as the inbox moves them. */
async function leaveTraces(actorId: number, handle: string, text: string) {
  await db.insert(remoteFollows).values({ remoteActorId: actorId, userId: member.id });
  await db.update(users).set({ remoteFollowerCount: (await followerCount()) + 1 }).where(eq(users.id, member.id));
  await db.insert(remoteLikes).values({ remoteActorId: actorId, mediaId: item.id, createdAt: Date.now() });
  await db.update(media).set({ likes: (await likeCount()) + 1 }).where(eq(media.id, item.id));
  return await writeTx(db, (tx) =>
    insertRemoteComment(tx, {
      mediaId: item.id,
      remoteActorId: actorId,
      apId: `https://example.invalid/notes/${actorId}-${text.length}`,
      username: handle,
      content: text,
      heldReason: null,
      at: Date.now(),
    }));
}
const followerCount = async () => (await db.select({ n: users.remoteFollowerCount }).from(users).where(eq(users.id, member.id)).get())!.n;
const likeCount = async () => (await db.select({ n: media.likes }).from(media).where(eq(media.id, item.id)).get())!.n;
const listed = async (cookie?: string) =>
  (await json(await request(`/api/videos/${item.id}/comments`, { cookie }))) as {
    content: string;
    username: string;
    remote?: { handle: string; url: string };
  }[];

Deno.test("[api] the federation admin endpoints: 401 for a visitor, 403 for a member, zod on the body, 415 on other types", async () => {
  for (
    const [method, path, body] of [
      ["GET", "/api/admin/federation/blocks"],
      ["POST", "/api/admin/federation/blocks", { domain: "spam.example" }],
      ["DELETE", "/api/admin/federation/blocks/spam.example"],
      ["GET", "/api/admin/federation/servers"],
      ["POST", "/api/admin/federation/actors/1/ban"],
      ["DELETE", "/api/admin/federation/actors/1/ban"],
    ] as const
  ) {
    await errorOf(await request(path, { method, json: body }), 401);
    await errorOf(await request(path, { method, json: body, cookie: memberCookie }), 403);
  }
  const post = (json: unknown) => request("/api/admin/federation/blocks", { cookie: adminCookie, json });
  assert.equal(await errorOf(await post({}), 400), "domain is required");
  assert.equal(await errorOf(await post({ domain: 42 }), 400), "domain must be a string");
  assert.equal(await errorOf(await post({ domain: "not a domain" }), 400), "Enter a server's domain name, like mastodon.example");
  assert.equal(await errorOf(await post({ domain: "localhost" }), 400), "Enter a server's domain name, like mastodon.example");
  await errorOf(await post({ domain: "x".repeat(400) + ".example" }), 400);
  await errorOf(await post({ domain: "ok.example", reason: "r".repeat(501) }), 400);
  await errorOf(await post({ domain: "ok.example", reason: 5 }), 400);
  const wrongType = await request("/api/admin/federation/blocks", {
    cookie: adminCookie,
    method: "POST",
    body: "domain=ok.example",
    headers: { "content-type": "application/x-www-form-urlencoded" },
  });
  await errorOf(wrongType, 415);
  assert.equal(await db.$count(federationBlocks), 0);
});

Deno.test("[api] blocking a server removes its follows, likes and comments (counts moved), is audited, and is listed", async () => {
  const spam = await remoteActor("spam.example");
  const sub = await remoteActor("eu.spam.example:8443");
  const good = await remoteActor("good.example");
  for (const a of [spam, sub, good]) await leaveTraces(a.id, a.handle, `Hello from ${a.handle}`);
  assert.equal(await followerCount(), 3);
  assert.equal(await likeCount(), 3);
  assert.equal(await commentCount(db, item.id), 3);
  const before = await listed();
  assert.deepEqual(before.map((c) => c.remote?.handle).sort(), [good.handle, spam.handle, sub.handle].sort());
  assert.equal(before.find((c) => c.remote?.handle === good.handle)?.remote?.url, "https://good.example/@" + good.name);

  const servers = await json(await request("/api/admin/federation/servers", { cookie: adminCookie }));
  assert.deepEqual(servers.find((s: { domain: string }) => s.domain === "spam.example"), {
    domain: "spam.example",
    actors: 1,
    followers: 1,
    banned: 0,
    blocked: false,
  });

  const res = await request("/api/admin/federation/blocks", {
    cookie: adminCookie,
    json: { domain: " HTTPS://Spam.Example/ ", reason: "Spam wave" },
  });
  const body = await json(res, 201);
  assert.equal(body.domain, "spam.example");
  assert.equal(body.reason, "Spam wave");
  assert.deepEqual(body.removed, { follows: 2, likes: 2, comments: 2 });
  assert.equal(await followerCount(), 1);
  assert.equal(await likeCount(), 1);
  assert.equal(await commentCount(db, item.id), 1);
  assert.deepEqual((await listed()).map((c) => c.remote?.handle), [good.handle]);
  assert.equal(await db.$count(comments, eq(comments.remoteActorId, spam.id)), 0);
  const [entry] = await auditOf(db, "federation.block", "federation_block", body.id);
  assert.equal(entry.actorId, admin.id);
  assert.deepEqual(JSON.parse(entry.details!), { domain: "spam.example", reason: "Spam wave", follows: 2, likes: 2, comments: 2 });

  assert.ok(await isHostBlocked(db, "spam.example"));
  assert.ok(await isHostBlocked(db, "eu.spam.example:8443"));
  assert.ok(!(await isHostBlocked(db, "notspam.example")));
  assert.ok(!(await isHostBlocked(db, "good.example")));

  await errorOf(
    await request("/api/admin/federation/blocks", { cookie: adminCookie, json: { domain: "spam.example" } }),
    409,
    "That server is already blocked",
  );
  const list = await json(await request("/api/admin/federation/blocks", { cookie: adminCookie }));
  assert.deepEqual(list.map((b: { domain: string; reason: string }) => [b.domain, b.reason]), [["spam.example", "Spam wave"]]);
  const known = await json(await request("/api/admin/federation/servers", { cookie: adminCookie }));
  assert.equal(known.find((s: { domain: string }) => s.domain === "spam.example").blocked, true);
  assert.equal(known.find((s: { domain: string }) => s.domain === "good.example").followers, 1);

  await errorOf(
    await request("/api/admin/federation/blocks/other.example", { cookie: adminCookie, method: "DELETE" }),
    404,
    "That server is not blocked",
  );
  const gone = await json(await request("/api/admin/federation/blocks/spam.example", { cookie: adminCookie, method: "DELETE" }));
  assert.deepEqual(gone, { ok: true, domain: "spam.example" });
  assert.equal(await db.$count(federationBlocks), 0);
  assert.equal((await auditOf(db, "federation.unblock", "federation_block", body.id)).length, 1);
  assert.ok(!(await isHostBlocked(db, "spam.example")));
});

Deno.test("[api] a banned remote account's comments are hidden, and shown again when the ban is lifted", async () => {
  const troll = await remoteActor("troll.example");
  await leaveTraces(troll.id, troll.handle, "Troll words");
  const count = (await commentCount(db, item.id))!;
  assert.ok((await listed()).some((c) => c.content === "Troll words"));
  await errorOf(
    await request("/api/admin/federation/actors/999999/ban", { cookie: adminCookie, method: "POST" }),
    404,
    "Remote account not found",
  );
  await errorOf(await request("/api/admin/federation/actors/abc/ban", { cookie: adminCookie, method: "POST" }), 400);
  const ban = await json(await request(`/api/admin/federation/actors/${troll.id}/ban`, { cookie: adminCookie, method: "POST" }));
  assert.deepEqual(ban, { ok: true, id: troll.id, banned: true, comments: 1 });
  assert.ok((await db.select().from(remoteActors).where(eq(remoteActors.id, troll.id)).get())!.bannedAt);
  assert.ok(!(await listed(adminCookie)).some((c) => c.content === "Troll words"));
  assert.equal(await commentCount(db, item.id), count - 1);
  await errorOf(await request(`/api/admin/federation/actors/${troll.id}/ban`, { cookie: adminCookie, method: "POST" }), 409);
  assert.equal((await auditOf(db, "remote_actor.ban", "remote_actor", troll.id)).length, 1);
  const lifted = await json(await request(`/api/admin/federation/actors/${troll.id}/ban`, { cookie: adminCookie, method: "DELETE" }));
  assert.deepEqual(lifted, { ok: true, id: troll.id, banned: false, comments: 1 });
  assert.ok((await listed()).some((c) => c.content === "Troll words"));
  assert.equal(await commentCount(db, item.id), count);
  await errorOf(await request(`/api/admin/federation/actors/${troll.id}/ban`, { cookie: adminCookie, method: "DELETE" }), 409);
});

Deno.test("[api] a member's block or mute of a remote account hides its comments from them; a block ends its follow", async () => {
  const noisy = await remoteActor("noisy.example");
  await leaveTraces(noisy.id, noisy.handle, "Noisy words");
  const viewer = await createUser(db, { username: "fed_viewer" });
  const viewerCookie = await loginCookie(db, viewer.id);
  const path = (kind: string, id = noisy.id) => `/api/user/remote-actors/${id}/${kind}`;
  await errorOf(await request(path("mute"), { method: "POST" }), 401);
  await errorOf(await request(path("mute", 999999), { method: "POST", cookie: viewerCookie }), 404);
  await errorOf(await request("/api/user/remote-actors/x/mute", { method: "POST", cookie: viewerCookie }), 400);

  assert.deepEqual(await json(await request(path("mute"), { method: "POST", cookie: viewerCookie }), 201), {
    ok: true,
    id: noisy.id,
    kind: "mute",
    changed: true,
  });
  assert.ok(!(await listed(viewerCookie)).some((c) => c.content === "Noisy words"));
  assert.ok((await listed(memberCookie)).some((c) => c.content === "Noisy words"));
  assert.ok((await listed()).some((c) => c.content === "Noisy words"));
  assert.deepEqual(await json(await request("/api/user/remote-actors", { cookie: viewerCookie })), [
    { remoteActorId: noisy.id, kind: "mute", handle: noisy.handle },
  ]);
  await json(await request(path("mute"), { method: "DELETE", cookie: viewerCookie }));
  assert.ok((await listed(viewerCookie)).some((c) => c.content === "Noisy words"));
  await errorOf(await request(path("mute"), { method: "DELETE", cookie: viewerCookie }), 404, "Not muted");

  // The owner blocks: the account's follow of them ends (the count moves), its comments leave the owner's view.
  const followers = await followerCount();
  await json(await request(path("block"), { method: "POST", cookie: memberCookie }), 201);
  assert.equal(await followerCount(), followers - 1);
  assert.equal(await db.$count(remoteFollows, eq(remoteFollows.remoteActorId, noisy.id)), 0);
  assert.ok(!(await listed(memberCookie)).some((c) => c.content === "Noisy words"));
  // Twice: 200, nothing changed.
  assert.equal((await json(await request(path("block"), { method: "POST", cookie: memberCookie }))).changed, false);
});

Deno.test("[api] Follow from your server never looks up a loopback or private address unless the setting allows it", async () => {
  const res = await request("/api/federation/remote-follow", { json: { username: "fed_member", account: "alice@127.0.0.3:8080" } });
  await errorOf(res, 422, "Your server could not be reached");
  await errorOf(await request("/api/federation/remote-follow", { json: { username: "fed_member", account: "me@10.1.2.3" } }), 422);
  await errorOf(await request("/api/federation/remote-follow", { json: { username: "fed_member" } }), 400);
  await errorOf(await request("/api/federation/remote-follow", { json: { username: "no_such_member", account: "a@b.example" } }), 404);
});
