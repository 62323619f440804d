import { type Context, Hono } from "hono";
import { listUsersForAdmin } from "../../db/queries/admin.ts";
import type { AppEnv } from "../../lib/app_env.ts";
import { moderatorOnly, requireAdmin, requireModerator } from "../../lib/auth/guards.ts";
import { banMember, banTarget, unbanMember } from "../../lib/community/bans.ts";
import { loadMemberPage } from "../../lib/community/member_page.ts";
import { deleteMemberPosts, rejectMemberPending } from "../../lib/community/member_actions.ts";
import { forgetItemRow } from "../../lib/feed/item_rows.ts";
import { memberPageQuery, usersQuery } from "../../lib/feed/query_schemas.ts";
import { forbidden, notFound } from "../../lib/http_error.ts";
import { setFlash } from "../../lib/http/flash.ts";
import { idOr400, jsonBody, queryOr400 } from "../../lib/validate.ts";
import { findMemberAccount } from "../../db/queries/member_admin.ts";
import { banSchema, rejectSchema } from "../../common/schemas/admin.ts";
import { BAN_MSG } from "../../common/ban_rules.ts";
import type { AdminUser } from "../../common/api_types.ts";
import type { PendingRejected, PostsDeleted } from "../../common/member_page.ts";
import { mayActOn, ROLE_MSG } from "../../common/roles.ts";
import { memberPatchSchema } from "../../common/schemas/admin_members.ts";
import { quotaOf } from "../../lib/media/quota.ts";
import { patchMember } from "../../lib/community/member_roles.ts";
import type { CurrentUser } from "../../lib/app_env.ts";

/** A member as the Users tab reads them; dates in ISO 8601 like every answer (issue 36 point 11). */
const toAdminUser = (u: Omit<AdminUser, "createdAt"> & { createdAt: number }): AdminUser => ({
  id: u.id,
  username: u.username,
  email: u.email,
  isAdmin: u.isAdmin,
  role: u.role,
  banned: u.banned,
  createdAt: new Date(u.createdAt).toISOString(),
});

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

async function memberOr404(c: { var: AppEnv["Variables"] }, id: number) {
  const user = await findMemberAccount(c.var.db, id);
  if (!user) throw notFound(BAN_MSG.userNotFound);
  return user;
}

/** The moderator or admin acting on member `id`: moderators act on members only (403 for staff, issue 41 point 4). */
async function actorOn(c: Context<AppEnv>, id: number): Promise<CurrentUser> {
  const actor = requireModerator(c);
  const target = await memberOr404(c, id);
  if (!mayActOn(actor.role, target.role)) throw forbidden(ROLE_MSG.staff);
  return actor;
}

/**
 * `/api/admin/users` (spec part 2 §7, and issue 34 point 4): the Users tab's list and its ban
 * toggle, and one member's page with its actions: ban with a reason and a length, unban, delete all
 * their posts, reject all their pending uploads. Each action is audited (lib/community/). The page's
 * actions reload it, so they leave a flash that says what was done (lib/http/flash.ts).
 */
export const adminUsersApi = new Hono<AppEnv>()
  .use("*", moderatorOnly)
  .get("/", async (c) => {
    const { q } = queryOr400(c, usersQuery);
    return c.json((await listUsersForAdmin(c.var.db, q || undefined)).map(toAdminUser));
  })
  .get("/:id", async (c) => {
    const id = idOr400(c.req.param("id"));
    const { page } = queryOr400(c, memberPageQuery);
    const member = await loadMemberPage(c.var.db, id, page);
    if (!member) throw notFound(BAN_MSG.userNotFound);
    return c.json({ ...member, quota: await quotaOf(c.var.db, c.var.config, id, c.var.now()) });
  })
  // Issue 41: the member's role and their own upload quotas, admins only; the last admin keeps the role.
  .patch("/:id", async (c) => {
    const id = idOr400(c.req.param("id"));
    const admin = requireAdmin(c);
    const body = await jsonBody(c, memberPatchSchema);
    const user = await patchMember(c.var.db, admin.id, id, body, c.var.now());
    return c.json({ ok: true, user, quota: await quotaOf(c.var.db, c.var.config, id, c.var.now()) });
  })
  // The spec's toggle: a ban until lifted, with no reason; or the ban lifted. A ban hides the member's
  // items from every public place, an unban shows them again (decision 028).
  .post("/:id", async (c) => {
    const id = idOr400(c.req.param("id"));
    const admin = await actorOn(c, id);
    const target = await memberOr404(c, id);
    const user = target.banned
      ? await unbanMember(c.var.db, admin.id, id, c.var.now())
      : (await banMember(c.var.db, admin.id, id, { reason: null, length: "permanent" }, c.var.now())).user;
    return c.json({
      ok: true,
      user: toAdminUser(user),
      message: user.banned ? "User banned successfully" : "User unbanned successfully",
    });
  })
  // Issue 34: a reason the member reads at sign-in and a length; a new ban replaces one in force.
  .post("/:id/ban", async (c) => {
    const id = idOr400(c.req.param("id"));
    const admin = await actorOn(c, id);
    const body = await jsonBody(c, banSchema);
    const { user, ban } = await banMember(c.var.db, admin.id, id, body, c.var.now());
    setFlash(c, "user-banned");
    return c.json({
      ok: true,
      user: toAdminUser(user),
      ban: { reason: ban.reason, createdAt: new Date(ban.createdAt).toISOString(), endsAt: iso(ban.endsAt) },
      message: "User banned successfully",
    });
  })
  .post("/:id/unban", async (c) => {
    const id = idOr400(c.req.param("id"));
    const admin = await actorOn(c, id);
    const user = await unbanMember(c.var.db, admin.id, id, c.var.now());
    setFlash(c, "user-unbanned");
    return c.json({ ok: true, user: toAdminUser(user), message: "User unbanned successfully" });
  })
  // Spam clean-up: every item comment, forum thread and forum comment they wrote, audited with the counts.
  .post("/:id/delete-posts", async (c) => {
    const id = idOr400(c.req.param("id"));
    const admin = await actorOn(c, id);
    const target = await banTarget(c.var.db, id, admin.id);
    const done = await deleteMemberPosts(c.var.db, admin.id, id, target.username, c.var.now());
    for (const item of done.items) forgetItemRow(c.var.db, item);
    const { items: _, ...counts } = done;
    setFlash(c, "posts-deleted");
    return c.json({ ok: true, ...counts } satisfies PostsDeleted);
  })
  .post("/:id/reject-pending", async (c) => {
    const id = idOr400(c.req.param("id"));
    const admin = await actorOn(c, id);
    const { reason } = await jsonBody(c, rejectSchema);
    const rejected = await rejectMemberPending(c.var.db, admin.id, id, reason, c.var.now());
    setFlash(c, "uploads-rejected");
    return c.json({ ok: true, rejected } satisfies PendingRejected);
  });
