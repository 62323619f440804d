/** Issue 19 point 1: a mailed link proves the member's address; nothing else waits on it. */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { eq } from "drizzle-orm";
import { emailVerificationTokens, users } from "../db/schema/mod.ts";
import { mailVerificationLink } from "../lib/auth/email_verification.ts";
import { drainBackground } from "../lib/background.ts";
import { sha256Hex } from "../lib/auth/crypto.ts";
import { setLogLevel } from "../lib/log.ts";
import { VERIFY_MSG } from "../common/auth_rules.ts";
import { createUser, errorOf, json, loginCookie, makeTestEnv, sessionCookie, signedInMember, type TestEnv } from "./_helpers.ts";
import { readOutbox, verifyLinkIn } from "./_mail.ts";

setLogLevel("error");

const LOOSE = { RATE_RESET_PER_IP: "1000", RATE_RESET_PER_EMAIL: "1000", RATE_LOGIN_PER_ACCOUNT: "1000" };

/** The newest verification mail to `to`, and its token. */
async function lastLinkTo(env: TestEnv, to: string) {
  await drainBackground();
  const mails = (await readOutbox(env.config.mail.outboxDir)).filter((m) =>
    m.headers.get("to") === to && m.text.includes("/verify-email?")
  );
  assert.ok(mails.length > 0, `a verification mail to ${to}`);
  return { mail: mails.at(-1)!, count: mails.length, ...verifyLinkIn(mails.at(-1)!.text) };
}

const verifiedOf = async (env: TestEnv, id: number) => (await env.db.select().from(users).where(eq(users.id, id)).get())?.emailVerified;
const openLink = (env: TestEnv, token: string) => env.request(`/verify-email?token=${token}`);

Deno.test("[api] registering mails a link; it verifies the address once; GET /api/user says emailVerified", async () => {
  await using env = await makeTestEnv(LOOSE);
  await createUser(env.db, { isAdmin: true, emailVerified: true });
  const res = await env.request("/api/register", {
    json: {
      username: "new_member",
      email: "New.Member@example.com",
      dateOfBirth: "1990-01-01",
      password: "secret-pass",
      termsAccepted: true,
    },
  });
  const created = await json(res, 201);
  const cookie = sessionCookie(res);
  assert.equal(created.emailVerified, false);
  assert.equal((await json(await env.request("/api/user", { cookie }))).emailVerified, false);

  const { mail, link, token } = await lastLinkTo(env, "New.Member@example.com");
  assert.equal(mail.headers.get("subject"), "Verify your Dreamreel email address");
  assert.equal(link, `${env.config.siteUrl}/verify-email?token=${token}`);
  assert.ok(mail.html.includes(`href="${link}"`));
  assert.match(mail.text, /expires in 24 hours and works once/);
  const [row] = await env.db.select().from(emailVerificationTokens).all();
  assert.equal(row.tokenHash, sha256Hex(token), "only the hash is stored");
  assert.ok(!JSON.stringify(row).includes(token));
  assert.equal(row.expiresAt - row.createdAt, 24 * 3_600_000);

  const page = await openLink(env, token);
  assert.equal(page.status, 200);
  assert.equal(page.headers.get("cache-control"), "private, no-store");
  const html = await page.text();
  assert.ok(html.includes(VERIFY_MSG.doneTitle));
  assert.equal((await json(await env.request("/api/user", { cookie }))).emailVerified, true);

  // Issue 36 point 15: opened again, it says the address is proved already (it said "Invalid or expired").
  const again = await openLink(env, token);
  assert.equal(again.status, 200);
  const againHtml = await again.text();
  assert.ok(againHtml.includes(VERIFY_MSG.alreadyTitle) && againHtml.includes(VERIFY_MSG.alreadyVerified));
  assert.ok(!againHtml.includes(VERIFY_MSG.invalidTitle));
  for (const bad of ["", "nope", "x".repeat(500), encodeURIComponent("<script>")]) {
    assert.equal((await openLink(env, bad)).status, 400, bad);
  }
});

Deno.test("[api] an expired link is refused and leaves the address unproved", async () => {
  await using env = await makeTestEnv(LOOSE);
  const user = await createUser(env.db, { email: "late@example.com" });
  await mailVerificationLink(env.db, env.config, user.id, Date.now() - 25 * 3_600_000);
  const { token } = await lastLinkTo(env, "late@example.com");
  assert.equal((await openLink(env, token)).status, 400);
  assert.equal(await verifiedOf(env, user.id), false);
});

Deno.test("[api] an email change resets the flag, mails the new address, and a link to the old address proves nothing", async () => {
  await using env = await makeTestEnv(LOOSE);
  const member = await signedInMember(env.db, { email: "before@example.com" });
  await mailVerificationLink(env.db, env.config, member.id);
  const old = await lastLinkTo(env, "before@example.com");
  await env.db.update(users).set({ emailVerified: true }).where(eq(users.id, member.id));

  const patch = await env.request("/api/user", {
    method: "PATCH",
    cookie: member.cookie,
    json: { email: "after@example.com", currentPassword: member.password },
  });
  assert.equal((await json(patch)).emailVerified, false);
  assert.equal(await verifiedOf(env, member.id), false);
  assert.equal((await openLink(env, old.token)).status, 400, "the old address's link died with it");
  assert.equal(await verifiedOf(env, member.id), false);

  const fresh = await lastLinkTo(env, "after@example.com");
  assert.equal((await openLink(env, fresh.token)).status, 200);
  assert.equal(await verifiedOf(env, member.id), true);
  // The old address's link stays invalid: "already verified" speaks only of the address it was mailed to.
  const stale = await openLink(env, old.token);
  assert.equal(stale.status, 400);
  assert.ok((await stale.text()).includes(VERIFY_MSG.invalidTitle));
  // A new name alone keeps the flag.
  await json(await env.request("/api/user", { method: "PATCH", cookie: member.cookie, json: { username: "renamed_member" } }));
  assert.equal(await verifiedOf(env, member.id), true);
});

Deno.test("[api] POST /api/user/verify-email sends a new link; 409 once verified, 400 without an address, 401 for visitors, 429 over the limit", async () => {
  await using env = await makeTestEnv({ RATE_RESET_PER_EMAIL: "2", RATE_RESET_PER_IP: "1000" });
  const member = await signedInMember(env.db, { email: "resend@example.com" });
  const resend = (cookie?: string) => env.request("/api/user/verify-email", { method: "POST", cookie });
  assert.deepEqual(await json(await resend(member.cookie)), { message: VERIFY_MSG.sent });
  const first = await lastLinkTo(env, "resend@example.com");
  await json(await resend(member.cookie));
  const second = await lastLinkTo(env, "resend@example.com");
  assert.equal(second.count, 2);
  const limited = await resend(member.cookie);
  await errorOf(limited, 429);
  assert.ok(Number(limited.headers.get("retry-after")) > 0);
  // Both links work until one is used; then the address is proved and a resend is refused.
  assert.equal((await openLink(env, first.token)).status, 200);
  await errorOf(await resend(member.cookie), 409, VERIFY_MSG.alreadyVerified);

  const [noMail] = await env.db.insert(users).values({ username: "no_address", email: null, passwordHash: null }).returning();
  await errorOf(await resend(await loginCookie(env.db, noMail.id)), 400, VERIFY_MSG.noEmail);
  await errorOf(await resend(), 401);
  const cross = await env.request("/api/user/verify-email", {
    method: "POST",
    cookie: member.cookie,
    headers: { origin: "https://evil.example" },
  });
  assert.equal(cross.status, 403);
});

Deno.test("[page] /profile and the account menu show 'Verify your email' until the address is proved", async () => {
  await using env = await makeTestEnv();
  const member = await signedInMember(env.db, { email: "notice@example.com" });
  const profile = await (await env.request("/profile", { cookie: member.cookie })).text();
  assert.ok(profile.includes('data-testid="verify-email-notice"'));
  assert.ok(profile.includes(VERIFY_MSG.resend));
  const home = await (await env.request("/", { cookie: member.cookie })).text();
  assert.ok(home.includes('"verifyEmail":true'), "the account menu island is told");
  await env.db.update(users).set({ emailVerified: true }).where(eq(users.id, member.id));
  assert.ok(!(await (await env.request("/profile", { cookie: member.cookie })).text()).includes('data-testid="verify-email-notice"'));
  assert.ok(!(await (await env.request("/", { cookie: member.cookie })).text()).includes('"verifyEmail":true'));
});

Deno.test("[api] the admin of ADMIN_USERNAME and the first account are treated as verified; other members start unverified", async () => {
  await using env = await makeTestEnv({ ADMIN_USERNAME: "site_owner", ADMIN_PASSWORD: "owner-password" });
  const owner = await env.db.select().from(users).where(eq(users.username, "site_owner")).get();
  assert.equal(owner?.emailVerified, true);
  await using fresh = await makeTestEnv();
  const first = await json(
    await fresh.request("/api/register", {
      json: { username: "first_one", email: "first@example.com", dateOfBirth: "1990-01-01", password: "secret-pass", termsAccepted: true },
    }),
    201,
  );
  assert.deepEqual([first.isAdmin, first.emailVerified], [true, true]);
  const second = await json(
    await fresh.request("/api/register", {
      json: {
        username: "second_one",
        email: "second@example.com",
        dateOfBirth: "1990-01-01",
        password: "secret-pass",
        termsAccepted: true,
      },
    }),
    201,
  );
  assert.deepEqual([second.isAdmin, second.emailVerified], [false, false]);
  await drainBackground();
});

Deno.test("[build] the account menu's notice keeps zod out of the menu's bundle (every member page loads it)", () => {
  const manifest = JSON.parse(readFileSync("static/build/manifest.json", "utf8"));
  const menu = manifest.islands.AccountMenu;
  for (const file of [menu.file, ...menu.imports]) {
    assert.ok(!readFileSync(`.${file}`, "utf8").includes("$ZodType"), `${file} carries zod`);
  }
});
