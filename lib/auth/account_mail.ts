import type { Config } from "../config.ts";
import { escapeHtml, type Mail } from "./mail.ts";

/**
 * Sent to the old address when a member's email changes, so an owner whose session was stolen
 * learns of it while they can still sign in with their password and change it back.
 */
export function emailChangedMail(config: Config, username: string, oldEmail: string, newEmail: string): Mail {
  const site = config.siteName;
  const profile = `${config.siteUrl}/profile`;
  const lines = [
    `Hi ${username},`,
    `The email address of your ${site} account was changed from ${oldEmail} to ${newEmail}. Password reset links now go to the new address.`,
    `If you made this change, there is nothing to do. If you did not, sign in with your password, change the address back and change your password: ${profile}`,
    site,
  ];
  const e = escapeHtml;
  const html = `<!doctype html><html><body style="font-family:sans-serif;line-height:1.5;color:#171717">
<p>Hi ${e(username)},</p>
<p>The email address of your ${e(site)} account was changed from <b>${e(oldEmail)}</b> to <b>${
    e(newEmail)
  }</b>. Password reset links now go to the new address.</p>
<p>If you made this change, there is nothing to do. If you did not, sign in with your password, change the address back and change your password: <a href="${
    e(profile)
  }">${e(profile)}</a></p>
<p>${e(site)}</p>
</body></html>`;
  return { to: oldEmail, subject: `Your ${site} email address was changed`, text: lines.join("\n\n"), html };
}
