/**
 * Password sign-in and registration (spec part 1 §5, §7), shared by the JSON API (`/api/login`,
 * `/api/register`) and the form posts of `/auth` that work without JavaScript (issue 13 point 10).
 * Both paths get the same rules, messages, rate limits, session and device cookie.
 */
import type { Context } from "hono";
import type * as z from "zod/mini";
import type { AppEnv } from "../app_env.ts";
import { knownDevice } from "./device.ts";
import { conflict, HttpError } from "../http_error.ts";
import { hashPassword, verifyPassword } from "./passwords.ts";
import { clientIp, type RateLimiter } from "../http/rate_limit.ts";
import { startSession } from "./session.ts";
import { setFlash } from "../http/flash.ts";
import type { loginSchema, registerSchema } from "../../common/schemas/auth.ts";
import { countUsers, findLoginByUsername, insertUser, usernameOrEmailTaken } from "../../db/queries/users.ts";
import { writeTx } from "../../db/client.ts";
import { runInBackground } from "../background.ts";
import { mailVerificationLink } from "./email_verification.ts";
import { refuseReservedName } from "./reserved_names.ts";
import { refuseBanned } from "./ban_check.ts";
import { admit } from "./admission.ts";
import { insertRegistrationRequest } from "../../db/queries/registrations.ts";
import { getSiteSettings } from "../settings/site_settings.ts";
import { SIGNUP_MSG } from "../../common/site_settings.ts";

export type LoginInput = z.output<typeof loginSchema>;
export type RegisterInput = z.output<typeof registerSchema>;

export const INVALID_LOGIN = "Invalid username or password";

/** Counted before the body is read: per address. */
export async function limitLoginAddress(c: Context<AppEnv>, limiter: RateLimiter) {
  const { rate } = c.var.config;
  await limiter.hit(`login:ip:${clientIp(c)}`, rate.loginPerIp, rate.windowSeconds);
}

export async function limitRegisterAddress(c: Context<AppEnv>, limiter: RateLimiter) {
  const { rate } = c.var.config;
  await limiter.hit(`register:ip:${clientIp(c)}`, rate.registerPerIp, rate.windowSeconds);
}

/**
 * Checks the password and starts a session, with the 'Login successful' flash. The per-account
 * limit counts every attempt, except that one from a device this member signed in from before
 * counts on that device's own limit (point 9), so nobody else can lock the member out.
 */
export async function passwordLogin(c: Context<AppEnv>, limiter: RateLimiter, body: LoginInput) {
  const { rate } = c.var.config;
  const row = await findLoginByUsername(c.var.db, body.username);
  const device = row ? knownDevice(c, row.id) : null;
  const key = device ? `login:device:${device}` : `login:user:${body.username.toLowerCase()}`;
  await limiter.hit(key, rate.loginPerAccount, rate.windowSeconds);
  // Unknown user and wrong password cost the same and answer the same.
  if (!(await verifyPassword(row?.passwordHash ?? null, body.password)) || !row) throw new HttpError(401, INVALID_LOGIN);
  // Told only to whoever knows the password: a sign-up waiting for approval (issue 41).
  if (row.pending) throw new HttpError(403, SIGNUP_MSG.pending);
  if (row.banned) await refuseBanned(c.var.db, row.id, c.var.now());
  await startSession(c, row.id);
  setFlash(c, "login");
  const { passwordHash: _, banned: __, pending: ___, ...user } = row;
  return user;
}

/**
 * Creates the member (the first account on an empty site runs it) and signs them in; while the site's
 * registrations need approval (issue 41), the account is made waiting instead, without a session:
 * `pending` is then true.
 */
export async function registerMember(c: Context<AppEnv>, body: RegisterInput) {
  refuseReservedName(c.var.config, body.username);
  const { registrations } = await getSiteSettings(c.var.db, c.var.config);
  const passwordHash = await hashPassword(body.password);
  const now = Date.now();
  const { user, pending } = await writeTx(c.var.db, async (tx) => {
    const taken = await usernameOrEmailTaken(tx, body.username, body.email);
    if (taken.username) throw conflict("Username is already taken");
    if (taken.email) throw conflict("An account with this email already exists");
    const isAdmin = (await countUsers(tx)) === 0;
    const admission = await admit(tx, registrations, body, isAdmin, now);
    const user = await insertUser(tx, {
      // The first account is the operator's, treated as proved like ADMIN_USERNAME's (issue 19).
      emailVerified: isAdmin,
      username: body.username,
      email: body.email,
      passwordHash,
      dateOfBirth: new Date(body.dateOfBirth).toISOString().slice(0, 10),
      isAdmin,
    });
    if (admission.pending) await insertRegistrationRequest(tx, user.id, admission.reason, now);
    return { user, pending: admission.pending };
  });
  // The verification mail waits for the approval (lib/auth/signups.ts sends it then).
  if (pending) return { user, pending };
  await startSession(c, user.id);
  setFlash(c, "register");
  const { db, config } = c.var;
  if (!user.emailVerified) runInBackground("verification mail", () => mailVerificationLink(db, config, user.id));
  return { user, pending };
}
