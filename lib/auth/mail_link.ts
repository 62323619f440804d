/**
 * What the two mailed links (password reset, email verification) have in common: a one-time token
 * of which only the SHA-256 is stored, the limits on how often one may be asked for, and the mail
 * that carries it (a plain-text and an HTML part with one button).
 */
import type { Context } from "hono";
import type { AppEnv } from "../app_env.ts";
import type { Config } from "../config.ts";
import { randomToken, sha256Hex } from "./crypto.ts";
import { escapeHtml, type Mail } from "./mail.ts";
import { clientIp, type RateLimiter } from "../http/rate_limit.ts";

/** A fresh 256-bit token for the link and the hash the database keeps. */
export function newLinkToken(): { token: string; tokenHash: string } {
  const token = randomToken();
  return { token, tokenHash: sha256Hex(token) };
}

/** "1 hour", "24 hours". */
export const hoursText = (hours: number) => (hours === 1 ? "1 hour" : `${hours} hours`);

/**
 * Counts a request for a mailed link per IP and per address (bar 9), with the limits of the reset
 * mails (`RATE_RESET_PER_IP`, `RATE_RESET_PER_EMAIL`); `kind` keeps each link's counters apart.
 * Call with no email to count the IP alone, before the body is read.
 */
export async function limitLinkMail(c: Context<AppEnv>, limiter: RateLimiter, kind: "reset" | "verify", email?: string) {
  const { rate } = c.var.config;
  if (email === undefined) await limiter.hit(`${kind}:ip:${clientIp(c)}`, rate.resetPerIp, rate.windowSeconds);
  else await limiter.hit(`${kind}:email:${email.toLowerCase()}`, rate.resetPerEmail, rate.windowSeconds);
}

export type LinkMailParts = {
  to: string;
  subject: string;
  username: string;
  /** The sentence before the button. */
  intro: string;
  button: string;
  link: string;
  /** The sentence after it (expiry, what to do when it was not you). */
  outro: string;
};

export function linkMail(config: Config, p: LinkMailParts): Mail {
  const site = config.siteName;
  const text = [`Hi ${p.username},`, "", p.intro, "", p.link, "", p.outro, "", site].join("\n");
  const e = escapeHtml;
  const html = `<!doctype html><html><body style="font-family:sans-serif;line-height:1.5;color:#171717">
<p>Hi ${e(p.username)},</p>
<p>${e(p.intro)}</p>
<p><a href="${
    e(p.link)
  }" style="display:inline-block;background:#f97316;color:#000;padding:10px 16px;border-radius:8px;text-decoration:none;font-weight:600">${
    e(p.button)
  }</a></p>
<p style="word-break:break-all;font-size:13px;color:#525252">${e(p.link)}</p>
<p>${e(p.outro)}</p>
<p>${e(site)}</p>
</body></html>`;
  return { to: p.to, subject: p.subject, text, html };
}
