import { writeTx } from "../../db/client.ts";
import type { Db } from "../../db/client.ts";
import { findResetRecipient, insertResetToken } from "../../db/queries/password_resets.ts";
import { RESET_TOKEN_HOURS } from "../../common/schemas/account.ts";
import type { Config } from "../config.ts";
import { type Mail, sendMail } from "./mail.ts";
import { hoursText, linkMail, newLinkToken } from "./mail_link.ts";

export const RESET_TOKEN_MS = RESET_TOKEN_HOURS * 3_600_000;

/**
 * The work behind POST /api/forgot-password, run after the response (so its time says nothing):
 * a fresh 256-bit token, of which only the SHA-256 is stored, mailed as a link to the account
 * with that email. Unknown addresses and banned members get nothing.
 */
export async function mailResetLink(db: Db, config: Config, email: string, now = Date.now()): Promise<void> {
  const { token, tokenHash } = newLinkToken();
  const user = await findResetRecipient(db, email);
  if (!user?.email || user.banned) return;
  await writeTx(db, (tx) => insertResetToken(tx, user.id, tokenHash, now + RESET_TOKEN_MS, now));
  await sendMail(config, resetMail(config, user.username, user.email, `${config.siteUrl}/reset-password?token=${token}`));
}

export function resetMail(config: Config, username: string, to: string, link: string): Mail {
  const site = config.siteName;
  return linkMail(config, {
    to,
    subject: `Reset your ${site} password`,
    username,
    intro: `Someone asked to reset the password of your ${site} account. Open this link to choose a new password:`,
    button: "Reset password",
    link,
    outro: `The link expires in ${
      hoursText(RESET_TOKEN_HOURS)
    } and works once. If you did not ask for this, ignore this mail: your password stays as it is.`,
  });
}
