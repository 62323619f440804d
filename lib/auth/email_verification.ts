/**
 * Proof that a member receives mail at their address (issue 19): a link mailed at registration,
 * after an email change and on request. Nothing is blocked while unproved, except that a Google or
 * Facebook sign-in may join the account by email only once it is proved (routes/pages/social.ts).
 */
import { type Db, writeTx } from "../../db/client.ts";
import {
  consumeVerifyToken,
  findVerifyRecipient,
  findVerifyTokenAccount,
  insertVerifyToken,
  markEmailVerified,
} from "../../db/queries/email_verification.ts";
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

/** What opening a link did: proved the address, found it proved already, or nothing (unknown, expired, or another address). */
export type VerifyOutcome = "verified" | "already" | "invalid";

/**
 * Spends a link: "verified" when it was unused, unexpired and the account still has the address it
 * was mailed to (a link to an address since replaced proves nothing about the new one). A link
 * opened again once that address is proved says so ("already"; issue 36 point 15), where it used
 * to read as invalid or expired.
 */
export function verifyEmailToken(db: Db, token: string, now = Date.now()): Promise<VerifyOutcome> {
  const tokenHash = sha256Hex(token);
  return writeTx(db, async (tx) => {
    const row = await consumeVerifyToken(tx, tokenHash, now);
    if (row !== null && await markEmailVerified(tx, row.userId, row.email)) return "verified";
    const known = await findVerifyTokenAccount(tx, tokenHash);
    const same = !!known?.currentEmail && known.currentEmail.toLowerCase() === known.email.toLowerCase();
    return same && known!.emailVerified ? "already" : "invalid";
  });
}
