import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { sessions, users } from "../db/schema/mod.ts";
import { MSG } from "../common/auth_rules.ts";
import { createUser, makeTestEnv, sessionCookie } from "./_helpers.ts";

const env = await makeTestEnv({ RATE_LOGIN_PER_IP: "1000", RATE_REGISTER_PER_IP: "1000", RATE_LOGIN_PER_ACCOUNT: "1000" });
const { request, db } = env;

const validRegistration = (over: Record<string, unknown> = {}) => ({
  username: `member_${Math.random().toString(36).slice(2, 8)}`,
  email: `m${Math.random().toString(36).slice(2, 8)}@example.com`,
  dateOfBirth: "1990-05-17T00:00:00.000Z",
  password: "hunter22",
  termsAccepted: true,
  ...over,
});

async function errorOf(res: Response) {
  assert.match(res.headers.get("content-type") ?? "", /application\/json/);
  const body = await res.json();
  assert.equal(typeof body.error, "string");
  return body.error as string;
}

Deno.test("[api] GET /api/user answers 401 when signed out", async () => {
  const res = await request("/api/user");
  assert.equal(res.status, 401);
  assert.equal(await errorOf(res), "Not logged in");
});

Deno.test("[api] POST /api/register creates a member, signs them in and returns the user", async () => {
  const body = validRegistration();
  const res = await request("/api/register", { json: body });
  assert.equal(res.status, 201);
  const user = await res.json();
  assert.equal(user.username, body.username);
  assert.equal(user.email, body.email);
  assert.equal("passwordHash" in user, false);
  const me = await request("/api/user", { cookie: sessionCookie(res) });
  assert.equal(me.status, 200);
  assert.equal((await me.json()).id, user.id);
  const row = await db.select().from(users).where(eq(users.id, user.id)).get();
  assert.ok(row?.passwordHash?.startsWith("$argon2id$v=19$m=19456,t=2,p=1$"));
  assert.equal(row?.dateOfBirth, "1990-05-17");
});

Deno.test("[api] session cookie is HttpOnly, SameSite=Lax, Path=/ and only its hash is stored", async () => {
  const res = await request("/api/register", { json: validRegistration() });
  const set = res.headers.getSetCookie().find((c) => c.startsWith("dr_session="))!;
  assert.match(set, /HttpOnly/);
  assert.match(set, /SameSite=Lax/);
  assert.match(set, /Path=\//);
  const id = set.split(";")[0].split("=")[1];
  assert.ok(id.length >= 43, "at least 256 bits, base64url");
  const stored = await db.select().from(sessions).all();
  assert.ok(stored.every((s) => s.idHash !== id));
});

for (
  const [name, patch, message] of [
    ["a short username", { username: "ab" }, MSG.usernameShort],
    ["a username with spaces", { username: "bad name" }, MSG.usernameChars],
    ["a username with symbols", { username: "bad$name" }, MSG.usernameChars],
    ["a short password", { password: "12345" }, MSG.passwordShort],
    ["an invalid email", { email: "not-an-email" }, MSG.email],
    ["an under-18 date of birth", { dateOfBirth: new Date(Date.now() - 17 * 365.25 * 86400_000).toISOString() }, MSG.age],
    ["an unparseable date of birth", { dateOfBirth: "yesterday" }, MSG.age],
    ["a date of birth before 1940", { dateOfBirth: "1939-12-31T00:00:00.000Z" }, MSG.dob],
    ["a date of birth in year 1", { dateOfBirth: "0001-01-01" }, MSG.dob],
    ["terms not accepted", { termsAccepted: false }, MSG.terms],
  ] as const
) {
  Deno.test(`[api] POST /api/register rejects ${name} with the spec's message`, async () => {
    const before = (await db.select().from(users).all()).length;
    const res = await request("/api/register", { json: validRegistration(patch) });
    assert.equal(res.status, 400);
    assert.equal(await errorOf(res), message);
    assert.equal((await db.select().from(users).all()).length, before, "no user created");
  });
}

Deno.test("[api] POST /api/register accepts someone who turns 18 today", async () => {
  const now = new Date();
  const dob = new Date(Date.UTC(now.getUTCFullYear() - 18, now.getUTCMonth(), now.getUTCDate()));
  const res = await request("/api/register", { json: validRegistration({ dateOfBirth: dob.toISOString() }) });
  assert.equal(res.status, 201);
});

Deno.test("[api] POST /api/register answers 409 for a taken username (any case) or email", async () => {
  const first = validRegistration();
  assert.equal((await request("/api/register", { json: first })).status, 201);
  const sameName = await request("/api/register", { json: validRegistration({ username: first.username.toUpperCase() }) });
  assert.equal(sameName.status, 409);
  assert.equal(await errorOf(sameName), "Username is already taken");
  const sameEmail = await request("/api/register", { json: validRegistration({ email: first.email.toUpperCase() }) });
  assert.equal(sameEmail.status, 409);
  assert.equal(await errorOf(sameEmail), "An account with this email already exists");
});

Deno.test("[api] POST /api/login rejects bad credentials the same way for unknown users and wrong passwords", async () => {
  const user = await createUser(db);
  const wrong = await request("/api/login", { json: { username: user.username, password: "wrong-password" } });
  const unknown = await request("/api/login", { json: { username: "nobody_here", password: "whatever1" } });
  assert.equal(wrong.status, 401);
  assert.equal(unknown.status, 401);
  assert.equal(await errorOf(wrong), await errorOf(unknown));
});

for (
  const [name, body, message] of [
    ["a short username", { username: "ab", password: "secret-pass" }, MSG.usernameShort],
    ["a username with symbols", { username: "a b!", password: "secret-pass" }, MSG.usernameChars],
    ["a short password", { username: "someone", password: "12345" }, MSG.passwordShort],
  ] as const
) {
  Deno.test(`[api] POST /api/login rejects ${name} with the spec's message`, async () => {
    const res = await request("/api/login", { json: body });
    assert.equal(res.status, 400);
    assert.equal(await errorOf(res), message);
  });
}

Deno.test("[api] POST /api/login rotates the session id and ends the previous one", async () => {
  const user = await createUser(db);
  const first = sessionCookie(await request("/api/login", { json: { username: user.username, password: user.password } }));
  const second = await request("/api/login", { cookie: first, json: { username: user.username, password: user.password } });
  assert.equal(second.status, 200);
  const rotated = sessionCookie(second);
  assert.notEqual(rotated, first);
  assert.equal((await request("/api/user", { cookie: first })).status, 401, "old session ended");
  assert.equal((await request("/api/user", { cookie: rotated })).status, 200);
});

Deno.test("[api] POST /api/logout ends the session server-side: replaying the cookie gets 401", async () => {
  const user = await createUser(db);
  const cookie = sessionCookie(await request("/api/login", { json: { username: user.username, password: user.password } }));
  const before = await db.select().from(sessions).where(eq(sessions.userId, user.id)).all();
  assert.equal(before.length, 1);
  const out = await request("/api/logout", { method: "POST", cookie });
  assert.equal(out.status, 200);
  assert.equal((await request("/api/user", { cookie })).status, 401);
  assert.equal((await db.select().from(sessions).where(eq(sessions.userId, user.id)).all()).length, 0);
});

Deno.test("[api] a banned member cannot log in and their sessions stop working", async () => {
  const user = await createUser(db);
  const cookie = sessionCookie(await request("/api/login", { json: { username: user.username, password: user.password } }));
  await db.update(users).set({ banned: true }).where(eq(users.id, user.id));
  assert.equal((await request("/api/user", { cookie })).status, 401);
  const res = await request("/api/login", { json: { username: user.username, password: user.password } });
  assert.equal(res.status, 403);
  assert.match(await errorOf(res), /banned/);
});

Deno.test("[api] the first account on an empty site becomes admin, later ones do not", async () => {
  await using fresh = await makeTestEnv();
  const first = await (await fresh.request("/api/register", { json: validRegistration() })).json();
  const second = await (await fresh.request("/api/register", { json: validRegistration() })).json();
  assert.equal(first.isAdmin, true);
  assert.equal(second.isAdmin, false);
});

Deno.test("[security] a cross-origin POST gets 403 and changes nothing", async () => {
  const before = (await db.select().from(users).all()).length;
  const form = await request("/api/register", {
    method: "POST",
    headers: { origin: "https://evil.example", "content-type": "application/x-www-form-urlencoded" },
    body: "username=evil&password=123456",
  });
  assert.equal(form.status, 403);
  assert.equal(await errorOf(form), "Cross-site request refused");
  const fetchSite = await request("/api/logout", { method: "POST", headers: { origin: "null", "sec-fetch-site": "cross-site" } });
  assert.equal(fetchSite.status, 403);
  const noOrigin = await env.app.request(`http://localhost:8000/api/register`, { method: "POST", body: "{}" });
  assert.equal(noOrigin.status, 403);
  assert.equal((await db.select().from(users).all()).length, before);
});

Deno.test("[security] JSON endpoints refuse other content types with 415", async () => {
  const res = await request("/api/login", { method: "POST", headers: { "content-type": "text/plain" }, body: "{}" });
  assert.equal(res.status, 415);
  assert.equal(await errorOf(res), "Content-Type must be application/json");
});

for (
  const [name, body, message] of [
    ["a body that is not JSON", "{not json", "Request body must be valid JSON"],
    ["a JSON array", "[]", "body must be an object"],
    ["a number as username", JSON.stringify({ username: 42, password: "secret1" }), "username must be a string"],
    ["a missing password", JSON.stringify({ username: "someone" }), "password is required"],
    ["an over-long username", JSON.stringify({ username: "a".repeat(31), password: "secret1" }), "Username must be at most 30 characters"],
    [
      "an over-long password",
      JSON.stringify({ username: "someone", password: "p".repeat(201) }),
      "Password must be at most 200 characters",
    ],
  ] as const
) {
  Deno.test(`[api] POST /api/login answers 400 for ${name}`, async () => {
    const res = await request("/api/login", { method: "POST", headers: { "content-type": "application/json" }, body });
    assert.equal(res.status, 400);
    assert.equal(await errorOf(res), message);
  });
}

Deno.test("[api] POST /api/register answers 400 for wrong types and an over-long email", async () => {
  const wrongTerms = await request("/api/register", { json: validRegistration({ termsAccepted: "yes" }) });
  assert.equal(wrongTerms.status, 400);
  assert.equal(await errorOf(wrongTerms), MSG.terms);
  const longEmail = await request("/api/register", { json: validRegistration({ email: `${"a".repeat(250)}@example.com` }) });
  assert.equal(longEmail.status, 400);
  assert.equal(await errorOf(longEmail), "Email is too long");
});

Deno.test("[api] unknown API paths answer 404 JSON", async () => {
  const res = await request("/api/nothing-here");
  assert.equal(res.status, 404);
  assert.equal(await errorOf(res), "Not found");
});
