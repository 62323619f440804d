import assert from "node:assert/strict";
import { eq, sql } from "drizzle-orm";
import { media, users } from "../db/schema/mod.ts";
import { categoryIds, createMedia, createUser, makeTestEnv } from "./_helpers.ts";

const env = await makeTestEnv();
const { request, db } = env;
const maker = await createUser(db, { username: "nebula_maker" });
const other = await createUser(db, { username: "plain_person" });
const [catA, catB] = await categoryIds(db);

const inTitle = await createMedia(db, {
  userId: other.id,
  title: "Dragon over the sea",
  contentType: "video",
  fileKey: "v/a.mp4",
  categoryId: catA.id,
});
const inDescription = await createMedia(db, {
  userId: other.id,
  title: "Sunset flight",
  description: "A small dragon appears at the end",
  contentType: "image",
  categoryId: catB.id,
});
const inTags = await createMedia(db, {
  userId: other.id,
  title: "Mountain pass",
  tags: "dragon,fantasy",
  contentType: "embed",
  youtubeId: "dQw4w9WgXcQ",
  categoryId: catA.id,
});
const inPrompt = await createMedia(db, {
  userId: other.id,
  title: "Koi pond",
  prompt: "koi fish, watercolor",
  contentType: "image",
  categoryId: catA.id,
});
const byGenerator = await createMedia(db, {
  userId: other.id,
  title: "Glass city",
  aiGenerator: "Kling",
  contentType: "video",
  fileKey: "v/b.mp4",
});
const byUploader = await createMedia(db, { userId: maker.id, title: "Untitled loop", contentType: "video", fileKey: "v/c.mp4" });
const pending = await createMedia(db, { userId: other.id, title: "Dragon pending", reviewStatus: "pending", contentType: "video" });
const hidden = await createMedia(db, { userId: other.id, title: "Dragon hidden", hidden: true, contentType: "video" });

const ids = (body: { id: number }[]) => body.map((i) => i.id);

async function search(qs: string) {
  const res = await request(`/api/search?${qs}`);
  assert.equal(res.status, 200, await res.clone().text());
  assert.match(res.headers.get("content-type") ?? "", /application\/json/);
  return await res.json();
}

Deno.test("[api] GET /api/search ranks title hits above tag hits above description hits, approved only", async () => {
  const body = await search("q=dragon");
  assert.deepEqual(ids(body), [inTitle.id, inTags.id, inDescription.id]);
  assert.ok(!ids(body).includes(pending.id) && !ids(body).includes(hidden.id));
  assert.equal(body[0].slug, `dragon-over-the-sea-${inTitle.id}`);
});

Deno.test("[api] GET /api/search covers prompt, AI generator and uploader name, with prefixes", async () => {
  assert.deepEqual(ids(await search("q=watercolor")), [inPrompt.id]);
  assert.deepEqual(ids(await search("q=kling")), [byGenerator.id]);
  assert.deepEqual(ids(await search("q=nebula_maker")), [byUploader.id]);
  assert.deepEqual(ids(await search("q=drag")), [inTitle.id, inTags.id, inDescription.id], "prefix match");
  assert.deepEqual(ids(await search("q=dragon%20sea")), [inTitle.id], "all words required");
});

Deno.test("[api] GET /api/search filters by type, by categoryId and by category slug or id", async () => {
  assert.deepEqual(ids(await search("q=dragon&type=video")), [inTitle.id]);
  assert.deepEqual(ids(await search("q=dragon&type=images")), [inDescription.id]);
  assert.deepEqual(ids(await search("q=dragon&type=embeds")), [inTags.id]);
  assert.deepEqual(ids(await search("q=dragon&type=all")), [inTitle.id, inTags.id, inDescription.id]);
  assert.deepEqual(ids(await search(`q=dragon&categoryId=${catA.id}`)), [inTitle.id, inTags.id]);
  assert.deepEqual(ids(await search(`q=dragon&category=${catB.slug}`)), [inDescription.id]);
  assert.deepEqual(ids(await search(`q=dragon&category=${catB.id}`)), [inDescription.id]);
});

Deno.test("[api] GET /api/search: empty or wordless queries find nothing; FTS syntax in input is inert", async () => {
  assert.deepEqual(await search(""), []);
  assert.deepEqual(await search("q=%20%20"), []);
  assert.deepEqual(await search("q=%22%2A%28%29"), []);
  assert.deepEqual(ids(await search("q=dragon%20OR%20%22koi")), [], "OR is a word, not an operator");
  assert.deepEqual(ids(await search("q=NEAR(dragon")), []);
});

Deno.test("[api] GET /api/search stays in step with edits, renames and deletes", async () => {
  const item = await createMedia(db, { userId: other.id, title: "Zebra parade", contentType: "image" });
  assert.deepEqual(ids(await search("q=zebra")), [item.id]);
  await db.update(media).set({ title: "Okapi parade" }).where(eq(media.id, item.id));
  assert.deepEqual(ids(await search("q=zebra")), []);
  assert.deepEqual(ids(await search("q=okapi")), [item.id]);
  await db.update(users).set({ username: "renamed_person" }).where(eq(users.id, other.id));
  assert.ok(ids(await search("q=renamed_person")).includes(item.id));
  await db.delete(media).where(eq(media.id, item.id));
  assert.deepEqual(ids(await search("q=okapi")), []);
});

for (
  const [qs, msg, status] of [
    ["q=" + "a".repeat(201), /q is too long/, 400],
    ["q=x&type=movies", /type must be one of/, 400],
    ["q=x&categoryId=abc", /categoryId must be a whole number/, 400],
    ["q=x&category=Bad%20Slug", /category must be a category slug or id/, 400],
    ["q=x&page=0", /page must be between/, 400],
    ["q=x&bogus=1", /Unknown field: bogus/, 400],
    ["q=x&categoryId=99999", /Category not found/, 404],
  ] as const
) {
  Deno.test(`[api] GET /api/search?${qs.slice(0, 30)} answers ${status}`, async () => {
    const res = await request(`/api/search?${qs}`);
    assert.equal(res.status, status);
    assert.match((await res.json()).error, msg);
  });
}

Deno.test("[page] /search collapses whitespace by redirect and shows results server-rendered", async () => {
  const redirect = await request("/search?q=%20dragon%20%20%20sea%20&type=videos");
  assert.equal(redirect.status, 302);
  assert.equal(redirect.headers.get("location"), "/search?q=dragon+sea&type=videos");
  const res = await request("/search?q=dragon");
  assert.equal(res.status, 200);
  const html = await res.text();
  assert.match(html, /Search results for &quot;dragon&quot;/);
  assert.equal(html.match(/data-card="/g)?.length, 3);
  for (const tab of ["All Content", "Videos", "Images", "Embeds"]) assert.match(html, new RegExp(`>${tab}</a>`));
  assert.match(html, /<select name="category"/);
  assert.match(html, /<link rel="canonical" href="http:\/\/localhost:8000\/search\?q=dragon"/);
  assert.match(html, /<meta property="og:title" content="Search: dragon"/);
});

Deno.test("[page] /search with an empty query shows the page without searching; no match shows suggestions", async () => {
  const empty = await (await request("/search")).text();
  assert.doesNotMatch(empty, /data-card=/);
  assert.doesNotMatch(empty, /No results found/);
  const blank = await request("/search?q=%20%20");
  assert.equal(blank.status, 302);
  assert.equal(blank.headers.get("location"), "/search");
  const none = await (await request("/search?q=nothingmatchesthis")).text();
  assert.match(none, /No results found/);
  assert.match(none, /Check the spelling/);
});

Deno.test("[page] / renders the first page of cards, category tabs, canonical and Open Graph tags", async () => {
  const res = await request("/");
  assert.equal(res.status, 200);
  const html = await res.text();
  assert.ok((html.match(/data-card="/g)?.length ?? 0) >= 6);
  assert.match(html, /data-island="Feed"/);
  assert.match(html, />All Categories</);
  assert.match(html, new RegExp(`href="/\\?category=${catA.slug}"`));
  assert.match(html, /<link rel="canonical" href="http:\/\/localhost:8000\/"/);
  assert.match(html, /<meta property="og:type" content="website"/);
  assert.doesNotMatch(html, /Dragon pending|Dragon hidden/);
});

Deno.test("[page] /?category= filters by slug (any case) or id, with its own canonical; unknown or malformed shows the empty feed", async () => {
  for (const ref of [catA.slug, String(catA.id), catA.slug.toUpperCase()]) {
    const html = await (await request(`/?category=${ref}`)).text();
    assert.match(html, new RegExp(`<link rel="canonical" href="http://localhost:8000/\\?category=${catA.slug}"`));
    assert.match(html, new RegExp(`<meta property="og:title" content="${catA.name} AI videos and images"`));
    assert.match(html, /Dragon over the sea/);
    assert.doesNotMatch(html, /Sunset flight/);
  }
  for (const ref of ["no-such-thing", "Bad%20Slug"]) {
    const res = await request(`/?category=${ref}`);
    assert.equal(res.status, 200);
    const html = await res.text();
    assert.doesNotMatch(html, /Dragon over the sea|Sunset flight/, "no feed cards");
    assert.match(html, /No content available/);
  }
});

Deno.test("[page] / and /search ignore unknown parameters and a bad shuffle seed", async () => {
  const home = await request("/?utm_source=x&fbclid=abc&shuffleSeed=bad%20seed!");
  assert.equal(home.status, 200);
  assert.ok(((await home.text()).match(/data-card="/g)?.length ?? 0) >= 6);
  const found = await request("/search?q=dragon&utm_source=newsletter&fbclid=1");
  assert.equal(found.status, 200);
  assert.equal((await found.text()).match(/data-card="/g)?.length, 3);
  // The JSON API stays strict.
  assert.equal((await request("/api/content/feed?utm_source=x")).status, 400);
});

Deno.test("[page] / keeps ?sortBy= for the server render and in the category tab links", async () => {
  const html = await (await request("/?sortBy=oldest&shuffleSeed=abc")).text();
  const order = [...html.matchAll(/data-card="(\d+)"/g)].map((m) => Number(m[1]));
  const api = await (await request("/api/content/feed?sortBy=oldest")).json();
  const apiIds = [...api.content.videos, ...api.content.images].map((i: { id: number }) => i.id).sort();
  assert.deepEqual([...new Set(order)].sort(), apiIds);
  assert.match(html, new RegExp(`href="/\\?category=${catA.slug}&amp;sortBy=oldest"`));
  assert.match(html, /"sort":"oldest"/);
});

Deno.test("[page] / shows the spec's feed error with a Reload Page button when the feed fails", async () => {
  await using broken = await makeTestEnv();
  await broken.db.run(sql`DROP TABLE media`);
  const res = await broken.request("/");
  assert.equal(res.status, 500);
  const html = await res.text();
  assert.match(html, /Something went wrong/);
  assert.match(html, /Failed to load content feed/);
  assert.match(html, /Reload Page/);
});

Deno.test("[page] /search pages by 48 with Prev/Next links, the total and noindex", async () => {
  await using many = await makeTestEnv();
  const u = await createUser(many.db);
  for (let i = 0; i < 50; i++) await createMedia(many.db, { userId: u.id, title: `Comet ${i}`, contentType: "image" });
  const first = await (await many.request("/search?q=comet&utm_campaign=x")).text();
  assert.equal(first.match(/data-card="/g)?.length, 48);
  assert.match(first, /50 results/);
  assert.match(first, /href="\/search\?q=comet&amp;page=2"[^>]*>Next</);
  assert.doesNotMatch(first, />Prev</);
  assert.match(first, /<meta name="robots" content="noindex"/);
  const second = await (await many.request("/search?q=comet&page=2")).text();
  assert.equal(second.match(/data-card="/g)?.length, 2);
  assert.match(second, /href="\/search\?q=comet"[^>]*>Prev</);
  assert.doesNotMatch(second, />Next</);
});

Deno.test("[page] /?shuffleSeed= and /?shuffle= shuffle with that seed and remember it; the order matches the API", async () => {
  for (const param of ["shuffleSeed", "shuffle"]) {
    const res = await request(`/?${param}=abc123`);
    assert.match(res.headers.getSetCookie().join(), /dr_seed=abc123/);
    const html = await res.text();
    const order = [...html.matchAll(/data-card="(\d+)"/g)].map((m) => Number(m[1]));
    const api = await (await request("/api/content/feed?shuffleSeed=abc123")).json();
    const apiIds = [...api.content.videos, ...api.content.images].map((i: { id: number }) => i.id).sort();
    assert.deepEqual([...order].sort(), apiIds);
  }
});

Deno.test("[page] robots.txt and sitemap.xml list approved media and categories only", async () => {
  const robots = await request("/robots.txt");
  assert.equal(robots.status, 200);
  const text = await robots.text();
  assert.match(text, /Disallow: \/api\//);
  assert.match(text, /Sitemap: http:\/\/localhost:8000\/sitemap\.xml/);
  const sitemap = await request("/sitemap.xml");
  assert.match(sitemap.headers.get("content-type") ?? "", /application\/xml/);
  const xml = await sitemap.text();
  assert.match(xml, new RegExp(`/media/dragon-over-the-sea-${inTitle.id}</loc>`));
  assert.match(xml, new RegExp(`/\\?category=${catA.slug}</loc>`));
  assert.doesNotMatch(xml, new RegExp(`-${pending.id}</loc>`));
  assert.doesNotMatch(xml, new RegExp(`-${hidden.id}</loc>`));
});
