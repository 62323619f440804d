import { Hono } from "hono";
import type { AppEnv } from "../../lib/app_env.ts";
import { deleteAccount } from "../../lib/auth/account_delete.ts";
import { setFlash } from "../../lib/http/flash.ts";
import { requireUser } from "../../lib/auth/guards.ts";
import { badRequest, conflict } from "../../lib/http_error.ts";
import { limitLinkMail } from "../../lib/auth/mail_link.ts";
import { mailVerificationLink } from "../../lib/auth/email_verification.ts";
import { refuseReservedName } from "../../lib/auth/reserved_names.ts";
import { emailChangedMail } from "../../lib/auth/account_mail.ts";
import { runInBackground } from "../../lib/background.ts";
import { sendMail } from "../../lib/auth/mail.ts";
import { hashPassword } from "../../lib/auth/passwords.ts";
import { confirmIdentity } from "../../lib/auth/reauth.ts";
import type { RateLimiter } from "../../lib/http/rate_limit.ts";
import { endSession, startSession } from "../../lib/auth/session.ts";
import { jsonBody } from "../../lib/validate.ts";
import { aboutSchema, changePasswordSchema, confirmIdentitySchema, updateProfileSchema } from "../../common/schemas/account.ts";
import { VERIFY_MSG } from "../../common/auth_rules.ts";
import { writeTx } from "../../db/client.ts";
import { findPasswordHash, findPrivacy, profileTakenByOther, setAbout, setPasswordHash, updateProfile } from "../../db/queries/account.ts";
import { voidResetTokens } from "../../db/queries/password_resets.ts";
import { voidVerifyTokens } from "../../db/queries/email_verification.ts";
import { deleteUserSessions } from "../../db/queries/sessions.ts";
import { toSessionUser } from "../../lib/auth/session_user.ts";
import { isFederated, setFederated } from "../../db/queries/federation.ts";
import { announceAccountDeletion, queueActorLeft } from "../../lib/federation/federation.ts";

/**
 * The member's own account (spec part 2 §7 "Profile and users"), mounted at /api/user beside
 * GET /api/user (routes/api/auth.ts) and GET /api/user/videos (routes/api/user_videos.ts).
 */
export function accountApi(limiter: RateLimiter) {
  const app = new Hono<AppEnv>();

  // PATCH /api/user { username?, email?, currentPassword?, federated?, showFollows?, historyPaused? }: the registration's rules; a name or
  // address in use -> 409; a new address (not just its case) needs proof of identity first.
  app.patch("/", async (c) => {
    const user = requireUser(c);
    const { currentPassword, federated, ...fields } = await jsonBody(c, updateProfileSchema);
    const emailChanged = fields.email !== undefined && fields.email.toLowerCase() !== (user.email ?? "").toLowerCase();
    // A reserved name already held (ADMIN_USERNAME=admin) may stay; nobody may take one.
    if (fields.username !== undefined && fields.username.toLowerCase() !== user.username.toLowerCase()) {
      refuseReservedName(c.var.config, fields.username);
    }
    if (emailChanged) {
      await confirmIdentity(c, limiter, user, currentPassword);
      // The new address gets a verification link: counted like every mailed link.
      await limitLinkMail(c, limiter, "verify");
      await limitLinkMail(c, limiter, "verify", fields.email);
    }
    const { config, db } = c.var;
    const profileChange = Object.values(fields).some((v) => v !== undefined);
    const { updated, left } = await writeTx(db, async (tx) => {
      // Point 6 of issue 40: leaving tells the servers that followed (a job), rejoining starts from no followers.
      const fed = federated === undefined ? null : await setFederated(tx, user.id, federated);
      const left = !!fed?.changed && federated === false && fed.remoteFollowers > 0;
      if (!profileChange) return { updated: user, left };
      const taken = await profileTakenByOther(tx, user.id, fields);
      if (taken.username) throw conflict("Username is already taken");
      if (taken.email) throw conflict("An account with this email already exists");
      // Links mailed to the old address must not outlive the change, and the new one is unproved.
      if (emailChanged) {
        await voidResetTokens(tx, user.id, Date.now());
        await voidVerifyTokens(tx, user.id, Date.now());
      }
      return { updated: await updateProfile(tx, user.id, fields, emailChanged), left };
    });
    if (left) await queueActorLeft(db, config, user.id);
    if (emailChanged && user.email) {
      const notice = emailChangedMail(config, updated.username, user.email, updated.email ?? "");
      runInBackground("email change notice", () => sendMail(config, notice));
    }
    if (emailChanged) runInBackground("verification mail", () => mailVerificationLink(db, config, user.id));
    // The page reloads after a name or address update (spec part 2 §4): the toast rides along. The
    // switches (issues 40, 43) change in place and say so themselves.
    if (fields.username !== undefined || fields.email !== undefined) setFlash(c, "profile");
    return c.json({
      ...toSessionUser({ ...user, ...updated }),
      ...(await findPrivacy(db, user.id)),
      federated: await isFederated(db, user.id),
    });
  });

  // POST /api/user/verify-email: mails a new link to the member's unproved address.
  app.post("/verify-email", async (c) => {
    const user = requireUser(c);
    if (!user.email) throw badRequest(VERIFY_MSG.noEmail);
    if (user.emailVerified) throw conflict(VERIFY_MSG.alreadyVerified);
    await limitLinkMail(c, limiter, "verify");
    await limitLinkMail(c, limiter, "verify", user.email);
    const { config, db } = c.var;
    runInBackground("verification mail", () => mailVerificationLink(db, config, user.id));
    return c.json({ message: VERIFY_MSG.sent });
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

  // DELETE /api/user { currentPassword }: the account, its content and every session; the client
  // then shows the home page logged out. Proof of identity first, as for the other account changes
  // (decision record 014): a stolen session alone must not erase someone's work. Members without a
  // password may send no body at all (a recent sign-in is their proof).
  app.delete("/", async (c) => {
    const user = requireUser(c);
    const hasBody = c.req.header("content-type") !== undefined || !["", "0"].includes(c.req.header("content-length") ?? "");
    const { currentPassword } = hasBody ? await jsonBody(c, confirmIdentitySchema) : {};
    await confirmIdentity(c, limiter, user, currentPassword);
    // Issue 40: the servers that followed are told the actor is gone, signed while its keys exist.
    await announceAccountDeletion(c.var.db, c.var.config, user.id);
    await deleteAccount(c.var.db, c.var.config, user);
    await endSession(c);
    setFlash(c, "account-deleted");
    return c.json({ message: "Your account has been deleted." });
  });

  return app;
}
