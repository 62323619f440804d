/**
 * Following a member (issue 32 point 1): POST and DELETE /api/users/{id}/follow, the counts on profiles,
 * the member's own lists, and what ends a follow (blocks, bans, account deletion), with the bad inputs.
 */
import assert from "node:assert/strict";
import { writeTx } from "../db/client.ts";
import { insertFollow } from "../db/queries/follows.ts";
import { FOLLOW_MSG, FOLLOW_PAGE_SIZE, MAX_FOLLOWS } from "../common/follow_rules.ts";
import * as R from "../lib/render/api_responses.ts";
import { errorOf, json, makeTestEnv, signedInMember, type TestEnv } from "./_helpers.ts";

type Env = TestEnv;

const follow = (env: Env, id: number | string, cookie?: string, method = "POST") =>
  env.request(`/api/users/${id}/follow`, { method, cookie });

async function rows(env: Env): Promise<string[]> {
  const rs = await env.db.client.execute("SELECT follower_id, followee_id FROM follows ORDER BY follower_id, followee_id");
  return rs.rows.map((r) => `${r.follower_id}>${r.followee_id}`);
}

async function counts(env: Env, id: number) {
  const rs = await env.db.client.execute({ sql: "SELECT follower_count, following_count FROM users WHERE id = ?", args: [id] });
  return { followers: Number(rs.rows[0].follower_count), following: Number(rs.rows[0].following_count) };
}

Deno.test("[api] POST and DELETE /api/users/{id}/follow are idempotent and answer the state and the follower count", async () => {
  await using env = await makeTestEnv();
  const a = await signedInMember(env.db);
  const b = await signedInMember(env.db);
  const c = await signedInMember(env.db);
  const first = await json(await follow(env, b.id, a.cookie));
  assert.ok(R.FollowState.safeParse(first).success);
  assert.deepEqual(first, { following: true, followerCount: 1 });
  assert.deepEqual(await json(await follow(env, b.id, a.cookie)), { following: true, followerCount: 1 }, "twice: no second row");
  assert.deepEqual(await json(await follow(env, b.id, c.cookie)), { following: true, followerCount: 2 });
  assert.deepEqual(await rows(env), [`${a.id}>${b.id}`, `${c.id}>${b.id}`]);
  assert.deepEqual(await counts(env, b.id), { followers: 2, following: 0 });
  assert.deepEqual(await counts(env, a.id), { followers: 0, following: 1 });
  const res = await follow(env, b.id, a.cookie, "DELETE");
  assert.equal(res.headers.get("cache-control"), "private, no-store");
  assert.deepEqual(await json(res), { following: false, followerCount: 1 });
  assert.deepEqual(await json(await follow(env, b.id, a.cookie, "DELETE")), { following: false, followerCount: 1 }, "twice: no change");
  assert.deepEqual(await rows(env), [`${c.id}>${b.id}`]);
  assert.deepEqual(await counts(env, a.id), { followers: 0, following: 0 });
});

Deno.test("[api] follow: 401 signed out, 400 oneself or a malformed id, 404 unknown, deleted or banned member; nothing stored", async () => {
  await using env = await makeTestEnv();
  const admin = await signedInMember(env.db, { isAdmin: true });
  const a = await signedInMember(env.db);
  const b = await signedInMember(env.db);
  for (const method of ["POST", "DELETE"]) {
    await errorOf(await follow(env, b.id, undefined, method), 401);
    await errorOf(await follow(env, a.id, a.cookie, method), 400, FOLLOW_MSG.self);
    for (const bad of ["abc", "0", "-1", "1.5", "1e3", "%20" + b.id, "1234567890123456"]) {
      await errorOf(await follow(env, bad, a.cookie, method), 400);
    }
    await errorOf(await follow(env, 987654, a.cookie, method), 404, FOLLOW_MSG.notFound);
  }
  // A banned member is gone for following (404), and so is a deleted one.
  await json(await env.request(`/api/admin/users/${b.id}`, { method: "POST", cookie: admin.cookie }));
  await errorOf(await follow(env, b.id, a.cookie), 404, FOLLOW_MSG.notFound);
  const gone = await signedInMember(env.db, { password: "leaving-pass" });
  await json(await env.request("/api/user", { method: "DELETE", cookie: gone.cookie, json: { currentPassword: "leaving-pass" } }));
  await errorOf(await follow(env, gone.id, a.cookie), 404, FOLLOW_MSG.notFound);
  // A cross-site request is refused before anything is done.
  const cross = await env.request(`/api/users/${admin.id}/follow`, {
    method: "POST",
    cookie: a.cookie,
    headers: { origin: "https://evil.example" },
  });
  assert.equal(cross.status, 403);
  assert.deepEqual(await rows(env), []);
});

Deno.test("[api] a block either way ends the follows both ways and refuses a new one (403) until lifted", async () => {
  await using env = await makeTestEnv();
  const a = await signedInMember(env.db);
  const b = await signedInMember(env.db);
  const c = await signedInMember(env.db);
  await json(await follow(env, b.id, a.cookie));
  await json(await follow(env, a.id, b.cookie));
  await json(await follow(env, c.id, a.cookie));
  await json(await env.request(`/api/users/block/${b.id}`, { method: "POST", cookie: a.cookie }));
  assert.deepEqual(await rows(env), [`${a.id}>${c.id}`], "only the follow of the third member stays");
  assert.deepEqual(await counts(env, a.id), { followers: 0, following: 1 });
  assert.deepEqual(await counts(env, b.id), { followers: 0, following: 0 });
  await errorOf(await follow(env, b.id, a.cookie), 403, FOLLOW_MSG.blocked);
  // The blocked side cannot follow either.
  await errorOf(await follow(env, a.id, b.cookie), 403, FOLLOW_MSG.blocked);
  assert.deepEqual(await json(await follow(env, b.id, a.cookie, "DELETE")), { following: false, followerCount: 0 });
  await json(await env.request(`/api/users/block/${b.id}`, { method: "DELETE", cookie: a.cookie }));
  assert.deepEqual(await json(await follow(env, a.id, b.cookie)), { following: true, followerCount: 1 }, "nothing comes back by itself");
});

Deno.test("[api] a ban removes the member's follows both ways, for good: the unban restores none; counts move", async () => {
  await using env = await makeTestEnv();
  const admin = await signedInMember(env.db, { isAdmin: true });
  const [a, b, c, d] = [
    await signedInMember(env.db),
    await signedInMember(env.db),
    await signedInMember(env.db),
    await signedInMember(env.db),
  ];
  await json(await follow(env, b.id, a.cookie));
  await json(await follow(env, b.id, c.cookie));
  await json(await follow(env, d.id, b.cookie));
  await json(await follow(env, d.id, a.cookie));
  const banned = await json(await env.request(`/api/admin/users/${b.id}`, { method: "POST", cookie: admin.cookie }));
  assert.equal(banned.user.banned, true);
  assert.deepEqual(await rows(env), [`${a.id}>${d.id}`]);
  assert.deepEqual(await counts(env, a.id), { followers: 0, following: 1 });
  assert.deepEqual(await counts(env, c.id), { followers: 0, following: 0 });
  assert.deepEqual(await counts(env, d.id), { followers: 1, following: 0 });
  assert.deepEqual(await counts(env, b.id), { followers: 0, following: 0 });
  await json(await env.request(`/api/admin/users/${b.id}`, { method: "POST", cookie: admin.cookie }));
  assert.deepEqual(await rows(env), [`${a.id}>${d.id}`], "unbanned: nothing restored");
  const profile = await json(await env.request(`/api/users/${b.id}/profile`));
  assert.equal(profile.followerCount, 0);
  assert.equal(profile.followingCount, 0);
});

Deno.test("[api] deleting an account removes its follows both ways and moves the other members' counts", async () => {
  await using env = await makeTestEnv();
  const a = await signedInMember(env.db);
  const leaver = await signedInMember(env.db, { password: "leaving-pass" });
  const c = await signedInMember(env.db);
  await json(await follow(env, leaver.id, a.cookie));
  await json(await follow(env, c.id, leaver.cookie));
  await json(await follow(env, c.id, a.cookie));
  await json(await env.request("/api/user/following-feed/token", { method: "POST", cookie: leaver.cookie }));
  await json(await env.request("/api/user", { method: "DELETE", cookie: leaver.cookie, json: { currentPassword: "leaving-pass" } }));
  assert.deepEqual(await rows(env), [`${a.id}>${c.id}`]);
  assert.deepEqual(await counts(env, a.id), { followers: 0, following: 1 });
  assert.deepEqual(await counts(env, c.id), { followers: 1, following: 0 });
  const tokens = await env.db.client.execute({
    sql: "SELECT count(*) AS n FROM following_feed_tokens WHERE user_id = ?",
    args: [leaver.id],
  });
  assert.equal(Number(tokens.rows[0].n), 0);
});

Deno.test(`[api] at most ${MAX_FOLLOWS} follows: the next one is refused with 422 and a clear message`, async () => {
  await using env = await makeTestEnv();
  const me = await signedInMember(env.db);
  const extra = await signedInMember(env.db);
  // MAX_FOLLOWS real members and follow rows, made in SQL; the count moves as the API would have moved it.
  await env.db.client.execute(`
    WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${MAX_FOLLOWS})
    INSERT INTO users (username, email, created_at) SELECT 'bulk_' || i, NULL, 0 FROM n`);
  await env.db.client.execute({
    sql: "INSERT INTO follows (follower_id, followee_id, created_at) SELECT ?, id, 0 FROM users WHERE username LIKE 'bulk\\_%' ESCAPE '\\'",
    args: [me.id],
  });
  await env.db.client.execute({ sql: `UPDATE users SET following_count = ${MAX_FOLLOWS} WHERE id = ?`, args: [me.id] });
  await env.db.client.execute("UPDATE users SET follower_count = 1 WHERE username LIKE 'bulk\\_%' ESCAPE '\\'");
  const one = Number((await env.db.client.execute("SELECT id FROM users WHERE username = 'bulk_1'")).rows[0].id);
  await errorOf(await follow(env, extra.id, me.cookie), 422, FOLLOW_MSG.tooMany);
  assert.match(FOLLOW_MSG.tooMany, /at most 5,000 members/);
  assert.deepEqual(
    await json(await follow(env, one, me.cookie)),
    { following: true, followerCount: 1 },
    "one already followed: still fine",
  );
  await json(await follow(env, one, me.cookie, "DELETE"));
  assert.deepEqual(
    await json(await follow(env, extra.id, me.cookie)),
    { following: true, followerCount: 1 },
    "room again after an unfollow",
  );
  assert.equal((await counts(env, me.id)).following, MAX_FOLLOWS);
});

Deno.test("[api] follows past RATE_FOLLOWS_PER_USER a window get 429 with Retry-After", async () => {
  await using env = await makeTestEnv({ RATE_FOLLOWS_PER_USER: "3", RATE_SOCIAL_WINDOW_SECONDS: "600" });
  const me = await signedInMember(env.db);
  const others = [];
  for (let i = 0; i < 4; i++) others.push(await signedInMember(env.db));
  for (const o of others.slice(0, 3)) await json(await follow(env, o.id, me.cookie));
  const res = await follow(env, others[3].id, me.cookie);
  await errorOf(res, 429);
  assert.ok(Number(res.headers.get("retry-after")) > 0);
  assert.equal((await counts(env, me.id)).following, 3);
  // Unfollowing is not limited.
  assert.equal((await follow(env, others[0].id, me.cookie, "DELETE")).status, 200);
});

Deno.test("[api] a public profile carries both counts, and isFollowing for a signed-in viewer only", async () => {
  await using env = await makeTestEnv();
  const a = await signedInMember(env.db);
  const b = await signedInMember(env.db);
  await json(await follow(env, b.id, a.cookie));
  const asVisitor = await json(await env.request(`/api/users/${b.id}/profile`));
  assert.equal(asVisitor.followerCount, 1);
  assert.equal(asVisitor.followingCount, 0);
  assert.equal("isFollowing" in asVisitor, false);
  assert.ok(R.PublicProfile.safeParse(asVisitor).success);
  assert.equal((await json(await env.request(`/api/users/${b.id}/profile`, { cookie: a.cookie }))).isFollowing, true);
  const byName = await json(await env.request(`/api/users/by-username/${b.username}`, { cookie: a.cookie }));
  assert.deepEqual([byName.isFollowing, byName.followerCount], [true, 1]);
  assert.equal((await json(await env.request(`/api/users/${a.id}/profile`, { cookie: b.cookie }))).isFollowing, false);
  const own = await json(await env.request(`/api/users/${a.id}/profile`, { cookie: a.cookie }));
  assert.deepEqual([own.isFollowing, own.followingCount], [false, 1]);
});

Deno.test("[api] GET /api/user/following and /followers: the member's own lists, newest first, paged; 401 and bad pages", async () => {
  await using env = await makeTestEnv();
  const me = await signedInMember(env.db);
  const fan = await signedInMember(env.db);
  const made: { id: number }[] = [];
  for (let i = 0; i < FOLLOW_PAGE_SIZE + 5; i++) made.push(await signedInMember(env.db, { username: `followed_${i}` }));
  await writeTx(env.db, async (tx) => {
    for (const [i, u] of made.entries()) await insertFollow(tx, me.id, u.id, 1_700_000_000_000 + i * 1000);
    await insertFollow(tx, fan.id, me.id, 1_700_000_000_000);
  });
  const page1 = await json(await env.request("/api/user/following", { cookie: me.cookie }));
  assert.ok(R.UserPage.safeParse(page1).success, JSON.stringify(R.UserPage.safeParse(page1).error?.issues?.slice(0, 2)));
  assert.equal(page1.totalCount, FOLLOW_PAGE_SIZE + 5);
  assert.equal(page1.users.length, FOLLOW_PAGE_SIZE);
  assert.equal(page1.users[0].username, `followed_${FOLLOW_PAGE_SIZE + 4}`, "newest follow first");
  assert.deepEqual(Object.keys(page1.users[0]).sort(), ["createdAt", "id", "isAdmin", "username"], "the user summary, no email");
  const page2 = await json(await env.request("/api/user/following?page=2", { cookie: me.cookie }));
  assert.deepEqual(page2.users.map((u: { username: string }) => u.username), [4, 3, 2, 1, 0].map((i) => `followed_${i}`));
  assert.deepEqual((await json(await env.request("/api/user/following?page=3", { cookie: me.cookie }))).users, []);
  const followers = await json(await env.request("/api/user/followers", { cookie: me.cookie }));
  assert.deepEqual([followers.totalCount, followers.users.map((u: { id: number }) => u.id)], [1, [fan.id]]);
  assert.equal((await json(await env.request("/api/user/followers", { cookie: fan.cookie }))).totalCount, 0, "each sees their own");
  for (const path of ["/api/user/following", "/api/user/followers"]) {
    await errorOf(await env.request(path), 401);
    for (const bad of ["0", "-1", "abc", "1.5", "10001", "99999999999"]) {
      await errorOf(await env.request(`${path}?page=${bad}`, { cookie: me.cookie }), 400);
    }
  }
});
