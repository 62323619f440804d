import { Hono } from "hono";
import type { AppEnv } from "../../lib/app_env.ts";
import { requireUser } from "../../lib/auth/guards.ts";
import { toSessionUser } from "../../lib/auth/session_user.ts";
import { isFederated } from "../../db/queries/federation.ts";
import type { RateLimiter } from "../../lib/http/rate_limit.ts";
import { endSession } from "../../lib/auth/session.ts";
import { setFlash } from "../../lib/http/flash.ts";
import { jsonBody } from "../../lib/validate.ts";
import { limitLoginAddress, limitRegisterAddress, passwordLogin, registerMember } from "../../lib/auth/auth_actions.ts";
import { quotaOf } from "../../lib/media/quota.ts";
import { loginSchema, registerSchema } from "../../common/schemas/auth.ts";
import { SIGNUP_MSG } from "../../common/site_settings.ts";

/** GET /api/user, POST /api/login, /api/register, /api/logout (spec part 1 §7). */
export function authApi(limiter: RateLimiter) {
  const app = new Hono<AppEnv>();

  // `federated` beside the session's fields (issue 40 point 6; read from the row: the session carries no such column), with the
  // member's upload quota (issue 41 point 3): the upload dialog and My Videos show it.
  app.get("/user", async (c) => {
    const user = requireUser(c, "Not logged in");
    const [federated, quota] = await Promise.all([
      isFederated(c.var.db, user.id),
      quotaOf(c.var.db, c.var.config, user.id, c.var.now()),
    ]);
    return c.json({ ...toSessionUser(user), federated, quota });
  });

  app.post("/login", async (c) => {
    await limitLoginAddress(c, limiter);
    const body = await jsonBody(c, loginSchema);
    return c.json(toSessionUser(await passwordLogin(c, limiter, body)));
  });

  app.post("/register", async (c) => {
    await limitRegisterAddress(c, limiter);
    const body = await jsonBody(c, registerSchema);
    const { user, pending } = await registerMember(c, body);
    // Issue 41: while sign-ups need approval the account waits, with no session.
    if (pending) return c.json({ pending: true, username: user.username, message: SIGNUP_MSG.requested }, 202);
    return c.json(toSessionUser(user), 201);
  });

  app.post("/logout", async (c) => {
    await endSession(c);
    setFlash(c, "logout");
    return c.json({ ok: true });
  });

  return app;
}
