import { type Context, Hono } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { writeTx } from "../../db/client.ts";
import { findUserByEmail, findUserBySocial, linkSocialAccount, usernameExists } from "../../db/queries/social_accounts.ts";
import { countUsers, insertUser } from "../../db/queries/users.ts";
import type { AppEnv } from "../../lib/app_env.ts";
import { setFlash } from "../../lib/flash.ts";
import { log } from "../../lib/log.ts";
import {
  finishAuthorization,
  isProvider,
  type Provider,
  type SocialProfile,
  startAuthorization,
  usernameFromProfile,
} from "../../lib/oauth.ts";
import { startSession } from "../../lib/session.ts";
import { NEXT_PARAM, safeNext } from "../../common/return_to.ts";

const STATE_COOKIE = "dr_oauth";
/** The same-site page to return to after the provider's round trip (issue 27 point 4). */
const NEXT_COOKIE = "dr_next";

const back = (c: Context<AppEnv>, query: string) => c.redirect(`/auth?${query}`, 302);

/**
 * /auth/{provider}: social sign-in with the authorization code flow and PKCE. Until the operator
 * configures a provider, the visitor is sent back to /auth with a notice.
 */
export const socialAuth = new Hono<AppEnv>();

socialAuth.get("/:provider", (c) => {
  const provider = c.req.param("provider");
  if (!isProvider(provider)) return c.notFound();
  const settings = c.var.config.oauth[provider];
  if (!settings) return back(c, `social=${provider}`);
  const { url, state, verifier } = startAuthorization(c.var.config, provider, settings);
  setCookie(c, STATE_COOKIE, `${provider}.${state}.${verifier}`, {
    path: "/auth",
    httpOnly: true,
    sameSite: "Lax",
    secure: c.var.config.secure,
    maxAge: 600,
  });
  const next = safeNext(c.req.query(NEXT_PARAM));
  if (next) setCookie(c, NEXT_COOKIE, next, { path: "/auth", httpOnly: true, sameSite: "Lax", secure: c.var.config.secure, maxAge: 600 });
  else deleteCookie(c, NEXT_COOKIE, { path: "/auth", secure: c.var.config.secure });
  return c.redirect(url, 302);
});

socialAuth.get("/:provider/callback", async (c) => {
  const provider = c.req.param("provider");
  if (!isProvider(provider)) return c.notFound();
  const settings = c.var.config.oauth[provider];
  if (!settings) return back(c, `social=${provider}`);
  const [savedProvider, savedState, verifier] = (getCookie(c, STATE_COOKIE) ?? "").split(".");
  deleteCookie(c, STATE_COOKIE, { path: "/auth", secure: c.var.config.secure });
  const code = c.req.query("code");
  if (c.req.query("error")) return back(c, `social_error=cancelled&provider=${provider}`);
  if (!code || !verifier || savedProvider !== provider || savedState !== c.req.query("state")) {
    return back(c, `social_error=state&provider=${provider}`);
  }
  let profile: SocialProfile;
  try {
    profile = await finishAuthorization(c.var.config, provider, settings, code, verifier);
  } catch (e) {
    log.warn("social sign-in failed", { provider, error: String(e) });
    return back(c, `social_error=failed&provider=${provider}`);
  }
  const user = await findOrCreateSocialUser(c, provider, profile);
  if (user.banned) return back(c, "social_error=banned");
  await startSession(c, user.id);
  setFlash(c, "login");
  const next = safeNext(getCookie(c, NEXT_COOKIE));
  deleteCookie(c, NEXT_COOKIE, { path: "/auth", secure: c.var.config.secure });
  return c.redirect(next ?? "/", 302);
});

/**
 * The linked account, else the account with the same verified email (then linked), else a new
 * member. An unverified email never links, so nobody can claim someone else's account.
 */
function findOrCreateSocialUser(c: Context<AppEnv>, provider: Provider, profile: SocialProfile) {
  return writeTx(c.var.db, async (tx) => {
    const linked = await findUserBySocial(tx, provider, profile.id);
    if (linked) return linked;
    const byEmail = profile.email && profile.emailVerified ? await findUserByEmail(tx, profile.email) : undefined;
    if (byEmail) {
      await linkSocialAccount(tx, byEmail.id, provider, profile.id, profile.email);
      return byEmail;
    }
    const base = usernameFromProfile(profile);
    let username = base;
    for (let n = 2; await usernameExists(tx, username); n++) username = `${base}_${n}`;
    const isAdmin = (await countUsers(tx)) === 0;
    const email = profile.emailVerified && profile.email ? profile.email : null;
    const created = await insertUser(tx, { username, email, passwordHash: null, isAdmin });
    await linkSocialAccount(tx, created.id, provider, profile.id, profile.email);
    return { id: created.id, banned: false };
  });
}
