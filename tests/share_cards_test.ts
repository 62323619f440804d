/**
 * Player cards and oEmbed (issue 26 §1-2), read by independent parsers: open-graph-scraper for the
 * Open Graph and Twitter tags, fast-xml-parser for oEmbed's XML.
 */
import assert from "node:assert/strict";
import { mkdirSync, writeFileSync } from "node:fs";
import ogs from "open-graph-scraper";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { mediaSlug } from "../lib/media/slug.ts";
import { newKey } from "../lib/media/storage.ts";
import { createMedia, createUser, errorOf, json, loginCookie, makeTestEnv, ORIGIN } from "./_helpers.ts";
import { jpeg } from "./_media_fixtures.ts";

const env = await makeTestEnv({ SITE_NAME: "Dreamreel Test" });
const { request, db, config } = env;
const owner = await createUser(db, { username: "card_owner" });

function store(kind: "v" | "i" | "t", ext: string, bytes: Uint8Array) {
  const key = newKey(kind, ext);
  mkdirSync(`${config.uploadsDir}/${kind}`, { recursive: true });
  writeFileSync(`${config.uploadsDir}/${key}`, bytes);
  return key;
}
const thumbBytes = await jpeg({ width: 64, height: 36 });
const video = await createMedia(db, {
  userId: owner.id,
  title: 'Night <Drive> & "Rain"',
  contentType: "video",
  fileKey: store("v", "mp4", new Uint8Array(100)),
  thumbnailKey: store("t", "webp", thumbBytes),
  width: 1920,
  height: 1080,
});
const image = await createMedia(db, {
  userId: owner.id,
  title: "Still life",
  contentType: "image",
  fileKey: store("i", "jpg", await jpeg({ width: 800, height: 600 })),
  thumbnailKey: store("t", "webp", thumbBytes),
  width: 800,
  height: 600,
});
const embed = await createMedia(db, { userId: owner.id, title: "Tube", contentType: "embed", youtubeId: "dQw4w9WgXcQ" });
const bare = await createMedia(db, {
  userId: owner.id,
  title: "No poster",
  contentType: "video",
  fileKey: store("v", "mp4", new Uint8Array(10)),
});
const pending = await createMedia(db, { userId: owner.id, title: "Pending", contentType: "video", reviewStatus: "pending" });
const hidden = await createMedia(db, { userId: owner.id, title: "Hidden", contentType: "video", hidden: true });

const pageUrl = (row: { id: number; title: string }) => `${ORIGIN}/media/${mediaSlug(row.title, row.id)}`;

async function cards(row: { id: number; title: string }) {
  const res = await request(new URL(pageUrl(row)).pathname);
  assert.equal(res.status, 200);
  const html = await res.text();
  const { result, error } = await ogs({ html });
  assert.equal(error, false);
  return { result, html };
}

/** A share image must answer 200 with an image, never a 404. */
async function assertImage(url: string) {
  const u = new URL(url);
  assert.equal(u.origin, ORIGIN);
  const res = await request(u.pathname + u.search);
  assert.equal(res.status, 200, url);
  assert.match(res.headers.get("content-type") ?? "", /^image\//);
  await res.body?.cancel();
}

Deno.test("[cards] a video page carries og:video and a Twitter player card at /embed/{id}", async () => {
  const { result, html } = await cards(video);
  assert.equal(result.ogType, "video.other");
  const [v] = result.ogVideo!;
  assert.equal(v.url, `${ORIGIN}/uploads/${video.fileKey}`);
  assert.equal(v.type, "video/mp4");
  assert.equal(String(v.width), "1920");
  assert.equal(String(v.height), "1080");
  assert.match(html, new RegExp(`property="og:video:secure_url" content="${ORIGIN}/uploads/${video.fileKey}"`));
  assert.equal(result.twitterCard, "player");
  const [p] = result.twitterPlayer!;
  assert.equal(p.url, `${ORIGIN}/embed/${video.id}`);
  assert.equal(String(p.width), "1920");
  assert.equal(String(p.height), "1080");
  assert.equal(result.ogImage![0].url, `${ORIGIN}/uploads/${video.thumbnailKey}`);
  assert.equal(String(result.ogImage![0].width), "640");
  assert.equal(String(result.ogImage![0].height), "360");
  await assertImage(result.ogImage![0].url);
  // The player it points at is frameable from anywhere; the page itself is not.
  const embedRes = await request(`/embed/${video.id}`);
  assert.equal(embedRes.status, 200);
  assert.match(embedRes.headers.get("content-security-policy")!, /frame-ancestors \*/);
  assert.equal(embedRes.headers.get("x-frame-options"), null);
});

Deno.test("[cards] an image page shares the image itself with its size", async () => {
  const { result } = await cards(image);
  assert.equal(result.ogVideo, undefined);
  assert.equal(result.twitterCard, "summary_large_image");
  const [img] = result.ogImage!;
  assert.equal(img.url, `${ORIGIN}/uploads/${image.fileKey}`);
  assert.equal(String(img.width), "800");
  assert.equal(String(img.height), "600");
  await assertImage(img.url);
});

Deno.test("[cards] a YouTube embed points at the YouTube player and still", async () => {
  const { result } = await cards(embed);
  assert.equal(result.ogVideo![0].url, "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ");
  assert.equal(result.ogVideo![0].type, "text/html");
  assert.equal(result.twitterPlayer![0].url, "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ");
  assert.equal(result.ogImage![0].url, "https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg");
  assert.equal(String(result.ogImage![0].width), "480");
});

Deno.test("[cards] a video without a poster shares the generated placeholder, which answers 200", async () => {
  const { result } = await cards(bare);
  await assertImage(result.ogImage![0].url);
  assert.equal(String(result.ogImage![0].width), "640");
});

Deno.test("[oembed] media pages link their oEmbed answers", async () => {
  const { html } = await cards(video);
  const links = [...html.matchAll(/<link rel="alternate" type="([^"]+\+oembed)" href="([^"]+)"/g)].map((m) => [m[1], m[2]]);
  const enc = encodeURIComponent(pageUrl(video));
  assert.deepEqual(links, [
    ["application/json+oembed", `${ORIGIN}/oembed?url=${enc}&amp;format=json`],
    ["text/xml+oembed", `${ORIGIN}/oembed?url=${enc}&amp;format=xml`],
  ]);
});

const REQUIRED = ["type", "version", "title", "author_name", "author_url", "provider_name", "provider_url"];

function assertVideoAnswer(body: Record<string, unknown>, width: number, height: number) {
  for (const k of [...REQUIRED, "html", "width", "height", "thumbnail_url", "thumbnail_width", "thumbnail_height"]) {
    assert.ok(body[k] !== undefined && body[k] !== "", `missing ${k}`);
  }
  assert.equal(body.type, "video");
  assert.equal(String(body.version), "1.0");
  assert.equal(body.title, video.title);
  assert.equal(body.author_name, "card_owner");
  assert.equal(body.author_url, `${ORIGIN}/user/${owner.id}`);
  assert.equal(body.provider_name, "Dreamreel Test");
  assert.equal(body.provider_url, `${ORIGIN}/`);
  assert.equal(Number(body.width), width);
  assert.equal(Number(body.height), height);
  const html = String(body.html);
  assert.match(html, new RegExp(`^<iframe src="${ORIGIN}/embed/${video.id}" width="${width}" height="${height}"`));
  assert.match(html, /title="Night &#60;Drive&#62; &#38; &#34;Rain&#34;"/);
  assert.equal(body.thumbnail_url, `${ORIGIN}/uploads/${video.thumbnailKey}`);
}

Deno.test("[oembed] JSON answer for a video has the spec's fields, scaled by maxwidth/maxheight", async () => {
  const q = encodeURIComponent(pageUrl(video));
  const full = await json(await request(`/oembed?url=${q}&format=json`));
  assertVideoAnswer(full, 1920, 1080);
  assert.equal(full.thumbnail_width, 640);
  assert.equal(full.thumbnail_height, 360);
  // No format means JSON; the /embed URL and the numeric id are the same item.
  assertVideoAnswer(await json(await request(`/oembed?url=${encodeURIComponent(`${ORIGIN}/embed/${video.id}`)}`)), 1920, 1080);
  const narrow = await json(await request(`/oembed?url=${q}&maxwidth=640`));
  assertVideoAnswer(narrow, 640, 360);
  assert.ok(narrow.thumbnail_width <= 640);
  assertVideoAnswer(await json(await request(`/oembed?url=${q}&maxwidth=1000&maxheight=270`)), 480, 270);
  assertVideoAnswer(await json(await request(`/oembed?url=${q}&maxwidth=5000`)), 1920, 1080);
});

Deno.test("[oembed] XML answer parses with the same fields", async () => {
  const res = await request(`/oembed?url=${encodeURIComponent(pageUrl(video))}&format=xml&maxwidth=960`);
  assert.equal(res.status, 200);
  assert.match(res.headers.get("content-type")!, /^text\/xml/);
  const text = await res.text();
  const doc = new XMLParser({ parseTagValue: false }).parse(text);
  assert.ok(doc.oembed, text);
  assertVideoAnswer(doc.oembed, 960, 540);
});

/** A character outside XML 1.0's Char production (a C0 control, a lone surrogate, U+FFFE/U+FFFF). */
const NOT_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u;

Deno.test("[oembed] XML answer drops the characters XML forbids from a title that holds them (issue 31 point 9)", async () => {
  // Written straight into the database, as an older row or another writer could hold it (a lone
  // surrogate is stored as U+FFFD, which XML allows).
  const odd = await createMedia(db, {
    userId: owner.id,
    title: "Bell\u0007 and\u001b esc\uFFFF \uD800half & <b>",
    contentType: "image",
    fileKey: store("i", "jpg", await jpeg({ width: 80, height: 60 })),
    thumbnailKey: store("t", "webp", thumbBytes),
    width: 80,
    height: 60,
  });
  const res = await request(`/oembed?url=${encodeURIComponent(pageUrl(odd))}&format=xml`);
  assert.equal(res.status, 200);
  const text = await res.text();
  assert.doesNotMatch(text, NOT_XML, "only characters XML allows");
  assert.equal(XMLValidator.validate(text), true);
  const doc = new XMLParser({ parseTagValue: false, processEntities: true }).parse(text);
  assert.equal(doc.oembed.title, "Bell and esc \uFFFDhalf & <b>");
  assert.match(doc.oembed.html, /title="Bell and esc \uFFFDhalf &#38; &#60;b&#62;"/);
  assert.equal((await json(await request(`/oembed?url=${encodeURIComponent(pageUrl(odd))}`))).title, odd.title, "JSON carries it as is");
});

Deno.test("[oembed] an image answers type photo with its url and size", async () => {
  const body = await json(await request(`/oembed?url=${encodeURIComponent(pageUrl(image))}&maxheight=300`));
  for (const k of [...REQUIRED, "url", "width", "height"]) assert.ok(body[k] !== undefined, `missing ${k}`);
  assert.equal(body.type, "photo");
  assert.equal(body.url, `${ORIGIN}/uploads/${image.fileKey}`);
  assert.deepEqual([body.width, body.height], [400, 300]);
  const xml = new XMLParser({ parseTagValue: false }).parse(
    await (await request(`/oembed?url=${encodeURIComponent(pageUrl(image))}&format=xml`)).text(),
  );
  assert.equal(xml.oembed.type, "photo");
  assert.equal(xml.oembed.url, `${ORIGIN}/uploads/${image.fileKey}`);
});

Deno.test("[oembed] errors: 404 unknown or not public, 501 format, 400 foreign or malformed", async () => {
  const ownerCookie = await loginCookie(db, owner.id);
  for (const row of [pending, hidden]) {
    // Not even to its owner: a consumer's answer is cached and shown to everyone.
    await errorOf(await request(`/oembed?url=${encodeURIComponent(pageUrl(row))}`, { cookie: ownerCookie }), 404);
    for (const format of ["json", "xml"]) {
      await errorOf(await request(`/oembed?url=${encodeURIComponent(pageUrl(row))}&format=${format}`), 404);
    }
  }
  await errorOf(await request(`/oembed?url=${encodeURIComponent(`${ORIGIN}/media/999999`)}`), 404);
  await errorOf(await request(`/oembed?url=${encodeURIComponent(`${ORIGIN}/forum`)}`), 404);
  await errorOf(await request(`/oembed?url=${encodeURIComponent(pageUrl(video))}&format=yaml`), 501);
  await errorOf(await request(`/oembed?url=${encodeURIComponent(`https://evil.example/media/${video.id}`)}`), 400);
  await errorOf(await request(`/oembed?url=not-a-url`), 400);
  await errorOf(await request(`/oembed`), 400, "url is required");
  await errorOf(await request(`/oembed?url=${encodeURIComponent(pageUrl(video))}&maxwidth=-5`), 400);
  await errorOf(await request(`/oembed?url=${encodeURIComponent(pageUrl(video))}&maxwidth=0`), 400);
  await errorOf(await request(`/oembed?url=${encodeURIComponent(pageUrl(video))}&maxheight=abc`), 400);
  await errorOf(await request(`/oembed?url=${"x".repeat(2100)}`), 400);
});

Deno.test("[oembed] answers carry CORS and a public cache lifetime", async () => {
  const res = await request(`/oembed?url=${encodeURIComponent(pageUrl(video))}`);
  assert.equal(res.headers.get("access-control-allow-origin"), "*");
  assert.match(res.headers.get("cache-control")!, /public, max-age=3600/);
  await res.body?.cancel();
});

Deno.test({ name: "[cards] close", fn: () => env.close(), sanitizeResources: false, sanitizeOps: false });
