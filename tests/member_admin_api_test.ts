/**
 * Issue 34 point 4: the admin's page of one member (`GET /api/admin/users/{id}`, `/admin/users/{id}`)
 * and its actions. A ban has a reason and a length; the member reads both when they try to sign in;
 * a temporary ban ends by itself (the app's clock and the sweep's are moved, never slept); every
 * action is audited and refused to visitors (401), members and the member themselves (403), and for
 * bad input (400), unknown members (404), oneself and other admins (409).
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { auditLog, bans, comments, media, reports, threadComments, threads, users } from "../db/schema/mod.ts";
import { endExpiredBansNow } from "../lib/community/bans.ts";
import { BAN_REASON_MAX } from "../common/ban_rules.ts";
import { createMedia, createUser, errorOf, json, loginCookie, makeTestEnv } from "./_helpers.ts";
import { makeComment, makeThread } from "./_forum.ts";
import { auditOf, commentCount } from "./_moderation.ts";

const DAY = 86_400_000;
let clock = Date.parse("2026-03-01T10:00:00Z");
const env = await makeTestEnv({ RATE_REPORTS_PER_USER: "1000" }, { now: () => clock });
const { request, db } = env;
Deno.test.afterAll(() => env.close());

const admin = await createUser(db, { username: "mp_admin", isAdmin: true });
const adminCookie = await loginCookie(db, admin.id);
const otherAdmin = await createUser(db, { username: "mp_admin2", isAdmin: true });
const reporter = await createUser(db, { username: "mp_reporter" });
const reporterCookie = await loginCookie(db, reporter.id);

const login = (u: { username: string; password: string }) =>
  request("/api/login", { json: { username: u.username, password: u.password } });
const page = async (id: number, q = "") => await json(await request(`/api/admin/users/${id}${q}`, { cookie: adminCookie }));
const post = (path: string, body: unknown = {}, cookie = adminCookie) => request(`/api/admin/users/${path}`, { cookie, json: body });
const userRow = (id: number) => db.select().from(users).where(eq(users.id, id)).get();

Deno.test("[api] the member page: account, counts, uploads in every state, posts, reports made and against, bans and the log", async () => {
  const m = await createUser(db, { username: "mp_subject", emailVerified: true });
  const approved = await createMedia(db, { userId: m.id, title: "Their approved" });
  await createMedia(db, { userId: m.id, title: "Their pending", reviewStatus: "pending" });
  await createMedia(db, { userId: m.id, title: "Their rejected", reviewStatus: "rejected", rejectionReason: "Off topic" });
  const someoneElses = await createMedia(db, { userId: reporter.id, title: "Someone else's" });
  await db.insert(comments).values({ mediaId: someoneElses.id, userId: m.id, content: "their comment" });
  const thread = await makeThread(db, { userId: m.id, title: "Their thread" });
  await makeComment(db, thread.id, m.id, "their forum comment");
  // Reports against their item and by them, with the words.
  await db.insert(reports).values([
    {
      mediaId: approved.id,
      userId: reporter.id,
      reporterKey: `u:${reporter.id}`,
      reason: "misinformation",
      details: "It says the moon is cheese",
    },
    { mediaId: someoneElses.id, userId: m.id, reporterKey: `u:${m.id}`, reason: "copyright", details: "Mine" },
  ]);
  await json(await request(`/api/forum/threads/${thread.id}/report`, { json: { reason: "other", details: "spam thread" } }), 201);

  const p = await page(m.id);
  assert.equal(p.user.username, "mp_subject");
  assert.equal(p.user.emailVerified, true);
  assert.equal(p.user.banned, false);
  assert.equal(p.ban, null);
  assert.deepEqual(p.counts, {
    uploads: 3,
    approved: 1,
    pending: 1,
    rejected: 1,
    comments: 1,
    threads: 1,
    forumComments: 1,
    reportsMade: 1,
  });
  assert.deepEqual(p.uploads.items.map((u: { title: string; reviewStatus: string }) => [u.title, u.reviewStatus]).sort(), [
    ["Their approved", "approved"],
    ["Their pending", "pending"],
    ["Their rejected", "rejected"],
  ]);
  assert.equal(p.uploads.items.find((u: { reviewStatus: string }) => u.reviewStatus === "rejected").rejectionReason, "Off topic");
  assert.deepEqual(p.comments.map((c: { content: string }) => c.content), ["their comment"]);
  assert.deepEqual(p.forumPosts.map((c: { kind: string }) => c.kind).sort(), ["forum-comment", "thread"]);
  assert.deepEqual(p.reportsMade.map((r: { details: string; owner: { username: string } }) => [r.details, r.owner.username]), [
    ["Mine", reporter.username],
  ]);
  const against = p.reportsAgainst.map((r: { kind: string; details: string; reporter: unknown; visitor: boolean }) => [
    r.kind,
    r.details,
    r.reporter,
    r.visitor,
  ]);
  assert.deepEqual(against.sort(), [
    ["item", "It says the moon is cheese", { id: reporter.id, username: reporter.username }, false],
    ["thread", "spam thread", null, true],
  ]);
  assert.deepEqual(p.bans, []);
  assert.deepEqual(p.audit, []);

  // The page renders the same, for admins only.
  const html = await (await request(`/admin/users/${m.id}`, { cookie: adminCookie })).text();
  for (const text of ["mp_subject", "Their rejected", "Off topic", "their comment", "It says the moon is cheese", "spam thread"]) {
    assert.ok(html.includes(text), text);
  }
  for (const cookie of [undefined, reporterCookie, await loginCookie(db, m.id)]) {
    const res = await request(`/admin/users/${m.id}`, { cookie });
    assert.equal(res.status, 302);
    assert.equal(res.headers.get("location"), "/");
  }
  // Bad input: a page out of range, an id that is none, a member who is not there.
  await errorOf(await request(`/api/admin/users/${m.id}?page=0`, { cookie: adminCookie }), 400);
  await errorOf(await request(`/api/admin/users/${m.id}?page=-3`, { cookie: adminCookie }), 400);
  await errorOf(await request(`/api/admin/users/${m.id}?page=99999999`, { cookie: adminCookie }), 400);
  await errorOf(await request(`/api/admin/users/abc`, { cookie: adminCookie }), 400);
  await errorOf(await request(`/api/admin/users/999999`, { cookie: adminCookie }), 404, "User not found");
  assert.equal((await request(`/admin/users/999999`, { cookie: adminCookie })).status, 404);
  assert.equal((await request(`/admin/users/abc`, { cookie: adminCookie })).status, 400);
  assert.deepEqual((await page(m.id, "?page=2")).uploads.items, []);
});

Deno.test("[api] a 7-day ban: the member is signed out, reads the reason and the end at sign-in, and it ends by itself", async () => {
  const m = await createUser(db, { username: "mp_banned" });
  const mCookie = await loginCookie(db, m.id);
  const item = await createMedia(db, { userId: m.id, title: "Banned member's item" });
  const body = await json(await post(`${m.id}/ban`, { reason: "Spam in comments", length: "7d" }));
  assert.equal(body.user.banned, true);
  assert.equal(body.ban.reason, "Spam in comments");
  assert.equal(body.ban.endsAt, new Date(clock + 7 * DAY).toISOString());
  assert.equal((await userRow(m.id))?.banned, true);
  assert.equal((await db.select().from(media).where(eq(media.id, item.id)).get())?.hidden, true);
  // Signed out everywhere; at sign-in the reason and the end, in words and as fields.
  assert.equal((await json(await request("/api/user", { cookie: mCookie }), 401)).error.length > 0, true);
  const refused = await json(await login(m), 403);
  assert.equal(refused.code, "banned");
  assert.deepEqual(refused.ban, { reason: "Spam in comments", endsAt: new Date(clock + 7 * DAY).toISOString() });
  assert.equal(
    refused.error,
    "This account has been banned until March 8, 2026 at 10:00 UTC. Reason: Spam in comments. Contact support if you think this is a mistake.",
  );
  const [entry] = await auditOf(db, "user.ban", "user", m.id);
  assert.equal(entry.actorId, admin.id);
  assert.equal(entry.subjectId, m.id);
  assert.deepEqual(JSON.parse(entry.details!), {
    username: "mp_banned",
    reason: "Spam in comments",
    length: "7d",
    endsAt: new Date(clock + 7 * DAY).toISOString(),
  });
  const p = await page(m.id);
  assert.equal(p.ban.reason, "Spam in comments");
  assert.deepEqual(p.ban.by, { id: admin.id, username: admin.username });

  // A minute before the end: still banned, and the sweep leaves it.
  clock += 7 * DAY - 60_000;
  assert.equal(await endExpiredBansNow(db, clock), 0);
  await json(await login(m), 403);
  // The end comes: the sign-in ends it at once (before any sweep), audited with no actor.
  clock += 60_000;
  await json(await login(m));
  assert.equal((await userRow(m.id))?.banned, false);
  assert.equal((await db.select().from(media).where(eq(media.id, item.id)).get())?.hidden, false);
  const [expired] = await auditOf(db, "user.ban_expired", "user", m.id);
  assert.equal(expired.actorId, null);
  assert.equal(expired.subjectId, m.id);
  const [ban] = await db.select().from(bans).where(eq(bans.userId, m.id)).all();
  assert.equal(ban.endReason, "expired");
  assert.equal(ban.endedAt, clock);
});

Deno.test("[api] the sweep ends every ban run out, and only those; a new ban replaces the one in force; unban lifts it", async () => {
  const short = await createUser(db, { username: "mp_short" });
  const long = await createUser(db, { username: "mp_long" });
  await json(await post(`${short.id}/ban`, { reason: "Cool off", length: "1d" }));
  await json(await post(`${long.id}/ban`, { reason: "Repeated spam", length: "30d" }));
  clock += DAY;
  assert.equal(await endExpiredBansNow(db, clock), 1);
  assert.equal((await userRow(short.id))?.banned, false);
  assert.equal((await userRow(long.id))?.banned, true);
  assert.equal((await auditOf(db, "user.ban_expired", "user", short.id)).length, 1);
  assert.equal(await endExpiredBansNow(db, clock), 0);

  // Replaced: the old ban ends as "replaced", the new one is until lifted.
  const changed = await json(await post(`${long.id}/ban`, { reason: "Until we talk", length: "permanent" }));
  assert.equal(changed.ban.endsAt, null);
  const rows = await db.select().from(bans).where(eq(bans.userId, long.id)).orderBy(bans.id).all();
  assert.deepEqual(rows.map((b) => [b.reason, b.endReason]), [["Repeated spam", "replaced"], ["Until we talk", null]]);
  clock += 400 * DAY;
  assert.equal(await endExpiredBansNow(db, clock), 0);
  const refused = await json(await login(long), 403);
  assert.equal(refused.error, "This account has been banned. Reason: Until we talk. Contact support if you think this is a mistake.");
  assert.deepEqual(refused.ban, { reason: "Until we talk", endsAt: null });

  const lifted = await json(await post(`${long.id}/unban`));
  assert.equal(lifted.user.banned, false);
  assert.equal((await userRow(long.id))?.banned, false);
  await json(await login(long));
  assert.equal((await auditOf(db, "user.unban", "user", long.id)).length, 1);
  await errorOf(await post(`${long.id}/unban`), 409, "This member is not banned");
  const p = await page(long.id);
  assert.deepEqual(p.bans.map((b: { reason: string; endReason: string }) => [b.reason, b.endReason]), [
    ["Until we talk", "lifted"],
    ["Repeated spam", "replaced"],
  ]);
  assert.deepEqual(p.audit.map((e: { action: string }) => e.action), ["user.unban", "user.ban", "user.ban"]);

  // The spec's toggle still bans until lifted (no reason) and lifts.
  const toggled = await json(await post(`${short.id}`));
  assert.equal(toggled.user.banned, true);
  assert.equal((await json(await login(short), 403)).ban.endsAt, null);
  assert.equal((await json(await post(`${short.id}`))).user.banned, false);
});

Deno.test("[api] ban: bad input 400, unknown member 404, oneself and another admin 409, and nothing changes", async () => {
  const m = await createUser(db, { username: "mp_badban" });
  const bans0 = (await db.select().from(bans).all()).length;
  const audits0 = (await db.select().from(auditLog).all()).length;
  for (
    const bad of [
      {},
      { reason: "x" },
      { length: "7d" },
      { reason: "   ", length: "7d" },
      { reason: "x".repeat(BAN_REASON_MAX + 1), length: "7d" },
      { reason: "x", length: "2d" },
      { reason: 5, length: "7d" },
      { reason: "x", length: ["7d"] },
    ]
  ) {
    await errorOf(await post(`${m.id}/ban`, bad), 400);
  }
  await errorOf(
    await request(`/api/admin/users/${m.id}/ban`, {
      cookie: adminCookie,
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{not json",
    }),
    400,
  );
  await errorOf(await post(`abc/ban`, { reason: "x", length: "1d" }), 400);
  await errorOf(await post(`-4/ban`, { reason: "x", length: "1d" }), 400);
  await errorOf(await post(`999999/ban`, { reason: "x", length: "1d" }), 404, "User not found");
  await errorOf(await post(`${admin.id}/ban`, { reason: "x", length: "1d" }), 409, "You cannot ban yourself");
  await errorOf(await post(`${otherAdmin.id}/ban`, { reason: "x", length: "1d" }), 409, "Admins cannot be banned");
  await errorOf(await post(`${otherAdmin.id}/delete-posts`), 409, "Admins cannot be banned");
  await errorOf(await post(`999999/unban`), 404);
  await errorOf(await post(`${m.id}/reject-pending`, {}), 400);
  await errorOf(await post(`${m.id}/reject-pending`, { reason: "" }), 400);
  await errorOf(await post(`999999/reject-pending`, { reason: "x" }), 404);
  assert.equal((await db.select().from(bans).all()).length, bans0);
  assert.equal((await db.select().from(auditLog).all()).length, audits0);
  assert.equal((await userRow(m.id))?.banned, false);
});

Deno.test("[api] the member page's endpoints answer 401 to visitors, 403 to members and to the member, and change nothing", async () => {
  const m = await createUser(db, { username: "mp_guarded" });
  const mCookie = await loginCookie(db, m.id);
  await createMedia(db, { userId: m.id, reviewStatus: "pending" });
  const endpoints: [string, string, unknown?][] = [
    ["GET", `/api/admin/users`],
    ["GET", `/api/admin/users/${m.id}`],
    ["POST", `/api/admin/users/${m.id}`],
    ["POST", `/api/admin/users/${m.id}/ban`, { reason: "x", length: "1d" }],
    ["POST", `/api/admin/users/${m.id}/unban`],
    ["POST", `/api/admin/users/${m.id}/delete-posts`],
    ["POST", `/api/admin/users/${m.id}/reject-pending`, { reason: "x" }],
    ["GET", `/api/admin/audit?subjectId=${m.id}`],
  ];
  const audits = (await db.select().from(auditLog).all()).length;
  for (const [method, path, body] of endpoints) {
    for (
      const [who, cookie, status] of [["visitor", undefined, 401], ["member", reporterCookie, 403], ["themselves", mCookie, 403]] as const
    ) {
      const res = await request(path, { method, cookie, ...(body ? { json: body } : method === "POST" ? { json: {} } : {}) });
      // Moderators may use these too (issue 41 point 4): the refusal names both.
      const error = await errorOf(res, status);
      assert.equal(error, status === 401 ? "You must be logged in" : "Only admins and moderators can do that");
      assert.ok(who);
    }
  }
  assert.equal((await db.select().from(auditLog).all()).length, audits);
  assert.equal((await userRow(m.id))?.banned, false);
  const res = await request(`/api/admin/users/${m.id}`, { cookie: adminCookie });
  assert.equal(res.headers.get("cache-control"), "private, no-store");
});

Deno.test("[api] spam clean-up: all their comments, threads and forum comments deleted, counts moved, audited with the counts", async () => {
  const m = await createUser(db, { username: "mp_spammer" });
  const bystander = await createUser(db, { username: "mp_bystander" });
  const item = await createMedia(db, { userId: bystander.id, title: "Spammed item", commentCount: 3 });
  await db.insert(comments).values([
    { mediaId: item.id, userId: m.id, content: "buy followers 1" },
    { mediaId: item.id, userId: m.id, content: "buy followers 2" },
    { mediaId: item.id, userId: bystander.id, content: "a real comment" },
  ]);
  const theirs = await makeThread(db, { userId: m.id, title: "Spam thread" });
  await makeComment(db, theirs.id, bystander.id, "a reply under spam");
  const others = await makeThread(db, { userId: bystander.id, title: "A real thread" });
  await makeComment(db, others.id, m.id, "spam reply");
  await makeComment(db, others.id, bystander.id, "a real reply");

  const done = await json(await post(`${m.id}/delete-posts`));
  assert.deepEqual(done, { ok: true, comments: 2, threads: 1, forumComments: 1 });
  assert.deepEqual((await db.select().from(comments).where(eq(comments.mediaId, item.id)).all()).map((c) => c.content), ["a real comment"]);
  assert.equal(await commentCount(db, item.id), 1);
  assert.equal(await db.select().from(threads).where(eq(threads.id, theirs.id)).get(), undefined);
  assert.deepEqual(
    (await db.select().from(threadComments).where(eq(threadComments.threadId, others.id)).all()).map((c) => c.content),
    ["a real reply"],
  );
  assert.equal((await db.select().from(threads).where(eq(threads.id, others.id)).get())?.commentCount, 1);
  const [entry] = await auditOf(db, "user.delete_posts", "user", m.id);
  assert.equal(entry.actorId, admin.id);
  assert.deepEqual(JSON.parse(entry.details!), { username: "mp_spammer", comments: 2, threads: 1, forumComments: 1 });
  // Nothing left: zeros, and no second entry.
  assert.deepEqual(await json(await post(`${m.id}/delete-posts`)), { ok: true, comments: 0, threads: 0, forumComments: 0 });
  assert.equal((await auditOf(db, "user.delete_posts", "user", m.id)).length, 1);
});

Deno.test("[api] reject all their pending uploads with one reason: theirs only, each audited", async () => {
  const m = await createUser(db, { username: "mp_uploader" });
  const a = await createMedia(db, { userId: m.id, reviewStatus: "pending", title: "P1" });
  const b = await createMedia(db, { userId: m.id, reviewStatus: "pending", title: "P2" });
  const kept = await createMedia(db, { userId: m.id, reviewStatus: "approved", title: "Kept" });
  const others = await createMedia(db, { userId: reporter.id, reviewStatus: "pending", title: "Not theirs" });
  const done = await json(await post(`${m.id}/reject-pending`, { reason: "Low effort" }));
  assert.deepEqual(done.rejected.sort(), [a.id, b.id].sort());
  const state = async (id: number) => (await db.select().from(media).where(eq(media.id, id)).get())!;
  for (const id of [a.id, b.id]) {
    assert.equal((await state(id)).reviewStatus, "rejected");
    assert.equal((await state(id)).rejectionReason, "Low effort");
    const [entry] = await auditOf(db, "content.reject", "media", id);
    assert.equal(entry.subjectId, m.id);
    assert.equal(JSON.parse(entry.details!).reason, "Low effort");
  }
  assert.equal((await state(kept.id)).reviewStatus, "approved");
  assert.equal((await state(others.id)).reviewStatus, "pending");
  assert.deepEqual(await json(await post(`${m.id}/reject-pending`, { reason: "Again" })), { ok: true, rejected: [] });
});
