/**
 * The Following tab (issue 32 points 2 and 3): GET /api/content/feed?following=true, the /following page with
 * its empty state, and the private RSS/Atom address of the tab. Newest first by the time an item became
 * public (media.published_at, stamped by triggers), mutes applied, built at read time from the kept orders.
 */
import assert from "node:assert/strict";
import { contentChanged } from "../lib/http/content_version.ts";
import { SUGGESTED_CREATORS } from "../common/follow_rules.ts";
import { suggestedCreators } from "../lib/community/follows.ts";
import * as R from "../lib/render/api_responses.ts";
import { createMedia, errorOf, json, makeTestEnv, signedInMember, type TestEnv } from "./_helpers.ts";

type Item = { id: number };
const ids = (items: Item[]) => items.map((i) => i.id);
const feed = (env: TestEnv, cookie: string, query = "") => env.request(`/api/content/feed?following=true${query}`, { cookie });
const follow = (env: TestEnv, id: number, cookie: string) => env.request(`/api/users/${id}/follow`, { method: "POST", cookie });

Deno.test("[api] GET /api/content/feed?following=true: 401 for visitors, 400 with a sort, category, seed or a bad value", async () => {
  await using env = await makeTestEnv();
  const me = await signedInMember(env.db);
  await errorOf(await env.request("/api/content/feed?following=true"), 401);
  for (const q of ["&sortBy=popular", "&category=1", "&shuffleSeed=abc"]) {
    await errorOf(await feed(env, me.cookie, q), 400, "sortBy, category, shuffleSeed and tag do not apply to the Following feed");
  }
  for (
    const q of [
      "?following=yes",
      "?following=",
      "?following=1",
      "?following=true&page=0",
      "?following=true&page=abc",
      "?following=true&columnCount=9",
    ]
  ) {
    await errorOf(await env.request(`/api/content/feed${q}`, { cookie: me.cookie }), 400);
  }
  const res = await feed(env, me.cookie);
  assert.equal(res.headers.get("cache-control"), "private, no-store");
  assert.deepEqual(await json(res), {
    featured: { video: null },
    content: { videos: [], images: [], hasMore: false, adPositions: [] },
  });
  // following=false is the ordinary feed.
  assert.equal((await env.request("/api/content/feed?following=false")).status, 200);
});

Deno.test("[api] the Following feed lists the followed members' public items only, newest published first, in the feed's shape", async () => {
  await using env = await makeTestEnv();
  const admin = await signedInMember(env.db, { isAdmin: true });
  const me = await signedInMember(env.db);
  const [b, c, stranger] = [await signedInMember(env.db), await signedInMember(env.db), await signedInMember(env.db)];
  const t0 = Date.now() - 10 * 86_400_000;
  const at = (days: number) => t0 + days * 86_400_000;
  const bOld = await createMedia(env.db, { userId: b.id, title: "b old", createdAt: at(1) });
  const cMid = await createMedia(env.db, { userId: c.id, title: "c mid", createdAt: at(3) });
  const bVideo = await createMedia(env.db, { userId: b.id, title: "b video", contentType: "video", fileKey: "v/x.mp4", createdAt: at(4) });
  // Uploaded first, approved last: it became public last, so it comes first.
  const bLate = await createMedia(env.db, { userId: b.id, title: "b approved late", reviewStatus: "pending", createdAt: at(0) });
  await createMedia(env.db, { userId: b.id, title: "b pending", reviewStatus: "pending", createdAt: at(5) });
  await createMedia(env.db, { userId: b.id, title: "b rejected", reviewStatus: "rejected", createdAt: at(5) });
  await createMedia(env.db, { userId: b.id, title: "b hidden", hidden: true, createdAt: at(5) });
  await createMedia(env.db, { userId: stranger.id, title: "not followed", createdAt: at(6) });
  await json(await follow(env, b.id, me.cookie));
  await json(await follow(env, c.id, me.cookie));
  await json(await env.request(`/api/admin/content/${bLate.id}/approve`, { method: "POST", cookie: admin.cookie }));
  const stamped = await env.db.client.execute({ sql: "SELECT published_at FROM media WHERE id = ?", args: [bLate.id] });
  assert.ok(Number(stamped.rows[0].published_at) >= Date.now() - 60_000, "approval stamped published_at");

  const body = await json(await feed(env, me.cookie, "&page=1&columnCount=3"));
  assert.ok(R.FeedResponse.safeParse(body).success);
  assert.equal(body.featured.video, null);
  assert.deepEqual(ids(body.content.images), [bLate.id, cMid.id, bOld.id]);
  assert.deepEqual(ids(body.content.videos), [bVideo.id]);
  assert.equal(body.content.hasMore, false);
  assert.equal(body.content.images[0].uploaderName, b.username);
  // The other member's tab is their own.
  const theirs = await json(await feed(env, stranger.cookie));
  assert.deepEqual([theirs.content.images, theirs.content.videos], [[], []]);
});

Deno.test("[api] Following pages go on without repeats or gaps and end with hasMore false; page N past the end is empty", async () => {
  await using env = await makeTestEnv();
  const me = await signedInMember(env.db);
  const makers = [await signedInMember(env.db), await signedInMember(env.db), await signedInMember(env.db)];
  const other = await signedInMember(env.db);
  const t0 = Date.now() - 1_000_000;
  const expected: number[] = [];
  for (let i = 0; i < 45; i++) {
    const row = await createMedia(env.db, { userId: makers[i % 3].id, title: `img ${i}`, createdAt: t0 + i * 1000 });
    await createMedia(env.db, { userId: other.id, title: `noise ${i}`, createdAt: t0 + i * 1000 + 500 });
    expected.unshift(row.id);
  }
  for (const m of makers) await json(await follow(env, m.id, me.cookie));
  const seen: number[] = [];
  let page = 1;
  for (;; page++) {
    const body = await json(await feed(env, me.cookie, `&page=${page}&columnCount=3`));
    seen.push(...ids(body.content.images));
    if (!body.content.hasMore) break;
    assert.equal(body.content.images.length, 6);
  }
  assert.equal(page, 8, "45 images, 6 a page");
  assert.deepEqual(seen, expected);
  const past = await json(await feed(env, me.cookie, "&page=9000&columnCount=3"));
  assert.deepEqual([past.content.images, past.content.hasMore], [[], false]);
});

Deno.test("[api] a follow, an unfollow, a mute and a video becoming ready show in the Following feed at once", async () => {
  await using env = await makeTestEnv();
  const me = await signedInMember(env.db);
  const b = await signedInMember(env.db);
  const c = await signedInMember(env.db);
  const t0 = Date.now() - 1_000_000;
  const plain = await createMedia(env.db, { userId: b.id, title: "plain", tags: "sea", createdAt: t0 });
  const tagged = await createMedia(env.db, { userId: b.id, title: "loud", tags: "loud, sea", createdAt: t0 + 1000 });
  const cItem = await createMedia(env.db, { userId: c.id, title: "c", createdAt: t0 + 2000 });
  const page = async () => ids((await json(await feed(env, me.cookie))).content.images);
  assert.deepEqual(await page(), []);
  await json(await follow(env, b.id, me.cookie));
  assert.deepEqual(await page(), [tagged.id, plain.id]);
  await json(await follow(env, c.id, me.cookie));
  assert.deepEqual(await page(), [cItem.id, tagged.id, plain.id]);
  await json(await env.request("/api/user/mutes", { cookie: me.cookie, json: { type: "tag", value: "LOUD" } }), 201);
  assert.deepEqual(await page(), [cItem.id, plain.id], "muted tag left out");
  await json(await env.request(`/api/users/${c.id}/follow`, { method: "DELETE", cookie: me.cookie }));
  assert.deepEqual(await page(), [plain.id]);
  // An approved video is public once processed: it is dated then, ahead of older public items.
  const video = await createMedia(env.db, {
    userId: b.id,
    title: "clip",
    contentType: "video",
    fileKey: "v/clip.mp4",
    playable: false,
    processingState: "processing",
    createdAt: t0 - 50_000,
  });
  const before = await json(await feed(env, me.cookie));
  assert.deepEqual(before.content.videos, [], "not public while processing");
  await env.db.client.execute({ sql: "UPDATE media SET playable = 1, processing_state = 'ready' WHERE id = ?", args: [video.id] });
  await contentChanged(env.db);
  const after = await json(await feed(env, me.cookie));
  assert.deepEqual(ids(after.content.videos), [video.id]);
  const row = await env.db.client.execute({ sql: "SELECT published_at, created_at FROM media WHERE id = ?", args: [video.id] });
  assert.ok(Number(row.rows[0].published_at) > Number(row.rows[0].created_at) + 40_000, "dated when it became public");
});

Deno.test("[pages] /following: the tab's first page for members, sign-in for visitors; the home page shows the tab to members only", async () => {
  await using env = await makeTestEnv();
  const me = await signedInMember(env.db);
  const b = await signedInMember(env.db);
  const item = await createMedia(env.db, { userId: b.id, title: "Followed sunrise" });
  await createMedia(env.db, { userId: me.id, title: "My own thing" });
  await json(await follow(env, b.id, me.cookie));
  const res = await env.request("/following", { cookie: me.cookie });
  assert.equal(res.status, 200);
  assert.equal(res.headers.get("cache-control"), "private, no-store");
  const html = await res.text();
  assert.match(html, /Followed sunrise/);
  assert.doesNotMatch(html, /My own thing/);
  assert.match(html, /href="\/following" aria-current="page"[^>]*>Following<\/a>/);
  assert.match(html, new RegExp(`/media/followed-sunrise-${item.id}"`));
  assert.match(html, /"following":true/, "the feed island pages through ?following=true");
  const visitor = await env.request("/following", { redirect: "manual" });
  assert.equal(visitor.status, 302);
  assert.equal(visitor.headers.get("location"), "/auth?next=%2Ffollowing");
  assert.match(await (await env.request("/", { cookie: me.cookie })).text(), /href="\/following"[^>]*>Following<\/a>/);
  assert.doesNotMatch(await (await env.request("/")).text(), /href="\/following"/);
});

Deno.test("[pages] /following with nothing to show suggests the most-liked creators of the last 30 days, with Follow buttons", async () => {
  await using env = await makeTestEnv();
  const me = await signedInMember(env.db);
  const admin = await signedInMember(env.db, { isAdmin: true });
  const fans = [];
  for (let i = 0; i < 5; i++) fans.push(await signedInMember(env.db));
  const creators = [];
  for (let i = 0; i < SUGGESTED_CREATORS + 4; i++) creators.push(await signedInMember(env.db, { username: `creator_${i}` }));
  const now = Date.now();
  // creator_i gets (i % 5) + 1 likes this month; creator_0 gets 5 more from two months ago, which do not count.
  for (const [i, c] of creators.entries()) {
    const item = await createMedia(env.db, { userId: c.id, title: `work ${i}` });
    for (let f = 0; f <= i % 5; f++) {
      await env.db.client.execute({
        sql: "INSERT INTO likes (user_id, media_id, created_at) VALUES (?, ?, ?)",
        args: [fans[f].id, item.id, now - f * 3_600_000],
      });
    }
    if (i === 0) {
      const old = await createMedia(env.db, { userId: c.id, title: "old work" });
      for (const f of fans) {
        await env.db.client.execute({
          sql: "INSERT INTO likes (user_id, media_id, created_at) VALUES (?, ?, ?)",
          args: [f.id, old.id, now - 60 * 86_400_000],
        });
      }
    }
  }
  // Not suggested: someone blocked, someone banned.
  await json(await env.request(`/api/users/block/${creators[4].id}`, { method: "POST", cookie: me.cookie }));
  await json(await env.request(`/api/admin/users/${creators[9].id}`, { method: "POST", cookie: admin.cookie }));
  const html = await (await env.request("/following", { cookie: me.cookie })).text();
  assert.match(html, /You don(&#x27;|')t follow anyone yet/);
  const names = [...html.matchAll(/data-testid="suggested-creator".*?>(creator_\d+)<\/a>/g)].map((m) => m[1]);
  // 5 likes: 4 (blocked), 9 (banned); 4 likes: 3, 8; 3 likes: 2, 7; ... ties go to the newer account.
  assert.deepEqual(names, ["creator_8", "creator_3", "creator_7", "creator_2", "creator_6", "creator_1"]);
  assert.equal([...html.matchAll(/data-testid="follow-button"/g)].length, SUGGESTED_CREATORS);
  assert.match(html, /data-island="CreatorSuggestions"/);
  // Following someone with nothing public yet: the other wording, still with suggestions.
  const quiet = await signedInMember(env.db);
  await json(await follow(env, quiet.id, me.cookie));
  const waiting = await (await env.request("/following", { cookie: me.cookie })).text();
  assert.match(waiting, /Nothing here yet/);
  assert.equal([...waiting.matchAll(/data-testid="suggested-creator"/g)].length, SUGGESTED_CREATORS);
  // Someone followed already is not suggested again.
  await json(await follow(env, creators[8].id, fans[0].cookie));
  const forFan = (await suggestedCreators(env.db, fans[0].id)).map((c) => c.username);
  assert.deepEqual(forFan, ["creator_4", "creator_3", "creator_7", "creator_2", "creator_6", "creator_1"]);
});
