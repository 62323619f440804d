import assert from "node:assert/strict";
import { contentChanged } from "../lib/http/content_version.ts";
import { categoryIds, createMedia, createUser, makeTestEnv } from "./_helpers.ts";

const env = await makeTestEnv();
const { request, db } = env;
const alice = await createUser(db, { username: "alice_feed" });
const bob = await createUser(db, { username: "bob_feed" });
const cats = await categoryIds(db);
const [catA, catB] = cats;
const DAY = 86_400_000;
const now = Date.now();

/** Fixtures with known order: ages a day apart, views and likes with deliberate ties. */
type Fx = { key: string; type: "video" | "image" | "embed"; age: number; views: number; likes: number; cat: number };
const fixtures: Fx[] = [
  { key: "v1", type: "video", age: 9, views: 50, likes: 5, cat: catA.id },
  { key: "v2", type: "video", age: 8, views: 900, likes: 1, cat: catA.id },
  { key: "v3", type: "embed", age: 7, views: 50, likes: 40, cat: catB.id },
  { key: "v4", type: "video", age: 6, views: 10, likes: 5, cat: catB.id },
  { key: "v5", type: "video", age: 5, views: 300, likes: 0, cat: catA.id },
  { key: "v6", type: "embed", age: 4, views: 0, likes: 12, cat: catA.id },
  { key: "v7", type: "video", age: 3, views: 70, likes: 12, cat: catB.id },
  { key: "v8", type: "video", age: 2, views: 5, likes: 2, cat: catA.id },
  { key: "v9", type: "video", age: 1, views: 40, likes: 30, cat: catB.id },
  { key: "v10", type: "video", age: 0.5, views: 0, likes: 0, cat: catA.id },
  { key: "i1", type: "image", age: 9.5, views: 20, likes: 3, cat: catA.id },
  { key: "i2", type: "image", age: 6.5, views: 20, likes: 9, cat: catB.id },
  { key: "i3", type: "image", age: 3.5, views: 600, likes: 3, cat: catA.id },
  { key: "i4", type: "image", age: 1.5, views: 1, likes: 0, cat: catB.id },
  { key: "i5", type: "image", age: 0.2, views: 5, likes: 1, cat: catA.id },
];
const ids = new Map<string, number>();
for (const f of fixtures) {
  const row = await createMedia(db, {
    userId: f.key.endsWith("1") ? bob.id : alice.id,
    title: `Fixture ${f.key}`,
    contentType: f.type,
    youtubeId: f.type === "embed" ? "dQw4w9WgXcQ" : null,
    fileKey: f.type === "embed" ? null : f.type === "video" ? `v/${f.key}.mp4` : `i/${f.key}.webp`,
    views: f.views,
    likes: f.likes,
    categoryId: f.cat,
    createdAt: Math.round(now - f.age * DAY),
    tags: "one,two,three,four",
  });
  ids.set(f.key, row.id);
}
// Never in the feed: pending, rejected, hidden.
const invisible = [
  await createMedia(db, {
    userId: alice.id,
    title: "Pending one",
    contentType: "video",
    reviewStatus: "pending",
    views: 99999,
    likes: 9999,
  }),
  await createMedia(db, { userId: alice.id, title: "Rejected one", contentType: "image", reviewStatus: "rejected", views: 99999 }),
  await createMedia(db, { userId: alice.id, title: "Hidden one", contentType: "video", hidden: true, views: 99999 }),
].map((r) => r.id);

const idOf = (key: string) => ids.get(key)!;
const keyOf = new Map([...ids].map(([k, v]) => [v, k]));
const videosFx = fixtures.filter((f) => f.type !== "image");
const imagesFx = fixtures.filter((f) => f.type === "image");

async function json(path: string, cookie?: string) {
  const res = await request(path, { cookie });
  assert.equal(res.status, 200, `${path}: ${await res.clone().text()}`);
  assert.match(res.headers.get("content-type") ?? "", /application\/json/);
  return { res, body: await res.json() };
}

/** Walks every page of a feed query and returns the keys of both streams in order. */
async function walk(query: string, opts: { cookieFromFirst?: boolean; seedOnFirstOnly?: boolean } = {}) {
  const videos: string[] = [], images: string[] = [];
  let cookie: string | undefined;
  for (let page = 1; page < 50; page++) {
    const q = opts.seedOnFirstOnly && page > 1 ? query.replace(/&?shuffleSeed=[^&]*/, "") : query;
    const { res, body } = await json(`/api/content/feed?${q}&page=${page}&columnCount=1`, cookie);
    if (page === 1 && opts.cookieFromFirst) cookie = res.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
    assert.ok(body.content.videos.length <= 4 && body.content.images.length <= 2, "one chunk per column");
    videos.push(...body.content.videos.map((v: { id: number }) => keyOf.get(v.id) ?? `?${v.id}`));
    images.push(...body.content.images.map((v: { id: number }) => keyOf.get(v.id) ?? `?${v.id}`));
    if (!body.content.hasMore) return { videos, images };
  }
  throw new Error("feed never ended");
}

const byThenId = (f: (x: Fx) => number, dir: 1 | -1) => (a: Fx, b: Fx) => dir * (f(a) - f(b)) || dir * (idOf(a.key) - idOf(b.key));
const trending = (x: Fx) => (3 * x.likes + x.views + 1) / ((x.age + 1) * (x.age + 1));
const expected: Record<string, (a: Fx, b: Fx) => number> = {
  newest: byThenId((x) => -x.age, -1),
  oldest: byThenId((x) => -x.age, 1),
  "most-viewed": byThenId((x) => x.views, -1),
  popular: byThenId((x) => x.likes, -1),
  trending: byThenId(trending, -1),
};

for (const [sort, cmp] of Object.entries(expected)) {
  Deno.test(`[api] GET /api/content/feed sortBy=${sort} gives the exact order over all pages`, async () => {
    const got = await walk(`sortBy=${sort}`);
    assert.deepEqual(got.videos, [...videosFx].sort(cmp).map((f) => f.key));
    assert.deepEqual(got.images, [...imagesFx].sort(cmp).map((f) => f.key));
  });
}

Deno.test("[api] feed orders literally as expected for newest and most-viewed (ties by id)", async () => {
  assert.deepEqual((await walk("sortBy=newest")).videos, ["v10", "v9", "v8", "v7", "v6", "v5", "v4", "v3", "v2", "v1"]);
  // v1 and v3 tie on 50 views: the higher id (v3) first.
  assert.deepEqual((await walk("sortBy=most-viewed")).videos, ["v2", "v5", "v7", "v3", "v1", "v9", "v4", "v8", "v10", "v6"]);
});

Deno.test("[api] feed response has the spec's shape and never shows pending, rejected or hidden items", async () => {
  const { body, res } = await json("/api/content/feed?sortBy=most-viewed&columnCount=3");
  assert.deepEqual(Object.keys(body).sort(), ["content", "featured"]);
  assert.deepEqual(Object.keys(body.content).sort(), ["adPositions", "hasMore", "images", "videos"]);
  assert.equal(body.featured.video, null);
  assert.deepEqual(body.content.adPositions, [], "no ad client id configured");
  assert.equal(body.content.videos.length, 10);
  assert.equal(body.content.images.length, 5);
  assert.equal(body.content.hasMore, false);
  const all = [...body.content.videos, ...body.content.images];
  assert.ok(all.every((i: { reviewStatus: string }) => i.reviewStatus === "approved"));
  assert.ok(!all.some((i: { id: number }) => invisible.includes(i.id)));
  const v = body.content.videos[0];
  for (
    const k of [
      "id",
      "slug",
      "title",
      "contentType",
      "thumbnail",
      "videoUrl",
      "uploaderName",
      "categoryName",
      "categorySlug",
      "likes",
      "views",
    ]
  ) {
    assert.ok(k in v, `item has ${k}`);
  }
  assert.equal(res.headers.get("cache-control"), "private, no-store");
});

Deno.test("[api] feed page sizes follow the column count: 4 videos and 2 images per column", async () => {
  const one = (await json("/api/content/feed?sortBy=newest&columnCount=1")).body.content;
  assert.equal(one.videos.length, 4);
  assert.equal(one.images.length, 2);
  assert.equal(one.hasMore, true);
  const two = (await json("/api/content/feed?sortBy=newest&columnCount=2")).body.content;
  assert.equal(two.videos.length, 8);
  assert.equal(two.images.length, 4);
  const last = (await json("/api/content/feed?sortBy=newest&columnCount=2&page=2")).body.content;
  assert.deepEqual(last.videos.map((v: { id: number }) => keyOf.get(v.id)), ["v2", "v1"]);
  assert.deepEqual(last.images.map((v: { id: number }) => keyOf.get(v.id)), ["i1"]);
  assert.equal(last.hasMore, false);
  const beyond = (await json("/api/content/feed?sortBy=newest&page=40")).body.content;
  assert.deepEqual([beyond.videos.length, beyond.images.length, beyond.hasMore], [0, 0, false]);
});

Deno.test("[api] feed filters by category slug and by category id", async () => {
  const wantA = fixtures.filter((f) => f.cat === catA.id).map((f) => idOf(f.key)).sort((a, b) => a - b);
  for (const ref of [catA.slug, String(catA.id)]) {
    const { body } = await json(`/api/content/feed?category=${ref}&sortBy=newest`);
    const got = [...body.content.videos, ...body.content.images].map((i: { id: number; categorySlug: string }) => {
      assert.equal(i.categorySlug, catA.slug);
      return i.id;
    }).sort((a: number, b: number) => a - b);
    assert.deepEqual(got, wantA);
  }
  const empty = (await json(`/api/content/feed?category=${cats[5].slug}`)).body.content;
  assert.deepEqual([empty.videos, empty.images, empty.hasMore], [[], [], false]);
});

Deno.test("[api] shuffle: a seed gives a deterministic permutation; all pages hold every approved item once", async () => {
  const a = await walk("shuffleSeed=alpha123");
  const b = await walk("shuffleSeed=alpha123");
  assert.deepEqual(a, b, "same seed, same order");
  assert.deepEqual([...a.videos].sort(), videosFx.map((f) => f.key).sort());
  assert.deepEqual([...a.images].sort(), imagesFx.map((f) => f.key).sort());
  const seeds = ["s1", "s2", "s3", "s4"];
  const orders = new Set<string>();
  for (const s of seeds) orders.add((await walk(`shuffleSeed=${s}`)).videos.join());
  orders.add(a.videos.join());
  assert.ok(orders.size >= 4, "different seeds give different orders");
  assert.notDeepEqual(a.videos, (await walk("sortBy=trending")).videos);
});

Deno.test("[api] shuffle: pages after 1 sent without the seed continue the same order (seed cookie)", async () => {
  const full = await walk("shuffleSeed=cookie-seed");
  const viaCookie = await walk("shuffleSeed=cookie-seed", { cookieFromFirst: true, seedOnFirstOnly: true });
  assert.deepEqual(viaCookie, full);
  const res = await request("/api/content/feed?shuffleSeed=cookie-seed");
  assert.match(res.headers.getSetCookie().join(), /dr_seed=cookie-seed;.*HttpOnly/);
  // A later page 1 without a seed forgets it.
  const plain = await request("/api/content/feed", { cookie: "dr_seed=cookie-seed" });
  assert.match(plain.headers.getSetCookie().join(), /dr_seed=;/);
});

Deno.test("[api] explicit sorts other than trending ignore the shuffle seed", async () => {
  assert.deepEqual(await walk("sortBy=newest&shuffleSeed=zzz"), await walk("sortBy=newest"));
});

Deno.test("[api] the spec's client sends sortBy=trending with the seed on page 1: the seed applies, later pages via cookie", async () => {
  const shuffled = await walk("shuffleSeed=zzz");
  assert.deepEqual(await walk("sortBy=trending&shuffleSeed=zzz"), shuffled);
  assert.deepEqual(await walk("sortBy=trending&shuffleSeed=zzz", { cookieFromFirst: true, seedOnFirstOnly: true }), shuffled);
  assert.notDeepEqual(shuffled.videos, (await walk("sortBy=trending")).videos);
});

Deno.test("[api] feed default (no seed, no sort) is trending", async () => {
  assert.deepEqual(await walk(""), await walk("sortBy=trending"));
});

Deno.test("[api] the featured item is the newest featured approved item", async () => {
  await createMedia(db, { userId: alice.id, title: "Featured pending", featured: true, reviewStatus: "pending", contentType: "video" });
  const f = await createMedia(db, {
    userId: alice.id,
    title: "Featured approved",
    featured: true,
    contentType: "embed",
    youtubeId: "dQw4w9WgXcQ",
    createdAt: now - 20 * DAY,
  });
  ids.set("featured", f.id);
  keyOf.set(f.id, "featured");
  videosFx.push({ key: "featured", type: "embed", age: 20, views: 0, likes: 0, cat: 0 });
  // Written straight into the database: tell the caches, as the admin's feature route does.
  await contentChanged(env.db);
  try {
    const { body } = await json("/api/content/feed?sortBy=newest");
    assert.equal(body.featured.video.id, f.id);
    assert.match(body.featured.video.embedCode, /youtube-nocookie\.com\/embed\/dQw4w9WgXcQ/);
  } finally {
    await env.db.client.execute({ sql: "DELETE FROM media WHERE id = ?", args: [f.id] });
    await contentChanged(env.db);
    videosFx.pop();
  }
});

const bad: [string, RegExp][] = [
  ["page=0", /page must be between 1 and 10000/],
  ["page=-1", /page must be a whole number/],
  ["page=abc", /page must be a whole number/],
  ["page=1.5", /page must be a whole number/],
  ["page=99999999", /page must be between/],
  ["page=", /page must be a whole number/],
  ["sortBy=random", /sortBy must be one of: oldest, newest, most-viewed, trending, popular/],
  ["sortBy=", /sortBy must be one of/],
  ["columnCount=0", /columnCount must be between 1 and 3/],
  ["columnCount=4", /columnCount must be between 1 and 3/],
  ["columnCount=two", /columnCount must be a whole number/],
  ["category=Not%20A%20Slug!", /category must be a category slug or id/],
  ["category=" + "a".repeat(100), /category/],
  ["shuffleSeed=has%20space", /shuffleSeed must be/],
  ["shuffleSeed=" + "x".repeat(65), /shuffleSeed must be/],
  ["timestamp=yesterday", /timestamp must be/],
  ["foo=1", /Unknown field: foo/],
];
for (const [query, message] of bad) {
  Deno.test(`[api] GET /api/content/feed?${query.slice(0, 40)} answers 400 with a clear error`, async () => {
    const res = await request(`/api/content/feed?${query}`);
    assert.equal(res.status, 400);
    assert.match(res.headers.get("content-type") ?? "", /application\/json/);
    assert.match((await res.json()).error, message);
  });
}

Deno.test("[api] GET /api/content/feed with an unknown category answers 404", async () => {
  for (const ref of ["no-such-category", "999999"]) {
    const res = await request(`/api/content/feed?category=${ref}`);
    assert.equal(res.status, 404);
    assert.equal((await res.json()).error, "Category not found");
  }
});

Deno.test("[api] GET /api/categories lists id, name and slug", async () => {
  const { body } = await json("/api/categories");
  assert.equal(body.length, cats.length);
  assert.ok(body.length >= 11, "the default categories (Abstract left with issue 36)");
  assert.deepEqual(Object.keys(body[0]).sort(), ["id", "name", "slug"]);
  assert.deepEqual(body.map((c: { slug: string }) => c.slug).sort(), cats.map((c) => c.slug).sort());
});

Deno.test("[api] adPositions are given only when AD_CLIENT_ID is configured", async () => {
  await using ads = await makeTestEnv({ AD_CLIENT_ID: "ca-pub-1234567890" });
  const u = await createUser(ads.db);
  for (let i = 0; i < 14; i++) {
    await createMedia(ads.db, { userId: u.id, title: `Ad test ${i}`, contentType: i % 3 ? "video" : "image", fileKey: `v/a${i}.mp4` });
  }
  const res = await ads.request("/api/content/feed?columnCount=1&sortBy=newest");
  const body = await res.json();
  assert.deepEqual(body.content.adPositions, [3]);
  const homeRes = await ads.request("/");
  const home = await homeRes.text();
  assert.match(home, /pagead2\.googlesyndication\.com\/pagead\/js\/adsbygoogle\.js\?client=ca-pub-1234567890/);
  // Google's strict policy for the tag (tests/headers_test.ts reads it whole).
  assert.match(homeRes.headers.get("content-security-policy") ?? "", /script-src 'nonce-[^']+' [^;]*'strict-dynamic'/);
  const plainHome = await (await request("/")).text();
  assert.doesNotMatch(plainHome, /adsbygoogle/);
});
