/** Issue 13 point 12: the Featured Video follows the category and is never also a card of the feed. */
import assert from "node:assert/strict";
import { categoryIds, createMedia, createUser, makeTestEnv } from "./_helpers.ts";

const env = await makeTestEnv();
const { request, db } = env;
const author = await createUser(db);
const [catA, catB, catC] = await categoryIds(db);
const now = Date.now();
const videoIds: number[] = [];
for (let i = 0; i < 30; i++) {
  const row = await createMedia(db, {
    userId: author.id,
    title: `Video ${i}`,
    contentType: "video",
    fileKey: `v/${i}.mp4`,
    categoryId: i % 2 ? catA.id : catB.id,
    views: i * 7 % 30,
    likes: i * 5 % 11,
    createdAt: now - i * 60_000,
  });
  videoIds.push(row.id);
}
// The most recently featured item of A is also among the newest of everything; B has one older featured item.
const featuredA = videoIds[1];
const featuredB = videoIds[8];
await env.db.client.execute({ sql: "UPDATE media SET featured = 1 WHERE id IN (?, ?)", args: [featuredA, featuredB] });

Deno.test.afterAll(() => env.close());

type Feed = { featured: { video: { id: number } | null }; content: { videos: { id: number }[]; hasMore: boolean } };
const feed = async (query: string): Promise<Feed> => {
  const res = await request(`/api/content/feed?${query}`);
  assert.equal(res.status, 200, query);
  return await res.json();
};

/** Every video id of every page for a query, in order. */
async function allPages(query: string): Promise<number[]> {
  const out: number[] = [];
  for (let page = 1; page < 20; page++) {
    const body = await feed(`${query}&page=${page}&columnCount=2`);
    out.push(...body.content.videos.map((v) => v.id));
    if (!body.content.hasMore) break;
  }
  return out;
}

Deno.test("[api] point 12: the featured item follows the category filter", async () => {
  assert.equal((await feed("")).featured.video?.id, featuredA, "no filter: the latest featured item");
  assert.equal((await feed(`category=${catA.slug}`)).featured.video?.id, featuredA);
  assert.equal((await feed(`category=${catB.slug}`)).featured.video?.id, featuredB, "B's own featured item, not A's");
  assert.equal((await feed(`category=${catC.id}`)).featured.video, null, "a category without one shows none");
});

Deno.test("[api] point 12: the featured item is left out of every page of every order, and nothing else is lost", async () => {
  for (const category of ["", `category=${catA.slug}`, `category=${catB.slug}`]) {
    const featured = (await feed(category)).featured.video?.id;
    const expected = videoIds.filter((id) =>
      id !== featured && (category === "" || (category.endsWith(catA.slug) ? videoIds.indexOf(id) % 2 : !(videoIds.indexOf(id) % 2)))
    );
    for (const order of ["sortBy=newest", "sortBy=oldest", "sortBy=most-viewed", "sortBy=popular", "sortBy=trending", "shuffleSeed=abc"]) {
      const ids = await allPages(`${category}&${order}`);
      assert.equal(ids.includes(featured!), false, `${category} ${order}: the featured item is also a card`);
      assert.equal(new Set(ids).size, ids.length, `${category} ${order}: an item shows twice`);
      assert.deepEqual([...ids].sort((a, b) => a - b), [...expected].sort((a, b) => a - b), `${category} ${order}: items lost`);
    }
  }
});

Deno.test("[page] point 12: the home page's first cards do not repeat the featured one", async () => {
  for (const path of ["/", `/?category=${catB.slug}`, "/?sortBy=newest"]) {
    const html = await (await request(path)).text();
    const cards = [...html.matchAll(/data-card="(\d+)"/g)].map((m) => Number(m[1]));
    const featured = path.includes(catB.slug) ? featuredB : featuredA;
    assert.equal(cards.filter((id) => id === featured).length, 1, `${path}: the featured card once, as the featured card`);
  }
});
