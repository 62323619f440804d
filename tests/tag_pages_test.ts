/**
 * Issue 43 point 1: the feed API's `tag=` (sorts, paging, mutes, the bad values) and the `/tags/{tag}` page
 * (its cards, RSS and Atom links, noindex below 3 items, 404 for a tag nobody uses), chips linking there.
 */
import assert from "node:assert/strict";
import { contentChanged } from "../lib/http/content_version.ts";
import { createMedia, createUser, errorOf, json, loginCookie, makeTestEnv } from "./_helpers.ts";

const env = await makeTestEnv();
const { request, db } = env;
const alice = await createUser(db, { username: "alice_tags" });
const bob = await createUser(db, { username: "bob_tags" });
const now = Date.now();
const DAY = 86_400_000;
const mk = (title: string, tags: string, o: Record<string, unknown> = {}) =>
  createMedia(db, { userId: alice.id, title, contentType: "video", fileKey: `v/${title}.mp4`, tags, ...o });

const old = await mk("Old neon", "neon, city", { createdAt: now - 5 * DAY, views: 500, likes: 1 });
const mid = await mk("Mid neon", "#Neon", { createdAt: now - 3 * DAY, views: 5, likes: 90 });
const fresh = await mk("Fresh neon", "neon city, neon", { createdAt: now - DAY, views: 50, likes: 3, userId: bob.id });
const pic = await mk("Neon picture", "neon", { contentType: "image", fileKey: "i/p.webp", createdAt: now - 2 * DAY });
// Not the tag "neon": a longer tag with the word, a pending item, a hidden one.
await mk("Neon city only", "neon city", { createdAt: now });
await mk("Pending neon", "neon", { reviewStatus: "pending" });
await mk("Hidden neon", "neon", { hidden: true });
const elan = await mk("Élan item", "Élan", { createdAt: now });
await contentChanged(db);

const feed = async (query: string, cookie?: string) => {
  const body = await json(await request(`/api/content/feed?${query}`, { cookie }));
  return {
    videos: body.content.videos.map((v: { title: string }) => v.title) as string[],
    images: body.content.images.map((v: { title: string }) => v.title) as string[],
    hasMore: body.content.hasMore as boolean,
    featured: body.featured.video,
  };
};

Deno.test("[api] feed tag=: only items carrying exactly the tag, public only, in each sort", async () => {
  const newest = await feed("tag=neon&sortBy=newest");
  assert.deepEqual(newest.videos, ["Fresh neon", "Mid neon", "Old neon"]);
  assert.deepEqual(newest.images, ["Neon picture"]);
  assert.equal(newest.featured, null);
  assert.equal(newest.hasMore, false);
  assert.deepEqual((await feed("tag=neon&sortBy=oldest")).videos, ["Old neon", "Mid neon", "Fresh neon"]);
  assert.deepEqual((await feed("tag=neon&sortBy=most-viewed")).videos, ["Old neon", "Fresh neon", "Mid neon"]);
  assert.deepEqual((await feed("tag=neon&sortBy=popular")).videos, ["Mid neon", "Fresh neon", "Old neon"]);
  // Case and a leading # do not matter; a shuffle holds the same items.
  assert.deepEqual((await feed("tag=%23NEON&sortBy=newest")).videos, newest.videos);
  assert.deepEqual((await feed("tag=neon&shuffleSeed=abc")).videos.sort(), [...newest.videos].sort());
  assert.deepEqual((await feed("tag=neon")).videos.sort(), [...newest.videos].sort());
  assert.deepEqual((await feed("tag=neon%20city&sortBy=newest")).videos, ["Neon city only", "Fresh neon"]);
  assert.deepEqual((await feed("tag=nobody-uses-this")).videos, []);
});

Deno.test("[api] feed tag=: paging by column count, and a member's mutes", async () => {
  const p1 = await feed("tag=neon&sortBy=newest&columnCount=1&page=1");
  assert.equal(p1.videos.length, 3);
  const more = [];
  for (let i = 0; i < 5; i++) {
    more.push(await mk(`Extra ${i}`, "neon", { createdAt: now - (10 + i) * DAY }));
  }
  await contentChanged(db);
  const a = await feed("tag=neon&sortBy=newest&columnCount=1&page=1");
  const b = await feed("tag=neon&sortBy=newest&columnCount=1&page=2");
  assert.equal(a.videos.length, 4);
  assert.equal(a.hasMore, true);
  assert.deepEqual(b.videos, ["Extra 1", "Extra 2", "Extra 3", "Extra 4"]);
  assert.equal(b.hasMore, false);
  // A member who mutes bob sees no bob item under the tag.
  const cookie = await loginCookie(db, (await createUser(db)).id);
  const muted = await request("/api/user/mutes", { cookie, json: { type: "user", value: String(bob.id) } });
  assert.ok(muted.ok, String(muted.status));
  assert.ok(!(await feed("tag=neon&sortBy=newest", cookie)).videos.includes("Fresh neon"));
  assert.ok((await feed("tag=neon&sortBy=newest")).videos.includes("Fresh neon"));
});

Deno.test("[api] feed tag=: bad values are 400 with a JSON error", async () => {
  await errorOf(await request("/api/content/feed?tag="), 400);
  await errorOf(await request("/api/content/feed?tag=%23%23"), 400);
  await errorOf(await request(`/api/content/feed?tag=${"x".repeat(101)}`), 400);
  await errorOf(await request("/api/content/feed?tag=a,b"), 400);
  await errorOf(await request("/api/content/feed?tag=a%0Ab"), 400);
  const cookie = await loginCookie(db, alice.id);
  await errorOf(await request("/api/content/feed?tag=neon&following=true", { cookie }), 400);
});

Deno.test("[page] /tags/{tag}: cards, feeds linked, noindex below 3 items, 404 for an unused tag", async () => {
  const res = await request("/tags/neon");
  assert.equal(res.status, 200);
  assert.match(res.headers.get("content-type") ?? "", /text\/html/);
  const html = await res.text();
  assert.match(html, /<h1[^>]*>#neon<\/h1>/);
  for (const t of ["Fresh neon", "Mid neon", "Old neon", "Neon picture"]) assert.ok(html.includes(t), t);
  assert.ok(!html.includes("Pending neon") && !html.includes("Hidden neon"));
  assert.ok(html.includes('type="application/rss+xml"') && html.includes('href="/feeds/tag/neon.xml"'));
  assert.ok(html.includes('href="/feeds/tag/neon.xml?format=atom"'));
  assert.ok(!html.includes("noindex"), "9 items: indexable");
  // The cards' chips link to the tag pages.
  assert.ok(html.includes('href="/tags/neon"'));
  assert.ok(html.includes('href="/tags/neon%20city"'));

  const few = await request("/tags/%C3%A9lan");
  assert.equal(few.status, 200);
  const fewHtml = await few.text();
  assert.ok(fewHtml.includes("Élan item"));
  assert.match(fewHtml, /<meta name="robots" content="noindex/);

  const none = await request("/tags/nobody-uses-this");
  assert.equal(none.status, 404);
  assert.equal((await request("/tags/a,b")).status, 404);
  assert.ok(elan.id > 0 && old.id && mid.id && fresh.id && pic.id);
});

Deno.test("[page] the media page's tags link to their tag pages", async () => {
  const html = await (await request(`/media/${old.id}`)).text();
  assert.ok(html.includes('href="/tags/neon"'), "neon");
  assert.ok(html.includes('href="/tags/city"'), "city");
});

Deno.test.afterAll(() => env.close());
