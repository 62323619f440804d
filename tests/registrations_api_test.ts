/**
 * Issue 41 point 2: who may sign up, by the `registrations` setting. closed refuses (403); approval makes an account
 * that cannot sign in (403 naming the wait) until the Sign-ups tab approves it (or rejects it: the account goes),
 * with a mail either way; invite needs a code (400 missing; 403 unknown, used up, expired or revoked), and a code also
 * skips the wait during approval. Every new admin route: visitors 401, members 403.
 */
import assert from "node:assert/strict";
import { desc, eq } from "drizzle-orm";
import { auditLog, invites, registrationRequests, users } from "../db/schema/mod.ts";
import { SIGNUP_MSG } from "../common/site_settings.ts";
import { createUser, errorOf, json, loginCookie, makeTestEnv, sessionCookie } from "./_helpers.ts";
import { readOutbox } from "./_mail.ts";
import { SITE_RESPONSES } from "../lib/render/api_site.ts";

const env = await makeTestEnv({ RATE_REGISTER_PER_IP: "1000", RATE_LOGIN_PER_IP: "1000", RATE_LOGIN_PER_ACCOUNT: "1000" });
const { request, db, config } = env;
Deno.test.afterAll(() => env.close());

const admin = await createUser(db, { username: "reg_admin", isAdmin: true });
const adminCookie = await loginCookie(db, admin.id);
const member = await createUser(db, { username: "reg_member" });
const memberCookie = await loginCookie(db, member.id);

let seq = 0;
const signup = (over: Record<string, unknown> = {}) => {
  const username = `applicant_${++seq}`;
  return { username, email: `${username}@example.com`, dateOfBirth: "1990-01-01", password: "hunter22", termsAccepted: true, ...over };
};
const register = (body: Record<string, unknown>) => request("/api/register", { json: body });
const login = (username: string, password = "hunter22") => request("/api/login", { json: { username, password } });
const mode = async (registrations: string) =>
  await json(await request("/api/admin/settings", { method: "PATCH", cookie: adminCookie, json: { registrations } }));
const userNamed = (username: string) => db.select().from(users).where(eq(users.username, username)).get();
const lastAudit = () => db.select().from(auditLog).orderBy(desc(auditLog.id)).get();
const mailsTo = async (to: string) => (await readOutbox(config.mail.outboxDir)).filter((m) => m.headers.get("to")?.includes(to));
const makeInvite = async (body: unknown = {}) => await json(await request("/api/admin/invites", { cookie: adminCookie, json: body }), 201);

Deno.test("[api] sign-ups and invites: every admin route refuses visitors (401) and members (403)", async () => {
  const routes: [string, string, unknown?][] = [
    ["GET", "/api/admin/registrations"],
    ["POST", `/api/admin/registrations/${member.id}/approve`],
    ["POST", `/api/admin/registrations/${member.id}/reject`, { reason: "no" }],
    ["GET", "/api/admin/invites"],
    ["POST", "/api/admin/invites", {}],
    ["DELETE", "/api/admin/invites/ABCDEFGHJK"],
    ["GET", "/api/admin/settings"],
    ["PATCH", "/api/admin/settings", { registrations: "closed" }],
  ];
  for (const [method, path, body] of routes) {
    const init = { method, ...(body !== undefined ? { json: body } : {}) };
    await errorOf(await request(path, init), 401);
    await errorOf(await request(path, { ...init, cookie: memberCookie }), 403);
  }
  assert.equal((await db.select().from(invites).all()).length, 0);
  assert.ok(await userNamed("reg_member"), "the member was not approved away or deleted");
});

Deno.test("[api] open: a sign-up makes a member at once, an invite code is not asked for", async () => {
  const body = signup({ inviteCode: "NOSUCHCODE" });
  const res = await register(body);
  assert.equal((await json(res, 201)).username, body.username);
  assert.ok(sessionCookie(res));
});

Deno.test("[api] closed: POST /api/register answers 403 with a clear message and makes no account; sign-in still works", async () => {
  await mode("closed");
  const body = signup();
  assert.equal(await errorOf(await register(body), 403), SIGNUP_MSG.closed);
  assert.equal(await userNamed(body.username), undefined);
  await json(await login("reg_member", "secret-pass"));
  const page = await (await request("/auth?tab=register")).text();
  assert.match(page, /Sign-ups are closed on this site\./);
  assert.doesNotMatch(page, /name="confirmPassword"/, "no sign-up form to fill in");
});

Deno.test("[api] closed: the first account of an empty site (the operator's) is still made", async () => {
  await using empty = await makeTestEnv({ REGISTRATIONS: "closed" });
  const res = await empty.request("/api/register", { json: signup() });
  assert.equal((await json(res, 201)).isAdmin, true);
  assert.equal(await errorOf(await empty.request("/api/register", { json: signup() }), 403), SIGNUP_MSG.closed);
});

Deno.test("[api] approval: the reason is required (1-500 characters); a sign-up waits, cannot sign in, and is listed", async () => {
  await mode("approval");
  assert.equal(await errorOf(await register(signup()), 400), SIGNUP_MSG.reasonNeeded);
  assert.equal(await errorOf(await register(signup({ reason: "   " })), 400), SIGNUP_MSG.reasonNeeded);
  assert.match(await errorOf(await register(signup({ reason: "x".repeat(501) })), 400), /at most 500/);
  assert.match(await errorOf(await register(signup({ reason: 7 })), 400), /reason/);

  const body = signup({ reason: "I make short films with AI tools." });
  const res = await register(body);
  assert.deepEqual(await json(res, 202), { pending: true, username: body.username, message: SIGNUP_MSG.requested });
  assert.equal(res.headers.getSetCookie().some((c) => /dr_session=/.test(c)), false, "no session while waiting");
  const row = await userNamed(body.username);
  assert.ok(row);
  const request_ = await db.select().from(registrationRequests).where(eq(registrationRequests.userId, row.id)).get();
  assert.equal(request_?.reason, "I make short films with AI tools.");

  assert.equal(await errorOf(await login(body.username), 403), SIGNUP_MSG.pending);
  // No public profile while waiting.
  await errorOf(await request(`/api/users/${row.id}/profile`), 404);
  assert.equal((await request(`/user/${body.username}`)).status, 404);
  assert.equal(
    await errorOf(await login(body.username, "wrong-pass"), 401),
    "Invalid username or password",
    "the wait is told only with the password",
  );
  assert.equal(
    await errorOf(await register({ ...signup({ reason: "again" }), username: body.username }), 409),
    "Username is already taken",
  );

  const list = await json(await request("/api/admin/registrations", { cookie: adminCookie }));
  const listed = list.signups.find((s: { username: string }) => s.username === body.username);
  assert.deepEqual(Object.keys(listed).sort(), ["createdAt", "email", "id", "reason", "username"]);
  assert.equal(listed.id, row.id);
  assert.equal(listed.reason, "I make short films with AI tools.");
  assert.equal(list.total, list.signups.length);
});

Deno.test("[api] approval: approving lets the applicant sign in, mails them and is audited; twice is 404", async () => {
  const body = signup({ reason: "To share my Veo clips" });
  await json(await register(body), 202);
  const { id } = (await userNamed(body.username))!;
  await errorOf(await request(`/api/admin/registrations/abc/approve`, { method: "POST", cookie: adminCookie }), 400);
  await errorOf(await request(`/api/admin/registrations/999999/approve`, { method: "POST", cookie: adminCookie }), 404);
  await errorOf(await request(`/api/admin/registrations/${member.id}/approve`, { method: "POST", cookie: adminCookie }), 404);
  const ok = await json(await request(`/api/admin/registrations/${id}/approve`, { method: "POST", cookie: adminCookie }));
  assert.deepEqual(ok, { ok: true, id, username: body.username });
  assert.equal(await db.select().from(registrationRequests).where(eq(registrationRequests.userId, id)).get(), undefined);
  const audit = await lastAudit();
  assert.equal(audit?.action, "signup.approve");
  assert.equal(audit?.actorId, admin.id);
  assert.equal(audit?.targetId, id);
  const mails = await mailsTo(body.email);
  assert.ok(
    mails.some((m) => /approved/.test(m.headers.get("subject") ?? "") && m.text.includes(`${config.siteUrl}/auth`)),
    "approval mail",
  );
  assert.ok(mails.some((m) => /Verify/.test(m.headers.get("subject") ?? "")), "the verification link follows the approval");
  const signedIn = await login(body.username);
  assert.equal((await json(signedIn)).username, body.username);
  await errorOf(await request(`/api/admin/registrations/${id}/approve`, { method: "POST", cookie: adminCookie }), 404);
});

Deno.test("[api] approval: rejecting needs a reason, deletes the account (its name free again) and mails the reason", async () => {
  const body = signup({ reason: "spam spam spam" });
  await json(await register(body), 202);
  const { id } = (await userNamed(body.username))!;
  const reject = (json_: unknown) => request(`/api/admin/registrations/${id}/reject`, { cookie: adminCookie, json: json_ });
  await errorOf(await reject({}), 400);
  await errorOf(await reject({ reason: "" }), 400, "A reason is required to reject a sign-up");
  await errorOf(await reject({ reason: "x".repeat(501) }), 400);
  await errorOf(
    await request(`/api/admin/registrations/${id}/reject`, {
      cookie: adminCookie,
      body: "reason=x",
      method: "POST",
      headers: { "content-type": "text/plain" },
    }),
    415,
  );
  await json(await reject({ reason: "Looks like an advertising account" }));
  assert.equal(await userNamed(body.username), undefined);
  const audit = await lastAudit();
  assert.equal(audit?.action, "signup.reject");
  assert.deepEqual(JSON.parse(audit!.details!), { username: body.username, reason: "Looks like an advertising account" });
  const [mail] = await mailsTo(body.email);
  assert.match(mail.text, /Looks like an advertising account/);
  assert.equal(await errorOf(await login(body.username), 401), "Invalid username or password");
  await json(await register({ ...body, reason: "Let me try again" }), 202);
  await errorOf(await reject({ reason: "gone already" }), 404);
});

Deno.test("[api] invites: made with defaults (1 use, 7 days) or limits, listed with uses, validated", async () => {
  const made = await makeInvite();
  assert.deepEqual(Object.keys(made).sort(), ["code", "expiresAt", "maxUses", "url"]);
  assert.match(made.code, /^[2-9A-HJKMNP-Z]{10}$/);
  assert.equal(made.url, `${config.siteUrl}/auth?tab=register&invite=${made.code}`);
  assert.equal(made.maxUses, 1);
  const days = (Date.parse(made.expiresAt) - Date.now()) / 86_400_000;
  assert.ok(days > 6.9 && days <= 7, `expires in 7 days, not ${days}`);
  const open = await makeInvite({ maxUses: null, expiresInDays: null });
  assert.equal(open.maxUses, null);
  assert.equal(open.expiresAt, null);
  for (
    const bad of [
      { maxUses: 0 },
      { maxUses: 1001 },
      { maxUses: "2" },
      { expiresInDays: 0 },
      { expiresInDays: 366 },
      { expiresInDays: 1.5 },
      { code: "MINE" },
    ]
  ) {
    await errorOf(await request("/api/admin/invites", { cookie: adminCookie, json: bad }), 400);
  }
  const { invites: list } = await json(await request("/api/admin/invites", { cookie: adminCookie }));
  assert.deepEqual(list.map((i: { code: string }) => i.code).sort(), [made.code, open.code].sort());
  assert.equal(list.find((i: { code: string }) => i.code === made.code).uses, 0);
  assert.equal(list.find((i: { code: string }) => i.code === made.code).state, "active");
  const audit = await lastAudit();
  assert.equal(audit?.action, "invite.create");
  assert.equal(JSON.parse(audit!.details!).code, open.code);
});

Deno.test("[api] invite: the code is needed (400), unknown 403; it admits up to exactly maxUses, then 403 used up", async () => {
  await mode("invite");
  assert.equal(await errorOf(await register(signup()), 400), SIGNUP_MSG.inviteNeeded);
  assert.equal(await errorOf(await register(signup({ inviteCode: "ZZZZZZZZZZ" })), 403), SIGNUP_MSG.inviteUnknown);
  const { code } = await makeInvite({ maxUses: 2 });
  await json(await register(signup({ inviteCode: code })), 201);
  // Typed in lower case from a paper note: the same code.
  await json(await register(signup({ inviteCode: code.toLowerCase() })), 201);
  const third = signup({ inviteCode: code });
  assert.equal(await errorOf(await register(third), 403), SIGNUP_MSG.inviteUsedUp);
  assert.equal(await userNamed(third.username), undefined);
  const row = await db.select().from(invites).where(eq(invites.code, code)).get();
  assert.equal(row?.uses, 2, "the refused third sign-up used nothing");
  const listed = (await json(await request("/api/admin/invites", { cookie: adminCookie }))).invites.find((i: { code: string }) =>
    i.code === code
  );
  assert.equal(listed.uses, 2);
  assert.equal(listed.state, "used up");
  // A refused sign-up (name taken) does not use the code up.
  const { code: one } = await makeInvite({ maxUses: 1 });
  await errorOf(await register({ ...signup({ inviteCode: one }), username: "reg_member" }), 409);
  assert.equal((await db.select().from(invites).where(eq(invites.code, one)).get())?.uses, 0);
});

Deno.test("[api] invite: an expired code and a revoked code are refused (403); revoking is audited, twice 404", async () => {
  const { code: old } = await makeInvite({ maxUses: 5, expiresInDays: 1 });
  await db.update(invites).set({ expiresAt: Date.now() - 1 }).where(eq(invites.code, old));
  assert.equal(await errorOf(await register(signup({ inviteCode: old })), 403), SIGNUP_MSG.inviteExpired);

  const { code } = await makeInvite({ maxUses: 5 });
  const revoked = await json(await request(`/api/admin/invites/${code}`, { method: "DELETE", cookie: adminCookie }));
  assert.deepEqual(revoked, { ok: true, code });
  assert.equal((await lastAudit())?.action, "invite.revoke");
  assert.equal(await errorOf(await register(signup({ inviteCode: code })), 403), SIGNUP_MSG.inviteRevoked);
  await errorOf(await request(`/api/admin/invites/${code}`, { method: "DELETE", cookie: adminCookie }), 404);
  await errorOf(await request(`/api/admin/invites/NOSUCHCODE`, { method: "DELETE", cookie: adminCookie }), 404);
  await errorOf(await request(`/api/admin/invites/${"%3C".repeat(3)}`, { method: "DELETE", cookie: adminCookie }), 404);
  const states = (await json(await request("/api/admin/invites", { cookie: adminCookie }))).invites;
  assert.equal(states.find((i: { code: string }) => i.code === code).state, "revoked");
  assert.equal(states.find((i: { code: string }) => i.code === old).state, "expired");
});

Deno.test("[api] invite: /auth?invite=CODE opens the Register tab with the code filled in", async () => {
  const { code, url } = await makeInvite();
  const page = await (await request(new URL(url).pathname + new URL(url).search)).text();
  assert.match(page, new RegExp(`"inviteCode":"${code}"`));
  assert.match(page, /"initialTab":"register"/);
});

Deno.test("[api] approval: an invite code admits at once, without a reason or a wait", async () => {
  await mode("approval");
  const { code } = await makeInvite();
  const body = signup({ inviteCode: code });
  const res = await register(body);
  assert.equal((await json(res, 201)).username, body.username);
  const row = await userNamed(body.username);
  assert.equal(await db.select().from(registrationRequests).where(eq(registrationRequests.userId, row!.id)).get(), undefined);
  assert.equal(await errorOf(await register(signup({ inviteCode: code })), 403), SIGNUP_MSG.inviteUsedUp);
  await mode("open");
});

Deno.test("[api] the answers match the OpenAPI document's schemas (lib/render/api_site.ts)", async () => {
  const R = SITE_RESPONSES;
  await mode("approval");
  const waiting = await json(await register(signup({ reason: "documented" })), 202);
  assert.ok(R.SignupRequested.safeParse(waiting).success);
  assert.ok(R.SiteSettings.safeParse(await json(await request("/api/admin/settings", { cookie: adminCookie }))).success);
  const page = await json(await request("/api/admin/registrations", { cookie: adminCookie }));
  assert.ok(R.SignupPage.safeParse(page).success, JSON.stringify(page));
  const made = await makeInvite({ maxUses: 3 });
  assert.ok(R.InviteMade.safeParse(made).success);
  assert.ok(R.InviteList.safeParse(await json(await request("/api/admin/invites", { cookie: adminCookie }))).success);
  const decided = await json(
    await request(`/api/admin/registrations/${page.signups[0].id}/approve`, { method: "POST", cookie: adminCookie }),
  );
  assert.ok(R.SignupDecided.safeParse(decided).success);
  assert.ok(
    R.InviteRevoked.safeParse(await json(await request(`/api/admin/invites/${made.code}`, { method: "DELETE", cookie: adminCookie })))
      .success,
  );
  await mode("open");
});

Deno.test("[api] approval without script: the /auth form post asks the reason, then says the request was sent", async () => {
  await mode("approval");
  const form = (fields: Record<string, string>) =>
    request("/auth?tab=register", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        form: "register",
        dateOfBirth: "1990-01-01",
        password: "hunter22",
        confirmPassword: "hunter22",
        termsAccepted: "on",
        ...fields,
      }).toString(),
    });
  const missing = await form({ username: "nojs_wait", email: "nojs_wait@example.com" });
  assert.equal(missing.status, 400);
  assert.match(await missing.text(), /Tell us why you want to join/);
  const sent = await form({ username: "nojs_wait", email: "nojs_wait@example.com", reason: "No script here" });
  assert.equal(sent.status, 200);
  assert.match(sent.headers.get("content-type") ?? "", /text\/html/);
  assert.match(await sent.text(), /Your request to join has been sent/);
  assert.equal(sent.headers.getSetCookie().some((c) => /dr_session=/.test(c)), false);
  const row = await userNamed("nojs_wait");
  assert.equal(
    (await db.select().from(registrationRequests).where(eq(registrationRequests.userId, row!.id)).get())?.reason,
    "No script here",
  );
  await mode("open");
});
