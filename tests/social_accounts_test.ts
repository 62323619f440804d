/**
 * Issue 19: Google sign-in may not hand anyone an account whose address is unproved (the takeover an
 * attack probe found), and the "Connected accounts" of /profile, against oauth2-mock-server on loopback.
 */
import assert from "node:assert/strict";
import { and, eq } from "drizzle-orm";
import { messages, sessions, socialAccounts, users } from "../db/schema/mod.ts";
import { drainBackground } from "../lib/background.ts";
import { setLogLevel } from "../lib/log.ts";
import { createUser, errorOf, json, loginCookie, makeTestEnv, sessionCookie, signedInMember, type TestEnv } from "./_helpers.ts";
import { readOutbox, resetLinkIn } from "./_mail.ts";
import { finishAtProvider, signInWithGoogle, startGoogle } from "./_oauth.ts";

setLogLevel("error");

const google = await startGoogle();
const env = await makeTestEnv({ ...google.env, RATE_RESET_PER_EMAIL: "1000", RATE_RESET_PER_IP: "1000", RATE_LOGIN_PER_ACCOUNT: "1000" });

// The site's first account is its admin (treated as verified): the members below come after.
await createUser(env.db, { isAdmin: true, emailVerified: true });

const signIn = (profile: Record<string, unknown>, cookie?: string) => {
  google.setProfile(profile);
  return signInWithGoogle(env, google.issuer, cookie);
};
const hasSession = (res: Response) => res.headers.getSetCookie().some((c) => c.startsWith("dr_session="));
const linksOf = (e: TestEnv, userId: number) => e.db.select().from(socialAccounts).where(eq(socialAccounts.userId, userId)).all();
const login = (username: string, password: string) => env.request("/api/login", { json: { username, password } });

/** Starts a connect flow from /profile and lets the provider approve it with `profile`. */
async function connectGoogle(cookie: string, profile: Record<string, unknown>, finishCookie = cookie, currentPassword?: string) {
  google.setProfile(profile);
  const start = await env.request("/api/user/social/google", { cookie, json: currentPassword === undefined ? {} : { currentPassword } });
  const { url } = await json(start);
  return finishAtProvider(env, google.issuer, start, url, finishCookie);
}

Deno.test("[auth] takeover: an attacker who registered first with the victim's address does not get the victim's Google sign-in", async () => {
  // 1. The attacker registers with the victim's address and a password they know.
  const registered = await env.request("/api/register", {
    json: { username: "claimer", email: "victim@example.com", dateOfBirth: "1990-01-01", password: "attacker-pass", termsAccepted: true },
  });
  const attacker = await json(registered, 201);
  assert.equal(attacker.emailVerified, false);
  const attackerCookie = sessionCookie(registered);

  // 2. The victim signs in with Google, which proved the address: they do not land in the attacker's account.
  const victimGoogle = { sub: "g-victim", email: "victim@example.com", email_verified: true, name: "Victim" };
  const res = await signIn(victimGoogle);
  assert.equal(res.status, 302);
  assert.equal(res.headers.get("location"), "/auth?social_error=exists&provider=google");
  assert.ok(!hasSession(res), "no session at all");
  assert.deepEqual(await linksOf(env, attacker.id), [], "the Google identity is not attached to the attacker's account");
  assert.equal(await env.db.select().from(socialAccounts).where(eq(socialAccounts.providerUserId, "g-victim")).get(), undefined);
  const page = await (await env.request(res.headers.get("location")!)).text();
  assert.ok(page.includes("An account with this email already exists. Please log in with its username and password"));
  assert.ok(page.includes("connect Google from your profile"));

  // 3. The victim takes the address back the way the notice leads: a reset link only their mailbox receives.
  await json(await env.request("/api/forgot-password", { json: { email: "victim@example.com" } }));
  await drainBackground();
  const mails = (await readOutbox(env.config.mail.outboxDir)).filter((m) => m.headers.get("to") === "victim@example.com");
  const { token } = resetLinkIn(mails.find((m) => m.text.includes("/reset-password?token="))!.text);
  await json(await env.request("/api/reset-password", { json: { token, newPassword: "victim-own-pass" } }));
  const row = await env.db.select().from(users).where(eq(users.id, attacker.id)).get();
  assert.equal(row?.emailVerified, true, "the reset proved the address");

  // 4. Now Google joins the proved account, and the attacker's password and session open nothing of what follows.
  const again = await signIn(victimGoogle);
  assert.equal(again.headers.get("location"), "/");
  const victimCookie = sessionCookie(again);
  assert.equal((await json(await env.request("/api/user", { cookie: victimCookie }))).id, attacker.id);
  const friend = await createUser(env.db);
  await json(
    await env.request("/api/messages/send", { cookie: victimCookie, json: { receiverId: friend.id, content: "private words" } }),
    201,
  );
  await errorOf(await login("claimer", "attacker-pass"), 401);
  await errorOf(await env.request("/api/user", { cookie: attackerCookie }), 401);
  await errorOf(await env.request(`/api/messages/conversation/${friend.id}`, { cookie: attackerCookie }), 401);
  const sent = await env.db.select().from(messages).where(and(eq(messages.senderId, attacker.id), eq(messages.receiverId, friend.id)))
    .all();
  assert.equal(sent.length, 1);
});

Deno.test("[auth] a second Google identity with the same proved address joins the member the first one created", async () => {
  // The first Google identity creates the member with a proved address; a second one with the same address joins it.
  const first = await signIn({ sub: "g-one", email: "both@example.com", email_verified: true, name: "Both Ways" });
  const me = await json(await env.request("/api/user", { cookie: sessionCookie(first) }));
  assert.equal(me.emailVerified, true);
  const second = await signIn({ sub: "g-two", email: "both@example.com", email_verified: true, name: "Both Ways" });
  assert.equal((await json(await env.request("/api/user", { cookie: sessionCookie(second) }))).id, me.id);
});

Deno.test("[api] POST /api/user/social/google needs the current password, then the callback connects Google to that account", async () => {
  const member = await signedInMember(env.db, { email: "linker@example.com" });
  const start = (json: unknown) => env.request("/api/user/social/google", { cookie: member.cookie, json });
  await errorOf(await start({}), 400, "Please enter your current password");
  await errorOf(await start({ currentPassword: "wrong-one" }), 400, "Current password is incorrect");
  await errorOf(await start({ currentPassword: 5 }), 400);
  await errorOf(await env.request("/api/user/social/google", { json: {} }), 401);
  await errorOf(await env.request("/api/user/social/myspace", { cookie: member.cookie, json: {} }), 404);
  await errorOf(await env.request("/api/user/social/facebook", { cookie: member.cookie, json: {} }), 409);
  const cross = await env.request("/api/user/social/google", {
    cookie: member.cookie,
    json: {},
    headers: { origin: "https://evil.example" },
  });
  assert.equal(cross.status, 403);

  // A different address at Google does not matter: the member is signed in and proved who they are.
  const res = await connectGoogle(
    member.cookie,
    { sub: "g-linked", email: "other@gmail.example", email_verified: true },
    member.cookie,
    member.password,
  );
  assert.equal(res.headers.get("location"), "/profile?connected=google");
  assert.deepEqual((await linksOf(env, member.id)).map((l) => l.providerUserId), ["g-linked"]);
  const viaGoogle = await signIn({ sub: "g-linked", email: "other@gmail.example", email_verified: true });
  assert.equal((await json(await env.request("/api/user", { cookie: sessionCookie(viaGoogle) }))).id, member.id);
  // Back on /profile the Security tab opens on the "Connected accounts" list.
  const html = await (await env.request("/profile?connected=google", { cookie: member.cookie })).text();
  assert.ok(html.includes("Connected accounts"));
  assert.ok(html.includes("Google is now connected: you can sign in with it."));
  assert.match(html, /data-provider="google".*?Connected<\/span>/s);
  assert.ok(html.includes('"providers":["google"]'));
});

Deno.test("[auth] a connect flow attaches nothing when the identity belongs to another member or another account finishes it", async () => {
  const owner = await signIn({ sub: "g-owned", email: "owned@example.com", email_verified: true, name: "Owner" });
  const ownerId = (await json(await env.request("/api/user", { cookie: sessionCookie(owner) }))).id;
  const member = await signedInMember(env.db);
  const taken = await connectGoogle(
    member.cookie,
    { sub: "g-owned", email: "owned@example.com", email_verified: true },
    member.cookie,
    member.password,
  );
  assert.equal(taken.headers.get("location"), "/profile?social_error=taken&provider=google");
  assert.deepEqual((await linksOf(env, ownerId)).map((l) => l.providerUserId), ["g-owned"]);
  assert.deepEqual(await linksOf(env, member.id), []);

  const other = await signedInMember(env.db);
  const swapped = await connectGoogle(member.cookie, { sub: "g-swap", email: null }, other.cookie, member.password);
  assert.equal(swapped.headers.get("location"), "/auth?social_error=state&provider=google");
  assert.deepEqual(await linksOf(env, other.id), []);
  assert.deepEqual(await linksOf(env, member.id), []);
  const page = await (await env.request("/profile?social_error=taken&provider=google", { cookie: member.cookie })).text();
  assert.ok(page.includes("already connected to another account"));
});

Deno.test("[api] DELETE /api/user/social/google disconnects it, but never the last way to sign in", async () => {
  const res = await signIn({ sub: "g-only", email: "only@example.com", email_verified: true, name: "Only Google" });
  const cookie = sessionCookie(res);
  const id = (await json(await env.request("/api/user", { cookie }))).id;
  await errorOf(
    await env.request("/api/user/social/google", { method: "DELETE", cookie }),
    409,
    "Google is the only way you sign in. Set a password or connect another account before disconnecting it.",
  );
  assert.equal((await linksOf(env, id)).length, 1);

  const member = await signedInMember(env.db);
  await connectGoogle(member.cookie, { sub: "g-spare", email: null }, member.cookie, member.password);
  const proof = { currentPassword: member.password };
  await errorOf(await env.request("/api/user/social/facebook", { method: "DELETE", cookie: member.cookie, json: proof }), 404);
  await errorOf(await env.request("/api/user/social/nope", { method: "DELETE", cookie: member.cookie }), 404);
  await errorOf(await env.request("/api/user/social/google", { method: "DELETE" }), 401);
  // The same proof as connecting (issue 31 point 9): a session alone does not take a way in away.
  const drop = (body?: unknown) => env.request("/api/user/social/google", { method: "DELETE", cookie: member.cookie, json: body });
  await errorOf(
    await env.request("/api/user/social/google", { method: "DELETE", cookie: member.cookie }),
    400,
    "Please enter your current password",
  );
  await errorOf(await drop({}), 400, "Please enter your current password");
  await errorOf(await drop({ currentPassword: "not-the-password" }), 400, "Current password is incorrect");
  assert.equal((await linksOf(env, member.id)).length, 1, "still connected");
  assert.deepEqual(await json(await drop({ currentPassword: member.password })), { providers: [] });
  assert.deepEqual(await linksOf(env, member.id), []);
  const after = await signIn({ sub: "g-spare", email: null });
  assert.notEqual((await json(await env.request("/api/user", { cookie: sessionCookie(after) }))).id, member.id);
});

Deno.test("[api] a member without a password connects Google only within minutes of signing in", async () => {
  const res = await signIn({ sub: "g-fresh", email: "fresh@example.com", email_verified: true, name: "Fresh" });
  const fresh = sessionCookie(res);
  const id = (await json(await env.request("/api/user", { cookie: fresh }))).id;
  const start = await env.request("/api/user/social/google", { cookie: fresh, json: {} });
  assert.ok((await json(start)).url.startsWith(google.issuer));
  const old = await loginCookie(env.db, id);
  await env.db.update(sessions).set({ createdAt: Date.now() - 11 * 60_000 }).where(eq(sessions.userId, id));
  await errorOf(await env.request("/api/user/social/google", { cookie: old, json: {} }), 403);
});

Deno.test("[api] a member without a password disconnects only within minutes of signing in (issue 31 point 9)", async () => {
  const res = await signIn({ sub: "g-drop", email: "drop@example.com", email_verified: true, name: "Drop" });
  const fresh = sessionCookie(res);
  const id = (await json(await env.request("/api/user", { cookie: fresh }))).id;
  await env.db.insert(socialAccounts).values({ userId: id, provider: "facebook", providerUserId: "f-drop" });
  const old = await loginCookie(env.db, id);
  await env.db.update(sessions).set({ createdAt: Date.now() - 11 * 60_000 }).where(eq(sessions.userId, id));
  await errorOf(
    await env.request("/api/user/social/facebook", { method: "DELETE", cookie: old }),
    403,
    "For your security, please sign in again, then make this change within 10 minutes.",
  );
  assert.equal((await linksOf(env, id)).length, 2);
  const fresher = sessionCookie(await signIn({ sub: "g-drop", email: "drop@example.com", email_verified: true, name: "Drop" }));
  assert.deepEqual(await json(await env.request("/api/user/social/facebook", { method: "DELETE", cookie: fresher })), {
    providers: ["google"],
  });
});

Deno.test("[auth] a Google profile named 'Anonymous' or 'Admin' gets a name that is not reserved", async () => {
  for (const [sub, name] of [["g-anon", "Anonymous"], ["g-admin", "Admin"]]) {
    const res = await signIn({ sub, email: null, name });
    const me = await json(await env.request("/api/user", { cookie: sessionCookie(res) }));
    assert.equal(me.username, `${name}_2`);
  }
});

Deno.test.afterAll(async () => {
  await google.stop();
  env.close();
});
