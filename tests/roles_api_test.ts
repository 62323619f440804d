/**
 * The moderator role (issue 41 point 4): roles set by admins only, the last admin kept, every admin
 * route as a moderator, a member and a visitor, moderators acting on members only, the audit log
 * naming who acted, and the admin pages showing each role its own tabs.
 */
import assert from "node:assert/strict";
import { and, eq } from "drizzle-orm";
import { auditLog, bans, media, users } from "../db/schema/mod.ts";
import { createMedia, createUser, errorOf, json, loginCookie, makeTestEnv } from "./_helpers.ts";
import { ROLE_MSG } from "../common/roles.ts";

const env = await makeTestEnv();
const { request, db } = env;
Deno.test.afterAll(() => env.close());

const admin = await createUser(db, { isAdmin: true });
const adminCookie = await loginCookie(db, admin.id);
const mod = await createUser(db);
const modCookie = await loginCookie(db, mod.id);
const member = await createUser(db);
const memberCookie = await loginCookie(db, member.id);

const row = (id: number) => db.select().from(users).where(eq(users.id, id)).get();
const setRole = (id: number, role: unknown, cookie = adminCookie) =>
  request(`/api/admin/users/${id}`, { method: "PATCH", cookie, json: { role } });

await json(await setRole(mod.id, "moderator"));

/** Routes a moderator may use (issue 41 point 4, decision 044); every other /api/admin route is the admins'. */
const MODERATOR_ROUTES = new Set([
  "GET /api/admin/counts",
  "GET /api/admin/registrations",
  "POST /api/admin/registrations/:id/approve",
  "POST /api/admin/registrations/:id/reject",
  "GET /api/admin/content/pending",
  "GET /api/admin/content/reported",
  "POST /api/admin/content/bulk",
  "POST /api/admin/content/:id/approve",
  "POST /api/admin/content/:id/reject",
  "POST /api/admin/content/:id/reprocess",
  "POST /api/admin/content/:id/blocklist",
  "POST /api/admin/content/:id/reports/:reportId/dismiss",
  "POST /api/admin/content/:id/dismiss-reports",
  "DELETE /api/admin/content/:id",
  "GET /api/admin/users",
  "GET /api/admin/users/:id",
  "POST /api/admin/users/:id",
  "POST /api/admin/users/:id/ban",
  "POST /api/admin/users/:id/unban",
  "POST /api/admin/users/:id/delete-posts",
  "POST /api/admin/users/:id/reject-pending",
  "GET /api/admin/posts/held",
  "GET /api/admin/posts/reported",
  "POST /api/admin/posts/bulk",
  "POST /api/admin/posts/:kind/:id/approve",
  "DELETE /api/admin/posts/:kind/:id",
  "POST /api/admin/posts/:kind/:id/dismiss-reports",
  "POST /api/admin/posts/:kind/:id/reports/:reportId/dismiss",
  "GET /api/admin/watched-words",
  "POST /api/admin/watched-words",
  "DELETE /api/admin/watched-words/:id",
]);

/** Every mounted /api/admin route, read from the app itself so a new one cannot be missed. */
function adminRoutes(): { method: string; path: string; key: string }[] {
  const seen = new Map<string, { method: string; path: string; key: string }>();
  for (const r of env.app.routes) {
    if (r.method === "ALL" || !r.path.startsWith("/api/admin")) continue;
    const key = `${r.method} ${r.path.replace(/\{[^}]*\}/g, "")}`;
    // Unknown ids: a route a role may use answers 404 or 400 then, never changing anything.
    const path = r.path.replace(/\{[^}]*\}/g, "").replace(/:kind/g, "comment").replace(/:\w+/g, "999999");
    seen.set(key, { method: r.method, path, key });
  }
  return [...seen.values()];
}

Deno.test("[roles] every admin route: visitors 401, members 403, moderators 403 outside their share, admins through", async () => {
  const routes = adminRoutes();
  assert.ok(routes.length >= 35, `read ${routes.length} admin routes`);
  const audits = (await db.select().from(auditLog).all()).length;
  for (const { method, path, key } of routes) {
    const send = (cookie?: string) => request(path, { method, cookie, ...(method === "GET" || method === "DELETE" ? {} : { json: {} }) });
    await errorOf(await send(), 401, "You must be logged in");
    const asMember = await errorOf(await send(memberCookie), 403);
    assert.match(asMember, /^Only admins( and moderators)? can do that$/, key);
    const asMod = await send(modCookie);
    if (MODERATOR_ROUTES.has(key)) {
      assert.notEqual(asMod.status, 401, key);
      assert.notEqual(asMod.status, 403, `${key} is a moderator's`);
      await asMod.body?.cancel();
    } else {
      await errorOf(asMod, 403, ROLE_MSG.adminOnly);
    }
    const asAdmin = await request(path, { method, cookie: adminCookie, ...(method === "GET" || method === "DELETE" ? {} : { json: {} }) });
    assert.ok(asAdmin.status !== 401 && asAdmin.status !== 403, `${key} as admin: ${asAdmin.status}`);
    await asAdmin.body?.cancel();
  }
  // Unknown ids and empty bodies: nothing was done, nothing recorded, but the invite code an empty body asks for
  // (POST /api/admin/invites: both its fields are optional, issue 41 point 2).
  const recorded = (await db.select().from(auditLog).all()).slice(audits).map((e) => e.action);
  assert.deepEqual(recorded, ["invite.create"]);
});

Deno.test("[roles] PATCH role: admins only; is_admin follows; the last admin cannot be demoted; audited", async () => {
  const m = await createUser(db);
  const body = await json(await setRole(m.id, "moderator"));
  assert.equal(body.user.role, "moderator");
  assert.equal(body.user.isAdmin, false);
  assert.equal((await row(m.id))!.role, "moderator");
  const entry = await db.select().from(auditLog).where(and(eq(auditLog.action, "user.role"), eq(auditLog.targetId, m.id))).get();
  assert.equal(entry!.actorId, admin.id);
  assert.deepEqual(JSON.parse(entry!.details!), { username: m.username, from: "member", to: "moderator" });
  // GET /api/user says the role.
  const me = await json(await request("/api/user", { cookie: await loginCookie(db, m.id) }));
  assert.equal(me.role, "moderator");

  await json(await setRole(m.id, "admin"));
  assert.equal((await row(m.id))!.isAdmin, true, "is_admin follows the role");
  await json(await setRole(m.id, "member"));
  const back = (await row(m.id))!;
  assert.equal(back.isAdmin, false);
  assert.equal(back.role, "member");

  // A moderator may not give roles, nor a member; a visitor is asked to sign in.
  await errorOf(await setRole(member.id, "moderator", modCookie), 403, ROLE_MSG.adminOnly);
  await errorOf(await setRole(member.id, "moderator", memberCookie), 403);
  await errorOf(await request(`/api/admin/users/${member.id}`, { method: "PATCH", json: { role: "admin" } }), 401);
  for (const bad of ["owner", 1, null, ""]) await errorOf(await setRole(member.id, bad), 400);
  await errorOf(await setRole(999999, "moderator"), 404);
  assert.equal((await row(member.id))!.role, "member");

  // The last admin: 409, still an admin.
  const solo = await makeTestEnv();
  try {
    const only = await createUser(solo.db, { isAdmin: true });
    const cookie = await loginCookie(solo.db, only.id);
    const res = await solo.request(`/api/admin/users/${only.id}`, { method: "PATCH", cookie, json: { role: "moderator" } });
    await errorOf(res, 409, ROLE_MSG.lastAdmin);
    const still = await solo.db.select().from(users).where(eq(users.id, only.id)).get();
    assert.equal(still!.role, "admin");
    assert.equal(still!.isAdmin, true);
  } finally {
    await solo.close();
  }
});

Deno.test("[roles] is_admin written by the start-up promotion sets the role too (migration 0031's triggers)", async () => {
  const m = await createUser(db);
  await db.update(users).set({ isAdmin: true }).where(eq(users.id, m.id));
  assert.equal((await row(m.id))!.role, "admin");
  await db.update(users).set({ isAdmin: false }).where(eq(users.id, m.id));
  assert.equal((await row(m.id))!.role, "member");
  const made = await createUser(db, { isAdmin: true });
  assert.equal((await row(made.id))!.role, "admin");
});

Deno.test("[roles] moderators ban members, never admins or moderators (403); the audit log names them", async () => {
  const other = await createUser(db);
  await json(await setRole(other.id, "moderator"));
  for (const target of [admin.id, other.id]) {
    for (
      const [path, body] of [["ban", { reason: "no", length: "1d" }], ["unban", {}], ["delete-posts", {}], ["reject-pending", {
        reason: "x",
      }]] as const
    ) {
      await errorOf(await request(`/api/admin/users/${target}/${path}`, { cookie: modCookie, json: body }), 403, ROLE_MSG.staff);
    }
    await errorOf(await request(`/api/admin/users/${target}`, { method: "POST", cookie: modCookie }), 403, ROLE_MSG.staff);
  }
  assert.equal((await row(other.id))!.banned, false);
  assert.equal((await row(admin.id))!.banned, false);

  const victim = await createUser(db);
  const body = await json(
    await request(`/api/admin/users/${victim.id}/ban`, { cookie: modCookie, json: { reason: "spam", length: "1d" } }),
  );
  assert.equal(body.user.banned, true);
  const ban = await db.select().from(bans).where(eq(bans.userId, victim.id)).get();
  assert.equal(ban!.adminId, mod.id);
  const entry = await db.select().from(auditLog).where(and(eq(auditLog.action, "user.ban"), eq(auditLog.targetId, victim.id))).get();
  assert.equal(entry!.actorId, mod.id, "the log names the moderator");
  // An admin may ban a moderator.
  await json(await request(`/api/admin/users/${other.id}/ban`, { cookie: adminCookie, json: { reason: "rogue", length: "1d" } }));
  assert.equal((await row(other.id))!.banned, true);
});

Deno.test("[roles] a moderator works the review queue: sees a pending item, approves it, named in the log", async () => {
  const item = await createMedia(db, { userId: member.id, reviewStatus: "pending", title: "Waiting for a moderator" });
  const pending = await json(await request("/api/admin/content/pending", { cookie: modCookie }));
  assert.ok(pending.some((p: { id: number }) => p.id === item.id));
  // The item page shows it to the moderator (visitors: not found).
  await json(await request(`/api/videos/${item.id}`, { cookie: modCookie }));
  assert.equal((await request(`/api/videos/${item.id}`)).status, 404);
  await json(await request(`/api/admin/content/${item.id}/approve`, { method: "POST", cookie: modCookie }));
  assert.equal((await db.select().from(media).where(eq(media.id, item.id)).get())!.reviewStatus, "approved");
  const entry = await db.select().from(auditLog).where(and(eq(auditLog.action, "content.approve"), eq(auditLog.targetId, item.id))).get();
  assert.equal(entry!.actorId, mod.id);
  // Featuring stays with admins.
  await errorOf(await request(`/api/admin/content/${item.id}/feature`, { method: "POST", cookie: modCookie }), 403, ROLE_MSG.adminOnly);
});

Deno.test("[roles] the admin pages: a moderator sees the moderation tabs only; members are sent home", async () => {
  const res = await request("/admin", { cookie: modCookie });
  assert.equal(res.status, 200);
  assert.match(res.headers.get("content-type")!, /text\/html/);
  const html = await res.text();
  for (const tab of ["pending", "reported", "held", "users"]) assert.ok(html.includes(`id="tab-${tab}"`), tab);
  for (const tab of ["overview", "featured", "approved", "categories"]) assert.ok(!html.includes(`id="tab-${tab}"`), `no ${tab} tab`);
  assert.ok(!html.includes('href="/admin/log"'), "no Log tab");
  assert.ok(!html.includes("&quot;overview&quot;:{"), "no site figures in the island's props");
  // A tab not theirs opens their first.
  assert.match(await (await request("/admin?tab=categories", { cookie: modCookie })).text(), /id="tab-pending" aria-selected="true"/);
  const log = await request("/admin/log", { cookie: modCookie });
  assert.equal(log.status, 302);
  assert.equal(log.headers.get("location"), "/");
  const asMember = await request("/admin", { cookie: memberCookie });
  assert.equal(asMember.status, 302);
  // The member page: another moderator's actions locked for a moderator, no role form.
  const peer = await createUser(db);
  await json(await setRole(peer.id, "moderator"));
  const page = await (await request(`/admin/users/${peer.id}`, { cookie: modCookie })).text();
  assert.ok(page.includes(ROLE_MSG.staff));
  assert.ok(!page.includes("Role and upload quota"));
  const adminView = await (await request(`/admin/users/${member.id}`, { cookie: adminCookie })).text();
  assert.ok(adminView.includes("Role and upload quota"));
});
