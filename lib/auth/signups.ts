/**
 * The Sign-ups tab's decisions (issue 41 point 2): an account waiting for approval is let in (its request row goes,
 * it may sign in, its address is then sent the verification link) or turned away (the account is deleted, its name
 * and address free again). Either way the applicant is mailed, and the decision is audited.
 */
import { type Db, writeTx } from "../../db/client.ts";
import { deletePendingUser, deleteRegistrationRequest, findRegistrationRequest } from "../../db/queries/registrations.ts";
import type { Config } from "../config.ts";
import { notFound } from "../http_error.ts";
import { log } from "../log.ts";
import { recordAudit } from "../community/audit.ts";
import { escapeHtml, type Mail, sendMail } from "./mail.ts";
import { mailVerificationLink } from "./email_verification.ts";

function decisionMail(config: Config, to: string, username: string, approved: boolean, reason?: string): Mail {
  const site = config.siteName;
  const signIn = `${config.siteUrl}/auth`;
  const lines = approved
    ? [`Your request to join ${site} has been approved. You can sign in now:`, signIn]
    : [`Your request to join ${site} has not been approved, and the account has been deleted.`, `Reason: ${reason}`];
  const e = escapeHtml;
  const html = `<!doctype html><html><body style="font-family:sans-serif;line-height:1.5;color:#171717">
<p>Hi ${e(username)},</p>
${lines.map((l) => `<p>${l === signIn ? `<a href="${e(l)}">${e(l)}</a>` : e(l)}</p>`).join("\n")}
<p>${e(site)}</p>
</body></html>`;
  return {
    to,
    subject: approved ? `Welcome to ${site}: your account is approved` : `Your request to join ${site}`,
    text: [`Hi ${username},`, ...lines, site].join("\n\n"),
    html,
  };
}

/** A mail that cannot be sent does not undo the decision: it is logged for the operator. */
async function tell(config: Config, mail: Mail) {
  try {
    await sendMail(config, mail);
  } catch (err) {
    log.error("sign-up decision mail failed", { error: String(err) });
  }
}

export async function approveSignup(db: Db, config: Config, adminId: number, userId: number) {
  const now = Date.now();
  const signup = await writeTx(db, async (tx) => {
    const found = await findRegistrationRequest(tx, userId);
    if (!found) throw notFound("No sign-up is waiting with that id");
    await deleteRegistrationRequest(tx, userId);
    await recordAudit(tx, {
      actorId: adminId,
      action: "signup.approve",
      targetType: "user",
      targetId: userId,
      details: { username: found.username },
    }, now);
    return found;
  });
  if (signup.email) {
    await tell(config, decisionMail(config, signup.email, signup.username, true));
    await mailVerificationLink(db, config, userId).catch((err) => log.error("verification mail failed", { error: String(err) }));
  }
  return signup;
}

export async function rejectSignup(db: Db, config: Config, adminId: number, userId: number, reason: string) {
  const now = Date.now();
  const signup = await writeTx(db, async (tx) => {
    const found = await findRegistrationRequest(tx, userId);
    if (!found) throw notFound("No sign-up is waiting with that id");
    await deletePendingUser(tx, userId);
    await recordAudit(
      tx,
      {
        actorId: adminId,
        action: "signup.reject",
        targetType: "user",
        targetId: userId,
        details: { username: found.username, reason },
        subjectId: null,
      },
      now,
    );
    return found;
  });
  if (signup.email) await tell(config, decisionMail(config, signup.email, signup.username, false, reason));
  return signup;
}
