/** The feed API's JSON is assembled from each item's kept JSON (lib/feed/feed.ts loadFeedJson): the same value as loadFeed's. */
import assert from "node:assert/strict";
import { gunzipSync } from "node:zlib";
import { SORTS } from "../common/feed_rules.ts";
import { feedOrder, loadFeed, loadFeedJson } from "../lib/feed/feed.ts";
import { categoryIds, createMedia, createUser, makeTestEnv } from "./_helpers.ts";

const env = await makeTestEnv();
Deno.test.afterAll(() => env.close());
const owner = await createUser(env.db, { username: "json_owner" });
const [cat] = await categoryIds(env.db);
for (let i = 0; i < 40; i++) {
  await createMedia(env.db, {
    userId: owner.id,
    title: `JSON "quoted" </script> item ${i} ✨`,
    contentType: i % 3 === 0 ? "image" : i % 5 === 0 ? "embed" : "video",
    youtubeId: i % 5 === 0 && i % 3 !== 0 ? "dQw4w9WgXcQ" : null,
    categoryId: i % 2 ? cat.id : null,
    likes: i,
    views: 3 * i,
    featured: i === 7,
    description: `Line one\nline "two" \\ ${i}`,
  });
}

Deno.test("[api] the feed's JSON text is loadFeed's value for every sort, seed, page, column count and category", async () => {
  const orders = [...SORTS.map((s) => feedOrder(s, null)), feedOrder(null, "seed-a")];
  for (const order of orders) {
    for (const categoryId of [null, cat.id]) {
      for (const [page, columns] of [[1, 3], [2, 3], [1, 1], [9, 2]]) {
        const req = { page, order, categoryId, columns };
        for (let round = 0; round < 2; round++) {
          assert.deepEqual(JSON.parse(await loadFeedJson(env.db, req, round === 1)), await loadFeed(env.db, req, round === 1));
        }
      }
    }
  }
});

Deno.test("[api] GET /api/content/feed answers that JSON, gzip or plain, with the same headers", async () => {
  const plain = await env.request("/api/content/feed?sortBy=newest");
  assert.equal(plain.headers.get("content-type"), "application/json");
  assert.equal(plain.headers.get("cache-control"), "private, no-store");
  const body = await plain.json();
  assert.equal(body.content.videos.length + body.content.images.length > 0, true);
  const gz = await env.request("/api/content/feed?sortBy=newest", { headers: { "accept-encoding": "gzip, br" } });
  assert.equal(gz.headers.get("content-encoding"), "gzip");
  assert.equal(gz.headers.get("vary"), "Accept-Encoding");
  assert.deepEqual(JSON.parse(new TextDecoder().decode(gunzipSync(new Uint8Array(await gz.arrayBuffer())))), body);
});
