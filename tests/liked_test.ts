/**
 * Liked items (issue 32 point 4): GET /api/user/likes?page=N, newest like first, only the items still visible
 * to the member; the /liked page (members only, server-rendered cards) linked from the account menu.
 */
import assert from "node:assert/strict";
import { LIKED_PAGE_SIZE } from "../common/follow_rules.ts";
import * as R from "../lib/render/api_responses.ts";
import { createMedia, errorOf, json, makeTestEnv, signedInMember, type TestEnv } from "./_helpers.ts";

const likeAt = (env: TestEnv, userId: number, mediaId: number, at: number) =>
  env.db.client.execute({ sql: "INSERT INTO likes (user_id, media_id, created_at) VALUES (?, ?, ?)", args: [userId, mediaId, at] });
const ids = (items: { id: number }[]) => items.map((i) => i.id);

Deno.test("[api] GET /api/user/likes: newest like first, only items still visible to the member (admins see all)", async () => {
  await using env = await makeTestEnv();
  const me = await signedInMember(env.db);
  const admin = await signedInMember(env.db, { isAdmin: true });
  const other = await signedInMember(env.db);
  const t0 = Date.now() - 1_000_000;
  const old = await createMedia(env.db, { userId: other.id, title: "liked long ago" });
  const fresh = await createMedia(env.db, { userId: other.id, title: "liked just now", contentType: "video", fileKey: "v/x.mp4" });
  const mine = await createMedia(env.db, { userId: me.id, title: "my pending", reviewStatus: "pending" });
  const pending = await createMedia(env.db, { userId: other.id, title: "sent back", reviewStatus: "pending" });
  const hidden = await createMedia(env.db, { userId: other.id, title: "hidden by reports", hidden: true });
  const rejected = await createMedia(env.db, { userId: other.id, title: "rejected", reviewStatus: "rejected" });
  const unliked = await createMedia(env.db, { userId: other.id, title: "never liked" });
  for (const [i, item] of [old, pending, hidden, mine, rejected, fresh].entries()) {
    await likeAt(env, me.id, item.id, t0 + i * 1000);
    await likeAt(env, admin.id, item.id, t0 + i * 1000);
  }
  await likeAt(env, other.id, unliked.id, t0);
  const res = await env.request("/api/user/likes", { cookie: me.cookie });
  assert.equal(res.headers.get("cache-control"), "private, no-store");
  const body = await json(res);
  assert.ok(R.LikedPage.safeParse(body).success, JSON.stringify(R.LikedPage.safeParse(body).error?.issues?.slice(0, 2)));
  assert.deepEqual(ids(body.content), [fresh.id, mine.id, old.id]);
  assert.deepEqual([body.page, body.pageSize, body.hasMore], [1, LIKED_PAGE_SIZE, false]);
  const asAdmin = await json(await env.request("/api/user/likes", { cookie: admin.cookie }));
  assert.deepEqual(ids(asAdmin.content), [fresh.id, rejected.id, mine.id, hidden.id, pending.id, old.id]);
  // Deleted items leave the list with their likes.
  await json(await env.request(`/api/videos/${fresh.id}`, { method: "DELETE", cookie: admin.cookie }));
  assert.deepEqual(ids((await json(await env.request("/api/user/likes", { cookie: me.cookie }))).content), [mine.id, old.id]);
});

Deno.test("[api] GET /api/user/likes pages by ?page= with hasMore; 401 for visitors; bad pages 400", async () => {
  await using env = await makeTestEnv();
  const me = await signedInMember(env.db);
  const other = await signedInMember(env.db);
  const t0 = Date.now() - 1_000_000;
  const order: number[] = [];
  for (let i = 0; i < LIKED_PAGE_SIZE + 3; i++) {
    const item = await createMedia(env.db, { userId: other.id, title: `item ${i}` });
    await likeAt(env, me.id, item.id, t0 + i * 1000);
    order.unshift(item.id);
  }
  const p1 = await json(await env.request("/api/user/likes?page=1", { cookie: me.cookie }));
  const p2 = await json(await env.request("/api/user/likes?page=2", { cookie: me.cookie }));
  assert.deepEqual([p1.hasMore, p2.hasMore], [true, false]);
  assert.deepEqual([...ids(p1.content), ...ids(p2.content)], order);
  assert.deepEqual((await json(await env.request("/api/user/likes?page=10000", { cookie: me.cookie }))).content, []);
  await errorOf(await env.request("/api/user/likes"), 401);
  for (const bad of ["0", "-2", "x", "2.5", "10001", "123456789012"]) {
    await errorOf(await env.request(`/api/user/likes?page=${bad}`, { cookie: me.cookie }), 400);
  }
});

Deno.test("[pages] /liked: the member's liked items as cards, paged; visitors sent to sign in; the account menu links it", async () => {
  await using env = await makeTestEnv();
  const me = await signedInMember(env.db);
  const other = await signedInMember(env.db);
  const empty = await (await env.request("/liked", { cookie: me.cookie })).text();
  assert.match(empty, /You haven(&#x27;|')t liked anything yet/);
  const t0 = Date.now() - 1_000_000;
  for (let i = 0; i < LIKED_PAGE_SIZE + 1; i++) {
    const item = await createMedia(env.db, { userId: other.id, title: `Glow ${i}` });
    await likeAt(env, me.id, item.id, t0 + i * 1000);
  }
  const res = await env.request("/liked", { cookie: me.cookie });
  assert.equal(res.status, 200);
  assert.equal(res.headers.get("cache-control"), "private, no-store");
  const html = await res.text();
  assert.match(html, /<h1[^>]*>Liked<\/h1>/);
  assert.equal([...html.matchAll(/data-card="/g)].length, LIKED_PAGE_SIZE);
  assert.ok(html.indexOf(`Glow ${LIKED_PAGE_SIZE}<`) < html.indexOf("Glow 1<"), "newest like first");
  assert.match(html, /href="\/liked\?page=2" rel="next"/);
  assert.match(html, /data-island="UserContent"/);
  const page2 = await (await env.request("/liked?page=2", { cookie: me.cookie })).text();
  assert.match(page2, /Glow 0</);
  assert.match(page2, /href="\/liked" rel="prev"/);
  assert.match(await (await env.request("/liked?page=7", { cookie: me.cookie })).text(), /Nothing on this page/);
  const visitor = await env.request("/liked?page=2", { redirect: "manual" });
  assert.equal(visitor.status, 302);
  assert.equal(visitor.headers.get("location"), "/auth?next=%2Fliked%3Fpage%3D2");
  assert.match(await (await env.request("/", { cookie: me.cookie })).text(), /<a href="\/liked" class="menu-item">Liked<\/a>/);
});
