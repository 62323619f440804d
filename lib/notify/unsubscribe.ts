/**
 * One-click unsubscribe (RFC 8058, issue 33 point 5): the token is an HMAC with the site's signing secret
 * over the member, the kind and the member's current address, so nothing is stored, it cannot be guessed,
 * and it stops working when the member changes their email.
 */
import { Buffer } from "node:buffer";
import { timingSafeEqual } from "node:crypto";
import type { Config } from "../config.ts";
import { hmac } from "../media/signing.ts";
import { type NotificationKind, UNSUBSCRIBE_PATH } from "../../common/notification_rules.ts";

export function unsubscribeToken(config: Config, userId: number, kind: NotificationKind, email: string): string {
  return hmac(config, `unsubscribe:${userId}:${kind}:${email.toLowerCase()}`);
}

/** The absolute address a mail's List-Unsubscribe names (on SITE_URL). */
export function unsubscribeUrl(config: Config, userId: number, kind: NotificationKind, email: string): string {
  const q = new URLSearchParams({ u: String(userId), k: kind, t: unsubscribeToken(config, userId, kind, email) });
  return new URL(`${UNSUBSCRIBE_PATH}?${q}`, config.siteUrl).href;
}

export function tokenMatches(config: Config, userId: number, kind: NotificationKind, email: string, token: string): boolean {
  const want = Buffer.from(unsubscribeToken(config, userId, kind, email));
  const got = Buffer.from(token);
  return want.length === got.length && timingSafeEqual(want, got);
}
