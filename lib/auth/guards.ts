import type { Context } from "hono";
import type { AppEnv, CurrentUser } from "../app_env.ts";
import { forbidden, unauthorized } from "../http_error.ts";

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
