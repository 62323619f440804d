import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { passwordResetTokens, users } from "../db/schema/mod.ts";
import { drainBackground } from "../lib/background.ts";
import { sha256Hex } from "../lib/auth/crypto.ts";
import { setLogLevel } from "../lib/log.ts";
import { RESET_MSG } from "../common/schemas/account.ts";
import { createUser, json, loginCookie, makeTestEnv, type TestEnv } from "./_helpers.ts";
import { outboxFiles, readOutbox, resetLinkIn } from "./_mail.ts";

setLogLevel("warn");

const LOOSE = { RATE_RESET_PER_IP: "1000", RATE_RESET_PER_EMAIL: "1000", RATE_LOGIN_PER_IP: "1000", RATE_LOGIN_PER_ACCOUNT: "1000" };

const forgot = (env: TestEnv, email: unknown) => env.request("/api/forgot-password", { json: { email } });

/** Asks for a link and returns the token the mail carried. */
async function requestToken(env: TestEnv, email: string): Promise<string> {
  const before = (await outboxFiles(env.config.mail.outboxDir)).length;
  await json(await forgot(env, email));
  await drainBackground();
  const mails = await readOutbox(env.config.mail.outboxDir);
  assert.equal(mails.length, before + 1, "one new mail");
  return resetLinkIn(mails.at(-1)!.text).token;
}

const login = (env: TestEnv, username: string, password: string) => env.request("/api/login", { json: { username, password } });
const me = (env: TestEnv, cookie: string) => env.request("/api/user", { cookie });

Deno.test("[api] POST /api/forgot-password: the same 200 and body for known and unknown emails; only the known one gets a mail", async () => {
  await using env = await makeTestEnv(LOOSE);
  const user = await createUser(env.db, { email: "Known.Member@example.com" });
  const known = await json(await forgot(env, "known.member@EXAMPLE.com"));
  const unknown = await json(await forgot(env, "nobody-here@example.com"));
  assert.deepEqual(known, { message: RESET_MSG.sent });
  assert.deepEqual(unknown, known);
  await drainBackground();
  const mails = await readOutbox(env.config.mail.outboxDir);
  assert.equal(mails.length, 1);
  const mail = mails[0];
  assert.equal(mail.headers.get("to"), "Known.Member@example.com");
  assert.equal(mail.headers.get("subject"), "Reset your Dreamreel password");
  const { link, token } = resetLinkIn(mail.text);
  assert.equal(link, `${env.config.siteUrl}/reset-password?token=${token}`);
  assert.ok(mail.html.includes(`href="${env.config.siteUrl}/reset-password?token=${token}"`), "the HTML part links it too");
  assert.ok(token.length >= 43, "at least 256 bits in base64url");
  // Only the hash is stored, valid for one hour.
  const rows = await env.db.select().from(passwordResetTokens).all();
  assert.equal(rows.length, 1);
  assert.equal(rows[0].userId, user.id);
  assert.equal(rows[0].tokenHash, sha256Hex(token));
  assert.ok(!JSON.stringify(rows).includes(token), "the token itself is nowhere in the table");
  const hour = rows[0].expiresAt - rows[0].createdAt;
  assert.equal(hour, 3_600_000);
});

Deno.test("[api] POST /api/forgot-password answers known and unknown emails in about the same time", async () => {
  await using env = await makeTestEnv(LOOSE);
  await createUser(env.db, { email: "timed@example.com" });
  const time = async (email: string) => {
    const t0 = performance.now();
    await (await forgot(env, email)).body?.cancel();
    const spent = performance.now() - t0;
    await drainBackground();
    return spent;
  };
  const known: number[] = [];
  const unknown: number[] = [];
  for (let i = 0; i < 15; i++) {
    known.push(await time("timed@example.com"));
    unknown.push(await time(`ghost${i}@example.com`));
  }
  const median = (xs: number[]) => xs.toSorted((a, b) => a - b)[Math.floor(xs.length / 2)];
  const [k, u] = [median(known), median(unknown)];
  // The database lookup, the token and the mail all run after the answer.
  assert.ok(Math.abs(k - u) < Math.max(3, Math.max(k, u) / 2), `medians ${k.toFixed(2)} ms (known) vs ${u.toFixed(2)} ms (unknown)`);
});

Deno.test("[api] POST /api/forgot-password refuses bad input with 400 (or 415) and the spec's message", async () => {
  await using env = await makeTestEnv(LOOSE);
  for (const email of ["", "not-an-email", "a@b", "two words@example.com", `${"x".repeat(250)}@example.com`]) {
    assert.deepEqual(await json(await forgot(env, email), 400), { error: RESET_MSG.email }, email);
  }
  assert.equal((await json(await forgot(env, 42), 400)).error, "email must be a string");
  assert.equal((await json(await env.request("/api/forgot-password", { json: {} }), 400)).error, "email is required");
  const text = await env.request("/api/forgot-password", {
    method: "POST",
    body: "email=a@b.c",
    headers: { "content-type": "text/plain" },
  });
  assert.equal(text.status, 415);
  await text.body?.cancel();
  const broken = await env.request("/api/forgot-password", { method: "POST", body: "{", headers: { "content-type": "application/json" } });
  assert.equal((await json(broken, 400)).error, "Request body must be valid JSON");
  const crossSite = await env.request("/api/forgot-password", { json: { email: "a@b.co" }, headers: { origin: "https://evil.example" } });
  assert.equal(crossSite.status, 403);
  await crossSite.body?.cancel();
  await drainBackground();
  assert.deepEqual(await outboxFiles(env.config.mail.outboxDir), []);
});

Deno.test("[api] POST /api/forgot-password is rate limited per email and per IP: 429 with Retry-After", async () => {
  await using env = await makeTestEnv({ RATE_RESET_PER_IP: "4", RATE_RESET_PER_EMAIL: "2" });
  await createUser(env.db, { email: "limited@example.com" });
  assert.equal((await forgot(env, "limited@example.com")).status, 200);
  assert.equal((await forgot(env, "LIMITED@example.com")).status, 200);
  const third = await forgot(env, "limited@example.com");
  assert.equal(third.status, 429);
  assert.ok(Number(third.headers.get("retry-after")) > 0);
  assert.match((await third.json()).error, /Too many attempts/);
  // Unknown addresses count the same, so a 429 says nothing about an account either.
  assert.equal((await forgot(env, "other@example.com")).status, 200);
  const perIp = await forgot(env, "fifth@example.com");
  assert.equal(perIp.status, 429);
  assert.ok(Number(perIp.headers.get("retry-after")) > 0);
  await perIp.body?.cancel();
  await drainBackground();
  assert.equal((await outboxFiles(env.config.mail.outboxDir)).length, 2, "two mails to the known address, none beyond the limit");
});

Deno.test("[api] GET /api/verify-reset-token/{token}: 200 for a live token; 400 for unknown, spent, expired or absurd; 404 without one", async () => {
  await using env = await makeTestEnv(LOOSE);
  const user = await createUser(env.db);
  const token = await requestToken(env, user.email!);
  assert.deepEqual(await json(await env.request(`/api/verify-reset-token/${token}`)), { valid: true });
  assert.deepEqual(await json(await env.request(`/api/verify-reset-token/${token}x`), 400), { error: RESET_MSG.invalidText });
  assert.equal((await json(await env.request(`/api/verify-reset-token/${"a".repeat(500)}`), 400)).error, RESET_MSG.invalidText);
  assert.equal((await env.request("/api/verify-reset-token/")).status, 404);
  await env.db.update(passwordResetTokens).set({ expiresAt: Date.now() - 1 });
  assert.equal((await env.request(`/api/verify-reset-token/${token}`)).status, 400, "expired");
});

Deno.test("[api] POST /api/reset-password: the old password stops working, every session ends, the link works once", async () => {
  await using env = await makeTestEnv(LOOSE);
  const user = await createUser(env.db, { password: "old-password" });
  const [phone, laptop] = [await loginCookie(env.db, user.id), await loginCookie(env.db, user.id)];
  const token = await requestToken(env, user.email!);
  const spare = await requestToken(env, user.email!);
  const res = await json(await env.request("/api/reset-password", { json: { token, newPassword: "brand-new-pass" } }));
  assert.match(res.message, /reset/);
  for (const cookie of [phone, laptop]) assert.equal((await me(env, cookie)).status, 401, "every session ended");
  assert.equal((await login(env, user.username, "old-password")).status, 401);
  assert.equal((await login(env, user.username, "brand-new-pass")).status, 200);
  const again = await env.request("/api/reset-password", { json: { token, newPassword: "another-pass" } });
  assert.deepEqual(await json(again, 400), { error: RESET_MSG.invalidText });
  // A second link mailed earlier dies with the reset too.
  assert.equal((await env.request(`/api/verify-reset-token/${spare}`)).status, 400);
  assert.equal((await login(env, user.username, "brand-new-pass")).status, 200);
});

Deno.test("[api] POST /api/reset-password refuses expired tokens and bad input", async () => {
  await using env = await makeTestEnv(LOOSE);
  const user = await createUser(env.db, { password: "old-password" });
  const token = await requestToken(env, user.email!);
  const post = (json: unknown) => env.request("/api/reset-password", { json });
  assert.deepEqual(await json(await post({ token, newPassword: "12345" }), 400), { error: "Password must be at least 6 characters" });
  assert.equal((await json(await post({ token, newPassword: "x".repeat(201) }), 400)).error, "Password must be at most 200 characters");
  assert.equal((await json(await post({ newPassword: "long-enough" }), 400)).error, "token is required");
  assert.equal((await json(await post({ token }), 400)).error, "newPassword is required");
  assert.equal((await json(await post({ token: 5, newPassword: "long-enough" }), 400)).error, "token must be a string");
  assert.equal((await json(await post({ token: "", newPassword: "long-enough" }), 400)).error, RESET_MSG.invalidTitle);
  assert.equal((await json(await post({ token: "nope", newPassword: "long-enough" }), 400)).error, RESET_MSG.invalidText);
  await env.db.update(passwordResetTokens).set({ expiresAt: Date.now() - 1 });
  assert.equal((await json(await post({ token, newPassword: "long-enough" }), 400)).error, RESET_MSG.invalidText);
  assert.equal((await login(env, user.username, "old-password")).status, 200, "nothing changed");
});

Deno.test("[api] banned members get no reset link, and a link from before the ban does not get them back in", async () => {
  await using env = await makeTestEnv(LOOSE);
  const user = await createUser(env.db, { password: "old-password" });
  const token = await requestToken(env, user.email!);
  await env.db.update(users).set({ banned: true }).where(eq(users.id, user.id));
  assert.deepEqual(await json(await forgot(env, user.email)), { message: RESET_MSG.sent });
  await drainBackground();
  assert.equal((await outboxFiles(env.config.mail.outboxDir)).length, 1, "no new mail for a banned member");
  await json(await env.request("/api/reset-password", { json: { token, newPassword: "new-password" } }));
  const res = await login(env, user.username, "new-password");
  assert.equal(res.status, 403);
  assert.match((await res.json()).error, /banned/);
});
