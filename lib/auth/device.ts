/**
 * The device cookie (issue 13 point 9): set at every successful sign-in, it names the member and
 * carries a random device id, signed with the server key. A login from a device that signed in
 * to that account before is counted on its own limit, not the account's, so strangers guessing a
 * member's password can lock the account for everyone else but not for the member.
 */
import type { Context } from "hono";
import { getCookie, setCookie } from "hono/cookie";
import { Buffer } from "node:buffer";
import { timingSafeEqual } from "node:crypto";
import type { AppEnv } from "../app_env.ts";
import { randomToken } from "./crypto.ts";
import { hmac } from "../media/signing.ts";

const DEVICE_DAYS = 365;

const deviceCookieName = (c: Context<AppEnv>) => c.var.config.secure ? "__Host-dr_device" : "dr_device";
const sign = (c: Context<AppEnv>, userId: number, deviceId: string) => hmac(c.var.config, `device:${userId}.${deviceId}`);

/** The device id of a valid device cookie for `userId`, else null. */
export function knownDevice(c: Context<AppEnv>, userId: number): string | null {
  const value = getCookie(c, deviceCookieName(c));
  const m = value?.match(/^(\d{1,15})\.([A-Za-z0-9_-]{16,64})\.([A-Za-z0-9_-]{43})$/);
  if (!m || Number(m[1]) !== userId) return null;
  const expected = Buffer.from(sign(c, userId, m[2]));
  const given = Buffer.from(m[3]);
  return expected.length === given.length && timingSafeEqual(expected, given) ? m[2] : null;
}

/** Remembers this device for `userId` (keeps the id it had for that member, renews the cookie). */
export function rememberDevice(c: Context<AppEnv>, userId: number) {
  const deviceId = knownDevice(c, userId) ?? randomToken();
  setCookie(c, deviceCookieName(c), `${userId}.${deviceId}.${sign(c, userId, deviceId)}`, {
    path: "/",
    httpOnly: true,
    sameSite: "Lax",
    secure: c.var.config.secure,
    maxAge: DEVICE_DAYS * 86400,
  });
}
