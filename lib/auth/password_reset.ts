import { writeTx } from "../../db/client.ts";
import type { Db } from "../../db/client.ts";
import { findResetRecipient, insertResetToken } from "../../db/queries/password_resets.ts";
import { RESET_TOKEN_HOURS } from "../../common/schemas/account.ts";
import type { Config } from "../config.ts";
import { randomToken, sha256Hex } from "./crypto.ts";
import { escapeHtml, type Mail, sendMail } from "./mail.ts";

export const RESET_TOKEN_MS = RESET_TOKEN_HOURS * 3_600_000;

/**
 * The work behind POST /api/forgot-password, run after the response (so its time says nothing):
 * a fresh 256-bit token, of which only the SHA-256 is stored, mailed as a link to the account
 * with that email. Unknown addresses and banned members get nothing.
 */
export async function mailResetLink(db: Db, config: Config, email: string, now = Date.now()): Promise<void> {
  const token = randomToken();
  const tokenHash = sha256Hex(token);
  const user = await findResetRecipient(db, email);
  if (!user?.email || user.banned) return;
  await writeTx(db, (tx) => insertResetToken(tx, user.id, tokenHash, now + RESET_TOKEN_MS, now));
  await sendMail(config, resetMail(config, user.username, user.email, `${config.siteUrl}/reset-password?token=${token}`));
}

export function resetMail(config: Config, username: string, to: string, link: string): Mail {
  const site = config.siteName;
  const hours = RESET_TOKEN_HOURS === 1 ? "1 hour" : `${RESET_TOKEN_HOURS} hours`;
  const text = [
    `Hi ${username},`,
    "",
    `Someone asked to reset the password of your ${site} account. Open this link to choose a new password:`,
    "",
    link,
    "",
    `The link expires in ${hours} and works once. If you did not ask for this, ignore this mail: your password stays as it is.`,
    "",
    `${site}`,
  ].join("\n");
  const e = escapeHtml;
  const html = `<!doctype html><html><body style="font-family:sans-serif;line-height:1.5;color:#171717">
<p>Hi ${e(username)},</p>
<p>Someone asked to reset the password of your ${e(site)} account. Open this link to choose a new password:</p>
<p><a href="${
    e(link)
  }" style="display:inline-block;background:#f97316;color:#000;padding:10px 16px;border-radius:8px;text-decoration:none;font-weight:600">Reset password</a></p>
<p style="word-break:break-all;font-size:13px;color:#525252">${e(link)}</p>
<p>The link expires in ${hours} and works once. If you did not ask for this, ignore this mail: your password stays as it is.</p>
<p>${e(site)}</p>
</body></html>`;
  return { to, subject: `Reset your ${site} password`, text, html };
}
