/**
 * Issue 34 point 6 for the Pending tab: `POST /api/admin/content/bulk` approves, rejects with one
 * reason, or deletes the checked items, each audited on its own; an item gone or decided meanwhile
 * is skipped with the reason; bad input is refused whole (400) and changes nothing; admins only.
 * Point 5's look-alikes among pending items: two copies of one picture uploaded while both wait
 * show each other, with the uploader, the state and the distance in words.
 */
import assert from "node:assert/strict";
import { eq, inArray } from "drizzle-orm";
import { auditLog, media, notifications } from "../db/schema/mod.ts";
import { BULK_MAX } from "../common/moderation.ts";
import { REJECT_REASON_MAX } from "../common/admin_rules.ts";
import { createMedia, createUser, errorOf, json, loginCookie, makeTestEnv, type TestEnv } from "./_helpers.ts";
import { multipart } from "./_media_fixtures.ts";
import { copiesOf, scene } from "./_similar_fixtures.ts";
import { auditOf } from "./_moderation.ts";

const env = await makeTestEnv();
const { request, db } = env;
Deno.test.afterAll(() => env.close());

const admin = await createUser(db, { username: "bulk_admin", isAdmin: true });
const adminCookie = await loginCookie(db, admin.id);
const uploader = await createUser(db, { username: "bulk_uploader" });
const uploaderCookie = await loginCookie(db, uploader.id);

/** `cookie` null: a visitor. */
const bulk = (body: unknown, cookie: string | null = adminCookie) =>
  request("/api/admin/content/bulk", { cookie: cookie ?? undefined, json: body });
const pending = (title: string) => createMedia(db, { userId: uploader.id, title, reviewStatus: "pending" });
const rowOf = (id: number) => db.select().from(media).where(eq(media.id, id)).get();

Deno.test("[api] bulk approve and reject: each item decided and audited on its own; those decided meanwhile are skipped", async () => {
  const [a, b, c] = [await pending("Bulk A"), await pending("Bulk B"), await pending("Bulk C")];
  const approved = await json(await bulk({ action: "approve", ids: [a.id, b.id, a.id] }));
  assert.deepEqual(approved, { ok: true, action: "approve", done: [a.id, b.id], skipped: [] });
  for (const it of [a, b]) {
    assert.equal((await rowOf(it.id))?.reviewStatus, "approved");
    assert.equal((await rowOf(it.id))?.reviewedBy, admin.id);
    const entries = await auditOf(db, "content.approve", "media", it.id);
    assert.equal(entries.length, 1);
    assert.equal(entries[0].actorId, admin.id);
    assert.equal(entries[0].subjectId, uploader.id);
    assert.equal(JSON.parse(entries[0].details!).title, it.title);
  }
  // a is approved already, 999999 is gone: skipped with the reason, c rejected with the one reason.
  const rejected = await json(await bulk({ action: "reject", ids: [a.id, c.id, 999999], reason: "  Not AI-made  " }));
  assert.deepEqual(rejected.done, [c.id]);
  assert.deepEqual(rejected.skipped, [
    { id: a.id, reason: "This item is no longer waiting for review" },
    { id: 999999, reason: "Content not found" },
  ]);
  assert.equal((await rowOf(a.id))?.reviewStatus, "approved");
  assert.equal((await rowOf(c.id))?.reviewStatus, "rejected");
  assert.equal((await rowOf(c.id))?.rejectionReason, "Not AI-made");
  assert.equal(JSON.parse((await auditOf(db, "content.reject", "media", c.id))[0].details!).reason, "Not AI-made");
  assert.equal((await auditOf(db, "content.reject", "media", a.id)).length, 0);
  // Issue 33: the uploader hears of each decision, once, the rejection with its reason.
  const told = await db.select().from(notifications).where(eq(notifications.userId, uploader.id));
  const of = (kind: string) => told.filter((n) => n.kind === kind).map((n) => [n.mediaId, n.detail]).sort();
  assert.deepEqual(of("upload_approved"), [[a.id, null], [b.id, null]].sort());
  assert.deepEqual(of("upload_rejected"), [[c.id, "Not AI-made"]]);
});

Deno.test("[api] bulk delete removes the rows and records each with its uploader", async () => {
  const [a, b] = [await pending("Delete A"), await pending("Delete B")];
  const kept = await createMedia(db, { userId: uploader.id, title: "Approved stays", reviewStatus: "approved" });
  const done = await json(await bulk({ action: "delete", ids: [a.id, b.id, kept.id] }));
  assert.deepEqual(done.done, [a.id, b.id]);
  assert.deepEqual(done.skipped, [{ id: kept.id, reason: "This item is no longer waiting for review" }]);
  assert.deepEqual(await db.select().from(media).where(inArray(media.id, [a.id, b.id])).all(), []);
  assert.ok(await rowOf(kept.id));
  for (const it of [a, b]) {
    const [entry] = await auditOf(db, "content.delete", "media", it.id);
    assert.equal(entry.subjectId, uploader.id);
    assert.deepEqual(JSON.parse(entry.details!), { title: it.title, uploaderId: uploader.id, reviewStatus: "pending", bulk: true });
  }
});

Deno.test("[api] bulk: bad input is refused whole (400) and changes nothing; visitors 401, members and the uploader 403", async () => {
  const it = await pending("Untouched");
  const audits = (await db.select().from(auditLog).all()).length;
  const many = Array.from({ length: BULK_MAX + 1 }, (_, i) => i + 1);
  for (
    const bad of [
      {},
      { action: "approve" },
      { action: "approve", ids: [] },
      { action: "approve", ids: many },
      { action: "feature", ids: [it.id] },
      { action: "approve", ids: [String(it.id)] },
      { action: "approve", ids: [-1] },
      { action: "approve", ids: [0] },
      { action: "approve", ids: [1.5] },
      { action: "approve", ids: [Number.MAX_SAFE_INTEGER + 2] },
      { action: "approve", ids: it.id },
      { action: "reject", ids: [it.id] },
      { action: "reject", ids: [it.id], reason: "   " },
      { action: "reject", ids: [it.id], reason: "x".repeat(REJECT_REASON_MAX + 1) },
    ]
  ) {
    await errorOf(await bulk(bad), 400);
  }
  await errorOf(await bulk({ action: "approve", ids: [it.id] }, null), 401, "You must be logged in");
  await errorOf(await bulk({ action: "approve", ids: [it.id] }, uploaderCookie), 403, "Only admins and moderators can do that");
  assert.equal((await rowOf(it.id))?.reviewStatus, "pending");
  assert.equal((await db.select().from(auditLog).all()).length, audits);
  // A full page at once is accepted.
  const page = await Promise.all(Array.from({ length: BULK_MAX - 1 }, (_, i) => pending(`Page ${i}`)));
  const done = await json(await bulk({ action: "reject", ids: [it.id, ...page.map((p) => p.id)], reason: "Batch" }));
  assert.equal(done.done.length, BULK_MAX);
  assert.equal((await db.select().from(auditLog).all()).length, audits + BULK_MAX);
});

async function upload(e: TestEnv, cookie: string, bytes: Uint8Array, title: string) {
  const png = bytes[0] === 0x89;
  const mp = multipart(png ? "a.png" : "a.jpg", png ? "image/png" : "image/jpeg", bytes);
  const up = await json(
    await e.request("/api/upload/file", { method: "POST", cookie, headers: { "content-type": mp.contentType }, body: mp.body }),
    201,
  );
  const res = await e.request("/api/videos", {
    cookie,
    json: { title, contentType: "image", imageUrl: up.url, categoryId: 1, aiGenerator: "SDXL" },
  });
  return await json(res, 201);
}

Deno.test("[api] two pending copies of one picture show each other, with uploader, state and the distance in words", async () => {
  const other = await createUser(db, { username: "bulk_copier" });
  const copies = await copiesOf(await scene(11));
  const first = await upload(env, uploaderCookie, copies["resized to 80%"], "First copy");
  const second = await upload(env, await loginCookie(db, other.id), copies["JPEG quality 60"], "Second copy");
  const list = await json(await request("/api/admin/content/pending", { cookie: adminCookie }));
  const byId = (id: number) => list.find((i: { id: number }) => i.id === id);
  for (const [item, match, who] of [[first, second, other], [second, first, uploader]] as const) {
    const row = byId(item.id);
    assert.equal(row.uploaderName, item === first ? uploader.username : other.username);
    assert.equal(row.lookAlikes.length, 1, JSON.stringify(row.lookAlikes));
    const l = row.lookAlikes[0];
    assert.equal(l.id, match.id);
    assert.equal(l.status, "pending");
    assert.equal(l.href, `/media/${match.id}`);
    assert.deepEqual(l.uploader, { id: who.id, username: who.username });
    assert.equal(l.decidedBy, null);
    assert.equal(l.decidedAt, null);
    assert.ok(l.distance <= 4, `distance ${l.distance}`);
    assert.equal(l.likeness, "same picture");
  }
  // Decided, each names the decision and who took it.
  await json(await bulk({ action: "reject", ids: [first.id], reason: "Duplicate" }));
  const after = (await json(await request("/api/admin/content/pending", { cookie: adminCookie })))
    .find((i: { id: number }) => i.id === second.id).lookAlikes[0];
  assert.equal(after.status, "rejected");
  assert.equal(after.reason, "Duplicate");
  assert.deepEqual(after.decidedBy, { id: admin.id, username: admin.username });
});
