/** Social sign-in against a real OAuth2/OIDC server on loopback (oauth2-mock-server). */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { registrationRequests, socialAccounts, users } from "../db/schema/mod.ts";
import { saveSiteSettings } from "../lib/settings/site_settings.ts";
import { createUser, makeTestEnv, sessionCookie } from "./_helpers.ts";
import { signInWithGoogle as signInWith, startGoogle } from "./_oauth.ts";

const provider = await startGoogle();
let nextProfile: Record<string, unknown> = {};
const env = await makeTestEnv(provider.env);

/** Start at /auth/google, let the provider approve (with `nextProfile`), come back to the callback. */
function signInWithGoogle(tamper?: (callback: URL) => void) {
  provider.setProfile(nextProfile);
  return signInWith(env, provider.issuer, undefined, tamper);
}

Deno.test("[auth] Google sign-in creates a member, links the account and starts a session", async () => {
  nextProfile = { sub: "g-new", email: "newbie@example.com", email_verified: true, name: "New Bie" };
  const res = await signInWithGoogle();
  assert.equal(res.status, 302);
  assert.equal(res.headers.get("location"), "/");
  const me = await (await env.request("/api/user", { cookie: sessionCookie(res) })).json();
  assert.equal(me.username, "New_Bie");
  assert.equal(me.email, "newbie@example.com");
  assert.equal(me.emailVerified, true, "Google proved the address");
  const link = await env.db.select().from(socialAccounts).where(eq(socialAccounts.providerUserId, "g-new")).get();
  assert.equal(link?.userId, me.id);

  const again = await signInWithGoogle();
  const meAgain = await (await env.request("/api/user", { cookie: sessionCookie(again) })).json();
  assert.equal(meAgain.id, me.id, "the same Google account signs into the same member");
});

Deno.test("[auth] a verified Google email links to the existing member whose address is verified too", async () => {
  const member = await createUser(env.db, { email: "existing@example.com", emailVerified: true });
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

Deno.test("[auth] issue 41: no new account by Google while sign-ups are closed or by invite; one made during approval waits", async () => {
  const admin = await createUser(env.db, { username: "social_admin", isAdmin: true });
  await saveSiteSettings(env.db, env.config, { registrations: "closed" }, admin.id);
  nextProfile = { sub: "g-closed", email: "closed@example.com", email_verified: true, name: "Closed Out" };
  const closed = await signInWithGoogle();
  assert.equal(closed.headers.get("location"), "/auth?social_error=closed&provider=google");
  assert.ok(!closed.headers.getSetCookie().some((c) => c.startsWith("dr_session=")));
  assert.match(await (await env.request("/auth?social_error=closed")).text(), /Sign-ups are closed on this site\./);

  await saveSiteSettings(env.db, env.config, { registrations: "invite" }, admin.id);
  nextProfile = { sub: "g-invite", email: "invite@example.com", email_verified: true, name: "No Code" };
  assert.equal((await signInWithGoogle()).headers.get("location"), "/auth?social_error=invite&provider=google");
  for (const sub of ["g-closed", "g-invite"]) {
    assert.equal(await env.db.select().from(socialAccounts).where(eq(socialAccounts.providerUserId, sub)).get(), undefined);
  }
  // An existing member still signs in while sign-ups are closed.
  nextProfile = { sub: "g-new", email: "newbie@example.com", email_verified: true, name: "New Bie" };
  assert.equal((await signInWithGoogle()).headers.get("location"), "/");

  await saveSiteSettings(env.db, env.config, { registrations: "approval" }, admin.id);
  nextProfile = { sub: "g-wait", email: "wait@example.com", email_verified: true, name: "Wait Here" };
  for (let i = 0; i < 2; i++) {
    const waiting = await signInWithGoogle();
    assert.equal(waiting.headers.get("location"), "/auth?social_error=pending");
    assert.ok(!waiting.headers.getSetCookie().some((c) => c.startsWith("dr_session=")));
  }
  const link = await env.db.select().from(socialAccounts).where(eq(socialAccounts.providerUserId, "g-wait")).get();
  const waitingRow = await env.db.select().from(registrationRequests).where(eq(registrationRequests.userId, link!.userId)).get();
  assert.equal(waitingRow?.reason, "(signed up with Google)");
  await saveSiteSettings(env.db, env.config, { registrations: "open" }, admin.id);
});

Deno.test.afterAll(async () => {
  await provider.stop();
  env.close();
});
