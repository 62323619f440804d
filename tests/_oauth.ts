/** A real OAuth2/OIDC provider on loopback (oauth2-mock-server) standing in for Google, and the browser's part of a flow. */
import assert from "node:assert/strict";
import { OAuth2Server } from "oauth2-mock-server";
import type { TestEnv } from "./_helpers.ts";

export async function startGoogle() {
  const server = new OAuth2Server();
  await server.issuer.keys.generate("RS256");
  await server.start(0, "127.0.0.1");
  const issuer = server.issuer.url!;
  let profile: Record<string, unknown> = { sub: "g-1", email: "first@example.com", email_verified: true, name: "First Person" };
  server.service.on("beforeUserinfo", (res: { body: unknown }) => {
    res.body = profile;
  });
  return {
    issuer,
    /** The userinfo the next sign-in returns. */
    setProfile: (p: Record<string, unknown>) => {
      profile = p;
    },
    env: {
      GOOGLE_CLIENT_ID: "dreamreel-test",
      GOOGLE_CLIENT_SECRET: "test-secret",
      GOOGLE_AUTH_URL: `${issuer}/authorize`,
      GOOGLE_TOKEN_URL: `${issuer}/token`,
      GOOGLE_USERINFO_URL: `${issuer}/userinfo`,
    },
    stop: () => server.stop(),
  };
}

/**
 * The provider approves the flow whose state cookie `start` set, and the browser (with `cookie`,
 * its session, when signed in) comes back to our callback.
 */
export async function finishAtProvider(
  env: TestEnv,
  issuer: string,
  start: Response,
  url: string,
  cookie?: string,
  tamper?: (callback: URL) => void,
) {
  const stateCookie = start.headers.getSetCookie().find((c) => c.startsWith("dr_oauth="))!.split(";")[0];
  const authorize = new URL(url);
  assert.equal(authorize.origin, new URL(issuer).origin);
  assert.equal(authorize.searchParams.get("code_challenge_method"), "S256");
  assert.equal(authorize.searchParams.get("redirect_uri"), "http://localhost:8000/auth/google/callback");
  const approved = await fetch(authorize, { redirect: "manual" });
  await approved.body?.cancel();
  const callback = new URL(approved.headers.get("location")!);
  tamper?.(callback);
  return env.request(callback.pathname + callback.search, { cookie: [stateCookie, cookie].filter(Boolean).join("; ") });
}

/** A whole Google sign-in from /auth/google, as a visitor (or with `cookie`). */
export async function signInWithGoogle(env: TestEnv, issuer: string, cookie?: string, tamper?: (callback: URL) => void) {
  const start = await env.request("/auth/google", { cookie });
  assert.equal(start.status, 302);
  return finishAtProvider(env, issuer, start, start.headers.get("location")!, cookie, tamper);
}
