import assert from "node:assert/strict";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { eq } from "drizzle-orm";
import { renderToString } from "react-dom/server";
import { YouTubeEmbed } from "../components/ui/YouTubeEmbed.tsx";
import { deleteMediaRow } from "../db/queries/media.ts";
import { insertUser } from "../db/queries/users.ts";
import { comments, likes, media, reports, views } from "../db/schema/mod.ts";
import { MEDIA_MSG } from "../common/media_rules.ts";
import { signKey, visitorAddress, visitorKey } from "../lib/media/signing.ts";
import { mediaSlug } from "../lib/media/slug.ts";
import { newKey } from "../lib/media/storage.ts";
import { categoryIds, createMedia, createUser, loginCookie, makeTestEnv, TRUSTED } from "./_helpers.ts";

const env = await makeTestEnv({ RATE_COMMENTS_PER_USER: "1000", RATE_REPORTS_PER_USER: "1000", REPORT_HIDE_THRESHOLD: "3" });
const { request, db, config } = env;

const owner = await createUser(db, { username: "owner_one" });
// Their reports count toward hiding (issue 42: a verified email, an account older than a day).
const member = await createUser(db, { username: "member_one", ...TRUSTED });
const admin = await createUser(db, { username: "admin_one", isAdmin: true, ...TRUSTED });
const ownerCookie = await loginCookie(db, owner.id);
const memberCookie = await loginCookie(db, member.id);
const adminCookie = await loginCookie(db, admin.id);
const [cat] = await categoryIds(db);

/** Bytes 0..255 repeated: every range has a known content. */
const FILE = new Uint8Array(1000).map((_, i) => i % 256);
function storeFile(ext: string, bytes: Uint8Array = FILE, kind: "v" | "i" | "t" = "v") {
  const key = newKey(kind, ext);
  mkdirSync(`${config.uploadsDir}/${kind}`, { recursive: true });
  writeFileSync(`${config.uploadsDir}/${key}`, bytes);
  return key;
}

const videoKey = storeFile("mp4");
const video = await createMedia(db, {
  userId: owner.id,
  title: "Neon City: Night Drive!",
  contentType: "video",
  fileKey: videoKey,
  categoryId: cat.id,
  tags: "neon, city,,night ",
  prompt: "a neon city at night seen from a car window in the rain",
  description: "D".repeat(200),
  aiGenerator: "Runway",
  duration: 125,
});
const pendingKey = storeFile("mp4");
const pending = await createMedia(db, {
  userId: owner.id,
  title: "Pending one",
  contentType: "video",
  fileKey: pendingKey,
  reviewStatus: "pending",
  categoryId: cat.id,
});
const hiddenItem = await createMedia(db, { userId: owner.id, title: "Hidden one", contentType: "image", hidden: true, categoryId: cat.id });
const deletedKey = storeFile("mp4");
const deleted = await createMedia(db, {
  userId: owner.id,
  title: "Deleted one",
  contentType: "video",
  fileKey: deletedKey,
  categoryId: cat.id,
});
await deleteMediaRow(db, deleted.id);
const embed = await createMedia(db, {
  userId: owner.id,
  title: "Embedded",
  contentType: "embed",
  youtubeId: "dQw4w9WgXcQ",
  categoryId: cat.id,
});
const image = await createMedia(db, { userId: member.id, title: "An <image> & more", contentType: "image", categoryId: cat.id });

async function json(res: Response) {
  assert.match(res.headers.get("content-type") ?? "", /application\/json/);
  return await res.json();
}
async function errorOf(res: Response) {
  const body = await json(res);
  assert.equal(typeof body.error, "string");
  return body.error as string;
}

// ---------- Range serving through /uploads ----------

const fileUrl = `/uploads/${videoKey}`;

Deno.test("[api] /uploads serves the whole file with Accept-Ranges, ETag and a revalidated cache", async () => {
  const res = await request(fileUrl);
  assert.equal(res.status, 200);
  assert.equal(res.headers.get("content-type"), "video/mp4");
  assert.equal(res.headers.get("accept-ranges"), "bytes");
  assert.equal(res.headers.get("content-length"), "1000");
  assert.equal(res.headers.get("cache-control"), "public, max-age=600, must-revalidate");
  assert.ok(res.headers.get("etag"));
  assert.deepEqual(new Uint8Array(await res.arrayBuffer()), FILE);
});

for (
  const [name, range, start, end] of [
    ["the first bytes", "bytes=0-9", 0, 9],
    ["an open range", "bytes=990-", 990, 999],
    ["a suffix range", "bytes=-5", 995, 999],
    ["a range running past the end (clamped)", "bytes=900-5000", 900, 999],
  ] as const
) {
  Deno.test(`[api] /uploads Range: ${name} answers 206 with the right bytes`, async () => {
    const res = await request(fileUrl, { headers: { range } });
    assert.equal(res.status, 206);
    assert.equal(res.headers.get("content-range"), `bytes ${start}-${end}/1000`);
    assert.equal(res.headers.get("content-length"), String(end - start + 1));
    assert.deepEqual(new Uint8Array(await res.arrayBuffer()), FILE.slice(start, end + 1));
  });
}

Deno.test("[api] /uploads Range starting past the end answers 416 with bytes */size", async () => {
  for (const range of ["bytes=1000-", "bytes=5000-6000", "bytes=-0"]) {
    const res = await request(fileUrl, { headers: { range } });
    assert.equal(res.status, 416, range);
    assert.equal(res.headers.get("content-range"), "bytes */1000");
    await res.body?.cancel();
  }
});

Deno.test("[api] /uploads HEAD gives the headers and no body; a Range HEAD gives 206 headers", async () => {
  const res = await request(fileUrl, { method: "HEAD" });
  assert.equal(res.status, 200);
  assert.equal(res.headers.get("content-length"), "1000");
  assert.equal((await res.arrayBuffer()).byteLength, 0);
  const ranged = await request(fileUrl, { method: "HEAD", headers: { range: "bytes=0-99" } });
  assert.equal(ranged.status, 206);
  assert.equal(ranged.headers.get("content-length"), "100");
});

Deno.test("[api] /uploads If-Range: a matching ETag keeps the range, a stale one gets the whole file", async () => {
  const etag = (await request(fileUrl, { method: "HEAD" })).headers.get("etag")!;
  const fresh = await request(fileUrl, { headers: { range: "bytes=0-9", "if-range": etag } });
  assert.equal(fresh.status, 206);
  assert.equal((await fresh.arrayBuffer()).byteLength, 10);
  const stale = await request(fileUrl, { headers: { range: "bytes=0-9", "if-range": '"stale"' } });
  assert.equal(stale.status, 200);
  assert.equal((await stale.arrayBuffer()).byteLength, 1000);
  const notModified = await request(fileUrl, { headers: { "if-none-match": etag } });
  assert.equal(notModified.status, 304);
});

Deno.test("[api] /uploads refuses paths with .. and unknown keys", async () => {
  assert.equal((await request("/uploads/v/..%2F..%2Fdreamreel.db")).status, 400);
  assert.equal((await request("/uploads/v/0123456789abcdef.mp4")).status, 404);
});

// ---------- visibility: pending, hidden and deleted items are invisible everywhere ----------

for (const [name, item, key] of [["pending", pending, pendingKey], ["deleted", deleted, deletedKey]] as const) {
  Deno.test(`[api] a ${name} item is invisible to the public: page, API, file, thumbnail, related, like, comment, report`, async () => {
    const page = await request(`/media/${item.id}`);
    assert.equal(page.status, 404);
    const html = await page.text();
    assert.match(html, /Content Not Found/);
    assert.match(html, /The content you(&#x27;|')re looking for doesn(&#x27;|')t exist or has been removed\./);
    assert.match(html, /Retry Loading/);
    assert.match(html, /Return to Homepage/);
    for (
      const path of [
        `/api/videos/${item.id}`,
        `/api/videos/${item.id}/related`,
        `/api/videos/${item.id}/direct`,
        `/api/videos/${item.id}/comments`,
        `/api/videos/${item.id}/like`,
        `/api/content/${item.id}/thumbnail`,
      ]
    ) {
      const res = await request(path);
      assert.equal(res.status, 404, path);
      await res.body?.cancel();
    }
    assert.equal((await request(`/uploads/${key}`)).status, 404);
    assert.equal((await request(`/embed/${item.id}`)).status, 404);
    assert.equal((await request(`/api/s3/${key}?getUrl=true`)).status, 404);
    assert.equal((await request(`/api/videos/${item.id}/like`, { method: "POST", cookie: memberCookie })).status, 404);
    assert.equal((await request(`/api/videos/${item.id}/comments`, { json: { content: "hi" } })).status, 404);
    assert.equal((await request("/api/reports", { json: { videoId: item.id, reason: "other" } })).status, 404);
    const related = await json(await request(`/api/videos/${video.id}/related`));
    assert.ok(!related.some((r: { id: number }) => r.id === item.id));
    assert.doesNotMatch(await (await request(`/media/${video.id}`)).text(), new RegExp(item.title));
  });
}

Deno.test("[api] a hidden (reported) item is invisible to the public and to other members", async () => {
  assert.equal((await request(`/api/videos/${hiddenItem.id}`)).status, 404);
  assert.equal((await request(`/api/videos/${hiddenItem.id}`, { cookie: memberCookie })).status, 404);
  assert.equal((await request(`/media/${hiddenItem.id}`)).status, 404);
  assert.equal((await request(`/api/content/${hiddenItem.id}/thumbnail`)).status, 404);
});

Deno.test("[api] the owner and admins see a pending item (API, page, file); other members do not", async () => {
  for (const cookie of [ownerCookie, adminCookie]) {
    const res = await request(`/api/videos/${pending.id}`, { cookie });
    assert.equal(res.status, 200);
    assert.equal((await res.json()).reviewStatus, "pending");
    const page = await request(`/media/${pending.id}`, { cookie });
    assert.equal(page.status, 200);
    assert.match(await page.text(), /under review/);
    const file = await request(`/uploads/${pendingKey}`, { cookie });
    assert.equal(file.status, 200);
    assert.equal(file.headers.get("cache-control"), "private, no-store");
    await file.body?.cancel();
  }
  assert.equal((await request(`/api/videos/${pending.id}`, { cookie: memberCookie })).status, 404);
});

// ---------- GET /api/videos/{id}, related, direct ----------

Deno.test("[api] GET /api/videos/{id} returns the content item with uploader, category and a rebuilt embed", async () => {
  const item = await json(await request(`/api/videos/${video.id}`));
  assert.equal(item.id, video.id);
  assert.equal(item.title, "Neon City: Night Drive!");
  assert.equal(item.uploaderName, "owner_one");
  assert.equal(item.categorySlug, cat.slug);
  assert.equal(item.videoUrl, `/uploads/${videoKey}`);
  assert.equal(item.slug, mediaSlug(video.title, video.id));
  const e = await json(await request(`/api/videos/${embed.id}`));
  assert.equal(e.youtubeId, "dQw4w9WgXcQ");
  assert.match(e.embedCode, /^<iframe src="https:\/\/www\.youtube-nocookie\.com\/embed\/dQw4w9WgXcQ"/);
});

Deno.test("[api] GET /api/videos/{id}/related gives at most 6 approved items, never the item itself", async () => {
  for (let i = 0; i < 8; i++) await createMedia(db, { userId: member.id, title: `Filler ${i}`, categoryId: cat.id });
  const list = await json(await request(`/api/videos/${video.id}/related`));
  assert.equal(list.length, 6);
  assert.ok(list.every((r: { id: number; reviewStatus: string }) => r.id !== video.id && r.reviewStatus === "approved"));
});

Deno.test("[api] GET /api/videos/{id}/direct redirects to the file; an embed answers { url }", async () => {
  const res = await request(`/api/videos/${video.id}/direct`);
  assert.equal(res.status, 302);
  assert.equal(res.headers.get("location"), `/uploads/${videoKey}`);
  assert.deepEqual(await json(await request(`/api/videos/${embed.id}/direct`)), {
    url: "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ",
  });
  assert.equal((await request(`/api/videos/${image.id}/direct`)).status, 404);
});

for (const bad of ["abc", "-1", "0", "1.5", "99999999999999999999", "1e3", "%20"]) {
  Deno.test(`[api] bad id "${bad}" is answered 400 or 404 with an error, never a 500`, async () => {
    const paths = [
      `/api/videos/${bad}`,
      `/api/videos/${bad}/related`,
      `/api/videos/${bad}/direct`,
      `/api/videos/${bad}/like`,
      `/api/videos/${bad}/comments`,
      `/api/content/${bad}/thumbnail`,
    ];
    for (const path of paths) {
      const res = await request(path);
      assert.ok([400, 404].includes(res.status), `${path} -> ${res.status}`);
      await errorOf(res);
    }
    for (
      const [path, init] of [
        [`/api/videos/${bad}/like`, { method: "POST", cookie: memberCookie }],
        [`/api/videos/${bad}/comments`, { json: { content: "x" } }],
        ["/api/reports", { json: { videoId: bad, reason: "other" } }],
        ["/api/like", { json: { videoId: bad }, cookie: memberCookie }],
      ] as const
    ) {
      const res = await request(path, init as Parameters<typeof request>[1]);
      assert.ok([400, 404].includes(res.status), `${path} ${bad} -> ${res.status}`);
      await errorOf(res);
    }
    for (const path of [`/media/${bad}`, `/embed/${bad}`]) {
      const res = await request(path);
      assert.ok([400, 404].includes(res.status), `${path} -> ${res.status}`);
      await res.body?.cancel();
    }
  });
}

Deno.test("[api] an unknown but well-formed id is 404 everywhere", async () => {
  for (const path of ["/api/videos/987654", "/api/videos/987654/like", "/api/content/987654/thumbnail", "/media/987654"]) {
    const res = await request(path);
    assert.equal(res.status, 404, path);
    await res.body?.cancel();
  }
});

// ---------- slug rule and redirects ----------

Deno.test("[lib] mediaSlug: lower-cased, punctuation removed, spaces to dashes, cut to 50, then -id", () => {
  assert.equal(mediaSlug("Neon City: Night Drive!", 7), "neon-city-night-drive-7");
  assert.equal(mediaSlug("It's   a  Test, really?", 12), "its-a-test-really-12");
  const long = mediaSlug("word ".repeat(30), 3);
  assert.ok(long.length <= 50 + 2);
  assert.match(long, /^word-(word-)*word-3$/);
  assert.equal(mediaSlug("!!!", 5), "5");
});

Deno.test("[page] /media/{slug} and /media/{id} both render; an outdated slug redirects 301 keeping the query", async () => {
  const slug = mediaSlug(video.title, video.id);
  assert.equal((await request(`/media/${slug}`)).status, 200);
  assert.equal((await request(`/media/${video.id}`)).status, 200);
  const old = await request(`/media/old-title-${video.id}?report=true`);
  assert.equal(old.status, 301);
  assert.equal(old.headers.get("location"), `/media/${slug}?report=true`);
  const caps = await request(`/media/Neon-City-${video.id}`);
  assert.equal(caps.status, 301);
});

// ---------- the page ----------

Deno.test("[page] the media page shows everything the spec lists and its metadata", async () => {
  const res = await request(`/media/${mediaSlug(video.title, video.id)}`);
  assert.equal(res.status, 200);
  const html = await res.text();
  assert.match(html, /<video[^>]*preload="metadata"/);
  assert.match(html, /<video[^>]*controls/);
  assert.match(html, /<h1[^>]*>Neon City: Night Drive!<\/h1>/);
  assert.match(html, /0 comments/);
  assert.match(html, new RegExp(`href="/user/${owner.id}"[^>]*>owner_one`));
  assert.match(html, new RegExp(`href="/\\?category=${cat.slug}"`));
  for (const tag of ["#neon", "#city", "#night"]) assert.ok(html.includes(tag), tag);
  assert.match(html, /Runway/);
  assert.match(html, /data-island="LikeButton"/);
  assert.match(html, /data-island="ReportButton"/);
  assert.match(html, /data-island="ShareButton"/);
  assert.match(html, /data-island="Comments"/);
  assert.match(html, /data-island="RelatedList"/);
  assert.match(html, /data-card="\d+"/, "related items render as media cards");
  assert.match(html, new RegExp(`<meta name="description" content="${"D".repeat(150)}"/>`));
  assert.match(html, /<meta name="keywords" content="a, neon, city, at, night"\/>/);
  assert.match(html, /<meta property="og:type" content="video.other"\/>/);
  assert.match(html, new RegExp(`<meta property="og:video" content="http://localhost:8000/uploads/${videoKey}"/>`));
  const ld = JSON.parse(/<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/.exec(html)![1]);
  assert.equal(ld["@type"], "VideoObject");
  assert.equal(ld.duration, "PT2M5S");
  assert.equal(ld.embedUrl, `http://localhost:8000/embed/${video.id}`);
  assert.equal(res.headers.get("x-frame-options"), "DENY");
});

Deno.test("[page] 'No prompt provided' when the prompt is empty; an image page has no video tag", async () => {
  const html = await (await request(`/media/${image.id}`)).text();
  assert.match(html, /No prompt provided/);
  assert.doesNotMatch(html, /<video/);
  assert.match(html, /An &lt;image&gt; &amp; more/);
});

Deno.test("[page] an embed renders a privacy-enhanced iframe from the id alone", async () => {
  const html = await (await request(`/media/${embed.id}`)).text();
  assert.match(html, /<iframe src="https:\/\/www\.youtube-nocookie\.com\/embed\/dQw4w9WgXcQ"/);
  assert.doesNotMatch(html, /youtube\.com\/embed/);
});

Deno.test("[page] YouTubeEmbed: every link form gives the same player; bad links give the spec's errors and 'Watch on YouTube'", () => {
  const ID = "dQw4w9WgXcQ";
  for (
    const url of [
      `https://www.youtube.com/watch?v=${ID}`,
      `https://www.youtube.com/embed/${ID}`,
      `https://youtu.be/${ID}`,
      `https://www.youtube.com/shorts/${ID}`,
    ]
  ) {
    assert.match(renderToString(<YouTubeEmbed url={url} title="t" />), new RegExp(`src="https://www.youtube-nocookie.com/embed/${ID}"`));
  }
  for (const url of ["https://vimeo.com/1", "https://youtu.be/short", `https://youtube.com/watch?v=${ID}"><script>`]) {
    const html = renderToString(<YouTubeEmbed url={url} title="t" />);
    assert.match(html, /Invalid YouTube URL/);
    assert.match(html, /Watch on YouTube/);
    assert.doesNotMatch(html, /<iframe|<script>/);
  }
  assert.match(renderToString(<YouTubeEmbed url="" title="t" />), /No video URL provided/);
  assert.match(renderToString(<YouTubeEmbed youtubeId={`${ID}"x`} title="t" />), /No video URL provided/);
});

Deno.test("[page] /embed/{id} is a bare, frameable player page with no script", async () => {
  const res = await request(`/embed/${video.id}`);
  assert.equal(res.status, 200);
  assert.match(res.headers.get("content-security-policy")!, /frame-ancestors \*/);
  assert.equal(res.headers.get("x-frame-options"), null);
  const html = await res.text();
  assert.match(html, /<video[^>]*preload="metadata"/);
  assert.doesNotMatch(html, /<script type="module"/);
  assert.doesNotMatch(html, /<header/);
});

// ---------- likes ----------

Deno.test("[api] likes need an account: visitors get 401 on POST, DELETE and POST /api/like", async () => {
  assert.equal((await request(`/api/videos/${video.id}/like`, { method: "POST" })).status, 401);
  assert.equal((await request(`/api/videos/${video.id}/like`, { method: "DELETE" })).status, 401);
  assert.equal((await request("/api/like", { json: { videoId: video.id } })).status, 401);
  assert.deepEqual(await json(await request(`/api/videos/${video.id}/like`)), { isLiked: false, count: 0 });
});

Deno.test("[api] liking twice or unliking twice changes nothing; the count comes from the server", async () => {
  const item = await createMedia(db, { userId: owner.id, title: "Like me" });
  const path = `/api/videos/${item.id}/like`;
  for (let i = 0; i < 2; i++) {
    const res = await request(path, { method: "POST", cookie: memberCookie });
    assert.equal(res.status, 200);
    assert.deepEqual(await res.json(), { isLiked: true, count: 1, likes: 1 });
  }
  assert.deepEqual(await json(await request(path, { cookie: memberCookie })), { isLiked: true, count: 1 });
  assert.equal((await db.select().from(likes).where(eq(likes.mediaId, item.id)).all()).length, 1);
  const viaFeed = await json(await request("/api/like", { json: { videoId: item.id }, cookie: ownerCookie }));
  assert.equal(viaFeed.count, 2);
  for (let i = 0; i < 2; i++) {
    const res = await json(await request(path, { method: "DELETE", cookie: memberCookie }));
    assert.deepEqual(res, { isLiked: false, count: 1, likes: 1 });
  }
  const row = await db.select({ likes: media.likes }).from(media).where(eq(media.id, item.id)).get();
  assert.equal(row?.likes, 1);
});

Deno.test("[api] POST /api/like validates its body", async () => {
  assert.equal((await request("/api/like", { json: {}, cookie: memberCookie })).status, 400);
  assert.equal((await request("/api/like", { json: { videoId: true }, cookie: memberCookie })).status, 400);
  const wrongType = await request("/api/like", {
    method: "POST",
    body: "videoId=1",
    headers: { "content-type": "text/plain" },
    cookie: memberCookie,
  });
  assert.equal(wrongType.status, 415);
});

Deno.test("[api] 200 concurrent likes by 200 members: no 5xx, count equals rows", async () => {
  const item = await createMedia(db, { userId: owner.id, title: "Popular" });
  const cookies = await Promise.all(Array.from({ length: 200 }, async (_, i) => {
    const u = await insertUser(db, { username: `liker_${i}`, email: null, passwordHash: null });
    return loginCookie(db, u.id);
  }));
  const statuses = await Promise.all(cookies.map(async (cookie) => {
    const res = await request(`/api/videos/${item.id}/like`, { method: "POST", cookie });
    await res.body?.cancel();
    return res.status;
  }));
  assert.deepEqual([...new Set(statuses)], [200]);
  const rows = await db.select().from(likes).where(eq(likes.mediaId, item.id)).all();
  const row = await db.select({ likes: media.likes }).from(media).where(eq(media.id, item.id)).get();
  assert.equal(rows.length, 200);
  assert.equal(row?.likes, 200);
});

// ---------- comments ----------

Deno.test("[api] visitors comment as Anonymous, members under their name; the list is newest first", async () => {
  const item = await createMedia(db, { userId: owner.id, title: "Talk about me" });
  const path = `/api/videos/${item.id}/comments`;
  const anon = await request(path, { json: { content: "  first!  ", username: "admin_one" } });
  assert.equal(anon.status, 201);
  const a = await anon.json();
  assert.equal(a.username, "Anonymous");
  assert.equal(a.content, "first!");
  const named = await json(await request(path, { json: { text: "second", username: "someone_else", userId: 1 }, cookie: memberCookie }));
  assert.equal(named.username, "member_one");
  const list = await json(await request(path));
  assert.deepEqual(list.map((c: { content: string }) => c.content), ["second", "first!"]);
  const row = await db.select({ n: media.commentCount }).from(media).where(eq(media.id, item.id)).get();
  assert.equal(row?.n, 2);
  const stored = await db.select().from(comments).where(eq(comments.mediaId, item.id)).all();
  assert.deepEqual(stored.map((c) => c.userId).sort(), [member.id, null].sort());
});

Deno.test("[api] comments: blank, missing, too long and wrongly typed text is refused with a readable error", async () => {
  const path = `/api/videos/${video.id}/comments`;
  for (const body of [{ content: "" }, { content: "   \n " }, {}, { content: null }]) {
    const res = await request(path, { json: body });
    assert.equal(res.status, 400);
    assert.equal(await errorOf(res), MEDIA_MSG.commentEmpty);
  }
  const long = await request(path, { json: { content: "x".repeat(2001) } });
  assert.equal(long.status, 400);
  assert.equal(await errorOf(long), MEDIA_MSG.commentLong);
  assert.equal((await request(path, { json: { content: 42 } })).status, 400);
  assert.equal((await request(path, { json: "just a string" })).status, 400);
  assert.equal((await request(path, { method: "POST", body: "{bad", headers: { "content-type": "application/json" } })).status, 400);
  assert.equal(
    (await request(path, { method: "POST", body: "content=x", headers: { "content-type": "application/x-www-form-urlencoded" } })).status,
    415,
  );
  const cross = await request(path, { json: { content: "x" }, headers: { origin: "https://evil.example" } });
  assert.equal(cross.status, 403);
});

// ---------- reports ----------

Deno.test("[api] POST /api/reports stores an open report; POST /api/report is the same action", async () => {
  const item = await createMedia(db, { userId: owner.id, title: "Report me" });
  const res = await request("/api/reports", { json: { videoId: item.id, reason: "copyright", details: "  mine  " }, cookie: memberCookie });
  assert.equal(res.status, 201);
  const row = await db.select().from(reports).where(eq(reports.mediaId, item.id)).get();
  assert.equal(row?.reason, "copyright");
  assert.equal(row?.details, "mine");
  assert.equal(row?.userId, member.id);
  assert.equal(row?.status, "open");
  const alias = await request("/api/report", { json: { videoId: String(item.id), reason: "other" } });
  assert.equal(alias.status, 201);
  // The visitor's report is stored but only signed-in reporters count.
  assert.equal((await db.select().from(reports).where(eq(reports.mediaId, item.id)).all()).length, 2);
  const m = await db.select({ n: media.openReports }).from(media).where(eq(media.id, item.id)).get();
  assert.equal(m?.n, 1);
});

Deno.test("[api] reports: reason required with the spec's message; unknown reason, long details, missing videoId refused", async () => {
  for (const reason of [undefined, "", "   "]) {
    const res = await request("/api/reports", { json: { videoId: video.id, reason } });
    assert.equal(res.status, 400);
    assert.equal(await errorOf(res), "Please select a reason for reporting.");
  }
  const unknown = await request("/api/reports", { json: { videoId: video.id, reason: "boring" } });
  assert.equal(unknown.status, 400);
  assert.match(await errorOf(unknown), /inappropriate, copyright, explicit, misinformation, other/);
  const long = await request("/api/reports", { json: { videoId: video.id, reason: "other", details: "x".repeat(1001) } });
  assert.equal(long.status, 400);
  assert.equal(await errorOf(long), MEDIA_MSG.detailsLong);
  const missing = await request("/api/reports", { json: { reason: "other" } });
  assert.equal(missing.status, 400);
  assert.equal(await errorOf(missing), "videoId is required");
  assert.equal((await request("/api/reports", { json: { videoId: 987654, reason: "other" } })).status, 404);
});

Deno.test("[api] one open report per reporter and item (409); at the threshold the item is hidden", async () => {
  const item = await createMedia(db, { userId: owner.id, title: "Bad one" });
  const body = { videoId: item.id, reason: "inappropriate" };
  assert.equal((await request("/api/reports", { json: body, cookie: memberCookie })).status, 201);
  const again = await request("/api/reports", { json: body, cookie: memberCookie });
  assert.equal(again.status, 409);
  assert.equal(await errorOf(again), MEDIA_MSG.alreadyReported);
  assert.equal((await request(`/api/videos/${item.id}`)).status, 200);
  assert.equal((await request("/api/reports", { json: body, cookie: adminCookie })).status, 201);
  assert.equal((await request("/api/reports", { json: body })).status, 201); // a visitor (by address): stored, not counted
  assert.equal((await request(`/api/videos/${item.id}`)).status, 200);
  const third = await createUser(db, { username: "third_reporter", ...TRUSTED });
  assert.equal((await request("/api/reports", { json: body, cookie: await loginCookie(db, third.id) })).status, 201);
  const row = await db.select({ n: media.openReports, hidden: media.hidden }).from(media).where(eq(media.id, item.id)).get();
  assert.deepEqual(row, { n: 3, hidden: true });
  assert.equal((await request(`/api/videos/${item.id}`)).status, 404);
  assert.equal((await request(`/api/videos/${item.id}`, { cookie: ownerCookie })).status, 200);
});

Deno.test("[api] visitors from many addresses never hide an item; their reports are listed for admins", async () => {
  await using proxied = await makeTestEnv({ TRUST_PROXY: "true", REPORT_HIDE_THRESHOLD: "2", RATE_REPORTS_PER_USER: "1000" });
  const o = await createUser(proxied.db, { username: "owner_px" });
  const item = await createMedia(proxied.db, { userId: o.id, title: "Target" });
  const body = { videoId: item.id, reason: "inappropriate" };
  for (const ip of ["198.51.100.1", "198.51.100.2", "203.0.113.9", "2001:db8:aa::1"]) {
    const res = await proxied.request("/api/reports", { json: body, headers: { "x-forwarded-for": ip } });
    assert.equal(res.status, 201, ip);
  }
  const row = await proxied.db.select({ n: media.openReports, hidden: media.hidden }).from(media).where(eq(media.id, item.id)).get();
  assert.deepEqual(row, { n: 0, hidden: false });
  assert.equal((await proxied.request(`/api/videos/${item.id}`)).status, 200);
  const a = await createUser(proxied.db, { username: "admin_px", isAdmin: true });
  const list = await json(await proxied.request("/api/admin/content/reported", { cookie: await loginCookie(proxied.db, a.id) }));
  assert.equal(list.length, 1);
  assert.equal(list[0].id, item.id);
});

Deno.test("[api] an IPv6 visitor is one reporter per /64: another address in the same /64 gets 409", async () => {
  await using proxied = await makeTestEnv({ TRUST_PROXY: "true", RATE_REPORTS_PER_USER: "1000" });
  const o = await createUser(proxied.db, { username: "owner_v6" });
  const item = await createMedia(proxied.db, { userId: o.id, title: "Target v6" });
  const body = { videoId: item.id, reason: "other" };
  const send = (ip: string) => proxied.request("/api/reports", { json: body, headers: { "x-forwarded-for": ip } });
  assert.equal((await send("2001:db8:1:2::1")).status, 201);
  assert.equal((await send("2001:0db8:0001:0002:ffff:1:2:3")).status, 409);
  assert.equal((await send("2001:db8:1:3::1")).status, 201);
});

Deno.test("[lib] visitorAddress: IPv4 as is (also IPv4-mapped), IPv6 by its /64 prefix", () => {
  assert.equal(visitorAddress("203.0.113.7"), "203.0.113.7");
  assert.equal(visitorAddress("::ffff:203.0.113.7"), "203.0.113.7");
  assert.equal(visitorAddress("2001:db8:1:2:3:4:5:6"), "2001:db8:1:2::/64");
  assert.equal(visitorAddress("[2001:DB8:0001:0002::9]"), "2001:db8:1:2::/64");
  assert.equal(visitorAddress("fe80::1%eth0"), "fe80:0:0:0::/64");
  assert.equal(visitorKey(config, "2001:db8:1:2::1"), visitorKey(config, "2001:db8:1:2:ffff::"));
  assert.notEqual(visitorKey(config, "2001:db8:1:2::1"), visitorKey(config, "2001:db8:1:3::1"));
});

// ---------- thumbnails ----------

Deno.test("[api] thumbnail: the stored file, the YouTube image for embeds, or a placeholder bearing the (escaped) title", async () => {
  const thumbKey = storeFile("jpg", new Uint8Array([0xff, 0xd8, 0xff, 1, 2, 3]), "t");
  const withThumb = await createMedia(db, { userId: owner.id, title: "Thumbed", contentType: "video", thumbnailKey: thumbKey });
  const t = await request(`/api/content/${withThumb.id}/thumbnail`);
  assert.equal(t.status, 200);
  assert.equal(t.headers.get("content-type"), "image/jpeg");
  assert.equal((await t.arrayBuffer()).byteLength, 6);
  const p = await request(`/api/content/${withThumb.id}/thumbnail?placeholder=true&t=123`);
  assert.equal(p.headers.get("content-type"), "image/svg+xml");
  assert.match(await p.text(), /Thumbed/);
  const y = await request(`/api/content/${embed.id}/thumbnail`);
  assert.equal(y.status, 302);
  assert.equal(y.headers.get("location"), "https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg");
  const none = await request(`/api/content/${image.id}/thumbnail?placeholder=true`);
  const svg = await none.text();
  assert.match(svg, /^<svg /);
  assert.match(svg, /An &lt;image&gt; &amp; more/);
  assert.doesNotMatch(svg, /<image>/);
});

Deno.test("[api] thumbnail?placeholder=true is an image for an unknown or unseen id too (a 404 whose body is the untitled placeholder)", async () => {
  const hidden = await createMedia(db, { userId: owner.id, title: "Secret pending title", contentType: "image", reviewStatus: "pending" });
  for (const id of [999_999, hidden.id]) {
    const res = await request(`/api/content/${id}/thumbnail?placeholder=true&t=5`);
    assert.equal(res.status, 404, `id ${id}`);
    assert.equal(res.headers.get("content-type"), "image/svg+xml");
    assert.equal(res.headers.get("cache-control"), "private, no-store");
    const svg = await res.text();
    assert.match(svg, /^<svg [^>]*viewBox="0 0 640 360"/);
    assert.doesNotMatch(svg, /<text|Secret/, "no title, not even 'Untitled'");
  }
  // Without placeholder=true the API's JSON 404 stands, and a malformed id is still a 400.
  for (const [path, status] of [["/api/content/999999/thumbnail", 404], ["/api/content/abc/thumbnail?placeholder=true", 400]] as const) {
    const res = await request(path);
    assert.equal(res.status, status, path);
    assert.ok((await errorOf(res)).length > 0, path);
  }
  // Its owner still gets the titled one.
  const own = await request(`/api/content/${hidden.id}/thumbnail?placeholder=true`, { cookie: ownerCookie });
  assert.equal(own.status, 200);
  assert.match(await own.text(), /Secret pending title/);
});

// ---------- signed links ----------

Deno.test("[api] GET /api/s3/{key}?getUrl=true gives a signed link that serves the file (with Range)", async () => {
  const { url } = await json(await request(`/api/s3/${videoKey}?getUrl=true&t=1`));
  assert.match(url, new RegExp(`^/api/s3/${videoKey}\\?expires=\\d+&signature=[\\w-]+$`));
  const res = await request(url);
  assert.equal(res.status, 200);
  assert.deepEqual(new Uint8Array(await res.arrayBuffer()), FILE);
  const ranged = await request(url, { headers: { range: "bytes=0-3" } });
  assert.equal(ranged.status, 206);
  assert.equal((await ranged.arrayBuffer()).byteLength, 4);
});

Deno.test("[api] signed links: forged, tampered, missing or expired signatures get 403", async () => {
  const { url } = await json(await request(`/api/s3/${videoKey}?getUrl=true`));
  const u = new URL(url, "http://x");
  const exp = u.searchParams.get("expires")!;
  const sig = u.searchParams.get("signature")!;
  const forged = `${sig.slice(0, -2)}${sig.endsWith("AA") ? "BB" : "AA"}`;
  for (
    const path of [
      `/api/s3/${videoKey}?expires=${exp}&signature=${forged}`,
      `/api/s3/${videoKey}?expires=${Number(exp) + 1000}&signature=${sig}`,
      `/api/s3/${pendingKey}?expires=${exp}&signature=${sig}`,
      `/api/s3/${videoKey}`,
      `/api/s3/${videoKey}?expires=abc&signature=${sig}`,
    ]
  ) {
    const res = await request(path);
    assert.equal(res.status, 403, path);
    assert.equal(await errorOf(res), "Invalid signature");
  }
  const past = Math.floor(Date.now() / 1000) - 10;
  const expired = await request(`/api/s3/${videoKey}?expires=${past}&signature=${signKey(config, videoKey, past)}`);
  assert.equal(expired.status, 403);
  assert.equal(await errorOf(expired), "This link has expired");
  assert.equal((await request("/api/s3/..%2Fsecret.key?getUrl=true")).status, 400);
});

Deno.test("[api] signed links: none for a pending or hidden item, even for its owner or an admin", async () => {
  for (const cookie of [ownerCookie, adminCookie]) {
    assert.equal((await request(`/api/s3/${pendingKey}?getUrl=true`, { cookie })).status, 404);
  }
});

Deno.test("[api] a signed link stops serving once its item is hidden, rejected or pending again", async () => {
  const key = storeFile("mp4");
  const item = await createMedia(db, { userId: owner.id, title: "Soon hidden", contentType: "video", fileKey: key });
  const { url } = await json(await request(`/api/s3/${key}?getUrl=true`));
  assert.equal((await request(url)).status, 200);
  for (const change of [{ hidden: true }, { hidden: false, reviewStatus: "rejected" as const }, { reviewStatus: "pending" as const }]) {
    await db.update(media).set(change).where(eq(media.id, item.id));
    const res = await request(url);
    assert.equal(res.status, 404, JSON.stringify(change));
    assert.equal(await errorOf(res), "File not found");
    assert.equal((await request(url, { method: "HEAD" })).status, 404);
  }
  await db.update(media).set({ reviewStatus: "approved" }).where(eq(media.id, item.id));
  assert.equal((await request(url)).status, 200);
});

Deno.test("[api] signed links: a malformed percent-encoding in the key is a 400, never a 500", async () => {
  for (
    const path of ["/api/s3/v/%E0%A4%A.mp4?getUrl=true", "/api/s3/%?getUrl=true", `/api/s3/v/%ZZ${videoKey.slice(2)}?expires=1&signature=x`]
  ) {
    const res = await request(path);
    assert.equal(res.status, 400, path);
    assert.equal(await errorOf(res), "Invalid storage key");
  }
});

Deno.test("[api] the signing secret is generated once and kept in DATA_DIR/secret.key", () => {
  const path = `${config.dataDir}/secret.key`;
  assert.ok(existsSync(path));
  assert.ok(readFileSync(path, "utf8").trim().length >= 32);
  assert.equal(Deno.statSync(path).mode! & 0o077, 0);
});

// ---------- views ----------

Deno.test("[api] views count once per visitor per item; HEAD and range continuations never count", async () => {
  const key = storeFile("mp4");
  const item = await createMedia(db, { userId: owner.id, title: "Watch me", contentType: "video", fileKey: key });
  const viewsOf = async () => (await db.select({ v: media.views }).from(media).where(eq(media.id, item.id)).get())!.v;
  await (await request(`/uploads/${key}`, { method: "HEAD" })).body?.cancel();
  await (await request(`/uploads/${key}`, { headers: { range: "bytes=500-" } })).body?.cancel();
  assert.equal(await viewsOf(), 0);
  await (await request(`/media/${item.id}`)).body?.cancel();
  await (await request(`/media/${item.id}`)).body?.cancel();
  await (await request(`/uploads/${key}`, { headers: { range: "bytes=0-" } })).body?.cancel();
  assert.equal(await viewsOf(), 1);
  await (await request(`/media/${item.id}`, { cookie: memberCookie })).body?.cancel();
  assert.equal(await viewsOf(), 2);
  assert.equal((await db.select().from(views).where(eq(views.mediaId, item.id)).all()).length, 2);
});
