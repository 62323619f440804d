/**
 * One schema per payload, one id rule: the route answers with the message the island's form
 * shows for the same input, and every route treats a malformed id the same way.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { comments, media, reports } from "../db/schema/mod.ts";
import { ERROR_CODES } from "../common/error_codes.ts";
import { registerSchema } from "../common/schemas/auth.ts";
import { commentSchema } from "../common/schemas/comments.ts";
import { firstError } from "../common/schemas/form.ts";
import { createMediaSchema, mediaEditSchema } from "../common/schemas/media.ts";
import { reportSchema } from "../common/schemas/reports.ts";
import { rejectSchema } from "../common/schemas/admin.ts";
import { categoryIds, createMedia, createUser, loginCookie, makeTestEnv } from "./_helpers.ts";

const env = await makeTestEnv({ RATE_REGISTER_PER_IP: "1000" });
const { request, db } = env;
const member = await createUser(db);
const memberCookie = await loginCookie(db, member.id);
const admin = await createUser(db, { isAdmin: true });
const adminCookie = await loginCookie(db, admin.id);
const item = await createMedia(db, { userId: member.id, title: "Schema target" });

async function errorOf(res: Response, status: number) {
  assert.equal(res.status, status);
  assert.match(res.headers.get("content-type") ?? "", /application\/json/);
  const body = await res.json();
  assert.equal(typeof body.error, "string");
  return body.error as string;
}

Deno.test("[api] POST /api/register answers 400 with the form's own message for each broken rule", async () => {
  const ok = {
    username: "schema_user",
    email: "s@example.com",
    dateOfBirth: "1990-01-01T00:00:00.000Z",
    password: "secret1",
    termsAccepted: true,
  };
  const cases = [
    { ...ok, username: "ab" },
    { ...ok, username: "bad name!" },
    { ...ok, email: "nope" },
    { ...ok, dateOfBirth: new Date(Date.now() - 86_400_000 * 365 * 10).toISOString() },
    { ...ok, dateOfBirth: "1939-12-31T00:00:00.000Z" },
    { ...ok, password: "12345" },
    { ...ok, termsAccepted: false },
  ];
  for (const body of cases) {
    const expected = firstError(registerSchema.safeParse(body));
    assert.ok(expected, JSON.stringify(body));
    assert.equal(await errorOf(await request("/api/register", { json: body }), 400), expected);
  }
});

Deno.test("[api] comment, report and reject routes answer with the schema's message, and store nothing", async () => {
  for (const body of [{ content: "   " }, { content: "x".repeat(2001) }, {}]) {
    const res = await request(`/api/videos/${item.id}/comments`, { json: body, cookie: memberCookie });
    assert.equal(await errorOf(res, 400), firstError(commentSchema.safeParse(body)));
  }
  assert.equal((await db.select().from(comments).where(eq(comments.mediaId, item.id)).all()).length, 0);
  for (
    const body of [{ videoId: item.id }, { videoId: item.id, reason: "spam" }, {
      videoId: item.id,
      reason: "other",
      details: "x".repeat(1001),
    }]
  ) {
    const res = await request("/api/reports", { json: body, cookie: memberCookie });
    assert.equal(await errorOf(res, 400), firstError(reportSchema.safeParse(body)));
  }
  assert.equal((await db.select().from(reports).where(eq(reports.mediaId, item.id)).all()).length, 0);
  const pending = await createMedia(db, { userId: member.id, title: "Awaiting", reviewStatus: "pending" });
  for (const body of [{ reason: "  " }, { reason: "x".repeat(501) }]) {
    const res = await request(`/api/admin/content/${pending.id}/reject`, { json: body, cookie: adminCookie });
    assert.equal(await errorOf(res, 400), firstError(rejectSchema.safeParse(body)));
  }
  assert.equal((await db.select().from(media).where(eq(media.id, pending.id)).get())?.reviewStatus, "pending");
});

Deno.test("[api] POST /api/videos and PUT /api/videos/{id} answer with the upload and edit forms' messages", async () => {
  const [cat] = await categoryIds(db);
  const upload = {
    title: "A new dream",
    categoryId: cat.id,
    contentType: "embed",
    aiGenerator: "Runway",
    youtubeUrl: "https://youtu.be/dQw4w9WgXcQ",
  };
  for (const body of [{ ...upload, title: "ab" }, { ...upload, categoryId: "" }, { ...upload, title: "x".repeat(101) }]) {
    const res = await request("/api/videos", { json: body, cookie: memberCookie });
    assert.equal(await errorOf(res, 400), firstError(createMediaSchema.safeParse(body)));
  }
  for (const body of [{ title: "  " }, { description: "x".repeat(501) }]) {
    const res = await request(`/api/videos/${item.id}`, { method: "PUT", json: body, cookie: memberCookie });
    assert.equal(await errorOf(res, 400), firstError(mediaEditSchema.safeParse(body)));
  }
  assert.equal((await db.select().from(media).where(eq(media.id, item.id)).get())?.title, "Schema target");
});

Deno.test("[api] a duplicate upload is told by its error code, not its wording", async () => {
  const [cat] = await categoryIds(db);
  const body = {
    title: "Twice told",
    categoryId: cat.id,
    contentType: "embed",
    aiGenerator: "Kling",
    youtubeUrl: "https://youtu.be/aqz-KE-bpKQ",
  };
  assert.equal((await request("/api/videos", { json: body, cookie: memberCookie })).status, 201);
  const res = await request("/api/videos", { json: body, cookie: memberCookie });
  assert.equal(res.status, 409);
  const answer = await res.json();
  assert.deepEqual(answer, { error: "Duplicate content detected", code: ERROR_CODES.duplicate });
});

Deno.test("[api] a malformed or zero id is 400 on every id route, a well-formed unknown id 404", async () => {
  const routes: [string, string, unknown?][] = [
    ["GET", "/api/videos/:id"],
    ["GET", "/api/videos/:id/related"],
    ["GET", "/api/videos/:id/direct"],
    ["GET", "/api/videos/:id/like"],
    ["POST", "/api/videos/:id/like"],
    ["GET", "/api/videos/:id/comments"],
    ["POST", "/api/videos/:id/comments", { content: "hi" }],
    ["GET", "/api/content/:id/thumbnail"],
    ["PUT", "/api/videos/:id", { title: "New title" }],
    ["POST", "/api/admin/content/:id/approve"],
    ["POST", "/api/admin/users/:id"],
  ];
  for (const [method, path, json] of routes) {
    for (const bad of ["0", "abc", "-1", "1.5", "1e3", "99999999999999999999"]) {
      const res = await request(path.replace(":id", bad), { method, json, cookie: adminCookie });
      assert.equal(await errorOf(res, 400), "Invalid id", `${method} ${path} with ${bad}`);
    }
    const res = await request(path.replace(":id", "987654"), { method, json, cookie: adminCookie });
    assert.equal(res.status, 404, `${method} ${path} with an unknown id`);
    await res.body?.cancel();
  }
  for (const [path, json] of [["/api/reports", { videoId: 0, reason: "other" }], ["/api/like", { videoId: "x" }]] as const) {
    assert.equal(await errorOf(await request(path, { json, cookie: memberCookie }), 400), "Invalid videoId");
  }
});
