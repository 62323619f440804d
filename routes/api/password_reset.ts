import { Hono } from "hono";
import type { AppEnv } from "../../lib/app_env.ts";
import { runInBackground } from "../../lib/background.ts";
import { sha256Hex } from "../../lib/auth/crypto.ts";
import { badRequest } from "../../lib/http_error.ts";
import { mailResetLink } from "../../lib/auth/password_reset.ts";
import { hashPassword } from "../../lib/auth/passwords.ts";
import type { RateLimiter } from "../../lib/http/rate_limit.ts";
import { limitLinkMail } from "../../lib/auth/mail_link.ts";
import { jsonBody } from "../../lib/validate.ts";
import { forgotPasswordSchema, RESET_MSG, resetPasswordSchema, resetTokenField } from "../../common/schemas/account.ts";
import { writeTx } from "../../db/client.ts";
import { setPasswordHash } from "../../db/queries/account.ts";
import { setEmailVerified } from "../../db/queries/email_verification.ts";
import { consumeResetToken, findUsableResetToken, voidResetTokens } from "../../db/queries/password_resets.ts";
import { deleteUserSessions } from "../../db/queries/sessions.ts";

/** Password reset by email (spec part 2 §7 "Password reset"; bar 10). */
export function passwordResetApi(limiter: RateLimiter) {
  const app = new Hono<AppEnv>();

  // The same answer, in about the same time, whether or not the address has an account: the
  // lookup, the token and the mail all happen after the response.
  app.post("/forgot-password", async (c) => {
    const { config, db } = c.var;
    await limitLinkMail(c, limiter, "reset");
    const { email } = await jsonBody(c, forgotPasswordSchema);
    await limitLinkMail(c, limiter, "reset", email);
    runInBackground("password reset mail", () => mailResetLink(db, config, email));
    return c.json({ message: RESET_MSG.sent });
  });

  app.get("/verify-reset-token/:token", async (c) => {
    const token = c.req.param("token");
    if (!resetTokenField.safeParse(token).success) throw badRequest(RESET_MSG.invalidText);
    if (!(await findUsableResetToken(c.var.db, sha256Hex(token), Date.now()))) throw badRequest(RESET_MSG.invalidText);
    return c.json({ valid: true });
  });

  // The token is checked before the (deliberately slow) hashing, so junk tokens cost nothing.
  app.post("/reset-password", async (c) => {
    const { db } = c.var;
    const body = await jsonBody(c, resetPasswordSchema);
    const tokenHash = sha256Hex(body.token);
    if (!(await findUsableResetToken(db, tokenHash, Date.now()))) throw badRequest(RESET_MSG.invalidText);
    const passwordHash = await hashPassword(body.newPassword);
    await writeTx(db, async (tx) => {
      const now = Date.now();
      const userId = await consumeResetToken(tx, tokenHash, now);
      if (userId === null) throw badRequest(RESET_MSG.invalidText);
      await setPasswordHash(tx, userId, passwordHash);
      // The link reached the account's mailbox: that proves the address (issue 19).
      await setEmailVerified(tx, userId);
      await deleteUserSessions(tx, userId);
      await voidResetTokens(tx, userId, now);
    });
    return c.json({ message: "Your password has been reset. You can now sign in with your new password." });
  });

  return app;
}
