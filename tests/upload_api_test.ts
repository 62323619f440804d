import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { existsSync, readdirSync } from "node:fs";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { jobs, media, uploads } from "../db/schema/mod.ts";
import { sweepUnattachedUploads } from "../lib/media/upload_sweep.ts";
import { deleteUnattachedUpload, listStaleUploads } from "../db/queries/uploads.ts";
import { categoryIds, createUser, loginCookie, makeTestEnv } from "./_helpers.ts";
import { exifHasGps, jpeg, mp4, multipart, multipartStream, png, withPngText } from "./_media_fixtures.ts";
import { needs } from "./_needs.ts";

const env = await makeTestEnv({ MAX_VIDEO_MB: "2", MAX_IMAGE_MB: "1", RATE_UPLOADS_PER_USER: "1000" });
const { request, db, config } = env;
const FFMPEG = needs(import.meta.url, "ffmpeg");
const member = await createUser(db);
const other = await createUser(db);
const admin = await createUser(db, { isAdmin: true });
const memberCookie = await loginCookie(db, member.id);
const otherCookie = await loginCookie(db, other.id);
const adminCookie = await loginCookie(db, admin.id);
const [category] = await categoryIds(db);

Deno.test.afterAll(() => env.close());

/** Every stored file under the uploads directory (final and temp). */
function filesOnDisk(): string[] {
  if (!existsSync(config.uploadsDir)) return [];
  return (readdirSync(config.uploadsDir, { recursive: true }) as string[])
    .filter((p) => /\.[a-z0-9]+$/.test(String(p)) && !Deno.statSync(`${config.uploadsDir}/${p}`).isDirectory).map(String);
}

async function errorOf(res: Response) {
  assert.match(res.headers.get("content-type") ?? "", /application\/json/);
  const body = await res.json();
  assert.equal(typeof body.error, "string");
  return body.error as string;
}

function uploadFile(cookie: string | undefined, filename: string, type: string, data: Uint8Array) {
  const mp = multipart(filename, type, data);
  return request("/api/upload/file", {
    method: "POST",
    cookie,
    headers: { "content-type": mp.contentType, "content-length": String(mp.body.length) },
    body: mp.body,
  });
}

async function uploaded(cookie: string, filename: string, type: string, data: Uint8Array): Promise<string> {
  const res = await uploadFile(cookie, filename, type, data);
  assert.equal(res.status, 201, await res.clone().text());
  return (await res.json()).url;
}

const payload = (over: Record<string, unknown> = {}) => ({
  title: "A dream of glass",
  description: "Made for the tests",
  aiGenerator: "Runway",
  prompt: "",
  tags: "glass,dream",
  categoryId: category.id,
  contentType: "image",
  resolution: "HD",
  credits: 0,
  ...over,
});

const create = (cookie: string | undefined, body: Record<string, unknown>) => request("/api/videos", { cookie, json: body });

// ---------------------------------------------------------------------------------------------
// POST /api/upload/file

Deno.test("[api] POST /api/upload/file answers 401 to visitors and writes nothing", async () => {
  const before = filesOnDisk().length;
  const res = await uploadFile(undefined, "a.jpg", "image/jpeg", await jpeg());
  assert.equal(res.status, 401);
  assert.equal(await errorOf(res), "You must be logged in");
  assert.equal(filesOnDisk().length, before);
});

Deno.test("[api] POST /api/upload/file stores an image under a server name with its SHA-256", async () => {
  const bytes = await jpeg({ color: "#123456" });
  const res = await uploadFile(memberCookie, "../../etc/passwd.jpg", "image/jpeg", bytes);
  assert.equal(res.status, 201);
  assert.match(res.headers.get("content-type") ?? "", /application\/json/);
  const { url } = await res.json();
  assert.match(url, /^\/uploads\/i\/[a-f0-9]{32}\.jpg$/);
  const key = url.replace("/uploads/", "");
  const row = await db.select().from(uploads).where(eq(uploads.fileKey, key)).get();
  assert.ok(row);
  assert.equal(row.userId, member.id);
  assert.equal(row.kind, "image");
  assert.equal(row.mime, "image/jpeg");
  assert.equal(row.size, bytes.length);
  assert.equal(row.sha256, createHash("sha256").update(bytes).digest("hex"));
  assert.equal(row.mediaId, null);
  assert.deepEqual(new Uint8Array(await Deno.readFile(`${config.uploadsDir}/${key}`)), new Uint8Array(bytes));
  assert.equal(filesOnDisk().filter((f) => f.endsWith(".part")).length, 0);
});

Deno.test("[api] POST /api/upload/file refuses bodies that are not multipart or have no file field", async () => {
  let res = await request("/api/upload/file", { method: "POST", cookie: memberCookie, json: { file: "x" } });
  assert.equal(res.status, 415);
  assert.equal(await errorOf(res), "Content-Type must be multipart/form-data");
  const mp = multipart("a.jpg", "image/jpeg", await jpeg(), "other");
  res = await request("/api/upload/file", {
    method: "POST",
    cookie: memberCookie,
    headers: { "content-type": mp.contentType },
    body: mp.body,
  });
  assert.equal(res.status, 400);
  assert.match(await errorOf(res), /No file uploaded/);
  res = await request("/api/upload/file", {
    method: "POST",
    cookie: memberCookie,
    headers: { "content-type": mp.contentType },
    body: mp.body.subarray(0, mp.body.length - 30),
  });
  assert.equal(res.status, 400);
  res = await uploadFile(memberCookie, "empty.jpg", "image/jpeg", new Uint8Array());
  assert.equal(res.status, 400);
  assert.equal(await errorOf(res), "The file is empty");
  assert.equal(filesOnDisk().filter((f) => f.endsWith(".part")).length, 0);
});

Deno.test("[api] POST /api/upload/file gives 415 'Invalid file type' to HTML named .mp4, SVG and text", async () => {
  const before = filesOnDisk().sort();
  const html = new TextEncoder().encode("<!DOCTYPE html><html><script>alert(1)</script></html>".padEnd(5000, " "));
  for (
    const [name, type, data] of [
      ["clip.mp4", "video/mp4", html],
      ["logo.svg", "image/svg+xml", new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')],
      ["photo.jpg", "image/jpeg", new TextEncoder().encode("just some text")],
      [
        "movie.mkv",
        "video/x-matroska",
        new Uint8Array([0x1a, 0x45, 0xdf, 0xa3, 0x42, 0x82, 0x88, ...new TextEncoder().encode("matroska")]),
      ],
    ] as const
  ) {
    const res = await uploadFile(memberCookie, name, type, data);
    assert.equal(res.status, 415, name);
    assert.equal(await errorOf(res), "Invalid file type");
  }
  assert.deepEqual(filesOnDisk().sort(), before);
});

Deno.test("[api] POST /api/upload/file: an oversize image gets 413 and leaves no file, declared or chunked", async () => {
  const before = filesOnDisk().sort();
  const jpegHead = (await jpeg()).subarray(0, 600);
  const limit = config.limits.imageBytes;
  // Declared length above the limit: refused from the header.
  const mp = multipart("big.jpg", "image/jpeg", new Uint8Array());
  let res = await request("/api/upload/file", {
    method: "POST",
    cookie: memberCookie,
    headers: { "content-type": mp.contentType, "content-length": String(limit * 3) },
    body: multipartStream(mp.head, limit + 200_000, mp.tail, jpegHead),
  });
  assert.equal(res.status, 413);
  assert.match(await errorOf(res), /^File too large/);
  // Chunked (no length): the count while streaming stops it.
  res = await request("/api/upload/file", {
    method: "POST",
    cookie: memberCookie,
    headers: { "content-type": mp.contentType },
    body: multipartStream(mp.head, limit + 200_000, mp.tail, jpegHead),
  });
  assert.equal(res.status, 413);
  assert.match(await errorOf(res), /^File too large/);
  // A lying small Content-Length changes nothing: the bytes are counted.
  res = await request("/api/upload/file", {
    method: "POST",
    cookie: memberCookie,
    headers: { "content-type": mp.contentType, "content-length": "1000" },
    body: multipartStream(mp.head, limit + 200_000, mp.tail, jpegHead),
  });
  assert.equal(res.status, 413);
  assert.deepEqual(filesOnDisk().sort(), before);
  assert.equal((await db.select().from(uploads).where(eq(uploads.userId, member.id)).all()).every((u) => u.size <= limit), true);
});

Deno.test("[api] POST /api/upload/file: an oversize video gets 413 and leaves no file (chunked)", async () => {
  const before = filesOnDisk().sort();
  const ftyp = new Uint8Array([
    0,
    0,
    0,
    0x18,
    ...new TextEncoder().encode("ftypisom"),
    0,
    0,
    2,
    0,
    ...new TextEncoder().encode("isomiso2"),
  ]);
  const mp = multipart("big.mp4", "video/mp4", new Uint8Array());
  const res = await request("/api/upload/file", {
    method: "POST",
    cookie: memberCookie,
    headers: { "content-type": mp.contentType },
    body: multipartStream(mp.head, config.limits.videoBytes + 100_000, mp.tail, ftyp),
  });
  assert.equal(res.status, 413);
  assert.match(await errorOf(res), /^File too large\. The maximum size is 2MB$/);
  assert.deepEqual(filesOnDisk().sort(), before);
});

Deno.test("[api] POST /api/upload/file accepts a video up to the video limit (above the image limit)", { ignore: !FFMPEG }, async () => {
  const video = await mp4(2);
  const padded = new Uint8Array(video.length);
  padded.set(video);
  const url = await uploaded(memberCookie, "clip.mp4", "video/mp4", video);
  assert.match(url, /^\/uploads\/v\/[a-f0-9]{32}\.mp4$/);
});

Deno.test("[api] POST /api/upload/file gives 422 to a video that does not decode", { ignore: !FFMPEG }, async () => {
  const before = filesOnDisk().sort();
  const fake = new Uint8Array(8000);
  fake.set([0, 0, 0, 0x18, ...new TextEncoder().encode("ftypisom"), 0, 0, 2, 0, ...new TextEncoder().encode("isomiso2")]);
  const res = await uploadFile(memberCookie, "fake.mp4", "video/mp4", fake);
  assert.equal(res.status, 422);
  assert.match(await errorOf(res), /could not be decoded/);
  assert.deepEqual(filesOnDisk().sort(), before);
});

Deno.test("[api] POST /api/upload/file gives 422 to an image above the megapixel limit", async () => {
  const small = await makeTestEnv({ MAX_IMAGE_MEGAPIXELS: "1" });
  try {
    const u = await createUser(small.db);
    const cookie = await loginCookie(small.db, u.id);
    const big = await sharp({ create: { width: 1200, height: 1000, channels: 3, background: "#000" } }).png().toBuffer();
    const mp = multipart("big.png", "image/png", big);
    const res = await small.request("/api/upload/file", {
      method: "POST",
      cookie,
      headers: { "content-type": mp.contentType },
      body: mp.body,
    });
    assert.equal(res.status, 422);
    assert.match(await errorOf(res), /at most 1 megapixels/);
    assert.equal(existsSync(`${small.config.uploadsDir}/i`) ? readdirSync(`${small.config.uploadsDir}/i`).length : 0, 0);
    assert.equal(readdirSync(`${small.config.uploadsDir}/tmp`).length, 0, "no temp file left");
  } finally {
    small.close();
  }
});

Deno.test("[api] POST /api/upload/file is rate limited per member", async () => {
  const limited = await makeTestEnv({ RATE_UPLOADS_PER_USER: "2" });
  try {
    const u = await createUser(limited.db);
    const cookie = await loginCookie(limited.db, u.id);
    const send = async () => {
      const mp = multipart("a.png", "image/png", await png());
      return limited.request("/api/upload/file", { method: "POST", cookie, headers: { "content-type": mp.contentType }, body: mp.body });
    };
    assert.equal((await send()).status, 201);
    assert.equal((await send()).status, 201);
    const res = await send();
    assert.equal(res.status, 429);
    assert.ok(Number(res.headers.get("retry-after")) > 0);
  } finally {
    limited.close();
  }
});

// ---------------------------------------------------------------------------------------------
// POST /api/videos

Deno.test("[api] POST /api/videos creates a pending image item owned by the caller, EXIF and GPS stripped", async () => {
  const bytes = await jpeg({ gps: true, color: "#654321" });
  assert.ok(exifHasGps((await sharp(bytes).metadata()).exif), "fixture carries GPS");
  const url = await uploaded(memberCookie, "gps.jpg", "image/jpeg", bytes);
  const res = await create(memberCookie, payload({ imageUrl: url, userId: member.id }));
  assert.equal(res.status, 201, await res.clone().text());
  const item = await res.json();
  assert.equal(item.reviewStatus, "pending");
  assert.equal(item.userId, member.id);
  assert.equal(item.contentType, "image");
  assert.equal(item.imageUrl, url);
  assert.equal(item.resolution, "HD");
  assert.equal(item.credits, 0);
  assert.equal(item.width, 64);
  assert.equal(item.height, 48);
  assert.match(item.thumbnail, /^\/uploads\/t\/[a-f0-9]{32}\.webp$/);
  const row = await db.select().from(media).where(eq(media.id, item.id)).get();
  const stored = await Deno.readFile(`${config.uploadsDir}/${row!.fileKey}`);
  assert.equal(row!.fileHash, createHash("sha256").update(stored).digest("hex"), "the hash is of the file kept (issue 13 point 8)");
  const meta = await sharp(stored).metadata();
  assert.equal(meta.format, "jpeg");
  assert.equal(meta.exif, undefined);
  assert.equal(exifHasGps(meta.exif), false);
  const thumb = await sharp(await Deno.readFile(`${config.uploadsDir}/${row!.thumbnailKey}`)).metadata();
  assert.equal(thumb.format, "webp");
  const up = await db.select().from(uploads).where(eq(uploads.fileKey, row!.fileKey!)).get();
  assert.equal(up!.mediaId, item.id);

  // Pending: the public cannot see it; the owner and admins can.
  assert.equal((await request(url)).status, 404);
  assert.equal((await request(item.thumbnail)).status, 404);
  assert.equal((await request(url, { cookie: otherCookie })).status, 404);
  assert.equal((await request(url, { cookie: memberCookie })).status, 200);
  assert.equal((await request(url, { cookie: adminCookie })).status, 200);
  const home = await (await request("/")).text();
  assert.equal(home.includes("A dream of glass"), false);
  const mine = await (await request("/api/user/videos", { cookie: memberCookie })).json();
  assert.ok(mine.some((i: { id: number }) => i.id === item.id));
  const theirs = await (await request("/api/user/videos", { cookie: otherCookie })).json();
  assert.equal(theirs.some((i: { id: number }) => i.id === item.id), false);
});

Deno.test("[api] POST /api/videos answers 409 'Duplicate content detected' for the same file again", async () => {
  const bytes = await png("#0f0f0f", 40, 40);
  const url1 = await uploaded(memberCookie, "a.png", "image/png", bytes);
  assert.equal((await create(memberCookie, payload({ imageUrl: url1 }))).status, 201);
  const url2 = await uploaded(otherCookie, "b.png", "image/png", bytes);
  const res = await create(otherCookie, payload({ imageUrl: url2 }));
  assert.equal(res.status, 409);
  assert.equal(await errorOf(res), "Duplicate content detected");
  assert.equal((await db.select().from(media).where(eq(media.userId, other.id)).all()).length, 0);
  // The duplicate's upload is removed at once (row and file), not left for the 24-hour sweep.
  const key2 = url2.replace("/uploads/", "");
  assert.equal(await db.select().from(uploads).where(eq(uploads.fileKey, key2)).get(), undefined);
  assert.equal(existsSync(`${config.uploadsDir}/${key2}`), false);
  // The original stays.
  const key1 = url1.replace("/uploads/", "");
  assert.ok(existsSync(`${config.uploadsDir}/${key1}`));
});

Deno.test("[api] POST /api/videos requires an AI generator unless an image's PNG metadata names one", async () => {
  const url = await uploaded(memberCookie, "plain.png", "image/png", await png("#700001"));
  for (const aiGenerator of ["", "   ", null, undefined]) {
    const res = await create(memberCookie, payload({ imageUrl: url, aiGenerator }));
    assert.equal(res.status, 400, JSON.stringify(aiGenerator));
    assert.equal(await errorOf(res), "Please select or specify an AI tool");
  }
  let res = await create(memberCookie, payload({ contentType: "embed", videoUrl: "https://youtu.be/aaaaaaaaaaa", aiGenerator: "" }));
  assert.equal(res.status, 400);
  assert.equal(await errorOf(res), "Please select or specify an AI tool");
  // The upload is still there for a retry with a generator.
  res = await create(memberCookie, payload({ imageUrl: url, aiGenerator: "Midjourney" }));
  assert.equal(res.status, 201, await res.clone().text());
});

Deno.test("[api] POST /api/videos refuses someone else's url or userId, reuse, unknown urls and kind mismatch", async () => {
  const url = await uploaded(memberCookie, "mine.png", "image/png", await png("#111199"));
  let res = await create(otherCookie, payload({ imageUrl: url }));
  assert.equal(res.status, 403);
  assert.equal(await errorOf(res), "That file was not uploaded by you");
  res = await create(memberCookie, payload({ imageUrl: url, userId: other.id }));
  assert.equal(res.status, 403);
  assert.equal(await errorOf(res), "You can only upload as yourself");
  res = await create(memberCookie, payload({ imageUrl: "/uploads/i/00000000000000000000000000000000.png" }));
  assert.equal(res.status, 400);
  res = await create(memberCookie, payload({ imageUrl: "https://evil.example/x.png" }));
  assert.equal(res.status, 400);
  res = await create(memberCookie, payload({ contentType: "video", videoUrl: url }));
  assert.equal(res.status, 415);
  res = await create(memberCookie, payload({ imageUrl: url }));
  assert.equal(res.status, 201);
  res = await create(memberCookie, payload({ imageUrl: url, title: "Again" }));
  assert.equal(res.status, 400);
  assert.equal(await errorOf(res), "This file is already attached to an item");
  res = await create(undefined, payload({ imageUrl: url }));
  assert.equal(res.status, 401);
});

Deno.test("[api] POST /api/videos validates the payload with the spec's messages", async () => {
  const url = await uploaded(memberCookie, "v.png", "image/png", await png("#aa0011"));
  const cases: [Record<string, unknown>, number, string | RegExp][] = [
    [{ title: "ab" }, 400, "Title must be at least 3 characters long"],
    [{ title: "   abc   ".replace("abc", "a ") }, 400, "Title must be at least 3 characters long"],
    [{ title: 42 }, 400, "title must be a string"],
    [{ title: "x".repeat(101) }, 400, "Title must be at most 100 characters"],
    [{ categoryId: undefined }, 400, "Please select a category"],
    [{ categoryId: "abc" }, 400, "Please select a category"],
    [{ categoryId: -1 }, 400, "Please select a category"],
    [{ categoryId: 999999 }, 400, "Please select a category"],
    [{ contentType: "audio" }, 400, /contentType must be one of/],
    [{ description: "d".repeat(501) }, 400, "Description must be at most 500 characters"],
    [{ prompt: "p".repeat(1001) }, 400, "Prompt must be at most 1000 characters"],
    [{ tags: "t".repeat(201) }, 400, "Tags must be at most 200 characters"],
    [{ aiGenerator: "g".repeat(101) }, 400, "AI generator must be at most 100 characters"],
    [{ imageUrl: undefined }, 400, "Please select an image file"],
  ];
  for (const [over, status, message] of cases) {
    const res = await create(memberCookie, payload({ imageUrl: url, ...over }));
    assert.equal(res.status, status, JSON.stringify(over));
    const error = await errorOf(res);
    if (typeof message === "string") assert.equal(error, message, JSON.stringify(over));
    else assert.match(error, message);
  }
  const res = await request("/api/videos", {
    method: "POST",
    cookie: memberCookie,
    headers: { "content-type": "application/json" },
    body: "{",
  });
  assert.equal(res.status, 400);
});

Deno.test("[api] POST /api/videos fills prompt and AI generator from an Automatic1111 PNG when left empty", async () => {
  const parameters = "a lighthouse made of dreams, volumetric light\nNegative prompt: blurry\n" +
    "Steps: 30, Sampler: DPM++ 2M, CFG scale: 7, Seed: 42, Size: 32x32, Model: dreamshaper_8";
  const bytes = withPngText(await png("#202080"), "parameters", parameters);
  const url = await uploaded(memberCookie, "a1111.png", "image/png", bytes);
  const res = await create(memberCookie, payload({ imageUrl: url, aiGenerator: "", prompt: "" }));
  assert.equal(res.status, 201, await res.clone().text());
  const item = await res.json();
  assert.equal(item.prompt, "a lighthouse made of dreams, volumetric light");
  assert.equal(item.aiGenerator, "Stable Diffusion (Automatic1111, dreamshaper_8)");
  // The text chunk is gone from the stored file.
  const row = await db.select().from(media).where(eq(media.id, item.id)).get();
  const stored = new TextDecoder("latin1").decode(await Deno.readFile(`${config.uploadsDir}/${row!.fileKey}`));
  assert.equal(stored.includes("lighthouse"), false);
});

Deno.test("[api] POST /api/videos keeps the uploader's own prompt and reads ComfyUI graphs", async () => {
  const graph = JSON.stringify({
    "3": { class_type: "KSampler", inputs: { positive: ["6", 0], negative: ["7", 0] } },
    "6": { class_type: "CLIPTextEncode", inputs: { text: "a paper boat on a neon river" } },
    "7": { class_type: "CLIPTextEncode", inputs: { text: "ugly" } },
  });
  const url = await uploaded(memberCookie, "comfy.png", "image/png", withPngText(await png("#208020"), "prompt", graph));
  const item = await (await create(memberCookie, payload({ imageUrl: url, aiGenerator: "", prompt: "" }))).json();
  assert.equal(item.prompt, "a paper boat on a neon river");
  assert.equal(item.aiGenerator, "ComfyUI");
  const url2 = await uploaded(memberCookie, "comfy2.png", "image/png", withPngText(await png("#208021"), "prompt", graph));
  const own = await (await create(memberCookie, payload({ imageUrl: url2, aiGenerator: "Midjourney", prompt: "mine" }))).json();
  assert.equal(own.prompt, "mine");
  assert.equal(own.aiGenerator, "Midjourney");
});

Deno.test("[api] POST /api/videos queues a video's processing: stored as uploaded, queued, shown nowhere publicly", {
  ignore: !FFMPEG,
}, async () => {
  const bytes = await mp4(3, "160x120", 90);
  const url = await uploaded(memberCookie, "clip.mp4", "video/mp4", bytes);
  const res = await create(memberCookie, payload({ contentType: "video", videoUrl: url, duration: 3.2, thumbnail: null }));
  assert.equal(res.status, 201, await res.clone().text());
  const item = await res.json();
  assert.deepEqual(item.processing, { state: "queued", progress: 0 });
  assert.equal(item.duration, 3, "the browser's duration until the job probes it");
  assert.deepEqual(item.sources, []);
  assert.equal(item.previewUrl, null);
  const row = await db.select().from(media).where(eq(media.id, item.id)).get();
  assert.equal(row!.playable, false);
  assert.equal(row!.processingState, "queued");
  assert.deepEqual(await Deno.readFile(`${config.uploadsDir}/${row!.fileKey}`), bytes, "the original is kept as uploaded");
  assert.equal(row!.fileHash, createHash("sha256").update(bytes).digest("hex"));
  const [job] = await db.select().from(jobs).where(eq(jobs.mediaId, item.id));
  assert.equal(job.kind, "video.process");
  assert.equal(job.state, "queued");
  assert.deepEqual(JSON.parse(job.payload), { mediaId: item.id });
});

Deno.test("[api] POST /api/videos keeps the browser's thumbnail for a video", { ignore: !FFMPEG }, async () => {
  const url = await uploaded(memberCookie, "clip2.mp4", "video/mp4", await mp4(2, "160x120", 200));
  const dataUrl = `data:image/jpeg;base64,${(await jpeg({ color: "#ff0000" })).toString("base64")}`;
  const item = await (await create(memberCookie, payload({ contentType: "video", videoUrl: url, thumbnail: dataUrl }))).json();
  assert.match(item.thumbnail, /^\/uploads\/t\/[a-f0-9]{32}\.webp$/);
  const thumbs = readdirSync(`${config.uploadsDir}/t`);
  assert.ok(thumbs.includes(item.thumbnail.split("/").pop()));
});

Deno.test("[api] issue 36 point 15: the duplicate refusal names the item it repeats once that one is public, never before", async () => {
  const refusal = async (r: Response) => (assert.equal(r.status, 409), await errorOf(r));
  const bytes = await png("#1e2f3a", 40, 40);
  const res1 = await create(
    memberCookie,
    payload({ imageUrl: await uploaded(memberCookie, "a.png", "image/png", bytes), title: "Quiet harbour" }),
  );
  const original = await res1.json();
  const again = () => uploaded(otherCookie, "b.png", "image/png", bytes).then((url) => create(otherCookie, payload({ imageUrl: url })));
  let res = await again();
  assert.equal(await refusal(res), "Duplicate content detected", "a pending item is not named");
  await db.update(media).set({ reviewStatus: "approved" }).where(eq(media.id, original.id));
  res = await again();
  assert.equal(await refusal(res), 'Duplicate content detected: "Quiet harbour" is already on the site.');
  await db.update(media).set({ hidden: true }).where(eq(media.id, original.id));
  assert.equal(await refusal(await again()), "Duplicate content detected", "an item reports hid is not named");

  const link = payload({ contentType: "embed", videoUrl: "https://youtu.be/aqz-KE-bpKQ", title: "Big Buck Bunny" });
  const embed = await (await create(memberCookie, link)).json();
  assert.equal(await refusal(await create(otherCookie, link)), "Duplicate content detected");
  await db.update(media).set({ reviewStatus: "approved" }).where(eq(media.id, embed.id));
  assert.equal(await refusal(await create(otherCookie, link)), 'Duplicate content detected: "Big Buck Bunny" is already on the site.');
});

Deno.test("[api] POST /api/videos creates a YouTube embed from any link form; bad and duplicate links refused", async () => {
  let res = await create(memberCookie, payload({ contentType: "embed", videoUrl: "https://youtu.be/dQw4w9WgXcQ?t=3" }));
  assert.equal(res.status, 201);
  const item = await res.json();
  assert.equal(item.contentType, "embed");
  assert.equal(item.youtubeId, "dQw4w9WgXcQ");
  assert.equal(item.reviewStatus, "pending");
  res = await create(memberCookie, payload({ contentType: "embed", videoUrl: "https://www.youtube.com/shorts/dQw4w9WgXcQ" }));
  assert.equal(res.status, 409);
  assert.equal(await errorOf(res), "Duplicate content detected");
  res = await create(memberCookie, payload({ contentType: "embed", videoUrl: "https://vimeo.com/123" }));
  assert.equal(res.status, 400);
  assert.equal(await errorOf(res), "Invalid YouTube URL");
  res = await create(memberCookie, payload({ contentType: "embed" }));
  assert.equal(res.status, 400);
  assert.equal(await errorOf(res), "No video URL provided");
});

// ---------------------------------------------------------------------------------------------
// PUT / DELETE /api/videos/{id}, GET /api/user/videos

async function ownItem(cookie: string, color: string) {
  const url = await uploaded(cookie, "x.png", "image/png", await png(color));
  const res = await create(cookie, payload({ imageUrl: url }));
  assert.equal(res.status, 201);
  return await res.json();
}

Deno.test("[api] PUT /api/videos/{id}: the owner edits title and description within the limits (every field: member_edit_api_test)", async () => {
  const item = await ownItem(memberCookie, "#300001");
  let res = await request(`/api/videos/${item.id}`, {
    method: "PUT",
    cookie: memberCookie,
    json: { title: "New title", description: "New text" },
  });
  assert.equal(res.status, 200);
  const next = await res.json();
  assert.equal(next.title, "New title");
  assert.equal(next.description, "New text");
  assert.equal(next.reviewStatus, "pending");
  const bad: [Record<string, unknown>, number, string | RegExp][] = [
    [{ title: "x".repeat(101) }, 400, "Title must be at most 100 characters"],
    [{ title: "   " }, 400, "Title is required"],
    [{ description: "d".repeat(501) }, 400, "Description must be at most 500 characters"],
    [{ title: 5 }, 400, "title must be a string"],
    [{ reviewStatus: "approved" }, 400, "Unknown field: reviewStatus"],
  ];
  for (const [body, status, message] of bad) {
    res = await request(`/api/videos/${item.id}`, { method: "PUT", cookie: memberCookie, json: body });
    assert.equal(res.status, status, JSON.stringify(body));
    const error = await errorOf(res);
    if (typeof message === "string") assert.equal(error, message);
    else assert.match(error, message);
  }
  const row = await db.select().from(media).where(eq(media.id, item.id)).get();
  assert.equal(row!.title, "New title");
  assert.equal(row!.reviewStatus, "pending");
  assert.equal(row!.prompt, "");
});

Deno.test("[api] PUT /api/videos/{id}: admins edit category, AI generator, prompt and tags within the limits", async () => {
  const item = await ownItem(memberCookie, "#300002");
  const [, second] = await categoryIds(db);
  let res = await request(`/api/videos/${item.id}`, {
    method: "PUT",
    cookie: adminCookie,
    json: { title: "Admin title", description: "", categoryId: String(second.id), aiGenerator: "Kling", prompt: "p", tags: "a,b" },
  });
  assert.equal(res.status, 200);
  const next = await res.json();
  assert.equal(next.categoryId, second.id);
  assert.equal(next.aiGenerator, "Kling");
  assert.equal(next.tags, "a,b");
  res = await request(`/api/videos/${item.id}`, { method: "PUT", cookie: adminCookie, json: { categoryId: null } });
  assert.equal((await res.json()).categoryId, null);
  res = await request(`/api/videos/${item.id}`, { method: "PUT", cookie: adminCookie, json: { categoryId: "" } });
  assert.equal(res.status, 200);
  for (
    const [body, message] of [
      [{ aiGenerator: "g".repeat(101) }, "AI generator must be at most 100 characters"],
      [{ prompt: "p".repeat(1001) }, "Prompt must be at most 1000 characters"],
      [{ tags: "t".repeat(201) }, "Tags must be at most 200 characters"],
      [{ categoryId: 99999 }, "Unknown category"],
      [{ categoryId: "x" }, "categoryId must be a number or null"],
      [{ categoryId: 1.5 }, "categoryId must be a number or null"],
    ] as const
  ) {
    res = await request(`/api/videos/${item.id}`, { method: "PUT", cookie: adminCookie, json: body });
    assert.equal(res.status, 400, JSON.stringify(body));
    assert.equal(await errorOf(res), message);
  }
});

Deno.test("[api] PUT and DELETE /api/videos/{id} refuse visitors, other members, unknown and bad ids", async () => {
  const item = await ownItem(memberCookie, "#300003");
  const path = `/api/videos/${item.id}`;
  assert.equal((await request(path, { method: "PUT", json: { title: "x y z" } })).status, 401);
  assert.equal((await request(path, { method: "DELETE" })).status, 401);
  let res = await request(path, { method: "PUT", cookie: otherCookie, json: { title: "Hijacked" } });
  assert.equal(res.status, 403);
  assert.equal(await errorOf(res), "You can only change your own content");
  res = await request(path, { method: "DELETE", cookie: otherCookie });
  assert.equal(res.status, 403);
  // A well-formed id of no item is 404; a malformed one (0 included, common/ids.ts) is 400, for PUT and DELETE alike.
  assert.equal((await request("/api/videos/999999", { method: "DELETE", cookie: memberCookie })).status, 404);
  for (const id of ["0", "-1", "abc", "1e3", "99999999999999999999"]) {
    const del = await request(`/api/videos/${id}`, { method: "DELETE", cookie: memberCookie });
    assert.equal(del.status, 400, `DELETE ${id}`);
    assert.equal(await errorOf(del), "Invalid id");
    const put = await request(`/api/videos/${id}`, { method: "PUT", cookie: memberCookie, json: { title: "abc" } });
    assert.equal(put.status, 400, `PUT ${id}`);
  }
  const row = await db.select().from(media).where(eq(media.id, item.id)).get();
  assert.equal(row!.title, "A dream of glass");
  assert.equal(
    (await request(path, { method: "PUT", cookie: memberCookie, headers: { "content-type": "text/plain" }, body: "{}" })).status,
    415,
  );
});

Deno.test("[api] DELETE /api/videos/{id} by the owner removes the row and its files; admins may delete too", async () => {
  const item = await ownItem(memberCookie, "#300004");
  const row = await db.select().from(media).where(eq(media.id, item.id)).get();
  const files = [row!.fileKey!, row!.thumbnailKey!].map((k) => `${config.uploadsDir}/${k}`);
  assert.ok(files.every((f) => existsSync(f)));
  const res = await request(`/api/videos/${item.id}`, { method: "DELETE", cookie: memberCookie });
  assert.equal(res.status, 200);
  assert.deepEqual(await res.json(), { success: true });
  assert.equal(await db.select().from(media).where(eq(media.id, item.id)).get(), undefined);
  assert.ok(files.every((f) => !existsSync(f)));
  const second = await ownItem(memberCookie, "#300005");
  assert.equal((await request(`/api/videos/${second.id}`, { method: "DELETE", cookie: adminCookie })).status, 200);
});

Deno.test("[api] GET /api/user/videos lists the caller's items in every state, newest first; 401 for visitors", async () => {
  const u = await createUser(db);
  const cookie = await loginCookie(db, u.id);
  assert.deepEqual(await (await request("/api/user/videos", { cookie })).json(), []);
  const a = await ownItem(cookie, "#400001");
  await db.update(media).set({ reviewStatus: "rejected", rejectionReason: "Low quality", createdAt: Date.now() - 1000 }).where(
    eq(media.id, a.id),
  );
  const b = await ownItem(cookie, "#400002");
  const res = await request("/api/user/videos", { cookie });
  assert.equal(res.status, 200);
  const list = await res.json();
  assert.deepEqual(list.map((i: { id: number }) => i.id), [b.id, a.id]);
  assert.equal(list[1].reviewStatus, "rejected");
  assert.equal(list[1].rejectionReason, "Low quality");
  assert.equal((await request("/api/user/videos")).status, 401);
});

Deno.test("[page] /my-videos shows the member's items with status badges; visitors go to /auth", async () => {
  const u = await createUser(db);
  const cookie = await loginCookie(db, u.id);
  let res = await request("/my-videos", { cookie });
  assert.equal(res.status, 200);
  assert.match(await res.text(), /You haven&#x27;t uploaded any content yet\.|You haven't uploaded any content yet\./);
  const item = await ownItem(cookie, "#500001");
  await db.update(media).set({ title: "Rejected <b>one</b>", reviewStatus: "rejected", rejectionReason: "Not AI" }).where(
    eq(media.id, item.id),
  );
  res = await request("/my-videos", { cookie });
  const html = await res.text();
  assert.match(html, /data-island="MyVideos"/);
  assert.match(html, /Rejected &lt;b&gt;one&lt;\/b&gt;/);
  assert.match(html, /Reason: <!-- -->Not AI|Reason: Not AI/);
  assert.equal((await request("/my-videos")).headers.get("location"), "/auth?next=%2Fmy-videos");
});

Deno.test("[api] unattached uploads older than 24 h are swept, rows then files; attached ones stay", async () => {
  const url = await uploaded(memberCookie, "old.png", "image/png", await png("#600001"));
  const key = url.replace("/uploads/", "");
  const fresh = await uploaded(memberCookie, "fresh.png", "image/png", await png("#600002"));
  await db.update(uploads).set({ createdAt: Date.now() - 25 * 3600_000 }).where(eq(uploads.fileKey, key));
  const attached = await ownItem(memberCookie, "#600003");
  await db.update(uploads).set({ createdAt: Date.now() - 25 * 3600_000 }).where(eq(uploads.mediaId, attached.id));
  const removed = await sweepUnattachedUploads(db, config);
  assert.ok(removed >= 1);
  assert.equal(existsSync(`${config.uploadsDir}/${key}`), false);
  assert.equal(await db.select().from(uploads).where(eq(uploads.fileKey, key)).get(), undefined);
  assert.ok(existsSync(`${config.uploadsDir}/${fresh.replace("/uploads/", "")}`));
  assert.ok(await db.select().from(uploads).where(eq(uploads.mediaId, attached.id)).get());
});

Deno.test("[api] the sweep's delete spares an upload attached after it was listed (row first, then the file)", async () => {
  const url = await uploaded(memberCookie, "racing.png", "image/png", await png("#600011"));
  const key = url.replace("/uploads/", "");
  await db.update(uploads).set({ createdAt: Date.now() - 25 * 3600_000 }).where(eq(uploads.fileKey, key));
  const [stale] = (await listStaleUploads(db, Date.now() - 24 * 3600_000)).filter((r) => r.fileKey === key);
  assert.ok(stale, "listed as stale");
  // A create attaches it between the sweep's listing and its delete.
  const attached = await ownItem(memberCookie, "#600012");
  await db.update(uploads).set({ mediaId: attached.id }).where(eq(uploads.id, stale.id));
  assert.equal(await deleteUnattachedUpload(db, stale.id), null);
  assert.ok(await db.select().from(uploads).where(eq(uploads.id, stale.id)).get(), "the row stays");
  await db.update(uploads).set({ mediaId: null }).where(eq(uploads.id, stale.id));
  assert.equal(await deleteUnattachedUpload(db, stale.id), key, "an unattached one goes and names its file");
  assert.equal(await db.select().from(uploads).where(eq(uploads.id, stale.id)).get(), undefined);
});
