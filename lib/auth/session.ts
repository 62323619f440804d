import type { Context, MiddlewareHandler } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import type { AppEnv } from "../app_env.ts";
import type { Config } from "../config.ts";
import { randomToken, sha256Hex } from "./crypto.ts";
import { rememberDevice } from "./device.ts";
import { deleteSession, findSessionUser, insertSession, takeBannedSession } from "../../db/queries/sessions.ts";
import { setFlash } from "../http/flash.ts";
import { touchLastSeen } from "../../db/queries/users.ts";

/** `__Host-` pins the cookie to our exact origin, but browsers only accept it over https. */
export const sessionCookieName = (config: Config) => config.secure ? "__Host-dr_session" : "dr_session";

const LAST_SEEN_GRANULARITY_MS = 60_000;

/** The session id a request carries: the one cookie read both the session and the page cache use. */
export function sessionIdOf(c: Context<AppEnv>): string | undefined {
  return getCookie(c, sessionCookieName(c.var.config));
}

/** Reads the session cookie and sets `user` (null when signed out, expired or banned). */
export function sessionMiddleware(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    c.set("user", null);
    c.set("sessionHash", null);
    const id = sessionIdOf(c);
    if (id && id.length <= 100) {
      const hash = sha256Hex(id);
      const now = Date.now();
      const row = await findSessionUser(c.var.db, hash, now);
      if (row) {
        const { lastSeenAt, expiresAt: _, ...user } = row;
        c.set("user", user);
        c.set("sessionHash", hash);
        if (!lastSeenAt || now - lastSeenAt > LAST_SEEN_GRANULARITY_MS) {
          await touchLastSeen(c.var.db, user.id, now);
        }
      } else {
        deleteCookie(c, sessionCookieName(c.var.config), { path: "/", secure: c.var.config.secure });
        // A member banned while signed in is told so on the next page, not just signed out.
        if (await takeBannedSession(c.var.db, hash)) setFlash(c, "banned");
      }
    }
    const member = c.var.user !== null;
    await next();
    const name = `${sessionCookieName(c.var.config)}=`;
    const signsIn = () => c.res.headers.getSetCookie().some((s) => s.startsWith(name) && !s.startsWith(`${name};`));
    if (member || c.var.user !== null || signsIn()) keepFromSharedCaches(c.res.headers);
  };
}

const RENDERED = /^(text\/html|application\/json)\b/i;

/**
 * Quality bar 20, as one rule (issue 19): a page or JSON answer built for a signed-in member (or
 * one that signed them in) tells every cache it is theirs alone, error and not-found pages
 * included. A route that chose a private policy of its own ("private, no-cache" for revalidation)
 * keeps it; files (media, scripts, styles) are the same for everyone and keep theirs.
 */
function keepFromSharedCaches(headers: Headers) {
  if (!RENDERED.test(headers.get("content-type") ?? "")) return;
  if (/\bprivate\b/i.test(headers.get("cache-control") ?? "")) return;
  headers.set("Cache-Control", "private, no-store");
}

/** Starts a fresh session (a new id at every login), ends the one the request came with, and remembers the device. */
export async function startSession(c: Context<AppEnv>, userId: number) {
  const { config, db } = c.var;
  if (c.var.sessionHash) await deleteSession(db, c.var.sessionHash);
  const id = randomToken();
  const maxAge = config.sessionDays * 86400;
  await insertSession(db, sha256Hex(id), userId, Date.now() + maxAge * 1000);
  setCookie(c, sessionCookieName(config), id, {
    path: "/",
    httpOnly: true,
    sameSite: "Lax",
    secure: config.secure,
    maxAge,
  });
  rememberDevice(c, userId);
}

export async function endSession(c: Context<AppEnv>) {
  if (c.var.sessionHash) await deleteSession(c.var.db, c.var.sessionHash);
  deleteCookie(c, sessionCookieName(c.var.config), { path: "/", secure: c.var.config.secure });
  c.set("user", null);
  c.set("sessionHash", null);
}
