/** Issue 13, points 1, 5 and 8: decompression caps, idle request bodies, duplicates by what is stored. */
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { Buffer } from "node:buffer";
import { existsSync, readdirSync } from "node:fs";
import { crc32, deflateSync } from "node:zlib";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { media, uploads } from "../db/schema/mod.ts";
import { pngTextChunks, readPngGeneration } from "../lib/media/png_metadata.ts";
import { categoryIds, createUser, loginCookie, makeTestEnv } from "./_helpers.ts";
import { multipart, png } from "./_media_fixtures.ts";

const env = await makeTestEnv({ RATE_UPLOADS_PER_USER: "1000", BODY_IDLE_TIMEOUT_SECONDS: "1" });
const { request, db, config } = env;
const member = await createUser(db);
const other = await createUser(db);
const memberCookie = await loginCookie(db, member.id);
const otherCookie = await loginCookie(db, other.id);
const [category] = await categoryIds(db);

Deno.test.afterAll(() => env.close());

function pngChunk(type: string, data: Uint8Array): Buffer {
  const body = Buffer.concat([Buffer.from(type, "latin1"), Buffer.from(data)]);
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  body.copy(out, 4);
  out.writeUInt32BE(crc32(body) >>> 0, 8 + data.length);
  return out;
}

/** A PNG with extra chunks inserted right after IHDR. */
function withChunks(pngBytes: Uint8Array, chunks: Buffer[]): Uint8Array {
  const b = Buffer.from(pngBytes);
  const ihdrEnd = 8 + 12 + b.readUInt32BE(8);
  return Buffer.concat([b.subarray(0, ihdrEnd), ...chunks, b.subarray(ihdrEnd)]);
}

const zTXt = (keyword: string, inflated: Uint8Array) =>
  pngChunk("zTXt", Buffer.concat([Buffer.from(keyword, "latin1"), Buffer.from([0, 0]), deflateSync(inflated)]));
const iTXtCompressed = (keyword: string, inflated: Uint8Array) =>
  pngChunk("iTXt", Buffer.concat([Buffer.from(keyword, "latin1"), Buffer.from([0, 1, 0, 0, 0]), deflateSync(inflated)]));

Deno.test("[upload] point 1: a PNG text chunk that inflates past the cap is skipped, and the work per file is bounded", async () => {
  const base = await png("#123456", 8, 8);
  // 50 MiB of "a" deflates to ~50 KB: the bomb of the report.
  const bomb = Buffer.alloc(50 * 1024 * 1024, 0x61);
  const bombPng = withChunks(base, [
    zTXt("prompt", bomb),
    iTXtCompressed("workflow", bomb),
    zTXt("parameters", Buffer.from("a red fox in the snow\nSteps: 20, Model: fox-v1")),
  ]);
  assert.ok(bombPng.length < 200_000, "the bomb itself is small");
  const started = performance.now();
  const chunks = pngTextChunks(bombPng);
  const elapsed = performance.now() - started;
  assert.equal(chunks.has("prompt"), false, "the oversized zTXt chunk is skipped");
  assert.equal(chunks.has("workflow"), false, "the oversized iTXt chunk is skipped");
  assert.equal(chunks.get("parameters"), "a red fox in the snow\nSteps: 20, Model: fox-v1", "a sane chunk after it is still read");
  assert.ok(elapsed < 60, `reading the metadata took ${elapsed.toFixed(1)} ms`);
  assert.deepEqual(readPngGeneration(bombPng), {
    prompt: "a red fox in the snow",
    aiGenerator: "Stable Diffusion (Automatic1111, fox-v1)",
  });

  // Many chunks each just under a 64 KiB cap: the total inflated per file is bounded too (at most 1 MiB).
  const justUnder = Buffer.alloc(64 * 1024 - 16, 0x62);
  const many = withChunks(base, Array.from({ length: 300 }, (_, i) => zTXt(`k${i}`, justUnder)));
  const all = pngTextChunks(many);
  const total = [...all.values()].reduce((n, v) => n + v.length, 0);
  assert.ok(total <= 1024 * 1024, `inflated ${total} bytes in all`);
  assert.ok(all.size >= 1, "chunks within the budget are still read");
});

/** A request body that sends `head` and then nothing, ever; `cancelled` tells whether the server let go of it. */
function stalledBody(head: Uint8Array) {
  const state = { cancelled: false };
  let sent = false;
  const stream = new ReadableStream<Uint8Array>({
    pull(ctrl) {
      if (!sent) {
        sent = true;
        ctrl.enqueue(head);
        return;
      }
      return new Promise<void>(() => {}); // never another byte
    },
    cancel() {
      state.cancelled = true;
    },
  });
  return { stream, state };
}

function tmpFiles(): string[] {
  const dir = `${config.uploadsDir}/tmp`;
  return existsSync(dir) ? readdirSync(dir) : [];
}

Deno.test("[upload] point 5: an upload that declares 2 MB and stops after 90 bytes times out with 408 and leaves nothing", async () => {
  const mp = multipart("stall.png", "image/png", new Uint8Array(0));
  const { stream, state } = stalledBody(Buffer.concat([mp.head, Buffer.alloc(16, 1)]));
  const started = Date.now();
  const res = await request("/api/upload/file", {
    method: "POST",
    cookie: memberCookie,
    headers: { "content-type": mp.contentType, "content-length": String(2 * 1024 * 1024) },
    body: stream,
  });
  const waited = Date.now() - started;
  assert.equal(res.status, 408);
  assert.match(res.headers.get("content-type") ?? "", /application\/json/);
  assert.match((await res.json()).error, /too long/i);
  assert.ok(waited >= 900 && waited < 5000, `answered after ${waited} ms`);
  assert.equal(state.cancelled, true, "the body stream is released");
  assert.deepEqual(tmpFiles(), [], "no temp file left");
  assert.equal((await db.select().from(uploads).all()).length, 0);
});

Deno.test("[upload] point 5: a JSON body that stalls mid-way times out with 408 too", async () => {
  const { stream, state } = stalledBody(new TextEncoder().encode('{"content":"half a comm'));
  const started = Date.now();
  const res = await request("/api/videos/1/comments", {
    method: "POST",
    cookie: memberCookie,
    headers: { "content-type": "application/json" },
    body: stream,
  });
  assert.equal(res.status, 408);
  assert.match((await res.json()).error, /too long/i);
  assert.ok(Date.now() - started < 5000);
  assert.equal(state.cancelled, true);
});

async function upload(cookie: string, name: string, type: string, bytes: Uint8Array): Promise<string> {
  const mp = multipart(name, type, bytes);
  const res = await request("/api/upload/file", {
    method: "POST",
    cookie,
    headers: { "content-type": mp.contentType, "content-length": String(mp.body.length) },
    body: mp.body,
  });
  assert.equal(res.status, 201, await res.clone().text());
  return (await res.json()).url;
}

const create = (cookie: string, imageUrl: string, title: string) =>
  request("/api/videos", {
    cookie,
    json: { title, contentType: "image", imageUrl, categoryId: category.id, aiGenerator: "Midjourney" },
  });

Deno.test("[upload] point 8: a GIF with HTML appended is a duplicate of the clean one (the stored file is hashed)", async () => {
  const clean = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#4a2" } }).gif().toBuffer();
  const dirty = Buffer.concat([clean, Buffer.from("<html><script>alert(1)</script></html>")]);
  const first = await create(memberCookie, await upload(memberCookie, "clean.gif", "image/gif", clean), "Clean gif");
  assert.equal(first.status, 201);
  const item = await first.json();
  const stored = await db.select().from(media).where(eq(media.id, item.id)).get();
  const onDisk = await Deno.readFile(`${config.uploadsDir}/${stored!.fileKey}`);
  assert.equal(stored!.fileHash, createHash("sha256").update(onDisk).digest("hex"), "the hash is of the stored file");

  const dirtyUrl = await upload(otherCookie, "dirty.gif", "image/gif", dirty);
  const second = await create(otherCookie, dirtyUrl, "Dirty gif");
  assert.equal(second.status, 409);
  assert.equal((await second.json()).error, "Duplicate content detected");
  assert.equal((await db.select().from(media).where(eq(media.userId, other.id)).all()).length, 0);
  const key = dirtyUrl.replace("/uploads/", "");
  assert.equal(await db.select().from(uploads).where(eq(uploads.fileKey, key)).get(), undefined, "the duplicate upload row is gone");
  assert.equal(existsSync(`${config.uploadsDir}/${key}`), false, "and its file");
  assert.equal((await db.select().from(media).all()).filter((m) => m.fileHash === stored!.fileHash).length, 1);
});
