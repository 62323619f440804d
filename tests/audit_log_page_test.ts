/**
 * Issue 34 point 7: the audit log as the admin area's "Log" tab (`/admin/log`, rendered on the
 * server, and `GET /api/admin/audit`): who did what to whom and when, filtered by admin, action and
 * member, paged by entry id both ways; admins only; bad filters 400. The filters and the member
 * page's lists read their indexes (EXPLAIN).
 */
import assert from "node:assert/strict";
import type { SQL } from "drizzle-orm";
import { SQLiteSyncDialect } from "drizzle-orm/sqlite-core";
import { auditLog } from "../db/schema/mod.ts";
import { auditEntriesQuery } from "../db/queries/audit.ts";
import { memberPostsSql, memberUploadsQuery, reportsAgainstSql, reportsMadeSql } from "../db/queries/member_admin.ts";
import { LOG_PAGE_SIZE } from "../common/audit_actions.ts";
import { createMedia, createUser, errorOf, json, loginCookie, makeTestEnv } from "./_helpers.ts";

const env = await makeTestEnv();
const { request, db } = env;
Deno.test.afterAll(() => env.close());

const admin = await createUser(db, { username: "log_admin", isAdmin: true });
const adminCookie = await loginCookie(db, admin.id);
const second = await createUser(db, { username: "log_second", isAdmin: true });
const secondCookie = await loginCookie(db, second.id);
const member = await createUser(db, { username: "log_member" });
const memberCookie = await loginCookie(db, member.id);
const target = await createUser(db, { username: "log_target" });

const rows = (html: string) => [...html.matchAll(/data-entry="(\d+)" data-action="([a-z_.]+)"/g)].map((m) => [Number(m[1]), m[2]]);
const logPage = async (q = "") => {
  const res = await request(`/admin/log${q}`, { cookie: adminCookie });
  assert.equal(res.status, 200, q);
  return await res.text();
};

Deno.test("[page] the Log lists who did what to whom, filtered by admin, action and member, for admins only", async () => {
  const item = await createMedia(db, { userId: target.id, title: "Logged item", reviewStatus: "pending" });
  await json(await request(`/api/admin/content/${item.id}/reject`, { cookie: adminCookie, json: { reason: "Blurry" } }));
  await json(await request(`/api/admin/users/${target.id}/ban`, { cookie: secondCookie, json: { reason: "Spam", length: "7d" } }));
  await json(await request(`/api/admin/users/${target.id}/unban`, { cookie: adminCookie, json: {} }));

  const all = await logPage();
  assert.deepEqual(rows(all).map(([, a]) => a), ["user.unban", "user.ban", "content.reject"]);
  for (const text of ["log_admin", "log_second", "log_target", "Rejected an item", "Banned a member", "“Logged item”", "reason: Blurry"]) {
    assert.ok(all.includes(text), text);
  }
  assert.ok(all.includes('aria-current="page"'), "the Log tab is marked current");
  assert.deepEqual(rows(await logPage(`?admin=${second.id}`)).map(([, a]) => a), ["user.ban"]);
  assert.deepEqual(rows(await logPage("?action=content.reject")).map(([, a]) => a), ["content.reject"]);
  assert.deepEqual(rows(await logPage("?member=LOG_TARGET")).map(([, a]) => a), ["user.unban", "user.ban", "content.reject"]);
  assert.deepEqual(rows(await logPage(`?member=log_target&admin=${admin.id}&action=user.unban`)).map(([, a]) => a), ["user.unban"]);
  const none = await logPage("?member=nobody_at_all");
  assert.deepEqual(rows(none), []);
  assert.ok(none.replaceAll("<!-- -->", "").includes("No member is named “nobody_at_all”"));
  // The API filters the same way.
  const api = await json(await request(`/api/admin/audit?subjectId=${target.id}&actorId=${second.id}`, { cookie: adminCookie }));
  assert.deepEqual(api.map((e: { action: string; subjectName: string }) => [e.action, e.subjectName]), [["user.ban", "log_target"]]);

  for (
    const [q, status] of [["?action=nope", 400], ["?admin=abc", 400], ["?before=-1", 400], [`?member=${"x".repeat(101)}`, 400]] as const
  ) {
    assert.equal((await request(`/admin/log${q}`, { cookie: adminCookie })).status, status, q);
  }
  for (const q of ["?action=nope", "?actorId=0", "?subjectId=x", "?before=1&after=2", "?limit=501"]) {
    await errorOf(await request(`/api/admin/audit${q}`, { cookie: adminCookie }), 400);
  }
  for (const cookie of [undefined, memberCookie]) {
    const res = await request("/admin/log", { cookie });
    assert.equal(res.status, 302);
    assert.equal(res.headers.get("location"), "/");
  }
  assert.equal((await request("/admin?tab=log", { cookie: adminCookie })).headers.get("location"), "/admin/log");
});

Deno.test("[page] the Log pages by entry id: Older and Newer links walk every entry once", async () => {
  const start = (await db.select().from(auditLog).all()).length;
  const at = Date.now();
  await db.insert(auditLog).values(
    Array.from({ length: LOG_PAGE_SIZE * 2 + 5 }, (_, i) => ({
      actorId: admin.id,
      action: "content.feature",
      targetType: "media",
      targetId: i + 1,
      createdAt: at + i,
    })),
  );
  const total = start + LOG_PAGE_SIZE * 2 + 5;
  const seen: number[] = [];
  let html = await logPage();
  for (;;) {
    seen.push(...rows(html).map(([id]) => id as number));
    const older = html.match(/href="(\/admin\/log\?[^"]*before=\d+)"/)?.[1];
    if (!older) break;
    html = await logPage(older.replace("/admin/log", "").replaceAll("&amp;", "&"));
  }
  assert.equal(seen.length, total);
  assert.deepEqual([...seen].sort((a, b) => b - a), seen);
  // From the last page back up: Newer gives the page before, in the same order.
  const newer = html.match(/href="\/admin\/log\?(after=\d+)"/)?.[1];
  assert.ok(newer);
  const back = rows(await logPage(`?${newer}`)).map(([id]) => id);
  assert.deepEqual(back, seen.slice(LOG_PAGE_SIZE, LOG_PAGE_SIZE * 2));
});

const dialect = new SQLiteSyncDialect();
async function plan(query: SQL | { toSQL(): { sql: string; params: unknown[] } }): Promise<string> {
  const { sql: text, params } = "toSQL" in query ? query.toSQL() : dialect.sqlToQuery(query);
  const rs = await db.client.execute({ sql: `EXPLAIN QUERY PLAN ${text}`, args: params as never[] });
  return rs.rows.map((r) => String(r.detail)).join("\n");
}

Deno.test("[db] EXPLAIN the Log's filters and the member page's lists read their indexes", async () => {
  await db.client.execute("ANALYZE");
  const cases: [string, SQL | { toSQL(): { sql: string; params: unknown[] } }, RegExp][] = [
    ["by member", auditEntriesQuery(db, { limit: 51, kind: "all", subjectId: target.id }), /audit_subject/],
    ["by admin", auditEntriesQuery(db, { limit: 51, kind: "all", actorId: admin.id, before: 1000 }), /audit_actor/],
    ["by action", auditEntriesQuery(db, { limit: 51, kind: "all", action: "user.ban" }), /audit_action/],
    ["uploads", memberUploadsQuery(db, target.id, 0, 24), /media_user_created/],
    ["comments", memberPostsSql("comment", target.id, 20), /comments_user_created/],
    ["threads", memberPostsSql("thread", target.id, 20), /threads_user_created/],
    ["forum comments", memberPostsSql("forum-comment", target.id, 20), /thread_comments_user_created/],
    ["reports made", reportsMadeSql(target.id, 20), /reports_user_created[\s\S]*post_reports_user_created/],
  ];
  for (const [label, query, index] of cases) {
    const text = await plan(query);
    assert.match(text, index, `${label}\n${text}`);
    assert.ok(!/^SCAN (audit_log|media|comments|threads|thread_comments|reports|post_reports)\b/m.test(text), `${label}: a scan\n${text}`);
  }
  const against = await plan(reportsAgainstSql(target.id, 20));
  assert.ok(!/^SCAN (media|comments|threads|thread_comments|reports|post_reports)\b/m.test(against), against);
});
