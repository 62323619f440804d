/**
 * Issue 31: every list a member grows has a cap and a rate limit (blocks, open reports, edits; mutes
 * are tests/mutes_bounds_test.ts), owner edits do not push moderation entries out of the audit view
 * (point 6), and an admin's reprocess is audited and refuses a healthy video (point 9).
 */
import assert from "node:assert/strict";
import { and, eq } from "drizzle-orm";
import { auditLog } from "../db/schema/mod.ts";
import { BLOCKS_MAX, MESSAGE_MSG } from "../common/message_rules.ts";
import { MEDIA_MSG, OPEN_REPORTS_MAX } from "../common/media_rules.ts";
import { auditEntriesQuery } from "../db/queries/admin.ts";
import { countOpenReportsBy } from "../db/queries/social.ts";
import { planOf } from "../bench/_plans.ts";
import { createMedia, createUser, errorOf, json, loginCookie, makeTestEnv } from "./_helpers.ts";

Deno.test("[api] blocks: at most BLOCKS_MAX (422), RATE_BLOCKS_PER_USER a window (429); blocking one already blocked is fine", async () => {
  await using env = await makeTestEnv({ RATE_BLOCKS_PER_USER: "4" });
  const me = await createUser(env.db);
  const cookie = await loginCookie(env.db, me.id);
  const [a, b, c] = [await createUser(env.db), await createUser(env.db), await createUser(env.db)];
  // Stored up to one short of the cap, as a database could hold them (the targets need not exist any more).
  await env.db.client.execute({
    sql: `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
      INSERT INTO users (username, created_at) SELECT 'blocked_' || i, 0 FROM n`,
    args: [BLOCKS_MAX - 1],
  });
  await env.db.client.execute({
    sql: "INSERT INTO blocks (blocker_id, blocked_id, created_at) SELECT ?, id, 0 FROM users WHERE username LIKE 'blocked_%'",
    args: [me.id],
  });
  const block = (id: number) => env.request(`/api/users/block/${id}`, { method: "POST", cookie });
  assert.equal((await json(await block(a.id))).changed, true, "the 1,000th");
  await errorOf(await block(b.id), 422, MESSAGE_MSG.tooManyBlocks);
  assert.equal((await json(await block(a.id))).changed, false, "already blocked");
  assert.equal((await json(await env.request(`/api/users/block/${a.id}`, { method: "DELETE", cookie }))).changed, true);
  assert.equal((await json(await block(c.id))).changed, true, "room again after an unblock");
  await errorOf(await block(b.id), 429);
});

Deno.test("[api] reports: at most OPEN_REPORTS_MAX open ones per reporter (422), room again once one is resolved", async () => {
  await using env = await makeTestEnv({ RATE_REPORTS_PER_USER: "1000" });
  const me = await createUser(env.db);
  const owner = await createUser(env.db);
  const cookie = await loginCookie(env.db, me.id);
  const items = [];
  for (let i = 0; i <= OPEN_REPORTS_MAX; i++) items.push(await createMedia(env.db, { userId: owner.id, title: `Reported ${i}` }));
  await env.db.client.execute({
    sql: `INSERT INTO reports (media_id, user_id, reporter_key, reason, status, created_at)
      SELECT id, ?, ?, 'other', 'open', 0 FROM media WHERE title LIKE 'Reported %' AND id <> ? LIMIT ?`,
    args: [me.id, `u:${me.id}`, items.at(-1)!.id, OPEN_REPORTS_MAX - 1],
  });
  const report = (id: number) => env.request("/api/reports", { cookie, json: { videoId: id, reason: "other" } });
  const open = (await env.db.client.execute({ sql: "SELECT media_id FROM reports WHERE user_id = ?", args: [me.id] })).rows
    .map((r) => Number(r.media_id));
  const free = items.filter((i) => !open.includes(i.id));
  assert.equal(free.length, 2);
  assert.equal((await report(free[0].id)).status, 201, "the 100th");
  await errorOf(await report(free[1].id), 422, MEDIA_MSG.tooManyReports);
  // Once an admin has looked at one, there is room again.
  await env.db.client.execute({ sql: "UPDATE reports SET status = 'resolved' WHERE media_id = ?", args: [items[0].id] });
  assert.equal((await report(free[1].id)).status, 201);
});

Deno.test("[api] owner edits are rate-limited (RATE_EDITS_PER_USER, 429); admins are not", async () => {
  await using env = await makeTestEnv({ RATE_EDITS_PER_USER: "3" });
  const owner = await createUser(env.db);
  const admin = await createUser(env.db, { isAdmin: true });
  const cookie = await loginCookie(env.db, owner.id);
  const adminCookie = await loginCookie(env.db, admin.id);
  const item = await createMedia(env.db, { userId: owner.id, title: "Edit me" });
  const edit = (title: string, c = cookie) => env.request(`/api/videos/${item.id}`, { method: "PUT", cookie: c, json: { title } });
  for (const title of ["One", "Two", "Three"]) assert.equal((await edit(title)).status, 200, title);
  const refused = await edit("Four");
  await errorOf(refused, 429);
  assert.match(refused.headers.get("retry-after") ?? "", /^\d+$/);
  for (const title of ["A1", "A2", "A3", "A4"]) assert.equal((await edit(title, adminCookie)).status, 200, `admin ${title}`);
});

Deno.test("[api] the audit view pages by `before` and keeps moderation apart from 520 owner edits (issue 31 point 6)", async () => {
  await using env = await makeTestEnv({ RATE_EDITS_PER_USER: "1000" });
  const admin = await createUser(env.db, { isAdmin: true, username: "audit_boss" });
  const adminCookie = await loginCookie(env.db, admin.id);
  const owner = await createUser(env.db);
  const cookie = await loginCookie(env.db, owner.id);
  const pending = await createMedia(env.db, { userId: owner.id, title: "Waiting", reviewStatus: "pending" });
  await json(await env.request(`/api/admin/content/${pending.id}/approve`, { method: "POST", cookie: adminCookie }));
  const item = await createMedia(env.db, { userId: owner.id, title: "Edited 0" });
  for (let i = 1; i <= 520; i++) {
    assert.equal((await env.request(`/api/videos/${item.id}`, { method: "PUT", cookie, json: { title: `Edited ${i}` } })).status, 200);
  }
  const audit = async (query: string) => await json(await env.request(`/api/admin/audit?${query}`, { cookie: adminCookie }));
  const moderation = await audit("limit=500");
  assert.deepEqual(moderation.map((e: { action: string }) => e.action), ["content.approve"], "moderation by default");
  assert.equal(moderation[0].actorName, "audit_boss");
  // Owners' edits on their own, 200 a page, every one once, newest first.
  const seen: number[] = [];
  for (let before = "";;) {
    const page = await audit(`kind=edits&limit=200${before}`);
    if (!page.length) break;
    assert.ok(page.every((e: { action: string }) => e.action === "content.owner_edit"));
    seen.push(...page.map((e: { id: number }) => e.id));
    before = `&before=${page.at(-1).id}`;
  }
  assert.equal(seen.length, 520);
  assert.deepEqual(seen, [...seen].sort((a, b) => b - a));
  const all = await audit("kind=all&limit=500");
  assert.equal(all.length, 500);
  const rest = await audit(`kind=all&limit=500&before=${all.at(-1).id}`);
  assert.deepEqual(rest.map((e: { action: string }) => e.action).slice(-1), ["content.approve"]);
  for (const bad of ["kind=mine", "before=0", "before=abc", "limit=501"]) {
    await errorOf(await env.request(`/api/admin/audit?${bad}`, { cookie: adminCookie }), 400);
  }
});

Deno.test("[api] reprocess refuses a video that is ready (409) and audits the retry of a failed one (issue 31 point 9)", async () => {
  await using env = await makeTestEnv();
  const admin = await createUser(env.db, { isAdmin: true });
  const adminCookie = await loginCookie(env.db, admin.id);
  const owner = await createUser(env.db);
  const file = { contentType: "video" as const, fileKey: "v/0123456789abcdef0123456789abcdef.mp4" };
  const ready = await createMedia(env.db, { userId: owner.id, title: "Plays fine", ...file });
  const failed = await createMedia(env.db, { userId: owner.id, title: "Broke", ...file, processingState: "failed", playable: false });
  const reprocess = (id: number) => env.request(`/api/admin/content/${id}/reprocess`, { method: "POST", cookie: adminCookie });
  await errorOf(await reprocess(ready.id), 409, "This video is processed and plays: there is nothing to process again");
  const again = await json(await reprocess(failed.id));
  assert.deepEqual(again.processing, { state: "queued", progress: 0 });
  await errorOf(await reprocess(failed.id), 409, "This video is already being processed");
  const entries = await env.db.select().from(auditLog).where(and(eq(auditLog.action, "content.reprocess"))).all();
  assert.deepEqual(entries.map((e) => [e.actorId, e.targetId, JSON.parse(e.details!)]), [[admin.id, failed.id, {
    title: "Broke",
    from: "failed",
  }]]);
});

Deno.test("[db] EXPLAIN the audit view's pages and a reporter's open-report count: each by its index, no scan, no sort", async () => {
  await using env = await makeTestEnv();
  const plans = {
    moderation: await planOf(env.db, auditEntriesQuery(env.db, { limit: 100, kind: "moderation", before: 900 })),
    edits: await planOf(env.db, auditEntriesQuery(env.db, { limit: 100, kind: "edits", before: 900 })),
    all: await planOf(env.db, auditEntriesQuery(env.db, { limit: 100, kind: "all", before: 900 })),
    reports: await planOf(env.db, {
      toSQL: () => ({ sql: "SELECT count(*) FROM reports WHERE reporter_key = ? AND status = 'open'", params: ["u:1"] }),
    }),
  };
  const text = (k: keyof typeof plans) => plans[k].join("\n");
  assert.match(text("moderation"), /SEARCH audit_log USING INDEX audit_moderation \(id<\?\)/, text("moderation"));
  assert.match(text("edits"), /SEARCH audit_log USING INDEX audit_action \(action=\? AND id<\?\)/, text("edits"));
  assert.match(text("all"), /SEARCH audit_log USING INTEGER PRIMARY KEY \(rowid<\?\)/, text("all"));
  assert.match(text("reports"), /SEARCH reports USING COVERING INDEX reports_open_by_reporter \(reporter_key=\?\)/, text("reports"));
  for (const k of ["moderation", "edits", "all"] as const) assert.doesNotMatch(text(k), /TEMP B-TREE|SCAN audit_log/, k);
  assert.equal(typeof (await countOpenReportsBy(env.db, "u:1")), "number");
});
