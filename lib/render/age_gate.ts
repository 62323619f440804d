/**
 * The 18+ age gate (spec part 2 §2 "Age gate and access denied"; decision 036): visitors without
 * the age cookie see an interstitial over every HTML page but the legal pages, the refusal page,
 * password reset and embeds. Answering yes posts to /age-gate, which remembers it for a year.
 */
import type { Context } from "hono";
import { setCookie } from "hono/cookie";
import { parse } from "hono/utils/cookie";
import { LEGAL_PAGE_NAMES } from "../../common/legal/mod.ts";
import type { AppEnv } from "../app_env.ts";
import { sameSitePath } from "../../common/return_to.ts";

export const AGE_COOKIE = "dr_age";
export const AGE_COOKIE_MAX_AGE = 365 * 86400;

/** Pages an under-18 visitor may still read, and the ones a gate would break (reset links, embeds on other sites). */
const EXEMPT = new Set(["/access-denied", "/forgot-password", "/reset-password", ...LEGAL_PAGE_NAMES.map((n) => `/${n}`)]);

/** Whether a Cookie header holds the confirmation, read with the parser the rest of the app uses (hono's). */
export function ageConfirmed(cookieHeader: string | undefined): boolean {
  return !!cookieHeader && parse(cookieHeader, AGE_COOKIE)[AGE_COOKIE] === "1";
}

export const ageGateExempt = (path: string) => EXEMPT.has(path) || path.startsWith("/embed/");

/** Remembers the answer for a year (not HttpOnly: it holds no secret). */
export function rememberAge(c: Context<AppEnv>) {
  setCookie(c, AGE_COOKIE, "1", { path: "/", maxAge: AGE_COOKIE_MAX_AGE, sameSite: "Lax", secure: c.var.config.secure });
}

/**
 * Whether this page shows the gate. Members declared their birth date at registration: they are
 * never asked, and a page rendered for one remembers the answer, so signing out does not bring
 * the gate back.
 */
export function showsAgeGate(c: Context<AppEnv>): boolean {
  if (!c.var.config.ageGate || ageConfirmed(c.req.header("cookie"))) return false;
  if (c.var.user) {
    rememberAge(c);
    return false;
  }
  return !ageGateExempt(c.req.path);
}

/** The page to come back to: the path and query the visitor asked for. */
export function currentPath(c: Context<AppEnv>): string {
  const url = new URL(c.req.url);
  return url.pathname + url.search;
}

/**
 * `next` when it is a path on this site once resolved (common/return_to.ts `sameSitePath`, the check
 * sign-in uses), else `/`.
 */
export const localNext = (raw: unknown): string => sameSitePath(raw, 2048) ?? "/";
