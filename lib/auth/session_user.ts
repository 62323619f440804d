import type { SessionUser } from "../../common/api_types.ts";
import type { CurrentUser } from "../app_env.ts";

/**
 * The member as `GET /api/user`, `/api/login`, `/api/register` and `PATCH /api/user` answer it:
 * dates as ISO 8601 strings, as in every other answer (issue 36 point 11: it was Unix milliseconds
 * here while profiles and items said ISO). Only the listed fields leave, whatever the row carries.
 */
export function toSessionUser(u: CurrentUser): SessionUser {
  return {
    id: u.id,
    username: u.username,
    email: u.email,
    isAdmin: u.isAdmin,
    role: u.role,
    createdAt: new Date(u.createdAt).toISOString(),
    emailVerified: u.emailVerified,
  };
}
