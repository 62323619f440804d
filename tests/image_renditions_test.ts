/**
 * Image renditions (issue 35 point 1), through the HTTP API and the real job queue with real sharp:
 * a 2560x1920 PNG, a 4000x3000 JPEG with EXIF and GPS, an animated GIF and a small PNG become WebP
 * copies at 480, 960 and 1600 px wide (never upscaled, no metadata, an animation kept animated, the
 * original itself where it is the smaller file), recorded in media_files; pages offer them by
 * srcset, the original stays for Download; feeds, og:image and oEmbed give the 1600 px copy with
 * its own numbers. Images from before get theirs from the background pass, which yields to requests.
 */
import assert from "node:assert/strict";
import sharp from "sharp";
import { eq } from "drizzle-orm";
import { XMLParser } from "fast-xml-parser";
import { jobs, media, mediaFiles } from "../db/schema/mod.ts";
import { approveItem } from "../db/queries/admin.ts";
import { startJobs } from "../lib/boot/jobs.ts";
import { IMAGE_RENDITIONS } from "../lib/media/image_job.ts";
import { IMAGE_BACKFILL } from "../lib/media/image_backfill.ts";
import { planImageWidths } from "../lib/media/image_renditions.ts";
import { createUser, json, loginCookie, makeTestEnv, ORIGIN, type TestEnv, until } from "./_helpers.ts";
import { imagesWithoutRenditions, imagesWithoutRenditionsQuery } from "../db/queries/media_files.ts";
import { multipart, png } from "./_media_fixtures.ts";
import { animatedGif, pictureJpeg, picturePng } from "./_image_fixtures.ts";

type Source = { url: string; type: string; width: number; height: number; bytes: number; animated?: true };

async function uploadImage(env: TestEnv, cookie: string, name: string, mime: string, bytes: Uint8Array) {
  const mp = multipart(name, mime, bytes);
  const up = await json(
    await env.request("/api/upload/file", { method: "POST", cookie, headers: { "content-type": mp.contentType }, body: mp.body }),
    201,
  );
  return await json(
    await env.request("/api/videos", {
      cookie,
      json: { title: name, contentType: "image", imageUrl: up.url, categoryId: 1, aiGenerator: "SDXL", tags: "" },
    }),
    201,
  );
}

const pathOf = (env: TestEnv, url: string) => `${env.config.uploadsDir}/${url.replace("/uploads/", "")}`;

Deno.test("[media] image renditions: WebP at 480, 960 and 1600 px, never upscaled, no EXIF, GIFs animated, made by the job queue", async () => {
  await using env = await makeTestEnv({ RATE_UPLOADS_PER_USER: "100" });
  const member = await createUser(env.db);
  const cookie = await loginCookie(env.db, member.id);
  const admin = await createUser(env.db, { isAdmin: true });
  const bytes = { png: await picturePng(), jpeg: await pictureJpeg(), gif: await animatedGif(), small: await png("#a36", 300, 200) };
  const items = {
    png: await uploadImage(env, cookie, "wide.png", "image/png", bytes.png),
    jpeg: await uploadImage(env, cookie, "camera.jpg", "image/jpeg", bytes.jpeg),
    gif: await uploadImage(env, cookie, "loop.gif", "image/gif", bytes.gif),
    small: await uploadImage(env, cookie, "small.png", "image/png", bytes.small),
  };
  // Nothing is made inside the request: each upload queued a job, and serves its original meanwhile.
  for (const item of Object.values(items)) {
    assert.deepEqual(item.imageSources, []);
    const queued = await env.db.select().from(jobs).where(eq(jobs.mediaId, item.id));
    assert.deepEqual(queued.map((j) => j.kind), [IMAGE_RENDITIONS]);
    await approveItem(env.db, item.id, admin.id, Date.now());
  }

  const runtime = await startJobs(env.db, env.config);
  try {
    const fetchItem = async (id: number) => await json(await env.request(`/api/videos/${id}`));
    await until(
      async () => {
        for (const item of Object.values(items)) if (!(await fetchItem(item.id)).imageSources.length) return false;
        return true;
      },
      120_000,
      "image renditions",
    );
  } finally {
    await runtime.stop();
  }
  const got: Record<keyof typeof items, { imageUrl: string; imageSources: Source[] }> = {} as never;
  for (const [k, item] of Object.entries(items)) got[k as keyof typeof items] = await json(await env.request(`/api/videos/${item.id}`));

  // The PNG and the JPEG: three WebP copies each, in proportion, their bytes those of the file.
  for (const [k, w, h] of [["png", 2560, 1920], ["jpeg", 4000, 3000]] as const) {
    const list = got[k].imageSources;
    assert.deepEqual(list.map((s) => [s.width, s.height]), [480, 960, 1600].map((x) => [x, Math.round((x * h) / w)]), k);
    for (const s of list) {
      assert.equal(s.type, "image/webp");
      assert.match(s.url, /^\/uploads\/i\/[a-f0-9]{32}\.webp$/);
      const meta = await sharp(pathOf(env, s.url)).metadata();
      assert.equal(meta.format, "webp");
      assert.deepEqual([meta.width, meta.height], [s.width, s.height]);
      assert.equal(meta.exif, undefined, `${k} ${s.width}: no EXIF`);
      assert.equal(meta.xmp, undefined);
      assert.equal(s.bytes, (await Deno.stat(pathOf(env, s.url))).size);
      assert.equal((await env.request(s.url)).headers.get("content-type"), "image/webp");
    }
    assert.ok(list[0].bytes < list[1].bytes && list[1].bytes < list[2].bytes, `${k}: ${list.map((s) => s.bytes)}`);
    assert.ok(list[0].bytes < 100_000 && list[2].bytes * 10 < bytes[k].length, `${k}: ${list.map((s) => s.bytes)} of ${bytes[k].length}`);
    // The original stays as uploaded (its metadata stripped at upload): the Download and the zoom viewer's full size.
    assert.equal((await sharp(pathOf(env, got[k].imageUrl)).metadata()).width, w);
  }
  assert.ok(got.png.imageSources[0].bytes * 50 < bytes.png.length, "a phone's copy is a fiftieth of the PNG");

  // The GIF keeps moving: animated WebP copies with every frame, or the original where that is smaller.
  const gif = got.gif.imageSources;
  assert.deepEqual(gif.map((s) => s.width), [480, 800]);
  for (const s of gif) {
    assert.equal(s.animated, true);
    const meta = await sharp(pathOf(env, s.url), { animated: true }).metadata();
    assert.equal(meta.pages, 4, `${s.url}: every frame`);
    assert.equal(meta.pageHeight, s.height);
    assert.equal(s.type, s.url.endsWith(".gif") ? "image/gif" : "image/webp");
  }
  // A small flat PNG: no wider copy than itself; the original when a WebP is not smaller.
  const small = got.small.imageSources;
  assert.deepEqual(small.map((s) => s.width), [300]);
  assert.ok(small[0].bytes <= bytes.small.length);

  // Recorded in media_files with their pixels, as video renditions are; the original is not among them.
  const files = await env.db.select().from(mediaFiles).where(eq(mediaFiles.mediaId, items.png.id));
  assert.deepEqual(
    files.map((f) => [f.role, f.width, f.height, f.bytes]).sort(),
    got.png.imageSources.map((s) => ["rendition", s.width, s.height, s.bytes]).sort(),
  );
  const row = await env.db.select({ diskBytes: media.diskBytes }).from(media).where(eq(media.id, items.png.id)).get();
  const originalBytes = (await Deno.stat(pathOf(env, got.png.imageUrl))).size;
  assert.equal(row!.diskBytes, originalBytes + files.reduce((n, f) => n + f.bytes, 0));

  // The media page: the picture by srcset and sizes, preloaded the same way; Download fetches the original.
  const slug = items.png.slug;
  const html = await (await env.request(`/media/${slug}`)).text();
  const srcset = got.png.imageSources.map((s) => `${s.url} ${s.width}w`).join(", ");
  const lower = html.toLowerCase();
  assert.ok(lower.includes(`srcset="${srcset}"`), "img srcset");
  assert.ok(lower.includes(`imagesrcset="${srcset}"`), "preload imagesrcset");
  assert.ok(html.includes(`href="${got.png.imageUrl}" download="${slug}.png"`), "Download links the original");
  // No tag fetches the original: it is named by Download, the player's zoom (its props) and JSON-LD's contentUrl.
  assert.ok(!html.includes(`src="${got.png.imageUrl}"`), "no img of the original");
  assert.doesNotMatch(html, new RegExp(`<link rel="preload"[^>]*href="${got.png.imageUrl}"`));
  // Cards: a still's copies up to 960 px as srcset; an animation keeps its still thumbnail.
  const home = (await (await env.request("/")).text()).toLowerCase();
  const cardSet = got.png.imageSources.slice(0, 2).map((s) => `${s.url} ${s.width}w`).join(", ");
  assert.ok(home.includes(`srcset="${cardSet}"`), "card srcset");
  for (const s of gif) assert.ok(!home.includes(s.url), "an animation's card keeps its still");

  // Shared elsewhere: og:image, oEmbed's photo and the feeds' enclosure are the 1600 px copy, with its numbers.
  const top = got.png.imageSources[2];
  assert.match(html, new RegExp(`<meta property="og:image" content="${ORIGIN}${top.url}"`));
  assert.match(html, /<meta property="og:image:width" content="1600"/);
  assert.match(html, /<meta property="og:image:height" content="1200"/);
  const oembed = await json(await env.request(`/oembed?url=${encodeURIComponent(`${ORIGIN}/media/${slug}`)}`));
  assert.equal(oembed.url, `${ORIGIN}${top.url}`);
  assert.deepEqual([oembed.width, oembed.height], [1600, 1200]);
  const rss = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "" }).parse(
    await (await env.request("/feeds/latest.xml")).text(),
  );
  const entry = [rss.rss.channel.item].flat().find((i: { title: string }) => i.title === "wide.png");
  assert.deepEqual(entry.enclosure, { url: `${ORIGIN}${top.url}`, type: "image/webp", length: String(top.bytes) });
  const content = entry["media:content"];
  assert.deepEqual([content.type, content.width, content.height, content.fileSize], ["image/webp", "1600", "1200", String(top.bytes)]);
  const atom = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "" }).parse(
    await (await env.request("/feeds/latest.xml?format=atom")).text(),
  );
  const atomEntry = [atom.feed.entry].flat().find((e: { title: unknown }) => JSON.stringify(e.title).includes("wide.png"));
  const enclosure = [atomEntry.link].flat().find((l: { rel: string }) => l.rel === "enclosure");
  assert.deepEqual([enclosure.href, enclosure.type, enclosure.length], [`${ORIGIN}${top.url}`, "image/webp", String(top.bytes)]);

  // Deleting the item removes its copies with it.
  await json(await env.request(`/api/videos/${items.png.id}`, { method: "DELETE", cookie }));
  for (const s of got.png.imageSources) assert.equal(await Deno.stat(pathOf(env, s.url)).catch(() => null), null);
});

Deno.test("[media] the widths an image gets: never wider than it, no rung within a tenth of its top", () => {
  assert.deepEqual(planImageWidths(4000), [480, 960, 1600]);
  assert.deepEqual(planImageWidths(1600), [480, 960, 1600]);
  assert.deepEqual(planImageWidths(1000), [480, 1000]);
  assert.deepEqual(planImageWidths(1040), [480, 1040]);
  assert.deepEqual(planImageWidths(500), [500]);
  assert.deepEqual(planImageWidths(120), [120]);
});

Deno.test("[jobs] the image backfill gives images from before their renditions, yielding to requests; a broken file is marked, the pass goes on", async () => {
  await using env = await makeTestEnv({ RATE_UPLOADS_PER_USER: "100" });
  const member = await createUser(env.db);
  const cookie = await loginCookie(env.db, member.id);
  const ids: number[] = [];
  for (let i = 0; i < 4; i++) {
    ids.push((await uploadImage(env, cookie, `old${i}.png`, "image/png", await picturePng(1200, 900, 20 + i))).id);
  }
  // As if uploaded before issue 35: no job of their own. One has lost its file.
  await env.db.delete(jobs);
  const broken = await env.db.select({ fileKey: media.fileKey }).from(media).where(eq(media.id, ids[1])).get();
  await Deno.remove(`${env.config.uploadsDir}/${broken!.fileKey}`);

  const runtime = await startJobs(env.db, env.config);
  try {
    const state = async () =>
      await env.db.select({ id: media.id, sources: media.sources, state: media.processingState }).from(media).orderBy(media.id);
    let answered = 0;
    await until(
      async () => {
        assert.equal((await env.request("/api/content/feed?page=1")).status, 200);
        answered++;
        return (await state()).every((r) => r.sources !== "[]" || r.state === "failed");
      },
      120_000,
      "the backfill",
    );
    const rows = await state();
    for (const r of rows) {
      if (r.id === ids[1]) {
        assert.equal(r.state, "failed");
        assert.equal(r.sources, "[]");
        continue;
      }
      assert.equal(r.state, "ready");
      assert.deepEqual(JSON.parse(r.sources).map((s: { w: number }) => s.w), [480, 960, 1200]);
    }
    assert.ok(answered >= 2, `${answered} requests answered during the pass`);
    // The pass ends: no job left queued, and it is not queued again at the next start (the broken one is left alone).
    await until(async () => (await env.db.select().from(jobs).where(eq(jobs.kind, IMAGE_BACKFILL))).every((j) => j.state === "done"));
  } finally {
    await runtime.stop();
  }
  const again = await startJobs(env.db, env.config);
  await again.stop();
  const open = (await env.db.select().from(jobs).where(eq(jobs.kind, IMAGE_BACKFILL))).filter((j) => j.state !== "done");
  assert.equal(open.length, 0);
});

Deno.test("[db] EXPLAIN the backfill's next images reads the partial index of images without renditions", async () => {
  await using env = await makeTestEnv();
  const member = await createUser(env.db);
  // A site after the pass: most items rendered, a few images from before left.
  await env.db.client.execute({
    sql: `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 2000)
      INSERT INTO media (user_id, title, content_type, file_key, sources, review_status, created_at, updated_at)
      SELECT ?, 'Item ' || i, CASE WHEN i % 2 THEN 'video' ELSE 'image' END, 'i/' || i || '.png',
        CASE WHEN i % 100 = 0 THEN '[]' ELSE '[{"k":"x","h":1,"b":1}]' END, 'approved', 0, 0 FROM n`,
    args: [member.id],
  });
  const { sql, params } = imagesWithoutRenditionsQuery(env.db, 10, 10).toSQL();
  const rs = await env.db.client.execute({ sql: `EXPLAIN QUERY PLAN ${sql}`, args: params as never[] });
  const lines = rs.rows.map((r) => String(r.detail));
  assert.match(lines.join("\n"), /SEARCH media USING (COVERING )?INDEX media_images_unrendered \(id>\?\)/, lines.join("\n"));
  assert.ok(!lines.some((l) => /^SCAN (media|jobs)\b/.test(l)), lines.join("\n"));
  assert.deepEqual((await imagesWithoutRenditions(env.db, 150, 3)).map((r) => r.id), [200, 300, 400]);
});
