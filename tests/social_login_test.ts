/** Social sign-in against a real OAuth2/OIDC server on loopback (oauth2-mock-server). */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { OAuth2Server } from "oauth2-mock-server";
import { socialAccounts, users } from "../db/schema/mod.ts";
import { createUser, makeTestEnv, sessionCookie } from "./_helpers.ts";

const provider = new OAuth2Server();
await provider.issuer.keys.generate("RS256");
await provider.start(0, "127.0.0.1");
const issuer = provider.issuer.url!;
let nextProfile: Record<string, unknown> = { sub: "g-1", email: "first@example.com", email_verified: true, name: "First Person" };
provider.service.on("beforeUserinfo", (res: { body: unknown }) => {
  res.body = nextProfile;
});

const env = await makeTestEnv({
  GOOGLE_CLIENT_ID: "dreamreel-test",
  GOOGLE_CLIENT_SECRET: "test-secret",
  GOOGLE_AUTH_URL: `${issuer}/authorize`,
  GOOGLE_TOKEN_URL: `${issuer}/token`,
  GOOGLE_USERINFO_URL: `${issuer}/userinfo`,
});

/** Start at /auth/google, let the provider approve, come back to the callback. */
async function signInWithGoogle(tamper?: (callback: URL) => void) {
  const start = await env.request("/auth/google");
  assert.equal(start.status, 302);
  const stateCookie = start.headers.getSetCookie().find((c) => c.startsWith("dr_oauth="))!.split(";")[0];
  const authorize = new URL(start.headers.get("location")!);
  assert.equal(authorize.origin, new URL(issuer).origin);
  assert.equal(authorize.searchParams.get("code_challenge_method"), "S256");
  assert.equal(authorize.searchParams.get("redirect_uri"), "http://localhost:8000/auth/google/callback");
  const approved = await fetch(authorize, { redirect: "manual" });
  await approved.body?.cancel();
  const callback = new URL(approved.headers.get("location")!);
  tamper?.(callback);
  return env.request(callback.pathname + callback.search, { cookie: stateCookie });
}

Deno.test("[auth] Google sign-in creates a member, links the account and starts a session", async () => {
  nextProfile = { sub: "g-new", email: "newbie@example.com", email_verified: true, name: "New Bie" };
  const res = await signInWithGoogle();
  assert.equal(res.status, 302);
  assert.equal(res.headers.get("location"), "/");
  const me = await (await env.request("/api/user", { cookie: sessionCookie(res) })).json();
  assert.equal(me.username, "New_Bie");
  assert.equal(me.email, "newbie@example.com");
  const link = await env.db.select().from(socialAccounts).where(eq(socialAccounts.providerUserId, "g-new")).get();
  assert.equal(link?.userId, me.id);

  const again = await signInWithGoogle();
  const meAgain = await (await env.request("/api/user", { cookie: sessionCookie(again) })).json();
  assert.equal(meAgain.id, me.id, "the same Google account signs into the same member");
});

Deno.test("[auth] a verified Google email links to the existing member with that email", async () => {
  const member = await createUser(env.db, { email: "existing@example.com" });
  nextProfile = { sub: "g-existing", email: "Existing@Example.com", email_verified: true, name: "Whoever" };
  const me = await (await env.request("/api/user", { cookie: sessionCookie(await signInWithGoogle()) })).json();
  assert.equal(me.id, member.id);
});

Deno.test("[auth] an unverified email never links to someone else's account", async () => {
  const member = await createUser(env.db, { email: "victim@example.com" });
  nextProfile = { sub: "g-attacker", email: "victim@example.com", email_verified: false, name: "Victim" };
  const me = await (await env.request("/api/user", { cookie: sessionCookie(await signInWithGoogle()) })).json();
  assert.notEqual(me.id, member.id);
  assert.equal(me.email, null);
});

Deno.test("[auth] a callback whose state does not match is refused and signs nobody in", async () => {
  nextProfile = { sub: "g-state", email: "state@example.com", email_verified: true, name: "State" };
  const res = await signInWithGoogle((cb) => cb.searchParams.set("state", "forged"));
  assert.equal(res.status, 302);
  assert.equal(res.headers.get("location"), "/auth?social_error=state&provider=google");
  assert.ok(!res.headers.getSetCookie().some((c) => c.startsWith("dr_session=")));
  assert.equal(await env.db.select().from(socialAccounts).where(eq(socialAccounts.providerUserId, "g-state")).get(), undefined);
});

Deno.test("[auth] a banned member's social sign-in is refused", async () => {
  nextProfile = { sub: "g-banned", email: "banned@example.com", email_verified: true, name: "Banned One" };
  const first = await (await env.request("/api/user", { cookie: sessionCookie(await signInWithGoogle()) })).json();
  await env.db.update(users).set({ banned: true }).where(eq(users.id, first.id));
  const res = await signInWithGoogle();
  assert.equal(res.headers.get("location"), "/auth?social_error=banned");
  const page = await (await env.request("/auth?social_error=banned")).text();
  assert.ok(page.includes("This account has been banned."));
});

Deno.test("[auth] callbacks that are cancelled, lack the state cookie or name an unknown provider sign nobody in", async () => {
  const cancelled = await env.request("/auth/google/callback?error=access_denied&state=x");
  assert.equal(cancelled.headers.get("location"), "/auth?social_error=cancelled&provider=google");
  const noCookie = await env.request("/auth/google/callback?code=abc&state=abc");
  assert.equal(noCookie.headers.get("location"), "/auth?social_error=state&provider=google");
  const noCode = await env.request("/auth/google/callback?state=abc", { cookie: "dr_oauth=google.abc.verifier" });
  assert.equal(noCode.headers.get("location"), "/auth?social_error=state&provider=google");
  for (const res of [cancelled, noCookie, noCode]) assert.ok(!res.headers.getSetCookie().some((c) => c.startsWith("dr_session=")));
  assert.equal((await env.request("/auth/myspace/callback?code=a&state=b")).status, 404);
  const page = await (await env.request("/auth?social_error=cancelled")).text();
  assert.ok(page.includes("Social sign-in was cancelled."));
});

Deno.test("[auth] a provider that is not configured sends the visitor back to /auth", async () => {
  const res = await env.request("/auth/facebook");
  assert.equal(res.status, 302);
  assert.equal(res.headers.get("location"), "/auth?social=facebook");
});

Deno.test.afterAll(async () => {
  await provider.stop();
  env.close();
});
