/**
 * Proof that a member receives mail at their address (issue 19): a link mailed at registration,
 * after an email change and on request. Nothing is blocked while unproved, except that a Google or
 * Facebook sign-in may join the account by email only once it is proved (routes/pages/social.ts).
 */
import { type Db, writeTx } from "../../db/client.ts";
import { consumeVerifyToken, findVerifyRecipient, insertVerifyToken, markEmailVerified } from "../../db/queries/email_verification.ts";
import { VERIFY_TOKEN_HOURS } from "../../common/auth_rules.ts";
import type { Config } from "../config.ts";
import { sha256Hex } from "./crypto.ts";
import { sendMail } from "./mail.ts";
import { hoursText, linkMail, newLinkToken } from "./mail_link.ts";

export const VERIFY_TOKEN_MS = VERIFY_TOKEN_HOURS * 3_600_000;

/** Mails a fresh link to the member's current address; nothing when there is none, it is proved already, or they are banned. */
export async function mailVerificationLink(db: Db, config: Config, userId: number, now = Date.now()): Promise<void> {
  const user = await findVerifyRecipient(db, userId);
  if (!user?.email || user.emailVerified || user.banned) return;
  const email = user.email;
  const { token, tokenHash } = newLinkToken();
  await writeTx(db, (tx) => insertVerifyToken(tx, userId, email, tokenHash, now + VERIFY_TOKEN_MS, now));
  const site = config.siteName;
  await sendMail(
    config,
    linkMail(config, {
      to: email,
      subject: `Verify your ${site} email address`,
      username: user.username,
      intro: `Please confirm that ${email} is the address of your ${site} account by opening this link:`,
      button: "Verify email",
      link: `${config.siteUrl}/verify-email?token=${token}`,
      outro: `The link expires in ${hoursText(VERIFY_TOKEN_HOURS)} and works once. If you did not create this account, ignore this mail.`,
    }),
  );
}

/**
 * Spends a link: true when it was unused, unexpired and the account still has the address it was
 * mailed to (a link to an address since replaced proves nothing about the new one).
 */
export function verifyEmailToken(db: Db, token: string, now = Date.now()): Promise<boolean> {
  return writeTx(db, async (tx) => {
    const row = await consumeVerifyToken(tx, sha256Hex(token), now);
    return row !== null && await markEmailVerified(tx, row.userId, row.email);
  });
}
