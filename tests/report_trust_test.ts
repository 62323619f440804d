/**
 * Issue 42 point 1: who counts toward hiding. The probe's case: five accounts registered from one
 * address (exactly the per-address limit) report an item, a comment and a forum thread, and nothing
 * is hidden; the owner's own report never counts; five verified members whose accounts are older
 * than REPORT_MIN_ACCOUNT_AGE_HOURS do hide it. Every report still reaches the admins, with the
 * reporter's account age and verification beside it.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { media, postReports, reports, users } from "../db/schema/mod.ts";
import { createMedia, createUser, json, loginCookie, makeTestEnv, sessionCookie, TRUSTED, trustedMember } from "./_helpers.ts";
import { makeThread } from "./_forum.ts";
import { commentRow, threadRowOf } from "./_moderation.ts";
import type { ReportView } from "../common/moderation.ts";

const env = await makeTestEnv({ TRUST_PROXY: "true", RATE_REPORTS_PER_USER: "1000", RATE_COMMENTS_PER_USER: "1000" });
const { request, db } = env;
Deno.test.afterAll(() => env.close());

const admin = await createUser(db, { username: "trust_admin", isAdmin: true, ...TRUSTED });
const adminCookie = await loginCookie(db, admin.id);
const owner = await trustedMember(db, { username: "trust_owner" });
const writer = await trustedMember(db, { username: "trust_writer" });

/** Five accounts registered through the API from one address, as the probe did (RATE_REGISTER_PER_IP is 5). */
async function registerFive(ip: string) {
  const out = [];
  for (let i = 0; i < 5; i++) {
    const username = `fresh_${ip.replaceAll(".", "")}_${i}`;
    const res = await request("/api/register", {
      json: { username, email: `${username}@example.com`, dateOfBirth: "1990-05-17", password: "hunter22", termsAccepted: true },
      headers: { "x-forwarded-for": ip },
    });
    const user = await json(res, 201);
    out.push({ id: user.id as number, cookie: sessionCookie(res) });
  }
  return out;
}

async function targets() {
  const item = await createMedia(db, { userId: owner.id, title: "Harbour lights", reviewStatus: "approved" });
  const c = await json(await request(`/api/videos/${item.id}/comments`, { cookie: writer.cookie, json: { content: "nice light" } }), 201);
  const thread = await makeThread(db, { userId: writer.id, title: "Harbour thread" });
  return { item, comment: c as { id: number }, thread };
}

const reportAll = async (t: Awaited<ReturnType<typeof targets>>, cookie: string, headers?: Record<string, string>) => {
  // The item last: once hidden, its comments can no longer be reached.
  const sent = [
    await request(`/api/videos/${t.item.id}/comments/${t.comment.id}/report`, { cookie, headers, json: { reason: "other" } }),
    await request(`/api/forum/threads/${t.thread.id}/report`, { cookie, headers, json: { reason: "other" } }),
    await request("/api/reports", { cookie, headers, json: { videoId: t.item.id, reason: "other" } }),
  ];
  for (const res of sent) await json(res, 201);
};

const itemRow = async (id: number) =>
  await db.select({ openReports: media.openReports, hidden: media.hidden }).from(media).where(eq(media.id, id)).get();

Deno.test("[api] five brand-new accounts from one address report an item, a comment and a thread: nothing is hidden", async () => {
  const t = await targets();
  const fresh = await registerFive("203.0.113.7");
  for (const f of fresh) await reportAll(t, f.cookie, { "x-forwarded-for": "203.0.113.7" });
  assert.deepEqual(await itemRow(t.item.id), { openReports: 0, hidden: false });
  assert.equal((await request(`/api/videos/${t.item.id}`)).status, 200);
  assert.deepEqual([(await commentRow(db, t.comment.id))?.status, (await commentRow(db, t.comment.id))?.openReports], ["shown", 0]);
  assert.deepEqual([(await threadRowOf(db, t.thread.id))?.status, (await threadRowOf(db, t.thread.id))?.openReports], ["shown", 0]);
  // Every report is kept, marked as not counting.
  const kept = await db.select({ counts: reports.counts }).from(reports).where(eq(reports.mediaId, t.item.id)).all();
  assert.deepEqual(kept.map((r) => r.counts), [false, false, false, false, false]);
  const keptPosts = await db.select({ counts: postReports.counts }).from(postReports).where(eq(postReports.commentId, t.comment.id)).all();
  assert.equal(keptPosts.length, 5);
  assert.ok(keptPosts.every((r) => !r.counts));

  // The admins see each one, with the account's age and verification beside it.
  const listed = await json(await request("/api/admin/content/reported", { cookie: adminCookie }));
  const entry = listed.find((x: { id: number }) => x.id === t.item.id);
  assert.equal(entry.reportCount, 5);
  assert.equal(entry.reports.length, 5);
  for (const r of entry.reports as ReportView[]) {
    assert.equal(r.counts, false);
    assert.equal(r.reporterAgeHours, 0);
    assert.equal(r.reporterVerified, false);
    assert.ok(fresh.some((f) => f.id === r.reporter?.id));
  }
  const posts = await json(await request("/api/admin/posts/reported", { cookie: adminCookie }));
  const comment = posts.find((p: { kind: string; id: number }) => p.kind === "comment" && p.id === t.comment.id);
  assert.equal(comment.status, "shown");
  assert.deepEqual(
    [...new Set((comment.reports as ReportView[]).map((r) => `${r.counts}:${r.reporterAgeHours}:${r.reporterVerified}`))],
    ["false:0:false"],
  );
});

Deno.test("[api] verified but new, or old but unverified, accounts do not count either; a visitor never does", async () => {
  await using local = await makeTestEnv({ REPORT_HIDE_THRESHOLD: "1", RATE_REPORTS_PER_USER: "1000" });
  const o = await createUser(local.db, { username: "solo_owner" });
  const item = await createMedia(local.db, { userId: o.id, title: "Solo" });
  const newVerified = await createUser(local.db, { emailVerified: true, createdAt: Date.now() - 23 * 3_600_000 });
  const oldUnverified = await createUser(local.db, { emailVerified: false, createdAt: Date.now() - 30 * 86_400_000 });
  for (const u of [newVerified, oldUnverified]) {
    await json(
      await local.request("/api/reports", { cookie: await loginCookie(local.db, u.id), json: { videoId: item.id, reason: "other" } }),
      201,
    );
  }
  await json(await local.request("/api/reports", { json: { videoId: item.id, reason: "other" } }), 201);
  assert.deepEqual(
    await local.db.select({ n: media.openReports, hidden: media.hidden }).from(media).where(eq(media.id, item.id)).get(),
    { n: 0, hidden: false },
  );
  // The same account once old enough (its age is read when it reports) counts: threshold 1 hides.
  const ripe = await createUser(local.db, { emailVerified: true, createdAt: Date.now() - 25 * 3_600_000 });
  await json(
    await local.request("/api/reports", { cookie: await loginCookie(local.db, ripe.id), json: { videoId: item.id, reason: "other" } }),
    201,
  );
  assert.deepEqual(
    await local.db.select({ n: media.openReports, hidden: media.hidden }).from(media).where(eq(media.id, item.id)).get(),
    { n: 1, hidden: true },
  );
});

Deno.test("[api] the owner's own report never counts (item owner, comment writer, thread starter)", async () => {
  await using local = await makeTestEnv({ REPORT_HIDE_THRESHOLD: "1", RATE_REPORTS_PER_USER: "1000", RATE_COMMENTS_PER_USER: "1000" });
  const me = await trustedMember(local.db, { username: "self_reporter" });
  const item = await createMedia(local.db, { userId: me.id, title: "Mine" });
  const c = await json(await local.request(`/api/videos/${item.id}/comments`, { cookie: me.cookie, json: { content: "my words" } }), 201);
  const thread = await makeThread(local.db, { userId: me.id, title: "My thread" });
  await json(await local.request("/api/reports", { cookie: me.cookie, json: { videoId: item.id, reason: "other" } }), 201);
  const res = await json(
    await local.request(`/api/videos/${item.id}/comments/${c.id}/report`, { cookie: me.cookie, json: { reason: "other" } }),
    201,
  );
  assert.equal(res.hidden, false);
  await json(await local.request(`/api/forum/threads/${thread.id}/report`, { cookie: me.cookie, json: { reason: "other" } }), 201);
  assert.deepEqual(
    await local.db.select({ n: media.openReports, hidden: media.hidden }).from(media).where(eq(media.id, item.id)).get(),
    { n: 0, hidden: false },
  );
  assert.equal((await commentRow(local.db, c.id))?.status, "shown");
  assert.equal((await threadRowOf(local.db, thread.id))?.status, "shown");
  const own = await local.db.select({ counts: reports.counts, userId: reports.userId }).from(reports).where(eq(reports.mediaId, item.id))
    .all();
  assert.deepEqual(own, [{ counts: false, userId: me.id }]);
});

Deno.test("[api] five verified members older than the threshold hide the item, the comment and the thread; dismissing a fresh account's report changes nothing", async () => {
  const t = await targets();
  const fresh = await registerFive("198.51.100.23");
  for (const f of fresh) await reportAll(t, f.cookie, { "x-forwarded-for": "198.51.100.23" });
  const trusted = [];
  for (let i = 0; i < 5; i++) trusted.push(await trustedMember(db, { username: `old_hand_${i}` }));
  for (const m of trusted.slice(0, 4)) await reportAll(t, m.cookie);
  assert.deepEqual(await itemRow(t.item.id), { openReports: 4, hidden: false });
  assert.equal((await commentRow(db, t.comment.id))?.status, "shown");
  await reportAll(t, trusted[4].cookie);
  assert.deepEqual(await itemRow(t.item.id), { openReports: 5, hidden: true });
  assert.equal((await request(`/api/videos/${t.item.id}`)).status, 404);
  assert.deepEqual([(await commentRow(db, t.comment.id))?.status, (await commentRow(db, t.comment.id))?.openReports], ["hidden", 5]);
  assert.deepEqual([(await threadRowOf(db, t.thread.id))?.status, (await threadRowOf(db, t.thread.id))?.openReports], ["hidden", 5]);

  // The admin list tells the two kinds apart: account age in hours and verification, and whether each counts.
  const listed = await json(await request("/api/admin/content/reported", { cookie: adminCookie }));
  const entry = listed.find((x: { id: number }) => x.id === t.item.id);
  const views = entry.reports as ReportView[];
  assert.equal(views.length, 10);
  const byId = new Map(views.map((r) => [r.reporter?.id, r]));
  for (const m of trusted) {
    const r = byId.get(m.id)!;
    assert.deepEqual([r.counts, r.reporterVerified], [true, true]);
    assert.ok(r.reporterAgeHours! >= 7 * 24 - 1, `a week old: ${r.reporterAgeHours}`);
  }
  // Dismissing a fresh account's report takes nothing off the count: still hidden.
  const freshReport = views.find((r) => r.reporter?.id === fresh[0].id)!;
  const dismissed = await json(
    await request(`/api/admin/content/${t.item.id}/reports/${freshReport.id}/dismiss`, { method: "POST", cookie: adminCookie }),
  );
  assert.equal(dismissed.success ?? true, true);
  assert.deepEqual(await itemRow(t.item.id), { openReports: 5, hidden: true });
  // A counted one does: four left, under the threshold, the item shows again.
  const counted = byId.get(trusted[0].id)!;
  await json(await request(`/api/admin/content/${t.item.id}/reports/${counted.id}/dismiss`, { method: "POST", cookie: adminCookie }));
  assert.deepEqual(await itemRow(t.item.id), { openReports: 4, hidden: false });
  // Same for a comment's reports.
  const posts = await json(await request("/api/admin/posts/reported", { cookie: adminCookie }));
  const c = posts.find((p: { kind: string; id: number }) => p.kind === "comment" && p.id === t.comment.id);
  const freshOnComment = (c.reports as ReportView[]).find((r) => !r.counts)!;
  const kept = await json(
    await request(`/api/admin/posts/comment/${t.comment.id}/reports/${freshOnComment.id}/dismiss`, { method: "POST", cookie: adminCookie }),
  );
  assert.equal(kept.hidden, true);
  const countedOnComment = (c.reports as ReportView[]).find((r) => r.counts)!;
  const shown = await json(
    await request(`/api/admin/posts/comment/${t.comment.id}/reports/${countedOnComment.id}/dismiss`, {
      method: "POST",
      cookie: adminCookie,
    }),
  );
  assert.equal(shown.hidden, false);
  assert.deepEqual([(await commentRow(db, t.comment.id))?.status, (await commentRow(db, t.comment.id))?.openReports], ["shown", 4]);
});

Deno.test("[config] REPORT_MIN_ACCOUNT_AGE_HOURS: 24 by default, 0 allowed, a negative or non-number refused", async () => {
  const { parseConfig, ConfigError } = await import("../lib/config.ts");
  assert.equal(parseConfig({}).reportMinAccountAgeMs, 24 * 3_600_000);
  assert.equal(parseConfig({ REPORT_MIN_ACCOUNT_AGE_HOURS: "0" }).reportMinAccountAgeMs, 0);
  for (const bad of ["-1", "soon", "1.5"]) {
    assert.throws(
      () => parseConfig({ REPORT_MIN_ACCOUNT_AGE_HOURS: bad }),
      (e) => e instanceof ConfigError && /REPORT_MIN_ACCOUNT_AGE_HOURS/.test(e.message),
    );
  }
  // A member's verified flag and age are read from the row: this one is a week old and verified.
  const row = await db.select({ v: users.emailVerified, at: users.createdAt }).from(users).where(eq(users.id, owner.id)).get();
  assert.equal(row?.v, true);
  assert.ok(Date.now() - row!.at > 24 * 3_600_000);
});
