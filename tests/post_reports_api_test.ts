/**
 * Issue 34 points 1 and 2: comments and forum posts are reported as items are (the same reasons,
 * limits and one open report per reporter), hidden at REPORT_HIDE_THRESHOLD members; the Reported
 * lists show each report's reason, details, reporter and date, and an admin dismisses one report
 * or all of a target's.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { media, reports, threads } from "../db/schema/mod.ts";
import { MEDIA_MSG } from "../common/media_rules.ts";
import { createMedia, createUser, errorOf, json, loginCookie, makeTestEnv, TRUSTED } from "./_helpers.ts";
import { makeComment, makeThread } from "./_forum.ts";
import { auditOf, commentCount, commentRow, reportsOfComment, threadRowOf } from "./_moderation.ts";

const env = await makeTestEnv({ REPORT_HIDE_THRESHOLD: "2", RATE_REPORTS_PER_USER: "1000", RATE_COMMENTS_PER_USER: "1000" });
const { request, db } = env;
Deno.test.afterAll(() => env.close());

const admin = await createUser(db, { username: "rep_admin", isAdmin: true });
const adminCookie = await loginCookie(db, admin.id);
const owner = await createUser(db, { username: "rep_owner" });
const writer = await createUser(db, { username: "rep_writer" });
const writerCookie = await loginCookie(db, writer.id);
const members = await Promise.all([1, 2, 3].map(async (i) => {
  const u = await createUser(db, { username: `rep_member${i}`, ...TRUSTED });
  return { ...u, cookie: await loginCookie(db, u.id) };
}));

const itemWithComment = async (text = "a plain comment") => {
  const it = await createMedia(db, { userId: owner.id, title: "Reported place", reviewStatus: "approved" });
  const c = await json(await request(`/api/videos/${it.id}/comments`, { cookie: writerCookie, json: { content: text } }), 201);
  return { it, c };
};
const reportComment = (itemId: number, commentId: number | string, body: unknown, cookie?: string) =>
  request(`/api/videos/${itemId}/comments/${commentId}/report`, { cookie, json: body });

Deno.test("[api] reporting a comment keeps the reason, the details and the reporter; a second report by the same reporter is 409", async () => {
  const { it, c } = await itemWithComment();
  const res = await json(
    await reportComment(it.id, c.id, { reason: "misinformation", details: "  It says the moon is cheese.  " }, members[0].cookie),
    201,
  );
  assert.deepEqual(Object.keys(res).sort(), ["hidden", "id", "success"]);
  assert.equal(res.hidden, false);
  const [row] = await reportsOfComment(db, c.id);
  assert.equal(row.reason, "misinformation");
  assert.equal(row.details, "It says the moon is cheese.");
  assert.equal(row.userId, members[0].id);
  assert.equal(row.status, "open");
  await errorOf(await reportComment(it.id, c.id, { reason: "other" }, members[0].cookie), 409, MEDIA_MSG.alreadyReported);
  // Visitors report too, once per address.
  await json(await reportComment(it.id, c.id, { reason: "other" }), 201);
  await errorOf(await reportComment(it.id, c.id, { reason: "other" }), 409);
  assert.equal((await reportsOfComment(db, c.id)).length, 2);
  assert.equal((await commentRow(db, c.id))?.openReports, 1);
});

Deno.test("[api] report bodies and targets are checked: 400 for bad input, 404 for what is not there or not shown, 415 for a form", async () => {
  const { it, c } = await itemWithComment();
  const cookie = members[1].cookie;
  for (
    const [body, message] of [
      [{}, MEDIA_MSG.reasonRequired],
      [{ reason: "  " }, MEDIA_MSG.reasonRequired],
      [{ reason: "rude" }, MEDIA_MSG.reasonUnknown],
      [{ reason: 5 }, undefined],
      [{ reason: "other", details: "x".repeat(1001) }, MEDIA_MSG.detailsLong],
      [{ reason: "other", details: ["x"] }, undefined],
    ] as const
  ) await errorOf(await reportComment(it.id, c.id, body, cookie), 400, message);
  for (const bad of ["abc", "0", "-4", "1.5"]) await errorOf(await reportComment(it.id, bad, { reason: "other" }, cookie), 400);
  await errorOf(await reportComment(it.id, 99_999_999, { reason: "other" }, cookie), 404);
  const elsewhere = await createMedia(db, { userId: owner.id, reviewStatus: "approved" });
  await errorOf(await reportComment(elsewhere.id, c.id, { reason: "other" }, cookie), 404);
  const pending = await createMedia(db, { userId: owner.id, reviewStatus: "pending" });
  await errorOf(await reportComment(pending.id, c.id, { reason: "other" }, cookie), 404);
  const held = await json(await request(`/api/videos/${it.id}/comments`, { json: { content: "see https://x.example" } }), 201);
  await errorOf(await reportComment(it.id, held.id, { reason: "other" }, cookie), 404);
  const form = await request(`/api/videos/${it.id}/comments/${c.id}/report`, { method: "POST", cookie, body: "reason=other" });
  await errorOf(form, 415);
  await errorOf(await request("/api/forum/threads/abc/report", { cookie, json: { reason: "other" } }), 400, "Invalid thread id");
  await errorOf(await request("/api/forum/threads/99999999/report", { cookie, json: { reason: "other" } }), 404);
  const t = await makeThread(db, { userId: writer.id });
  const fc = await makeComment(db, t.id, writer.id);
  const other = await makeThread(db, { userId: writer.id });
  await errorOf(await request(`/api/forum/threads/${other.id}/comments/${fc.id}/report`, { cookie, json: { reason: "other" } }), 404);
  assert.equal((await reportsOfComment(db, c.id)).length, 0);
});

Deno.test("[api] a comment reported by REPORT_HIDE_THRESHOLD members is hidden (visitors' reports do not count); dismissing shows it again", async () => {
  const { it, c } = await itemWithComment("hide me");
  assert.equal(await commentCount(db, it.id), 1);
  await json(await reportComment(it.id, c.id, { reason: "other" }), 201);
  await json(await reportComment(it.id, c.id, { reason: "inappropriate" }, members[0].cookie), 201);
  assert.equal((await commentRow(db, c.id))?.status, "shown");
  const second = await json(await reportComment(it.id, c.id, { reason: "explicit", details: "gross" }, members[1].cookie), 201);
  assert.equal(second.hidden, true);
  assert.equal((await commentRow(db, c.id))?.status, "hidden");
  assert.equal(await commentCount(db, it.id), 0);
  const seen = async (cookie?: string) =>
    (await json(await request(`/api/videos/${it.id}/comments`, { cookie }))).map((x: { status?: string }) => x.status ?? "shown");
  assert.deepEqual(await seen(), []);
  assert.deepEqual(await seen(members[2].cookie), []);
  assert.deepEqual(await seen(writerCookie), ["hidden"]);
  // A hidden comment cannot be reported further.
  await errorOf(await reportComment(it.id, c.id, { reason: "other" }, members[2].cookie), 404);

  // The Reported tab: the words, reporters (a visitor as such) and dates.
  const list = await json(await request("/api/admin/posts/reported", { cookie: adminCookie }));
  const entry = list.find((p: { kind: string; id: number }) => p.kind === "comment" && p.id === c.id);
  assert.equal(entry.status, "hidden");
  assert.equal(entry.content, "hide me");
  assert.deepEqual(entry.writer, { id: writer.id, username: "rep_writer" });
  assert.equal(entry.href, `/media/${it.id}#comment-${c.id}`);
  assert.equal(entry.reportCount, 3);
  assert.equal(entry.openReports, 3);
  assert.deepEqual(
    entry.reports.map((
      r: { reason: string; details: string | null; reporter: unknown; visitor: boolean },
    ) => [r.reason, r.details, r.reporter, r.visitor]),
    [
      ["explicit", "gross", { id: members[1].id, username: "rep_member2" }, false],
      ["inappropriate", null, { id: members[0].id, username: "rep_member1" }, false],
      ["other", null, null, true],
    ],
  );
  // One member's report dismissed: below the threshold, the comment shows again; the other reports stay open.
  const one = entry.reports[0].id;
  const res = await json(await request(`/api/admin/posts/comment/${c.id}/reports/${one}/dismiss`, { method: "POST", cookie: adminCookie }));
  assert.equal(res.hidden, false);
  assert.equal((await commentRow(db, c.id))?.status, "shown");
  assert.equal(await commentCount(db, it.id), 1);
  assert.equal((await reportsOfComment(db, c.id)).filter((r) => r.status === "open").length, 2);
  await errorOf(await request(`/api/admin/posts/comment/${c.id}/reports/${one}/dismiss`, { method: "POST", cookie: adminCookie }), 404);
  assert.equal((await auditOf(db, "post.dismiss_report", "comment", c.id)).length, 1);
  // All of them: none left open, nothing listed.
  const all = await json(await request(`/api/admin/posts/comment/${c.id}/dismiss-reports`, { method: "POST", cookie: adminCookie }));
  assert.equal(all.resolvedReports, 2);
  assert.equal((await commentRow(db, c.id))?.openReports, 0);
  const after = await json(await request("/api/admin/posts/reported", { cookie: adminCookie }));
  assert.ok(!after.some((p: { kind: string; id: number }) => p.kind === "comment" && p.id === c.id));
});

Deno.test("[api] forum threads and comments are reported and hidden the same way; a hidden thread leaves the lists and its category count", async () => {
  const t = await makeThread(db, { userId: writer.id, categoryId: 1, title: "Reported thread" });
  const count = async () => (await json(await request("/api/forum/categories"))).find((x: { id: number }) => x.id === 1).count;
  const before = await count();
  for (const m of members.slice(0, 2)) {
    await json(
      await request(`/api/forum/threads/${t.id}/report`, { cookie: m.cookie, json: { reason: "other", details: "off topic" } }),
      201,
    );
  }
  assert.equal((await threadRowOf(db, t.id))?.status, "hidden");
  assert.equal(await count(), before - 1);
  const ids = async (cookie?: string) =>
    (await json(await request("/api/forum/threads?limit=100", { cookie }))).map((x: { id: number }) => x.id);
  assert.ok(!(await ids()).includes(t.id));
  assert.ok((await ids(writerCookie)).includes(t.id));
  await json(await request(`/api/admin/posts/thread/${t.id}/dismiss-reports`, { method: "POST", cookie: adminCookie }));
  assert.equal(await count(), before);
  assert.equal((await threadRowOf(db, t.id))?.status, "shown");

  const fc = await makeComment(db, t.id, writer.id, "reported forum comment");
  const path = `/api/forum/threads/${t.id}/comments/${fc.id}/report`;
  await json(await request(path, { cookie: members[0].cookie, json: { reason: "copyright" } }), 201);
  await errorOf(await request(path, { cookie: members[0].cookie, json: { reason: "copyright" } }), 409);
  await json(await request(path, { cookie: members[1].cookie, json: { reason: "copyright" } }), 201);
  assert.equal((await threadRowOf(db, t.id))?.commentCount, 0);
  const list = await json(await request("/api/admin/posts/reported", { cookie: adminCookie }));
  const entry = list.find((p: { kind: string; id: number }) => p.kind === "forum-comment" && p.id === fc.id);
  assert.equal(entry.context, "Reported thread");
  assert.equal(entry.href, `/forum?thread=${t.id}#thread-${t.id}`);
  await json(await request(`/api/admin/posts/forum-comment/${fc.id}`, { method: "DELETE", cookie: adminCookie }));
  assert.ok(
    !(await json(await request("/api/admin/posts/reported", { cookie: adminCookie }))).some((p: { id: number; kind: string }) =>
      p.kind === "forum-comment" && p.id === fc.id
    ),
  );
});

Deno.test("[api] the Reported items list gives each report's words and reporter; one report is dismissed alone", async () => {
  const it = await createMedia(db, { userId: owner.id, title: "Reported item", reviewStatus: "approved" });
  await json(
    await request("/api/reports", { cookie: members[0].cookie, json: { videoId: it.id, reason: "misinformation", details: "Fake" } }),
    201,
  );
  await json(await request("/api/reports", { json: { videoId: it.id, reason: "other" } }), 201);
  await json(await request("/api/reports", { cookie: members[1].cookie, json: { videoId: it.id, reason: "copyright" } }), 201);
  assert.equal((await db.select().from(media).where(eq(media.id, it.id)).get())?.hidden, true);
  const list = await json(await request("/api/admin/content/reported", { cookie: adminCookie }));
  const entry = list.find((i: { id: number }) => i.id === it.id);
  assert.equal(entry.uploaderName, "rep_owner");
  assert.equal(entry.uploaderId, owner.id);
  assert.equal(entry.reportCount, 3);
  assert.deepEqual(
    entry.reports.map((r: { reason: string; details: string | null; reporter: { username: string } | null; visitor: boolean }) => [
      r.reason,
      r.details,
      r.reporter?.username ?? (r.visitor ? "visitor" : "?"),
    ]),
    [["copyright", null, "rep_member2"], ["other", null, "visitor"], ["misinformation", "Fake", "rep_member1"]],
  );
  assert.ok(entry.reports.every((r: { createdAt: string }) => !Number.isNaN(Date.parse(r.createdAt))));
  const visitorReport = entry.reports[1].id;
  await json(await request(`/api/admin/content/${it.id}/reports/${visitorReport}/dismiss`, { method: "POST", cookie: adminCookie }));
  // A visitor's report never counted: the item stays hidden.
  assert.equal((await db.select().from(media).where(eq(media.id, it.id)).get())?.hidden, true);
  const member = entry.reports[0].id;
  await json(await request(`/api/admin/content/${it.id}/reports/${member}/dismiss`, { method: "POST", cookie: adminCookie }));
  const row = await db.select().from(media).where(eq(media.id, it.id)).get();
  assert.equal(row?.hidden, false);
  assert.equal(row?.openReports, 1);
  const open = await db.select().from(reports).where(eq(reports.mediaId, it.id)).all();
  assert.deepEqual(open.map((r) => r.status).sort(), ["open", "resolved", "resolved"]);
  await errorOf(await request(`/api/admin/content/${it.id}/reports/${member}/dismiss`, { method: "POST", cookie: adminCookie }), 404);
  const elsewhere = await createMedia(db, { userId: owner.id, reviewStatus: "approved" });
  const last = open.find((r) => r.status === "open")!.id;
  await errorOf(await request(`/api/admin/content/${elsewhere.id}/reports/${last}/dismiss`, { method: "POST", cookie: adminCookie }), 404);
  await errorOf(
    await request(`/api/admin/content/${it.id}/reports/x/dismiss`, { method: "POST", cookie: adminCookie }),
    400,
    "Invalid report id",
  );
  assert.equal((await auditOf(db, "content.dismiss_report", "media", it.id)).length, 2);
  assert.ok(await db.select().from(threads).all());
});
