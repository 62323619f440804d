/**
 * The cookie that carries an OAuth flow from its start to the provider's callback: the provider,
 * the state the callback must echo, the PKCE verifier, and for a flow that connects a provider to
 * a signed-in account (issue 19), that account's id, so the callback attaches the identity to it
 * and to no one else.
 */
import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import type { AppEnv } from "../app_env.ts";
import { type Provider, type ProviderConfig, startAuthorization } from "./oauth.ts";

const STATE_COOKIE = "dr_oauth";

export type OAuthState = { provider: string; state: string; verifier: string; linkUserId: number | null };

/** Sets the cookie and returns the provider's sign-in URL. */
export function beginOAuth(c: Context<AppEnv>, provider: Provider, settings: ProviderConfig, linkUserId: number | null = null): string {
  const { url, state, verifier } = startAuthorization(c.var.config, provider, settings);
  const parts = [provider, state, verifier, ...(linkUserId === null ? [] : [String(linkUserId)])];
  setCookie(c, STATE_COOKIE, parts.join("."), {
    path: "/auth",
    httpOnly: true,
    sameSite: "Lax",
    secure: c.var.config.secure,
    maxAge: 600,
  });
  return url;
}

/** Reads and clears the cookie: a flow is finished once, whatever its outcome. */
export function takeOAuthState(c: Context<AppEnv>): OAuthState {
  const [provider = "", state = "", verifier = "", link] = (getCookie(c, STATE_COOKIE) ?? "").split(".");
  deleteCookie(c, STATE_COOKIE, { path: "/auth", secure: c.var.config.secure });
  const linkUserId = link && /^\d{1,15}$/.test(link) ? Number(link) : null;
  return { provider, state, verifier, linkUserId };
}
