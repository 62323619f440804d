import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import type { AppEnv } from "../app_env.ts";
import type { ToastInput } from "../../components/ui/toast.ts";
import { BANNED_TEXT } from "../../common/ban_rules.ts";
import { canModerate } from "../../common/roles.ts";

/**
 * A one-shot toast for the next page, for actions that end in a navigation (login, logout).
 * Only a key travels in the cookie; the text is made here, so nothing a client sets is echoed.
 */
const FLASH_COOKIE = "dr_flash";
const KEYS = [
  "login",
  "register",
  "logout",
  "profile",
  "account-deleted",
  "banned",
  // The member page's actions (issue 34): the page reloads to show what changed, and says what was done.
  "user-banned",
  "user-unbanned",
  "posts-deleted",
  "uploads-rejected",
] as const;
export type FlashKey = (typeof KEYS)[number];

/** Also the sign-in pages' word for a banned account (routes/pages/auth.tsx, social.ts). */
export { BANNED_TEXT };

export const hasFlash = (c: Context<AppEnv>) => getCookie(c, FLASH_COOKIE) !== undefined;

export function setFlash(c: Context<AppEnv>, key: FlashKey) {
  setCookie(c, FLASH_COOKIE, key, { path: "/", httpOnly: true, sameSite: "Lax", secure: c.var.config.secure, maxAge: 60 });
}

/** Reads and clears the flash; the page that renders it shows the toast. */
export function takeFlash(c: Context<AppEnv>): ToastInput | null {
  const key = getCookie(c, FLASH_COOKIE) as FlashKey | undefined;
  if (!key) return null;
  deleteCookie(c, FLASH_COOKIE, { path: "/", secure: c.var.config.secure });
  const name = c.var.user?.username ?? "";
  switch (key) {
    case "login":
      return name ? { title: "Login successful", description: `Welcome back, ${name}!` } : null;
    case "register":
      return name ? { title: "Registration successful", description: `Welcome, ${name}!` } : null;
    case "logout":
      return c.var.user ? null : { title: "Logged out", description: "You have been successfully logged out." };
    case "profile":
      return name ? { title: "Profile Updated", description: "Your profile has been updated." } : null;
    case "banned":
      return c.var.user ? null : { title: "Account banned", description: BANNED_TEXT, variant: "destructive" };
    case "user-banned":
      return canModerate(c.var.user?.role) ? { title: "User banned successfully" } : null;
    case "user-unbanned":
      return canModerate(c.var.user?.role) ? { title: "User unbanned successfully" } : null;
    case "posts-deleted":
      return canModerate(c.var.user?.role) ? { title: "Deleted", description: "Their comments and forum posts were deleted." } : null;
    case "uploads-rejected":
      return canModerate(c.var.user?.role) ? { title: "Rejected", description: "Their pending uploads were rejected." } : null;
    case "account-deleted":
      return c.var.user ? null : { title: "Account Deleted", description: "Your account and your content have been deleted." };
    default:
      return null;
  }
}
