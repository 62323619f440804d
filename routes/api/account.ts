import { Hono } from "hono";
import type { AppEnv } from "../../lib/app_env.ts";
import { deleteAccount } from "../../lib/account_delete.ts";
import { setFlash } from "../../lib/flash.ts";
import { requireUser } from "../../lib/guards.ts";
import { conflict } from "../../lib/http_error.ts";
import { emailChangedMail } from "../../lib/account_mail.ts";
import { runInBackground } from "../../lib/background.ts";
import { sendMail } from "../../lib/mail.ts";
import { hashPassword } from "../../lib/passwords.ts";
import { confirmIdentity } from "../../lib/reauth.ts";
import type { RateLimiter } from "../../lib/rate_limit.ts";
import { endSession, startSession } from "../../lib/session.ts";
import { jsonBody } from "../../lib/validate.ts";
import { aboutSchema, changePasswordSchema, updateProfileSchema } from "../../common/schemas/account.ts";
import { writeTx } from "../../db/client.ts";
import { findPasswordHash, profileTakenByOther, setAbout, setPasswordHash, updateProfile } from "../../db/queries/account.ts";
import { voidResetTokens } from "../../db/queries/password_resets.ts";
import { deleteUserSessions } from "../../db/queries/sessions.ts";

/**
 * The member's own account (spec part 2 §7 "Profile and users"), mounted at /api/user beside
 * GET /api/user (routes/api/auth.ts) and GET /api/user/videos (routes/api/user_videos.ts).
 */
export function accountApi(limiter: RateLimiter) {
  const app = new Hono<AppEnv>();

  // PATCH /api/user { username?, email?, currentPassword? }: the registration's rules; a name or
  // address in use -> 409; a new address (not just its case) needs proof of identity first.
  app.patch("/", async (c) => {
    const user = requireUser(c);
    const { currentPassword, ...fields } = await jsonBody(c, updateProfileSchema);
    const emailChanged = fields.email !== undefined && fields.email.toLowerCase() !== (user.email ?? "").toLowerCase();
    if (emailChanged) await confirmIdentity(c, limiter, user, currentPassword);
    const updated = await writeTx(c.var.db, async (tx) => {
      const taken = await profileTakenByOther(tx, user.id, fields);
      if (taken.username) throw conflict("Username is already taken");
      if (taken.email) throw conflict("An account with this email already exists");
      // A reset link mailed to the old address must not outlive the change.
      if (emailChanged) await voidResetTokens(tx, user.id, Date.now());
      return updateProfile(tx, user.id, fields);
    });
    if (emailChanged && user.email) {
      const { config } = c.var;
      const notice = emailChangedMail(config, updated.username, user.email, updated.email ?? "");
      runInBackground("email change notice", () => sendMail(config, notice));
    }
    // The page reloads after an update (spec part 2 §4): the toast rides along.
    setFlash(c, "profile");
    return c.json(updated);
  });

  // PUT /api/user/about { about }: the member's About line on their public profile (issue 27 point 14).
  app.put("/about", async (c) => {
    const user = requireUser(c);
    const { about } = await jsonBody(c, aboutSchema);
    await setAbout(c.var.db, user.id, about);
    return c.json({ about });
  });

  // POST /api/user/change-password: ends every session of the member; this browser gets a new one.
  app.post("/change-password", async (c) => {
    const user = requireUser(c);
    const body = await jsonBody(c, changePasswordSchema);
    // Members who signed up through Google or Facebook have no password yet and may set one
    // soon after signing in; guesses of the current password are limited as at login.
    const stored = await confirmIdentity(c, limiter, user, body.currentPassword);
    const passwordHash = await hashPassword(body.newPassword);
    await writeTx(c.var.db, async (tx) => {
      if ((await findPasswordHash(tx, user.id)) !== stored) throw conflict("Your password was changed meanwhile. Please try again.");
      await setPasswordHash(tx, user.id, passwordHash);
      await deleteUserSessions(tx, user.id);
      await voidResetTokens(tx, user.id, Date.now());
    });
    // Bar 1: the old session id is dead everywhere, this one included; a fresh id keeps this browser in.
    c.set("sessionHash", null);
    await startSession(c, user.id);
    return c.json({ message: stored === null ? "Your password has been set." : "Your password has been changed." });
  });

  // DELETE /api/user: the account, its content and every session; the client then shows the home page logged out.
  app.delete("/", async (c) => {
    const user = requireUser(c);
    await deleteAccount(c.var.db, c.var.config, user);
    await endSession(c);
    setFlash(c, "account-deleted");
    return c.json({ message: "Your account has been deleted." });
  });

  return app;
}
