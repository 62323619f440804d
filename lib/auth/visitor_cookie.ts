/**
 * The visitor cookie (issue 34 point 3): a visitor's comment that waits for review shows to the
 * browser that wrote it and to nobody else. The browser keeps a random 256-bit token, set when it
 * first posts a comment; the comment keeps only the token's SHA-256 (`comments.writer_key`), so
 * the database cannot show it to anyone else, as sessions keep only their ids' hashes.
 */
import type { Context } from "hono";
import { getCookie, setCookie } from "hono/cookie";
import type { AppEnv } from "../app_env.ts";
import { randomToken, sha256Hex } from "./crypto.ts";

const VISITOR_DAYS = 365;
/** randomToken()'s form: 32 bytes as base64url. */
const TOKEN_LENGTH = 43;

const cookieName = (c: Context<AppEnv>) => c.var.config.secure ? "__Host-dr_visitor" : "dr_visitor";

function token(c: Context<AppEnv>): string | null {
  const value = getCookie(c, cookieName(c));
  if (!value || value.length !== TOKEN_LENGTH) return null;
  for (let i = 0; i < value.length; i++) {
    const ch = value.charCodeAt(i);
    const ok = (ch >= 48 && ch <= 57) || (ch >= 65 && ch <= 90) || (ch >= 97 && ch <= 122) || ch === 45 || ch === 95;
    if (!ok) return null;
  }
  return value;
}

/** The writer key of this browser (the hash of its visitor cookie), or null when it has none. */
export function visitorWriterKey(c: Context<AppEnv>): string | null {
  const t = token(c);
  return t ? sha256Hex(t) : null;
}

/** The writer key of this browser, setting its visitor cookie first when it has none (or renewing it). */
export function ensureVisitorWriterKey(c: Context<AppEnv>): string {
  const t = token(c) ?? randomToken();
  setCookie(c, cookieName(c), t, {
    path: "/",
    httpOnly: true,
    sameSite: "Lax",
    secure: c.var.config.secure,
    maxAge: VISITOR_DAYS * 86400,
  });
  return sha256Hex(t);
}
