import { type Context, Hono } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import type { AppEnv } from "../../lib/app_env.ts";
import { beginOAuth, takeOAuthState } from "../../lib/auth/oauth_state.ts";
import { connectSocialAccount, findOrCreateSocialUser } from "../../lib/auth/social_accounts.ts";
import { setFlash } from "../../lib/http/flash.ts";
import { log } from "../../lib/log.ts";
import { finishAuthorization, isProvider, type SocialProfile } from "../../lib/auth/oauth.ts";
import { startSession } from "../../lib/auth/session.ts";
import { banRanOut } from "../../lib/auth/ban_check.ts";
import { getSiteSettings } from "../../lib/settings/site_settings.ts";
import { isPendingSignup } from "../../db/queries/registrations.ts";
import { NEXT_PARAM, safeNext } from "../../common/return_to.ts";

/** The same-site page to return to after the provider's round trip (issue 27 point 4). */
const NEXT_COOKIE = "dr_next";

const back = (c: Context<AppEnv>, query: string) => c.redirect(`/auth?${query}`, 302);
const toProfile = (c: Context<AppEnv>, query: string) => c.redirect(`/profile?${query}`, 302);

/**
 * /auth/{provider}: social sign-in with the authorization code flow and PKCE. Until the operator
 * configures a provider, the visitor is sent back to /auth with a notice. The same callback ends
 * a flow started from /profile to connect the provider to the signed-in account
 * (POST /api/user/social/{provider}, routes/api/social_links.ts).
 */
export const socialAuth = new Hono<AppEnv>();

socialAuth.get("/:provider", (c) => {
  const provider = c.req.param("provider");
  if (!isProvider(provider)) return c.notFound();
  const settings = c.var.config.oauth[provider];
  if (!settings) return back(c, `social=${provider}`);
  const next = safeNext(c.req.query(NEXT_PARAM));
  if (next) setCookie(c, NEXT_COOKIE, next, { path: "/auth", httpOnly: true, sameSite: "Lax", secure: c.var.config.secure, maxAge: 600 });
  else deleteCookie(c, NEXT_COOKIE, { path: "/auth", secure: c.var.config.secure });
  return c.redirect(beginOAuth(c, provider, settings), 302);
});

socialAuth.get("/:provider/callback", async (c) => {
  const provider = c.req.param("provider");
  if (!isProvider(provider)) return c.notFound();
  const settings = c.var.config.oauth[provider];
  if (!settings) return back(c, `social=${provider}`);
  const saved = takeOAuthState(c);
  const linking = saved.linkUserId !== null;
  const fail = (why: string) =>
    linking ? toProfile(c, `social_error=${why}&provider=${provider}`) : back(c, `social_error=${why}&provider=${provider}`);
  const code = c.req.query("code");
  if (c.req.query("error")) return fail("cancelled");
  if (!code || !saved.verifier || saved.provider !== provider || saved.state !== c.req.query("state")) return fail("state");
  // A connect flow finishes only in the browser, and for the account, that started it.
  if (linking && c.var.user?.id !== saved.linkUserId) return back(c, `social_error=state&provider=${provider}`);
  let profile: SocialProfile;
  try {
    profile = await finishAuthorization(c.var.config, provider, settings, code, saved.verifier);
  } catch (e) {
    log.warn("social sign-in failed", { provider, error: String(e) });
    return fail("failed");
  }
  if (linking) {
    const outcome = await connectSocialAccount(c.var.db, saved.linkUserId!, provider, profile);
    return outcome === "taken" ? fail("taken") : toProfile(c, `connected=${provider}`);
  }
  const { registrations } = await getSiteSettings(c.var.db, c.var.config);
  const found = await findOrCreateSocialUser(c.var.db, c.var.config, provider, profile, registrations);
  if ("exists" in found) return back(c, `social_error=exists&provider=${provider}`);
  // Issue 41: the site's sign-up rule holds here too; an account waiting for approval gets no session.
  if ("refused" in found) return back(c, `social_error=${found.refused}&provider=${provider}`);
  if ("pending" in found || await isPendingSignup(c.var.db, found.account.id)) return back(c, "social_error=pending");
  // A ban that ran out ends now (issue 34); one still running refuses (its reason is given at password sign-in).
  if (found.account.banned && !(await banRanOut(c.var.db, found.account.id, c.var.now()))) return back(c, "social_error=banned");
  await startSession(c, found.account.id);
  setFlash(c, "login");
  const next = safeNext(getCookie(c, NEXT_COOKIE));
  deleteCookie(c, NEXT_COOKIE, { path: "/auth", secure: c.var.config.secure });
  return c.redirect(next ?? "/", 302);
});
