/**
 * Deep feed pages come from the kept orders (lib/feed/rankings.ts), the first ones from the
 * indexes: walking every page of every sort through the API gives exactly the order SQL gives,
 * across the switch at DEEP_OFFSET, with the featured item left out and nothing repeated.
 */
import assert from "node:assert/strict";
import { seedItems } from "../bench/_seed.ts";
import { contentChanged } from "../lib/http/content_version.ts";
import { DEEP_OFFSET } from "../lib/feed/feed.ts";
import { makeTestEnv } from "./_helpers.ts";

const env = await makeTestEnv();
Deno.test.afterAll(() => env.close());
await seedItems(env.db, 700, 5);
await env.db.client.execute("UPDATE media SET featured = 1 WHERE id = 7");
await env.db.client.execute("UPDATE media SET hidden = 1 WHERE id % 97 = 0");
contentChanged(env.db);

const ORDER_SQL = {
  newest: "created_at DESC, id DESC",
  oldest: "created_at ASC, id ASC",
  "most-viewed": "views DESC, id DESC",
  popular: "likes DESC, id DESC",
} as const;

async function sqlOrder(sort: keyof typeof ORDER_SQL, types: string[]): Promise<number[]> {
  const rs = await env.db.client.execute(
    `SELECT id FROM media WHERE review_status = 'approved' AND hidden = 0 AND id <> 7
     AND content_type IN (${types.map((t) => `'${t}'`).join(",")}) ORDER BY ${ORDER_SQL[sort]}`,
  );
  return rs.rows.map((r) => Number(r.id));
}

async function walk(query: string): Promise<{ videos: number[]; images: number[] }> {
  const out = { videos: [] as number[], images: [] as number[] };
  for (let page = 1;; page++) {
    const res = await env.request(`/api/content/feed?${query}&columnCount=1&page=${page}`);
    assert.equal(res.status, 200);
    const body = await res.json();
    out.videos.push(...body.content.videos.map((i: { id: number }) => i.id));
    out.images.push(...body.content.images.map((i: { id: number }) => i.id));
    if (!body.content.hasMore) return out;
    assert.ok(page < 1000);
  }
}

for (const sort of Object.keys(ORDER_SQL) as (keyof typeof ORDER_SQL)[]) {
  Deno.test(`[api] every page of ${sort}, past the kept-order switch at ${DEEP_OFFSET} rows, is SQL's order`, async () => {
    const got = await walk(`sortBy=${sort}`);
    const videos = await sqlOrder(sort, ["video", "embed"]);
    assert.ok(videos.length > DEEP_OFFSET * 2, "deep enough to cross the switch");
    assert.deepEqual(got.videos, videos);
    assert.deepEqual(got.images, await sqlOrder(sort, ["image"]));
  });
}

Deno.test("[api] trending and a shuffle page through every public item once", async () => {
  const all = new Set([...await sqlOrder("newest", ["video", "embed", "image"])]);
  for (const query of ["sortBy=trending", "sortBy=trending&shuffleSeed=deep"]) {
    const got = await walk(query);
    const seen = [...got.videos, ...got.images];
    assert.equal(new Set(seen).size, seen.length, `${query}: no repeats`);
    assert.deepEqual(new Set(seen), all, query);
  }
});

Deno.test("[api] a page past the end is empty, at once", async () => {
  const res = await env.request("/api/content/feed?sortBy=popular&page=10000");
  const body = await res.json();
  assert.deepEqual([body.content.videos.length, body.content.images.length, body.content.hasMore], [0, 0, false]);
});

Deno.test("[api] a content change on a small site shows in deep pages at once", async () => {
  await env.db.client.execute("UPDATE media SET review_status = 'approved' WHERE id = 50");
  contentChanged(env.db);
  const got = await walk("sortBy=oldest");
  assert.ok([...got.videos, ...got.images].includes(50));
});
