/**
 * Upload quotas (issue 41 point 3): a total and a daily byte limit per member, counted on what
 * they stored and what is still arriving; refused with 413 naming the quota before the bytes are
 * kept, for declared and chunked bodies; admins have none; the admin's overrides.
 */
import assert from "node:assert/strict";
import { existsSync, readdirSync } from "node:fs";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { auditLog, uploadReservations, uploads, users } from "../db/schema/mod.ts";
import { createUser, errorOf, json, loginCookie, makeTestEnv, until } from "./_helpers.ts";
import { multipart, multipartStream } from "./_media_fixtures.ts";
import { QUOTA_MSG } from "../common/quota_rules.ts";

let clock = Date.UTC(2026, 5, 1, 12);
const env = await makeTestEnv(
  { UPLOAD_QUOTA_BYTES: String(50 * 1024 * 1024), DAILY_UPLOAD_QUOTA_BYTES: "-1", RATE_UPLOADS_PER_USER: "1000" },
  { now: () => clock },
);
const { request, db, config } = env;
Deno.test.afterAll(() => env.close());

const admin = await createUser(db, { isAdmin: true });
const adminCookie = await loginCookie(db, admin.id);

/** A PNG of noise (does not compress): some hundreds of KB, several chunks of a body. */
async function noisePng(seed: number, side = 260): Promise<Uint8Array> {
  const raw = new Uint8Array(side * side * 3);
  let x = seed * 2654435761;
  for (let i = 0; i < raw.length; i++) {
    x = (x * 1103515245 + 12345) >>> 0;
    raw[i] = x >>> 24;
  }
  return new Uint8Array(await sharp(raw, { raw: { width: side, height: side, channels: 3 } }).png({ compressionLevel: 0 }).toBuffer());
}

/** Every file under the uploads directory, temp files included. */
function filesOnDisk(): string[] {
  if (!existsSync(config.uploadsDir)) return [];
  return (readdirSync(config.uploadsDir, { recursive: true }) as string[]).map(String)
    .filter((p) => !Deno.statSync(`${config.uploadsDir}/${p}`).isDirectory);
}

/** A member with their own quotas (null: the site's). */
async function memberWith(limit: number | null, daily: number | null) {
  const user = await createUser(db);
  const cookie = await loginCookie(db, user.id);
  if (limit !== null || daily !== null) {
    await json(
      await request(`/api/admin/users/${user.id}`, {
        method: "PATCH",
        cookie: adminCookie,
        json: { uploadQuotaBytes: limit, dailyUploadQuotaBytes: daily },
      }),
    );
  }
  return { ...user, cookie };
}

/** The file as a declared (Content-Length) multipart body. */
function upload(cookie: string, data: Uint8Array) {
  const mp = multipart("noise.png", "image/png", data);
  return request("/api/upload/file", {
    method: "POST",
    cookie,
    headers: { "content-type": mp.contentType, "content-length": String(mp.body.length) },
    body: mp.body,
  });
}

/** The file chunked (no length), 64 KB at a time; `hold` keeps the closing boundary back until it resolves. */
function uploadChunked(cookie: string, data: Uint8Array, hold?: Promise<void>) {
  const mp = multipart("noise.png", "image/png", data);
  const whole = new Uint8Array(mp.body);
  const chunks: Uint8Array[] = [];
  const split = whole.length - mp.tail.length;
  for (let at = 0; at < split; at += 64 * 1024) chunks.push(whole.slice(at, Math.min(at + 64 * 1024, split)));
  chunks.push(whole.slice(split));
  const body = new ReadableStream<Uint8Array>({
    async pull(ctrl) {
      if (chunks.length === 1 && hold) await hold;
      const next = chunks.shift();
      if (next) ctrl.enqueue(next);
      else ctrl.close();
    },
  });
  return request("/api/upload/file", { method: "POST", cookie, headers: { "content-type": mp.contentType }, body });
}

const rowsOf = (userId: number) => db.select().from(uploads).where(eq(uploads.userId, userId)).all();
const reservationsOf = (userId: number) => db.select().from(uploadReservations).where(eq(uploadReservations.userId, userId)).all();
const quotaOf = async (cookie: string) => (await json(await request("/api/user", { cookie }))).quota;

const A = await noisePng(1);
const B = await noisePng(2);
const C = await noisePng(3);

Deno.test("[quota] GET /api/user gives the quota: the site's default, what is stored; admins have none", async () => {
  const m = await memberWith(null, null);
  assert.deepEqual(await quotaOf(m.cookie), { used: 0, limit: 50 * 1024 * 1024, dailyUsed: 0, dailyLimit: -1 });
  await json(await upload(m.cookie, A), 201);
  assert.deepEqual(await quotaOf(m.cookie), { used: A.length, limit: 50 * 1024 * 1024, dailyUsed: A.length, dailyLimit: -1 });
  const a = await quotaOf(adminCookie);
  assert.equal(a.limit, -1);
  assert.equal(a.dailyLimit, -1);
  // Visitors: 401, as before.
  await errorOf(await request("/api/user"), 401);
});

Deno.test("[quota] a file exactly at the limit is kept; one byte more is refused with 413 naming the quota", async () => {
  const exact = await memberWith(A.length, null);
  const body = await json(await upload(exact.cookie, A), 201);
  assert.match(body.url, /^\/uploads\//);
  assert.equal((await rowsOf(exact.id)).length, 1);
  assert.equal((await quotaOf(exact.cookie)).used, A.length);
  // Full now: the smallest next file passes it.
  const before = filesOnDisk().length;
  const res = await upload(exact.cookie, B);
  const body2 = await json(res, 413);
  assert.equal(body2.error, QUOTA_MSG.exceeded("total", A.length));
  assert.equal(body2.code, "upload_quota");
  assert.equal((await rowsOf(exact.id)).length, 1);
  assert.equal(filesOnDisk().length, before, "nothing of the refused file is kept");

  const over = await memberWith(A.length - 1, null);
  const res3 = await upload(over.cookie, A);
  assert.equal((await json(res3, 413)).error, QUOTA_MSG.exceeded("total", A.length - 1));
  assert.deepEqual(await rowsOf(over.id), []);
  assert.deepEqual(await reservationsOf(over.id), [], "the reservation is given back");
  assert.equal(filesOnDisk().length, before);
});

Deno.test("[quota] chunked bodies: counted as they arrive, at the limit kept, past it refused", async () => {
  const m = await memberWith(A.length, null);
  await json(await uploadChunked(m.cookie, A), 201);
  const before = filesOnDisk().length;
  const over = await memberWith(B.length - 1, null);
  const res = await uploadChunked(over.cookie, B);
  assert.equal((await json(res, 413)).error, QUOTA_MSG.exceeded("total", B.length - 1));
  assert.deepEqual(await rowsOf(over.id), []);
  assert.deepEqual(await reservationsOf(over.id), []);
  assert.equal(filesOnDisk().length, before);
  // A chunked body of zeros far past the quota (a PNG's first bytes, then nothing but length) stops early too.
  const mp = multipart("big.png", "image/png", new Uint8Array());
  const pngHead = A.slice(0, 64);
  const res2 = await request("/api/upload/file", {
    method: "POST",
    cookie: over.cookie,
    headers: { "content-type": mp.contentType },
    body: multipartStream(mp.head, 5 * 1024 * 1024, mp.tail, pngHead),
  });
  assert.equal((await json(res2, 413)).code, "upload_quota");
  assert.equal(filesOnDisk().length, before);
});

Deno.test("[quota] a Content-Length past the room left is refused before the body is read", async () => {
  const m = await memberWith(A.length, null);
  const mp = multipart("noise.png", "image/png", A);
  let pulled = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(ctrl) {
      pulled++;
      ctrl.enqueue(new Uint8Array(mp.body));
      ctrl.close();
    },
  }, { highWaterMark: 0 });
  const res = await request("/api/upload/file", {
    method: "POST",
    cookie: m.cookie,
    headers: { "content-type": mp.contentType, "content-length": String(A.length + 2 * 1024 * 1024) },
    body,
  });
  assert.equal((await json(res, 413)).error, QUOTA_MSG.exceeded("total", A.length));
  assert.equal(pulled, 0, "not one byte of the body was read");
  assert.deepEqual(await rowsOf(m.id), []);
});

Deno.test("[quota] the daily quota: full today, room again 24 hours later", async () => {
  const m = await memberWith(-1, A.length + B.length);
  await json(await upload(m.cookie, A), 201);
  clock += 3_600_000;
  await json(await upload(m.cookie, B), 201);
  clock += 3_600_000;
  const res = await upload(m.cookie, C);
  const body = await json(res, 413);
  assert.equal(body.error, QUOTA_MSG.exceeded("daily", A.length + B.length));
  assert.equal(body.code, "daily_upload_quota");
  assert.deepEqual(await quotaOf(m.cookie), {
    used: A.length + B.length,
    limit: -1,
    dailyUsed: A.length + B.length,
    dailyLimit: A.length + B.length,
  });
  // A day after the first upload, it leaves the window: room for C, as large as A.
  clock += 22 * 3_600_000 + 1;
  const q = await quotaOf(m.cookie);
  assert.equal(q.dailyUsed, B.length);
  assert.equal(C.length, A.length, "uncompressed noise of one size: the same length");
  await json(await upload(m.cookie, C), 201);
  assert.equal((await rowsOf(m.id)).length, 3);
});

Deno.test("[quota] an upload in progress counts: a second one that would pass the quota with it is refused", async () => {
  const m = await memberWith(A.length + Math.floor(B.length / 2), null);
  let release!: () => void;
  const hold = new Promise<void>((r) => (release = r));
  const first = uploadChunked(m.cookie, A, hold);
  // The first upload's bytes are reserved while its body is still open.
  await until(async () => (await reservationsOf(m.id)).reduce((n, r) => n + r.bytes, 0) >= A.length - 1024, 30_000, "the reservation");
  assert.ok((await quotaOf(m.cookie)).used >= A.length - 1024, "GET /api/user counts the upload in progress");
  const second = await upload(m.cookie, B);
  assert.equal((await json(second, 413)).code, "upload_quota");
  release();
  await json(await first, 201);
  assert.equal((await rowsOf(m.id)).length, 1);
  assert.deepEqual(await reservationsOf(m.id), []);
});

Deno.test("[quota] two uploads at once that together pass it: never both kept", async () => {
  const m = await memberWith(A.length + Math.floor(B.length / 2), null);
  const [r1, r2] = await Promise.all([uploadChunked(m.cookie, A), uploadChunked(m.cookie, B)]);
  const statuses = [r1.status, r2.status].sort();
  await r1.body?.cancel();
  await r2.body?.cancel();
  assert.ok(!(statuses[0] === 201 && statuses[1] === 201), `both kept: ${statuses}`);
  for (const s of statuses) assert.ok(s === 201 || s === 413, String(s));
  const stored = (await rowsOf(m.id)).reduce((n, r) => n + r.size, 0);
  assert.ok(stored <= A.length + Math.floor(B.length / 2));
  assert.deepEqual(await reservationsOf(m.id), []);
});

Deno.test("[quota] admins have none: an admin's upload past the site's default is kept", async () => {
  const small = await makeTestEnv({ UPLOAD_QUOTA_BYTES: "1000", DAILY_UPLOAD_QUOTA_BYTES: "1000", RATE_UPLOADS_PER_USER: "1000" });
  try {
    const a = await createUser(small.db, { isAdmin: true });
    const cookie = await loginCookie(small.db, a.id);
    const mp = multipart("noise.png", "image/png", A);
    const res = await small.request("/api/upload/file", {
      method: "POST",
      cookie,
      headers: { "content-type": mp.contentType, "content-length": String(mp.body.length) },
      body: mp.body,
    });
    await json(res, 201);
    const m = await createUser(small.db);
    const mc = await loginCookie(small.db, m.id);
    const res2 = await small.request("/api/upload/file", {
      method: "POST",
      cookie: mc,
      headers: { "content-type": mp.contentType, "content-length": String(mp.body.length) },
      body: mp.body,
    });
    assert.equal((await json(res2, 413)).error, QUOTA_MSG.exceeded("total", 1000));
  } finally {
    await small.close();
  }
});

Deno.test("[quota] PATCH /api/admin/users/{id} sets and clears a member's quotas, audited; bad input refused", async () => {
  const m = await createUser(db);
  const res = await request(`/api/admin/users/${m.id}`, {
    method: "PATCH",
    cookie: adminCookie,
    json: { uploadQuotaBytes: 5000, dailyUploadQuotaBytes: -1 },
  });
  const body = await json(res);
  assert.equal(body.user.uploadQuotaBytes, 5000);
  assert.equal(body.user.dailyUploadQuotaBytes, -1);
  assert.deepEqual(body.quota, { used: 0, limit: 5000, dailyUsed: 0, dailyLimit: -1 });
  const row = await db.select().from(users).where(eq(users.id, m.id)).get();
  assert.equal(row!.uploadQuotaBytes, 5000);
  assert.equal(row!.dailyUploadQuotaBytes, -1);
  const audit = await db.select().from(auditLog).where(eq(auditLog.action, "user.quota")).all();
  const entry = audit.find((a) => a.targetId === m.id)!;
  assert.equal(entry.actorId, admin.id);
  assert.deepEqual(JSON.parse(entry.details!).after, { uploadQuotaBytes: 5000, dailyUploadQuotaBytes: -1 });
  // null: back to the site's default.
  const back = await json(
    await request(`/api/admin/users/${m.id}`, { method: "PATCH", cookie: adminCookie, json: { uploadQuotaBytes: null } }),
  );
  assert.equal(back.quota.limit, 50 * 1024 * 1024);
  for (
    const bad of [{ uploadQuotaBytes: "5000" }, { uploadQuotaBytes: -2 }, { uploadQuotaBytes: 1.5 }, {}, { role: "owner" }, { extra: 1 }]
  ) {
    await errorOf(await request(`/api/admin/users/${m.id}`, { method: "PATCH", cookie: adminCookie, json: bad }), 400);
  }
  await errorOf(await request(`/api/admin/users/999999`, { method: "PATCH", cookie: adminCookie, json: { uploadQuotaBytes: 1 } }), 404);
  await errorOf(
    await request(`/api/admin/users/${m.id}`, {
      method: "PATCH",
      cookie: adminCookie,
      headers: { "content-type": "text/plain" },
      body: "{}",
    }),
    415,
  );
  const memberCookie = await loginCookie(db, m.id);
  await errorOf(await request(`/api/admin/users/${m.id}`, { method: "PATCH", cookie: memberCookie, json: { uploadQuotaBytes: -1 } }), 403);
  await errorOf(await request(`/api/admin/users/${m.id}`, { method: "PATCH", json: { uploadQuotaBytes: -1 } }), 401);
  assert.equal((await db.select().from(users).where(eq(users.id, m.id)).get())!.uploadQuotaBytes, null);
});
