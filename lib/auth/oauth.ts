import { CodeChallengeMethod, generateCodeVerifier, generateState, OAuth2Client } from "arctic";
import type { Config } from "../config.ts";
import { PROVIDER_NAMES } from "../../common/auth_rules.ts";

export const PROVIDERS = PROVIDER_NAMES;
export type Provider = keyof typeof PROVIDERS;
export type ProviderConfig = NonNullable<Config["oauth"][Provider]>;

export const isProvider = (p: string): p is Provider => p in PROVIDERS;

const client = (config: Config, provider: Provider, p: ProviderConfig) =>
  new OAuth2Client(p.clientId, p.clientSecret, `${config.siteUrl}/auth/${provider}/callback`);

/** The provider's sign-in URL (authorization code with PKCE) and the secrets to keep until the callback. */
export function startAuthorization(config: Config, provider: Provider, p: ProviderConfig) {
  const state = generateState();
  const verifier = generateCodeVerifier();
  const url = client(config, provider, p).createAuthorizationURLWithPKCE(p.authUrl, state, CodeChallengeMethod.S256, verifier, p.scopes);
  return { url: url.href, state, verifier };
}

export type SocialProfile = { id: string; email: string | null; emailVerified: boolean; name: string | null };

/** Exchanges the code and reads who signed in. Throws when the provider refuses. */
export async function finishAuthorization(config: Config, provider: Provider, p: ProviderConfig, code: string, verifier: string) {
  const tokens = await client(config, provider, p).validateAuthorizationCode(p.tokenUrl, code, verifier);
  const res = await fetch(p.userinfoUrl, { headers: { Authorization: `Bearer ${tokens.accessToken()}`, Accept: "application/json" } });
  if (!res.ok) throw new Error(`userinfo answered ${res.status}`);
  const info = await res.json() as Record<string, unknown>;
  const id = String(info.sub ?? info.id ?? "");
  if (!id) throw new Error("userinfo has no subject");
  const email = typeof info.email === "string" ? info.email : null;
  return {
    id,
    email,
    // Google says whether it verified the address; Facebook only returns confirmed ones.
    emailVerified: provider === "facebook" ? !!email : info.email_verified === true,
    name: typeof info.name === "string" ? info.name : null,
  } satisfies SocialProfile;
}

/** A username from the profile that fits the username rules; the caller makes it unique. */
export function usernameFromProfile(profile: SocialProfile): string {
  const base = (profile.name ?? profile.email?.split("@")[0] ?? "member").normalize("NFKD")
    .replace(/[^A-Za-z0-9_-]+/g, "_").replace(/^_+|_+$/g, "").slice(0, 24);
  return base.length >= 3 ? base : `member_${base}`.slice(0, 24);
}
