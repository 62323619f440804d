import type { Context, MiddlewareHandler } from "hono";
import type { AppEnv, CurrentUser } from "../app_env.ts";
import { forbidden, unauthorized } from "../http_error.ts";
import { authHref } from "../../common/return_to.ts";
import { canModerate, ROLE_MSG } from "../../common/roles.ts";

/** The signed-in member, or a 401 (`message` lets a route keep the spec's own wording). */
export function requireUser(c: Context<AppEnv>, message?: string): CurrentUser {
  const user = c.var.user;
  if (!user) throw unauthorized(message);
  return user;
}

/** The signed-in admin: visitors get 401, members 403. */
export function requireAdmin(c: Context<AppEnv>): CurrentUser {
  const user = requireUser(c);
  if (!user.isAdmin) throw forbidden(ROLE_MSG.adminOnly);
  return user;
}

/**
 * An admin or a moderator (issue 41 point 4, decision 044): the admin area's queues (review, reports,
 * held posts, watched words, sign-ups, look-alikes, bans of members). Visitors get 401, members 403.
 */
export function requireModerator(c: Context<AppEnv>): CurrentUser {
  const user = requireUser(c);
  if (!canModerate(user.role)) throw forbidden(ROLE_MSG.moderatorOnly);
  return user;
}

/** A page for members only, asked for by a visitor: sign in, then come back here (issue 27 point 4). */
export function toSignIn(c: Context<AppEnv>): Response {
  const url = new URL(c.req.url);
  return c.redirect(authHref(url.pathname + url.search), 302);
}

/**
 * Middleware of an admin-only sub-app: visitors get 401 and members 403 before anything else runs
 * (QUALITY.md, security 4), and no answer is ever stored by a cache.
 */
export const adminOnly: MiddlewareHandler<AppEnv> = async (c, next) => {
  requireAdmin(c);
  await next();
  c.header("Cache-Control", "private, no-store");
};

/** `adminOnly` for a sub-app moderators use too. */
export const moderatorOnly: MiddlewareHandler<AppEnv> = async (c, next) => {
  requireModerator(c);
  await next();
  c.header("Cache-Control", "private, no-store");
};
