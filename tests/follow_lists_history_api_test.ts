/**
 * Issue 43 points 2 and 5: others' follower and following lists (public, hidden with showFollows: 403 to
 * others, not to the member), PATCH /api/user's switches, the player's progress beats (members only,
 * public videos only, bad seconds, rate limit, paused history) and the history (list, remove, clear, the cap).
 */
import assert from "node:assert/strict";
import { and, eq } from "drizzle-orm";
import { users, watchHistory } from "../db/schema/mod.ts";
import { writeTx } from "../db/client.ts";
import { insertFollow } from "../db/queries/follows.ts";
import { saveProgress, trimHistory } from "../db/queries/history.ts";
import { createMedia, errorOf, json, makeTestEnv, signedInMember } from "./_helpers.ts";

const env = await makeTestEnv({ RATE_PROGRESS_PER_USER: "8" });
const { request, db } = env;
const ann = await signedInMember(db, { username: "ann_lists" });
const ben = await signedInMember(db, { username: "ben_lists" });
const cat = await signedInMember(db, { username: "cat_lists" });
await writeTx(db, async (tx) => {
  await insertFollow(tx, ben.id, ann.id, 1_000);
  await insertFollow(tx, cat.id, ann.id, 2_000);
  await insertFollow(tx, ann.id, cat.id, 3_000);
});

Deno.test("[api] GET /api/users/{id}/followers and /following: public, newest first, paged; hidden lists 403 to others", async () => {
  const followers = await json(await request(`/api/users/${ann.id}/followers`));
  assert.deepEqual(followers.users.map((u: { username: string }) => u.username), ["cat_lists", "ben_lists"]);
  assert.equal(followers.totalCount, 2);
  assert.equal(followers.page, 1);
  const following = await json(await request(`/api/users/${ann.id}/following`, { cookie: ben.cookie }));
  assert.deepEqual(following.users.map((u: { username: string }) => u.username), ["cat_lists"]);
  assert.deepEqual((await json(await request(`/api/users/${ann.id}/followers?page=2`))).users, []);
  await errorOf(await request(`/api/users/${ann.id}/followers?page=0`), 400);
  await errorOf(await request(`/api/users/${ann.id}/followers?page=x`), 400);
  await errorOf(await request(`/api/users/abc/followers`), 400);
  await errorOf(await request(`/api/users/999999/following`), 404);

  // Ann hides her lists: 403 to visitors and members, not to her.
  const patched = await json(await request("/api/user", { method: "PATCH", cookie: ann.cookie, json: { showFollows: false } }));
  assert.equal(patched.showFollows, false);
  assert.equal(patched.username, "ann_lists");
  assert.equal((await db.select({ s: users.showFollows }).from(users).where(eq(users.id, ann.id)).get())?.s, false);
  await errorOf(await request(`/api/users/${ann.id}/followers`), 403);
  await errorOf(await request(`/api/users/${ann.id}/following`, { cookie: ben.cookie }), 403);
  assert.equal((await json(await request(`/api/users/${ann.id}/followers`, { cookie: ann.cookie }))).totalCount, 2);
  // The pages say the same.
  assert.equal((await request("/user/ann_lists/followers")).status, 403);
  const own = await request("/user/ann_lists/followers", { cookie: ann.cookie });
  assert.equal(own.status, 200);
  assert.ok((await own.text()).includes("ben_lists"));
  await json(await request("/api/user", { method: "PATCH", cookie: ann.cookie, json: { showFollows: true } }));
  const page = await request("/user/ann_lists/following");
  assert.equal(page.status, 200);
  assert.match(page.headers.get("content-type") ?? "", /text\/html/);
  assert.ok((await page.text()).includes('href="/user/cat_lists"'));
  assert.equal((await request("/user/nobody_here_x/followers")).status, 404);
  // The grouped notification's link: one's own list.
  const own2 = await request("/profile/followers", { cookie: ann.cookie, redirect: "manual" });
  assert.equal(own2.status, 302);
  assert.equal(own2.headers.get("location"), "/user/ann_lists/followers");
});

Deno.test("[api] PATCH /api/user: the switches' bad values", async () => {
  await errorOf(await request("/api/user", { method: "PATCH", cookie: ann.cookie, json: { showFollows: "no" } }), 400);
  await errorOf(await request("/api/user", { method: "PATCH", cookie: ann.cookie, json: { historyPaused: 1 } }), 400);
  await errorOf(await request("/api/user", { method: "PATCH", cookie: ann.cookie, json: {} }), 400);
  await errorOf(await request("/api/user", { method: "PATCH", json: { showFollows: false } }), 401);
});

const video = await createMedia(db, { userId: cat.id, title: "Public clip", contentType: "video", fileKey: "v/p.mp4", duration: 120 });
const pending = await createMedia(db, {
  userId: ann.id,
  title: "Pending clip",
  contentType: "video",
  fileKey: "v/q.mp4",
  reviewStatus: "pending",
});
const hidden = await createMedia(db, { userId: cat.id, title: "Hidden clip", contentType: "video", fileKey: "v/h.mp4", hidden: true });
const image = await createMedia(db, { userId: cat.id, title: "Still", contentType: "image", fileKey: "i/s.webp" });
const progress = (id: number, body: unknown, cookie?: string) => request(`/api/videos/${id}/progress`, { cookie, json: body });

Deno.test("[api] POST /api/videos/{id}/progress: members, public videos, sane seconds; paused history records nothing", async () => {
  await errorOf(await progress(video.id, { seconds: 12 }), 401);
  await errorOf(await progress(pending.id, { seconds: 12 }, ann.cookie), 404); // even its owner's
  await errorOf(await progress(hidden.id, { seconds: 12 }, ben.cookie), 404);
  await errorOf(await progress(999_999, { seconds: 12 }, ben.cookie), 404);
  await errorOf(await progress(image.id, { seconds: 12 }, ben.cookie), 422);
  for (const bad of [{ seconds: -1 }, { seconds: "12" }, { seconds: 1e9 }, {}, { seconds: null }]) {
    await errorOf(await progress(video.id, bad, ben.cookie), 400);
  }
  const text = await request(`/api/videos/${video.id}/progress`, { cookie: ben.cookie, method: "POST", body: "seconds=3" });
  assert.equal(text.status, 415);
  assert.deepEqual(await json(await progress(video.id, { seconds: 42.26 }, ben.cookie)), { recorded: true, seconds: 42.3 });
  const row = await db.select().from(watchHistory).where(and(eq(watchHistory.userId, ben.id), eq(watchHistory.mediaId, video.id))).get();
  assert.equal(row?.seconds, 42.3);

  // The media page hands the player the saved position.
  const html = await (await request(`/media/${video.id}`, { cookie: ben.cookie })).text();
  assert.ok(html.includes('"resume":42.3'), "resume position in the player's props");

  await json(await request("/api/user", { method: "PATCH", cookie: ben.cookie, json: { historyPaused: true } }));
  assert.deepEqual(await json(await progress(video.id, { seconds: 80 }, ben.cookie)), { recorded: false, seconds: null });
  assert.equal((await db.select().from(watchHistory).where(eq(watchHistory.userId, ben.id)).get())?.seconds, 42.3);
  await json(await request("/api/user", { method: "PATCH", cookie: ben.cookie, json: { historyPaused: false } }));

  // The rate limit (8 a window here): 429 with a JSON error.
  let last = 200;
  for (let i = 0; i < 10 && last !== 429; i++) last = (await progress(video.id, { seconds: 50 + i }, cat.cookie)).status;
  assert.equal(last, 429);
});

Deno.test("[api] GET /api/user/history: newest first with positions, one's own only; remove, clear; the cap", async () => {
  await errorOf(await request("/api/user/history"), 401);
  const second = await createMedia(db, { userId: cat.id, title: "Second clip", contentType: "video", fileKey: "v/s.mp4" });
  await json(await progress(second.id, { seconds: 7 }, ann.cookie));
  await json(await progress(video.id, { seconds: 30 }, ann.cookie));
  const list = await json(await request("/api/user/history", { cookie: ann.cookie }));
  assert.deepEqual(list.entries.map((e: { item: { title: string }; seconds: number }) => [e.item.title, e.seconds]), [
    ["Public clip", 30],
    ["Second clip", 7],
  ]);
  assert.equal(list.paused, false);
  // Ben's history is his: Ann's request shows only hers, and Ann cannot remove what she never watched.
  const bens = await json(await request("/api/user/history", { cookie: ben.cookie }));
  assert.deepEqual(bens.entries.map((e: { item: { title: string } }) => e.item.title), ["Public clip"]);
  await errorOf(await request(`/api/user/history/${image.id}`, { method: "DELETE", cookie: ann.cookie }), 404);
  await errorOf(await request(`/api/user/history/abc`, { method: "DELETE", cookie: ann.cookie }), 400);
  assert.deepEqual(await json(await request(`/api/user/history/${second.id}`, { method: "DELETE", cookie: ann.cookie })), { removed: 1 });
  assert.equal((await json(await request("/api/user/history", { cookie: ben.cookie }))).entries.length, 1, "Ben's untouched");
  assert.deepEqual(await json(await request("/api/user/history", { method: "DELETE", cookie: ann.cookie })), { removed: 1 });
  assert.equal((await db.select().from(watchHistory).where(eq(watchHistory.userId, ann.id)).all()).length, 0);
  assert.equal((await db.select().from(watchHistory).where(eq(watchHistory.userId, ben.id)).all()).length, 1);

  // The cap: only the newest N rows stay.
  await writeTx(db, async (tx) => {
    for (let i = 0; i < 5; i++) {
      const m = await createMedia(tx as never, { userId: cat.id, title: `Cap ${i}`, contentType: "video", fileKey: `v/c${i}.mp4` });
      await saveProgress(tx, cat.id, m.id, 10, 10_000 + i);
    }
    await trimHistory(tx, cat.id, 3);
  });
  const kept = (await json(await request("/api/user/history", { cookie: cat.cookie }))).entries.map((e: { item: { title: string } }) =>
    e.item.title
  );
  assert.equal(kept.length, 3);
  assert.ok(kept.includes("Cap 4") && !kept.includes("Cap 0"), JSON.stringify(kept));
});

Deno.test.afterAll(() => env.close());
