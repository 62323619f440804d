import { Hono } from "hono";
import type { AppEnv } from "../../lib/app_env.ts";
import { moderatorOnly, requireModerator } from "../../lib/auth/guards.ts";
import { approveSignup, rejectSignup } from "../../lib/auth/signups.ts";
import { countRegistrationRequests, listRegistrationRequests, type SignupRow } from "../../db/queries/registrations.ts";
import { idOr400, jsonBody } from "../../lib/validate.ts";
import { signupRejectSchema } from "../../common/schemas/settings.ts";
import type { Signup } from "../../common/api_types.ts";

/** The tab shows this many at once, oldest first; deciding them brings the next. */
const PAGE = 100;

const view = (r: SignupRow): Signup => ({
  id: r.id,
  username: r.username,
  email: r.email,
  reason: r.reason,
  createdAt: new Date(r.createdAt).toISOString(),
});

/**
 * `/api/admin/registrations` (issue 41 point 2): the sign-ups waiting for approval, and the decisions, for admins and
 * moderators (point 4); invite codes and settings stay with admins.
 */
export const adminRegistrationsApi = new Hono<AppEnv>()
  .use("*", moderatorOnly)
  .get("/", async (c) => {
    const [rows, total] = await Promise.all([listRegistrationRequests(c.var.db, PAGE), countRegistrationRequests(c.var.db)]);
    return c.json({ signups: rows.map(view), total });
  })
  .post("/:id/approve", async (c) => {
    const admin = requireModerator(c);
    const signup = await approveSignup(c.var.db, c.var.config, admin.id, idOr400(c.req.param("id")));
    return c.json({ ok: true, id: signup.id, username: signup.username });
  })
  .post("/:id/reject", async (c) => {
    const admin = requireModerator(c);
    const id = idOr400(c.req.param("id"));
    const { reason } = await jsonBody(c, signupRejectSchema);
    const signup = await rejectSignup(c.var.db, c.var.config, admin.id, id, reason);
    return c.json({ ok: true, id: signup.id, username: signup.username });
  });
