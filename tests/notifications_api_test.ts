/**
 * Notifications (issue 33 point 3): the page, the unread count and marking read, with the bad inputs;
 * others' ids are ignored, and signed out is 401.
 */
import assert from "node:assert/strict";
import { createMedia, errorOf, json, makeTestEnv, signedInMember } from "./_helpers.ts";
import { inbox, storedRows, unread } from "./_notifications.ts";
import { NOTIFICATION_PAGE_SIZE } from "../common/notification_rules.ts";
import { NOTIFICATION_RESPONSES } from "../lib/render/api_notifications.ts";

Deno.test("[api] a comment notifies the item's owner once: the entry, the unread count, then marked read", async () => {
  await using env = await makeTestEnv();
  const owner = await signedInMember(env.db, { username: "owner_a" });
  const kenji = await signedInMember(env.db, { username: "kenji_frames" });
  const item = await createMedia(env.db, { userId: owner.id, title: "Neon rain" });
  await json(await env.request(`/api/videos/${item.id}/comments`, { cookie: kenji.cookie, json: { content: "Lovely" } }), 201);
  const page = await inbox(env, owner.cookie);
  assert.ok(NOTIFICATION_RESPONSES.NotificationPage.safeParse(page).success, "the documented answer");
  assert.equal(page.unreadCount, 1);
  assert.equal(page.hasMore, false);
  assert.equal(page.notifications.length, 1);
  const [n] = page.notifications;
  assert.equal(n.kind, "comment");
  assert.equal(n.read, false);
  assert.equal(n.count, 1);
  assert.equal(n.text, "kenji_frames commented on “Neon rain”.");
  assert.equal(n.url, `/media/${item.id}`);
  assert.deepEqual(n.actors.map((a) => a.username), ["kenji_frames"]);
  assert.deepEqual(n.item, { id: item.id, title: "Neon rain" });
  assert.ok(!Number.isNaN(Date.parse(n.createdAt)));
  assert.equal(await unread(env, owner.cookie), 1);
  // The commenter hears nothing of their own comment.
  assert.deepEqual((await inbox(env, kenji.cookie)).notifications, []);

  const res = await env.request("/api/notifications/read", { cookie: owner.cookie, json: { ids: [n.id] } });
  assert.equal(res.headers.get("cache-control"), "private, no-store");
  assert.deepEqual(await json(res), { marked: 1, unreadCount: 0 });
  assert.equal((await inbox(env, owner.cookie)).notifications[0].read, true);
  // A read entry no longer folds: the next comment opens a new one.
  await json(await env.request(`/api/videos/${item.id}/comments`, { cookie: kenji.cookie, json: { content: "Again" } }), 201);
  assert.deepEqual(await storedRows(env), [`${owner.id}:comment:m:${item.id}:1`, `${owner.id}:comment:m:${item.id}:1`]);
  assert.deepEqual(await json(await env.request("/api/notifications/read", { cookie: owner.cookie, json: { all: true } })), {
    marked: 1,
    unreadCount: 0,
  });
});

Deno.test("[api] notifications: 401 signed out, 400 for bad bodies and pages, others' ids ignored without a word", async () => {
  await using env = await makeTestEnv();
  const a = await signedInMember(env.db);
  const b = await signedInMember(env.db);
  const itemOfB = await createMedia(env.db, { userId: b.id });
  await json(await env.request(`/api/videos/${itemOfB.id}/comments`, { cookie: a.cookie, json: { content: "Hi" } }), 201);
  const theirs = (await inbox(env, b.cookie)).notifications[0].id;
  for (const path of ["/api/notifications", "/api/notifications/unread-count", "/api/user/notification-settings"]) {
    await errorOf(await env.request(path), 401);
  }
  await errorOf(await env.request("/api/notifications/read", { json: { all: true } }), 401);
  for (const body of [{}, { ids: [] }, { ids: ["1"] }, { ids: [-1] }, { ids: [1.5] }, { all: false }, { all: "yes" }, { ids: [1], x: 1 }]) {
    await errorOf(await env.request("/api/notifications/read", { cookie: a.cookie, json: body }), 400);
  }
  await errorOf(
    await env.request("/api/notifications/read", { cookie: a.cookie, json: { ids: Array.from({ length: 101 }, (_, i) => i + 1) } }),
    400,
  );
  for (const page of ["0", "-1", "abc", "1.5", "10001", "9999999999"]) {
    await errorOf(await env.request(`/api/notifications?page=${page}`, { cookie: a.cookie }), 400);
  }
  // B's entry named by A: answered as any unknown id (nothing marked), and B's stays unread.
  assert.deepEqual(await json(await env.request("/api/notifications/read", { cookie: a.cookie, json: { ids: [theirs, 999999] } })), {
    marked: 0,
    unreadCount: 0,
  });
  assert.equal(await unread(env, b.cookie), 1);
  // A cross-site request is refused.
  const cross = await env.request("/api/notifications/read", {
    cookie: b.cookie,
    json: { all: true },
    headers: { origin: "https://evil.example" },
  });
  assert.equal(cross.status, 403);
  assert.equal(await unread(env, b.cookie), 1);
});

Deno.test("[api] GET /api/notifications pages newest first; hasMore; an entry about an item the receiver can no longer see is left out", async () => {
  await using env = await makeTestEnv({ RATE_COMMENTS_PER_USER: "100" });
  const owner = await signedInMember(env.db);
  const fans = await Promise.all(Array.from({ length: 3 }, () => signedInMember(env.db)));
  const items = [];
  for (let i = 0; i < NOTIFICATION_PAGE_SIZE + 1; i++) items.push(await createMedia(env.db, { userId: owner.id, title: `Item ${i}` }));
  for (const item of items) {
    await json(await env.request(`/api/videos/${item.id}/comments`, { cookie: fans[0].cookie, json: { content: "Nice" } }), 201);
  }
  const first = await inbox(env, owner.cookie);
  assert.equal(first.notifications.length, NOTIFICATION_PAGE_SIZE);
  assert.equal(first.hasMore, true);
  assert.equal(first.unreadCount, NOTIFICATION_PAGE_SIZE + 1);
  assert.equal(first.notifications[0].item?.title, `Item ${NOTIFICATION_PAGE_SIZE}`, "newest first");
  const second = await inbox(env, owner.cookie, 2);
  assert.deepEqual(second.notifications.map((n) => n.item?.title), ["Item 0"]);
  assert.equal(second.hasMore, false);

  // A follower hears of a creator's upload; once the item is hidden by reports it leaves their page and count.
  const creator = await signedInMember(env.db, { username: "creator_z" });
  await json(await env.request(`/api/users/${creator.id}/follow`, { method: "POST", cookie: fans[1].cookie }));
  const other = await createMedia(env.db, { userId: creator.id, title: "Public one" });
  await env.db.client.execute({
    sql:
      "INSERT INTO notifications (user_id, kind, group_key, day, actor_ids, media_id, created_at, updated_at) VALUES (?, 'followed_upload', ?, 1, ?, ?, 1, 1)",
    args: [fans[1].id, `u:${creator.id}`, `[${creator.id}]`, other.id],
  });
  assert.equal(await unread(env, fans[1].cookie), 1);
  await env.db.client.execute({ sql: "UPDATE media SET reports_hidden = 1 WHERE id = ?", args: [other.id] });
  assert.equal(await unread(env, fans[1].cookie), 0);
  assert.deepEqual((await inbox(env, fans[1].cookie)).notifications, []);
  // The owner still sees entries about their own hidden item.
  await env.db.client.execute({ sql: "UPDATE media SET reports_hidden = 1 WHERE id = ?", args: [items[0].id] });
  assert.equal(await unread(env, owner.cookie), NOTIFICATION_PAGE_SIZE + 1);
});
