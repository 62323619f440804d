import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../../lib/app_env.ts";
import { conflict, HttpError, unauthorized } from "../../lib/http_error.ts";
import { hashPassword, verifyPassword } from "../../lib/passwords.ts";
import { clientIp, RateLimiter } from "../../lib/rate_limit.ts";
import { endSession, startSession } from "../../lib/session.ts";
import { setFlash } from "../../lib/flash.ts";
import { jsonBody } from "../../lib/validate.ts";
import { isAdult, isPlausibleBirthDate, MSG } from "../../common/auth_rules.ts";
import { emailField, passwordField, usernameField } from "../../common/schemas/account.ts";
import { countUsers, findLoginByUsername, insertUser, usernameOrEmailTaken } from "../../db/queries/users.ts";
import { writeTx } from "../../db/client.ts";

// The same fields as a profile edit (common/schemas/account.ts), so both obey one set of rules.
const loginSchema = z.object({ username: usernameField, password: passwordField });

const registerSchema = z.object({
  username: usernameField,
  email: emailField,
  dateOfBirth: z.string().max(40).refine((v) => !Number.isNaN(Date.parse(v)), MSG.age)
    .refine((v) => isAdult(new Date(v)), MSG.age)
    .refine((v) => isPlausibleBirthDate(new Date(v)), MSG.dob),
  password: passwordField,
  termsAccepted: z.literal(true, MSG.terms),
});

const INVALID_LOGIN = "Invalid username or password";

/** GET /api/user, POST /api/login, /api/register, /api/logout (spec part 1 §7). */
export function authApi(limiter: RateLimiter) {
  const app = new Hono<AppEnv>();

  app.get("/user", (c) => {
    if (!c.var.user) throw unauthorized("Not logged in");
    return c.json(c.var.user);
  });

  app.post("/login", async (c) => {
    const { rate } = c.var.config;
    limiter.hit(`login:ip:${clientIp(c)}`, rate.loginPerIp, rate.windowSeconds);
    const body = await jsonBody(c, loginSchema);
    limiter.hit(`login:user:${body.username.toLowerCase()}`, rate.loginPerAccount, rate.windowSeconds);
    const row = await findLoginByUsername(c.var.db, body.username);
    // Unknown user and wrong password cost the same and answer the same.
    if (!(await verifyPassword(row?.passwordHash ?? null, body.password)) || !row) throw new HttpError(401, INVALID_LOGIN);
    if (row.banned) throw new HttpError(403, "This account has been banned. Contact support if you think this is a mistake.");
    await startSession(c, row.id);
    setFlash(c, "login");
    const { passwordHash: _, banned: __, ...user } = row;
    return c.json(user);
  });

  app.post("/register", async (c) => {
    const { rate } = c.var.config;
    limiter.hit(`register:ip:${clientIp(c)}`, rate.registerPerIp, rate.windowSeconds);
    const body = await jsonBody(c, registerSchema);
    const passwordHash = await hashPassword(body.password);
    const user = await writeTx(c.var.db, async (tx) => {
      const taken = await usernameOrEmailTaken(tx, body.username, body.email);
      if (taken.username) throw conflict("Username is already taken");
      if (taken.email) throw conflict("An account with this email already exists");
      // The first account on an empty site runs it.
      const isAdmin = (await countUsers(tx)) === 0;
      return insertUser(tx, {
        username: body.username,
        email: body.email,
        passwordHash,
        dateOfBirth: new Date(body.dateOfBirth).toISOString().slice(0, 10),
        isAdmin,
      });
    });
    await startSession(c, user.id);
    setFlash(c, "register");
    return c.json(user, 201);
  });

  app.post("/logout", async (c) => {
    await endSession(c);
    setFlash(c, "logout");
    return c.json({ ok: true });
  });

  return app;
}
