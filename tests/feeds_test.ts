/** RSS 2.0 + Media RSS and Atom feeds (issue 26 §3), read by fast-xml-parser, an independent parser. */
import assert from "node:assert/strict";
import { mkdirSync, writeFileSync } from "node:fs";
import { eq } from "drizzle-orm";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { media, users } from "../db/schema/mod.ts";
import { mediaSlug } from "../lib/media/slug.ts";
import { newKey } from "../lib/media/storage.ts";
import { contentChanged } from "../lib/http/content_version.ts";
import { categoryIds, createMedia, createUser, errorOf, makeTestEnv, ORIGIN } from "./_helpers.ts";

const env = await makeTestEnv({ SITE_NAME: "Feedsite" });
const { request, db, config } = env;
const [cat, otherCat] = await categoryIds(db);
const alice = await createUser(db, { username: "alice_feeds" });
const bob = await createUser(db, { username: "bob_feeds" });
const banned = await createUser(db, { username: "banned_feeds" });

function store(kind: "v" | "t" | "i", ext: string) {
  const key = newKey(kind, ext);
  mkdirSync(`${config.uploadsDir}/${kind}`, { recursive: true });
  writeFileSync(`${config.uploadsDir}/${key}`, new Uint8Array(10));
  return key;
}
const t0 = Date.UTC(2026, 9, 1);
const video = await createMedia(db, {
  userId: alice.id,
  title: "Ocean <waves> & foam",
  description: "A calm sea at dusk.",
  contentType: "video",
  categoryId: cat.id,
  tags: "ocean, Neon City, calm",
  fileKey: store("v", "mp4"),
  thumbnailKey: store("t", "webp"),
  width: 1280,
  height: 720,
  duration: 12.4,
  size: 123456,
  createdAt: t0,
  updatedAt: t0,
});
const image = await createMedia(db, {
  userId: bob.id,
  title: "Forest still",
  contentType: "image",
  categoryId: otherCat.id,
  tags: "forest, neon",
  fileKey: store("i", "png"),
  thumbnailKey: store("t", "webp"),
  width: 800,
  height: 600,
  size: 999,
  createdAt: t0 + 60_000,
  updatedAt: t0 + 120_000,
});
const tube = await createMedia(db, {
  userId: bob.id,
  title: "Tube",
  contentType: "embed",
  youtubeId: "dQw4w9WgXcQ",
  createdAt: t0 + 30_000,
  updatedAt: t0 + 30_000,
});
// Never in any feed.
const secret = [
  await createMedia(db, { userId: alice.id, title: "Pending one", reviewStatus: "pending", categoryId: cat.id, tags: "ocean" }),
  await createMedia(db, { userId: alice.id, title: "Rejected one", reviewStatus: "rejected", categoryId: cat.id, tags: "ocean" }),
  await createMedia(db, { userId: alice.id, title: "Hidden one", hidden: true, categoryId: cat.id, tags: "ocean" }),
];
await db.update(users).set({ banned: true }).where(eq(users.id, banned.id));

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "@_",
  parseTagValue: false,
  isArray: (name) => ["item", "entry", "category", "link", "media:content", "enclosure"].includes(name),
});

async function fetchFeed(path: string, init: RequestInit = {}) {
  const res = await request(path, init);
  assert.equal(res.status, 200, `${path}: ${res.status}`);
  const text = await res.text();
  assert.equal(XMLValidator.validate(text), true, `${path} is not well-formed XML`);
  return { res, text, doc: parser.parse(text) };
}

async function rss(path: string) {
  const { res, doc } = await fetchFeed(path);
  assert.match(res.headers.get("content-type")!, /^application\/rss\+xml/);
  assert.equal(doc.rss["@_version"], "2.0");
  assert.equal(doc.rss["@_xmlns:media"], "http://search.yahoo.com/mrss/");
  return doc.rss.channel;
}
async function atom(path: string) {
  const { res, doc } = await fetchFeed(path);
  assert.match(res.headers.get("content-type")!, /^application\/atom\+xml/);
  assert.equal(doc.feed["@_xmlns"], "http://www.w3.org/2005/Atom");
  return doc.feed;
}
const titles = (items: { title: unknown }[] = []) =>
  items.map((i) => typeof i.title === "string" ? i.title : (i.title as { "#text": string })["#text"]);
const pageUrl = (row: { id: number; title: string }) => `${ORIGIN}/media/${mediaSlug(row.title, row.id)}`;

Deno.test("[feeds] /feeds/latest.xml: RSS 2.0 with Media RSS, newest public items first", async () => {
  const ch = await rss("/feeds/latest.xml");
  assert.equal(ch.title, "Feedsite: newest");
  assert.deepEqual(ch.link, [`${ORIGIN}/`]);
  assert.equal(ch["atom:link"]["@_href"], `${ORIGIN}/feeds/latest.xml`);
  assert.deepEqual(titles(ch.item), ["Forest still", "Tube", "Ocean <waves> & foam"]);
  const v = ch.item[2];
  assert.deepEqual(v.link, [pageUrl(video)]);
  assert.equal(v.guid["#text"], pageUrl(video));
  assert.equal(new Date(v.pubDate).getTime(), t0);
  assert.equal(v.description, "A calm sea at dusk.");
  assert.equal(v["dc:creator"], "alice_feeds");
  assert.deepEqual(v.category, [cat.name, "ocean", "Neon City", "calm"]);
  const [content] = v["media:content"];
  assert.equal(content["@_url"], `${ORIGIN}/uploads/${video.fileKey}`);
  assert.equal(content["@_type"], "video/mp4");
  assert.equal(content["@_medium"], "video");
  assert.equal(content["@_width"], "1280");
  assert.equal(content["@_height"], "720");
  assert.equal(content["@_duration"], "12");
  assert.equal(content["@_fileSize"], "123456");
  assert.equal(v.enclosure[0]["@_length"], "123456");
  assert.equal(v["media:thumbnail"]["@_url"], `${ORIGIN}/uploads/${video.thumbnailKey}`);
  assert.equal(v["media:thumbnail"]["@_width"], "640");
  assert.equal(v["media:thumbnail"]["@_height"], "360");
  assert.equal(v["media:player"]["@_url"], `${ORIGIN}/embed/${video.id}`);
  const img = ch.item[0];
  assert.deepEqual(img.link, [pageUrl(image)]);
  assert.equal(img["media:content"][0]["@_medium"], "image");
  assert.equal(img["media:content"][0]["@_type"], "image/png");
  const yt = ch.item[1];
  assert.equal(yt["media:content"], undefined);
  assert.equal(yt["media:player"]["@_url"], "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ");
  assert.equal(yt["media:thumbnail"]["@_url"], "https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg");
});

Deno.test("[feeds] ?format=atom gives the same items as Atom", async () => {
  const feed = await atom("/feeds/latest.xml?format=atom");
  assert.equal(feed.id, `${ORIGIN}/feeds/latest.xml?format=atom`);
  assert.equal(feed.link.find((l: Record<string, string>) => l["@_rel"] === "self")["@_href"], `${ORIGIN}/feeds/latest.xml?format=atom`);
  assert.equal(new Date(feed.updated).getTime(), t0 + 120_000);
  assert.deepEqual(titles(feed.entry), ["Forest still", "Tube", "Ocean <waves> & foam"]);
  const e = feed.entry[2];
  assert.equal(e.id, pageUrl(video));
  assert.equal(e.link.find((l: Record<string, string>) => l["@_rel"] === "alternate")["@_href"], pageUrl(video));
  assert.equal(e.link.find((l: Record<string, string>) => l["@_rel"] === "enclosure")["@_href"], `${ORIGIN}/uploads/${video.fileKey}`);
  assert.equal(e.author.name, "alice_feeds");
  assert.equal(e.author.uri, `${ORIGIN}/user/${alice.id}`);
  assert.equal(new Date(e.published).getTime(), t0);
  assert.equal(e["media:content"][0]["@_url"], `${ORIGIN}/uploads/${video.fileKey}`);
  assert.equal(e["media:thumbnail"]["@_url"], `${ORIGIN}/uploads/${video.thumbnailKey}`);
});

Deno.test("[feeds] category, member and tag feeds list only their public items", async () => {
  assert.deepEqual(titles((await rss(`/feeds/category/${cat.slug}.xml`)).item), ["Ocean <waves> & foam"]);
  assert.deepEqual(titles((await atom(`/feeds/category/${otherCat.slug}.xml?format=atom`)).entry), ["Forest still"]);
  assert.deepEqual(titles((await rss("/feeds/user/alice_feeds.xml")).item), ["Ocean <waves> & foam"]);
  assert.deepEqual(titles((await rss("/feeds/user/BOB_feeds.xml")).item), ["Forest still", "Tube"]);
  assert.deepEqual(titles((await rss("/feeds/tag/ocean.xml")).item), ["Ocean <waves> & foam"]);
  // A tag is matched whole: "neon" is not "Neon City".
  assert.deepEqual(titles((await rss(`/feeds/tag/${encodeURIComponent("neon city")}.xml`)).item), ["Ocean <waves> & foam"]);
  assert.deepEqual(titles((await atom("/feeds/tag/neon.xml?format=atom")).entry), ["Forest still"]);
  const empty = await rss("/feeds/tag/nothing-here.xml");
  assert.equal(empty.item, undefined);
  for (const path of ["/feeds/latest.xml", `/feeds/category/${cat.slug}.xml`, "/feeds/user/alice_feeds.xml", "/feeds/tag/ocean.xml"]) {
    const text = (await fetchFeed(path)).text + (await fetchFeed(`${path}?format=atom`)).text;
    for (const s of secret) assert.ok(!text.includes(s.title), `${s.title} leaked into ${path}`);
  }
});

Deno.test("[feeds] errors: unknown category or member 404, banned member 404, bad format 400", async () => {
  await errorOf(await request("/feeds/category/no-such-category.xml"), 404);
  await errorOf(await request("/feeds/user/nobody_here.xml"), 404);
  await errorOf(await request("/feeds/user/banned_feeds.xml"), 404);
  await errorOf(await request("/feeds/latest.xml?format=json"), 400, "format must be rss or atom");
  await errorOf(await request(`/feeds/tag/${"x".repeat(120)}.xml`), 400);
  assert.equal((await request("/feeds/latest.json")).status, 404);
});

Deno.test("[feeds] ETag and Last-Modified answer 304; a change moves the ETag", async () => {
  for (const path of ["/feeds/latest.xml", "/feeds/latest.xml?format=atom", "/feeds/user/alice_feeds.xml"]) {
    const first = await request(path);
    const etag = first.headers.get("etag")!;
    const lastModified = first.headers.get("last-modified")!;
    await first.body?.cancel();
    assert.match(etag, /^W\/"[^"]+"$/);
    assert.ok(lastModified);
    const again = await request(path, { headers: { "if-none-match": etag } });
    assert.equal(again.status, 304);
    assert.equal(await again.text(), "");
    assert.equal(again.headers.get("etag"), etag);
    const since = await request(path, { headers: { "if-modified-since": lastModified } });
    assert.equal(since.status, 304);
    const older = await request(path, { headers: { "if-modified-since": new Date(t0 - 86400_000).toUTCString() } });
    assert.equal(older.status, 200);
    await older.body?.cancel();
    // If-None-Match decides when both are sent: a stale tag gets the feed even with a current date.
    const stale = await request(path, { headers: { "if-none-match": 'W/"old"', "if-modified-since": lastModified } });
    assert.equal(stale.status, 200);
    await stale.body?.cancel();
  }
  assert.equal(new Date((await request("/feeds/latest.xml")).headers.get("last-modified")!).getTime(), t0 + 120_000);
  const before = (await request("/feeds/latest.xml")).headers.get("etag")!;
  await db.update(media).set({ hidden: true }).where(eq(media.id, tube.id));
  await contentChanged(db);
  const after = await request("/feeds/latest.xml", { headers: { "if-none-match": before } });
  assert.equal(after.status, 200);
  assert.ok(!(await after.text()).includes("<title>Tube</title>"));
  await db.update(media).set({ hidden: false }).where(eq(media.id, tube.id));
});

const feedLinks = (html: string) =>
  [...html.matchAll(/<link rel="alternate" type="(application\/(?:rss|atom)\+xml)" title="[^"]*" href="([^"]+)"/g)].map((m) =>
    `${m[1]} ${m[2]}`
  );

Deno.test("[feeds] pages link the feeds that follow them", async () => {
  const home = await (await request("/")).text();
  assert.deepEqual(feedLinks(home), ["application/rss+xml /feeds/latest.xml", "application/atom+xml /feeds/latest.xml?format=atom"]);
  const catPage = await (await request(`/?category=${cat.slug}`)).text();
  assert.deepEqual(feedLinks(catPage), [
    `application/rss+xml /feeds/category/${cat.slug}.xml`,
    `application/atom+xml /feeds/category/${cat.slug}.xml?format=atom`,
  ]);
  const profile = await (await request(`/user/${alice.id}`)).text();
  assert.deepEqual(feedLinks(profile), [
    "application/rss+xml /feeds/user/alice_feeds.xml",
    "application/atom+xml /feeds/user/alice_feeds.xml?format=atom",
  ]);
  const mediaPage = await (await request(new URL(pageUrl(video)).pathname)).text();
  assert.deepEqual(feedLinks(mediaPage), [
    `application/rss+xml /feeds/category/${cat.slug}.xml`,
    "application/rss+xml /feeds/user/alice_feeds.xml",
    "application/rss+xml /feeds/tag/ocean.xml",
    "application/rss+xml /feeds/tag/neon%20city.xml",
    "application/rss+xml /feeds/tag/calm.xml",
  ]);
  // Every linked feed answers.
  for (const link of [...feedLinks(home), ...feedLinks(catPage), ...feedLinks(profile), ...feedLinks(mediaPage)]) {
    const res = await request(link.split(" ")[1].replaceAll("&amp;", "&"));
    assert.equal(res.status, 200, link);
    await res.body?.cancel();
  }
});

Deno.test({ name: "[feeds] close", fn: () => env.close(), sanitizeResources: false, sanitizeOps: false });
