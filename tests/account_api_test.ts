import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { comments, passwordResetTokens, sessions, users } from "../db/schema/mod.ts";
import { drainBackground } from "../lib/background.ts";
import { sha256Hex } from "../lib/auth/crypto.ts";
import { setLogLevel } from "../lib/log.ts";
import { ACCOUNT_MSG, RECENT_SIGN_IN_MINUTES } from "../common/schemas/account.ts";
import { createMedia, createUser, errorOf, json, loginCookie, makeTestEnv, sessionCookie, type TestEnv } from "./_helpers.ts";
import { outboxFiles, readOutbox } from "./_mail.ts";

setLogLevel("warn");

const env = await makeTestEnv({ RATE_LOGIN_PER_IP: "1000", RATE_LOGIN_PER_ACCOUNT: "1000", RATE_RESET_PER_IP: "1000" });
const { request, db } = env;

const patch = (cookie: string | undefined, body: unknown) => request("/api/user", { method: "PATCH", cookie, json: body });
const changePassword = (t: TestEnv, cookie: string | undefined, body: unknown) =>
  t.request("/api/user/change-password", { cookie, json: body });
const me = (t: TestEnv, cookie: string) => t.request("/api/user", { cookie });
const login = (t: TestEnv, username: string, password: string) => t.request("/api/login", { json: { username, password } });
const row = (id: number) => db.select().from(users).where(eq(users.id, id)).get();

// ---- PATCH /api/user ----

Deno.test("[api] PATCH /api/user: visitors 401; a member changes username and email, the toast rides to the reloaded page", async () => {
  assert.equal((await json(await patch(undefined, { username: "nobody_x" }), 401)).error, "You must be logged in");
  const user = await createUser(db, { username: "rename_me" });
  const cookie = await loginCookie(db, user.id);
  const item = await createMedia(db, { userId: (await createUser(db)).id });
  await db.insert(comments).values({ mediaId: item.id, userId: user.id, username: user.username, content: "hi" });
  const res = await patch(cookie, { username: "  Renamed_One ", email: " new.address@example.com ", currentPassword: user.password });
  const body = await json(res);
  assert.deepEqual({ id: body.id, username: body.username, email: body.email }, {
    id: user.id,
    username: "Renamed_One",
    email: "new.address@example.com",
  });
  assert.ok(res.headers.getSetCookie().some((c) => c.startsWith("dr_flash=profile")), "the reloaded page says it worked");
  const stored = await row(user.id);
  assert.equal(stored?.username, "Renamed_One");
  assert.equal(stored?.email, "new.address@example.com");
  const comment = await db.select().from(comments).where(eq(comments.userId, user.id)).get();
  assert.equal(comment?.username, "Renamed_One", "old comments show the new name");
  assert.equal((await json(await me(env, cookie))).username, "Renamed_One", "the session stays");
  // Either field alone; the same name or address in another case is the member's own (no password asked).
  assert.equal((await json(await patch(cookie, { username: "renamed_one" }))).username, "renamed_one");
  assert.equal((await json(await patch(cookie, { email: "NEW.address@example.com" }))).email, "NEW.address@example.com");
});

Deno.test("[api] PATCH /api/user: a username or email another account has (any case) -> 409, nothing changes", async () => {
  const other = await createUser(db, { username: "taken_name", email: "taken@example.com" });
  const user = await createUser(db, { username: "wants_taken" });
  const cookie = await loginCookie(db, user.id);
  assert.deepEqual(await json(await patch(cookie, { username: "TAKEN_name" }), 409), { error: "Username is already taken" });
  assert.deepEqual(
    await json(await patch(cookie, { username: "fresh_name_1", email: "Taken@Example.com", currentPassword: user.password }), 409),
    {
      error: "An account with this email already exists",
    },
  );
  const stored = await row(user.id);
  assert.equal(stored?.username, "wants_taken");
  assert.equal(stored?.email, user.email);
  assert.equal((await row(other.id))?.username, "taken_name");
});

Deno.test("[api] PATCH /api/user: the registration's rules and messages, bad types and content types", async () => {
  const user = await createUser(db, { username: "rules_check" });
  const cookie = await loginCookie(db, user.id);
  const cases: [unknown, string][] = [
    [{ username: "ab" }, "Username must be at least 3 characters"],
    [{ username: "bad name!" }, "Username can only contain letters, numbers, underscores, and hyphens"],
    [{ username: "x".repeat(31) }, "Username must be at most 30 characters"],
    [{ email: "nope" }, "Please enter a valid email"],
    [{ email: "" }, "Please enter a valid email"],
    [{ email: `${"x".repeat(250)}@example.com` }, "Email is too long"],
    [{ username: 12 }, "username must be a string"],
    [{ email: null }, "email must be a string"],
    [{}, ACCOUNT_MSG.nothingToUpdate],
    [[], "body must be an object"],
  ];
  for (const [body, error] of cases) assert.deepEqual(await json(await patch(cookie, body), 400), { error }, JSON.stringify(body));
  const text = await request("/api/user", { method: "PATCH", cookie, body: "username=abc", headers: { "content-type": "text/plain" } });
  assert.equal(text.status, 415);
  await text.body?.cancel();
  const crossSite = await request("/api/user", {
    method: "PATCH",
    cookie,
    json: { username: "evil_rename" },
    headers: { origin: "https://evil.example" },
  });
  assert.equal(crossSite.status, 403);
  await crossSite.body?.cancel();
  assert.equal((await row(user.id))?.username, "rules_check");
  // Only the two fields are taken: a member cannot make themselves admin or unban themselves.
  const sneaky = await json(await patch(cookie, { username: "rules_check2", isAdmin: true, banned: false, passwordHash: "x" }));
  assert.equal(sneaky.isAdmin, false);
  const stored = await row(user.id);
  assert.deepEqual([stored?.username, stored?.isAdmin, stored?.passwordHash?.startsWith("$argon2id$")], ["rules_check2", false, true]);
});

Deno.test("[api] PATCH /api/user: a new email voids reset links mailed to the old one", async () => {
  const user = await createUser(db, { username: "moving_house" });
  const cookie = await loginCookie(db, user.id);
  await db.insert(passwordResetTokens).values({ userId: user.id, tokenHash: "h-moving", expiresAt: Date.now() + 3_600_000 });
  await json(await patch(cookie, { username: "moving_house2" }));
  assert.equal((await db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id)).get())?.usedAt, null);
  await json(await patch(cookie, { email: "elsewhere@example.com", currentPassword: user.password }));
  assert.notEqual((await db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id)).get())?.usedAt, null);
});

Deno.test("[api] PATCH /api/user: a new email needs the current password (missing or wrong 400), and nothing changes without it", async () => {
  await using t = await makeTestEnv();
  const user = await createUser(t.db, { username: "guarded_mail", password: "right-password", email: "owner@example.com" });
  const cookie = await loginCookie(t.db, user.id);
  await t.db.insert(passwordResetTokens).values({ userId: user.id, tokenHash: "h-guarded", expiresAt: Date.now() + 3_600_000 });
  const send = (body: unknown) => t.request("/api/user", { method: "PATCH", cookie, json: body });
  const visitor = await t.request("/api/user", {
    method: "PATCH",
    json: { email: "thief@example.com", currentPassword: "right-password" },
  });
  assert.equal((await json(visitor, 401)).error, "You must be logged in");
  const cases: [unknown, string][] = [
    [{ email: "thief@example.com" }, ACCOUNT_MSG.currentPasswordRequired],
    [{ email: "thief@example.com", currentPassword: "" }, ACCOUNT_MSG.currentPasswordRequired],
    [{ username: "stolen_name", email: "thief@example.com" }, ACCOUNT_MSG.currentPasswordRequired],
    [{ email: "thief@example.com", currentPassword: "wrong-password" }, ACCOUNT_MSG.currentPasswordWrong],
    [{ username: "stolen_name", email: "thief@example.com", currentPassword: "wrong-password" }, ACCOUNT_MSG.currentPasswordWrong],
    [{ email: "thief@example.com", currentPassword: 42 }, "currentPassword must be a string"],
    [{ email: "thief@example.com", currentPassword: "x".repeat(201) }, "currentPassword is too long (at most 200)"],
  ];
  for (const [body, error] of cases) assert.deepEqual(await json(await send(body), 400), { error }, JSON.stringify(body));
  const stored = await t.db.select().from(users).where(eq(users.id, user.id)).get();
  assert.deepEqual([stored?.username, stored?.email], ["guarded_mail", "owner@example.com"], "neither field changed");
  const token = await t.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id)).get();
  assert.equal(token?.usedAt, null, "the owner's reset link still works");
  await drainBackground();
  assert.deepEqual(await outboxFiles(t.config.mail.outboxDir), [], "no notice for a refused change");
  assert.equal((await me(t, cookie)).status, 200, "a refused change ends no session");

  // A new name alone, or the same address in another case, needs no password.
  assert.equal((await json(await send({ username: "guarded_mail2" }))).username, "guarded_mail2");
  assert.equal((await json(await send({ email: "Owner@Example.com" }))).email, "Owner@Example.com");
  assert.deepEqual(await outboxFiles(t.config.mail.outboxDir), []);

  // With the password the address moves, and the old one is told.
  const moved = await json(await send({ email: "new-home@example.com", currentPassword: "right-password" }));
  assert.equal(moved.email, "new-home@example.com");
  assert.equal((await t.db.select().from(users).where(eq(users.id, user.id)).get())?.email, "new-home@example.com");
  await drainBackground();
  const mails = await readOutbox(t.config.mail.outboxDir); // the notice, and (issue 19) a link to the new address
  assert.deepEqual(mails.map((m) => m.headers.get("to")?.toLowerCase()).sort(), ["new-home@example.com", "owner@example.com"]);
  const notice = mails.find((m) => m.headers.get("to")?.toLowerCase() === "owner@example.com")!;
  assert.match(notice.headers.get("subject") ?? "", /email address was changed/);
  assert.match(notice.text, /from Owner@Example\.com to new-home@example\.com/);
  assert.match(notice.html, /new-home@example\.com/);
});

Deno.test("[api] PATCH /api/user: guesses of the current password for an email change share the member's limit (429)", async () => {
  await using t = await makeTestEnv({ RATE_LOGIN_PER_ACCOUNT: "3" });
  const user = await createUser(t.db, { password: "right-password" });
  const cookie = await loginCookie(t.db, user.id);
  const send = (currentPassword: string) =>
    t.request("/api/user", { method: "PATCH", cookie, json: { email: "thief@example.com", currentPassword } });
  for (let i = 0; i < 3; i++) assert.equal((await send(`guess-${i}`)).status, 400);
  const limited = await send("right-password");
  assert.equal(limited.status, 429);
  assert.ok(Number(limited.headers.get("retry-after")) > 0);
  await limited.body?.cancel();
  assert.equal((await t.db.select().from(users).where(eq(users.id, user.id)).get())?.email, user.email);
  // The limit is per member: the password change counts the same guesses.
  const change = await changePassword(t, cookie, { currentPassword: "right-password", newPassword: "new-password" });
  assert.equal(change.status, 429);
  await change.body?.cancel();
});

Deno.test("[api] PATCH /api/user and change-password: a member without a password must have signed in recently (403 otherwise)", async () => {
  await using t = await makeTestEnv();
  const [social] = await t.db.insert(users).values({ username: "google_only", email: "g-only@example.com", passwordHash: null })
    .returning();
  const stale = await loginCookie(t.db, social.id);
  const staleHash = sha256Hex(stale.split("=")[1]);
  const oldStart = Date.now() - (RECENT_SIGN_IN_MINUTES + 1) * 60_000;
  await t.db.update(sessions).set({ createdAt: oldStart }).where(eq(sessions.idHash, staleHash));
  const refused = await t.request("/api/user", {
    method: "PATCH",
    cookie: stale,
    json: { username: "google_only2", email: "thief@example.com" },
  });
  assert.deepEqual(await json(refused, 403), { error: ACCOUNT_MSG.signInAgain });
  const first = await changePassword(t, stale, { newPassword: "thiefs-password" });
  assert.deepEqual(await json(first, 403), { error: ACCOUNT_MSG.signInAgain });
  const stored = await t.db.select().from(users).where(eq(users.id, social.id)).get();
  assert.deepEqual([stored?.username, stored?.email, stored?.passwordHash], ["google_only", "g-only@example.com", null], "nothing changed");
  assert.equal((await me(t, stale)).status, 200, "still signed in");
  // A name alone needs no proof; after a fresh sign-in the address moves.
  assert.equal(
    (await json(await t.request("/api/user", { method: "PATCH", cookie: stale, json: { username: "google_only3" } }))).username,
    "google_only3",
  );
  const fresh = await loginCookie(t.db, social.id);
  const moved = await json(await t.request("/api/user", { method: "PATCH", cookie: fresh, json: { email: "g-new@example.com" } }));
  assert.equal(moved.email, "g-new@example.com");
  await drainBackground();
  const notices = (await readOutbox(t.config.mail.outboxDir)).filter((m) => /email address was changed/.test(m.headers.get("subject")!));
  assert.deepEqual(notices.map((m) => m.headers.get("to")), ["g-only@example.com"]);
});

// ---- POST /api/user/change-password ----

Deno.test("[api] POST /api/user/change-password: success ends every other session and this cookie's old id; the new password works", async () => {
  const user = await createUser(db, { username: "pw_changer", password: "old-password" });
  const [here, elsewhere] = [await loginCookie(db, user.id), await loginCookie(db, user.id)];
  const res = await changePassword(env, here, { currentPassword: "old-password", newPassword: "new-password" });
  assert.deepEqual(await json(res), { message: "Your password has been changed." });
  const fresh = sessionCookie(res);
  assert.notEqual(fresh, here);
  assert.equal((await me(env, elsewhere)).status, 401, "the other device is signed out");
  assert.equal((await me(env, here)).status, 401, "the old id of this browser is dead too");
  assert.equal((await json(await me(env, fresh))).id, user.id, "this browser stays signed in with its new id");
  assert.equal((await login(env, "pw_changer", "old-password")).status, 401);
  assert.equal((await login(env, "pw_changer", "new-password")).status, 200);
});

Deno.test("[api] POST /api/user/change-password: wrong or missing current password 400, short new 400, visitors 401", async () => {
  const user = await createUser(db, { username: "pw_guard", password: "old-password" });
  const cookie = await loginCookie(db, user.id);
  const cases: [unknown, string][] = [
    [{ currentPassword: "wrong-one", newPassword: "new-password" }, ACCOUNT_MSG.currentPasswordWrong],
    [{ newPassword: "new-password" }, ACCOUNT_MSG.currentPasswordRequired],
    [{ currentPassword: "", newPassword: "new-password" }, ACCOUNT_MSG.currentPasswordRequired],
    [{ currentPassword: "old-password", newPassword: "12345" }, "Password must be at least 6 characters"],
    [{ currentPassword: "old-password", newPassword: "x".repeat(201) }, "Password must be at most 200 characters"],
    [{ currentPassword: "old-password" }, "newPassword is required"],
    [{ currentPassword: 1, newPassword: "new-password" }, "currentPassword must be a string"],
    [{ currentPassword: "x".repeat(201), newPassword: "new-password" }, "currentPassword is too long (at most 200)"],
  ];
  for (const [body, error] of cases) {
    assert.deepEqual(await json(await changePassword(env, cookie, body), 400), { error }, JSON.stringify(body));
  }
  assert.equal((await json(await me(env, cookie))).id, user.id, "a failed change ends no session");
  assert.equal((await login(env, "pw_guard", "old-password")).status, 200);
  assert.equal((await changePassword(env, undefined, { currentPassword: "old-password", newPassword: "new-password" })).status, 401);
});

Deno.test("[api] POST /api/user/change-password: guesses of the current password are rate limited per member (429, Retry-After)", async () => {
  await using t = await makeTestEnv({ RATE_LOGIN_PER_ACCOUNT: "3" });
  const user = await createUser(t.db, { password: "old-password" });
  const cookie = await loginCookie(t.db, user.id);
  for (let i = 0; i < 3; i++) {
    assert.equal((await changePassword(t, cookie, { currentPassword: `guess-${i}`, newPassword: "new-password" })).status, 400);
  }
  const limited = await changePassword(t, cookie, { currentPassword: "old-password", newPassword: "new-password" });
  assert.equal(limited.status, 429);
  assert.ok(Number(limited.headers.get("retry-after")) > 0);
  await limited.body?.cancel();
});

Deno.test("[api] POST /api/user/change-password: a member who joined through Google sets a first password without a current one", async () => {
  const [social] = await db.insert(users).values({ username: "google_joiner", email: "g@example.com", passwordHash: null }).returning();
  const cookie = await loginCookie(db, social.id);
  const res = await changePassword(env, cookie, { newPassword: "first-password" });
  assert.deepEqual(await json(res), { message: "Your password has been set." });
  assert.equal((await me(env, cookie)).status, 401);
  assert.equal((await login(env, "google_joiner", "first-password")).status, 200);
  // From now on the current password is asked for.
  const second = await changePassword(env, sessionCookie(res), { newPassword: "second-password" });
  assert.equal((await json(second, 400)).error, ACCOUNT_MSG.currentPasswordRequired);
});

// ---- DELETE /api/user (what it removes: tests/account_delete_test.ts) ----

Deno.test("[api] DELETE /api/user: visitors 401; the last admin gets 409 and keeps the account; with two admins one may go", async () => {
  await using t = await makeTestEnv();
  assert.equal((await json(await t.request("/api/user", { method: "DELETE" }), 401)).error, "You must be logged in");
  const admin = await createUser(t.db, { username: "only_admin", isAdmin: true });
  const cookie = await loginCookie(t.db, admin.id);
  const proof = { currentPassword: admin.password };
  await errorOf(await t.request("/api/user", { method: "DELETE", cookie, json: proof }), 409, ACCOUNT_MSG.lastAdmin);
  assert.ok(await t.db.select().from(users).where(eq(users.id, admin.id)).get());
  assert.equal((await me(t, cookie)).status, 200, "still signed in");
  await createUser(t.db, { username: "second_admin", isAdmin: true });
  const res = await t.request("/api/user", { method: "DELETE", cookie, json: proof });
  assert.deepEqual(await json(res), { message: "Your account has been deleted." });
  assert.ok(res.headers.getSetCookie().some((c) => /^dr_session=;/.test(c)), "the cookie is cleared");
  assert.equal((await me(t, cookie)).status, 401);
  const cross = await t.request("/api/user", { method: "DELETE", cookie, json: proof, headers: { origin: "https://evil.example" } });
  assert.equal(cross.status, 403);
  await cross.body?.cancel();
});

Deno.test("[api] GET /api/user and GET /api/user/videos still answer beside the account routes", async () => {
  const user = await createUser(db);
  const cookie = await loginCookie(db, user.id);
  assert.equal((await json(await me(env, cookie))).username, user.username);
  assert.ok(Array.isArray(await json(await request("/api/user/videos", { cookie }))));
  assert.equal((await request("/api/user", { method: "PUT", cookie, json: {} })).status, 404);
});
