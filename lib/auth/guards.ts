import type { Context } from "hono";
import type { AppEnv, CurrentUser } from "../app_env.ts";
import { forbidden, unauthorized } from "../http_error.ts";
import { authHref } from "../../common/return_to.ts";

/** The signed-in member, or a 401 (`message` lets a route keep the spec's own wording). */
export function requireUser(c: Context<AppEnv>, message?: string): CurrentUser {
  const user = c.var.user;
  if (!user) throw unauthorized(message);
  return user;
}

/** The signed-in admin: visitors get 401, members 403. */
export function requireAdmin(c: Context<AppEnv>): CurrentUser {
  const user = requireUser(c);
  if (!user.isAdmin) throw forbidden("Only admins can do that");
  return user;
}

/** A page for members only, asked for by a visitor: sign in, then come back here (issue 27 point 4). */
export function toSignIn(c: Context<AppEnv>): Response {
  const url = new URL(c.req.url);
  return c.redirect(authHref(url.pathname + url.search), 302);
}
