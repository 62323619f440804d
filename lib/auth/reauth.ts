import type { Context } from "hono";
import type { AppEnv, CurrentUser } from "../app_env.ts";
import { badRequest, forbidden } from "../http_error.ts";
import { verifyPassword } from "./passwords.ts";
import type { RateLimiter } from "../http/rate_limit.ts";
import { ACCOUNT_MSG, RECENT_SIGN_IN_MINUTES } from "../../common/schemas/account.ts";
import { findPasswordHash } from "../../db/queries/account.ts";
import { findSessionStart } from "../../db/queries/sessions.ts";

/**
 * Proof that the person holding this session owns the account, before a change that could hand
 * the account over (a new email, a new password). A member with a password types it (400 when
 * missing or wrong; guesses share the per-member limit with login). A member without one (Google
 * or Facebook sign-up) must have signed in within the last few minutes (403 otherwise), as Firebase's
 * "requires recent login" and GitHub's sudo mode do (decision record 011).
 * Returns the stored hash, so the caller can detect a change made meanwhile.
 */
export async function confirmIdentity(
  c: Context<AppEnv>,
  limiter: RateLimiter,
  user: CurrentUser,
  currentPassword: string | undefined,
): Promise<string | null> {
  const { db, config } = c.var;
  const stored = await findPasswordHash(db, user.id);
  if (stored !== null) {
    if (!currentPassword) throw badRequest(ACCOUNT_MSG.currentPasswordRequired);
    await limiter.hit(`password:user:${user.id}`, config.rate.loginPerAccount, config.rate.windowSeconds);
    if (!(await verifyPassword(stored, currentPassword))) throw badRequest(ACCOUNT_MSG.currentPasswordWrong);
    return stored;
  }
  const started = c.var.sessionHash ? await findSessionStart(db, c.var.sessionHash) : null;
  if (started === null || Date.now() - started > RECENT_SIGN_IN_MINUTES * 60_000) throw forbidden(ACCOUNT_MSG.signInAgain);
  return null;
}
