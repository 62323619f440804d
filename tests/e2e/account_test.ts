import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { passwordResetTokens, sessions, socialAccounts, users } from "../../db/schema/mod.ts";
import { ACCOUNT_MSG } from "../../common/schemas/account.ts";
import { randomToken, sha256Hex } from "../../lib/auth/crypto.ts";
import { verifyPassword } from "../../lib/auth/passwords.ts";
import { createUser, loginCookie, startServer } from "../_helpers.ts";
import { outboxFiles, parseMail, resetLinkIn } from "../_mail.ts";
import { collectErrors, hasChromium, launchBrowser, screenshot, signedInContext, waitHydrated } from "./_browser.ts";

/** A free loopback port, so SITE_URL (and the link in the mail) names the server the browser talks to. */
function freePort(): number {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (listener.addr as Deno.NetAddr).port;
  listener.close();
  return port;
}

const browser = hasChromium() ? await launchBrowser() : null;
const port = freePort();
const server = await startServer({ PORT: String(port), SITE_URL: `http://127.0.0.1:${port}`, LOG_LEVEL: "error" });
// An admin exists, so the members below are plain members (and deleting them is allowed).
await createUser(server.db, { username: "e2e_site_admin", isAdmin: true });

const test = (name: string, fn: () => Promise<void>) =>
  Deno.test({ name: `[e2e] ${name}`, ignore: !browser, sanitizeResources: false, sanitizeOps: false, fn });

Deno.test.afterAll(async () => {
  await browser?.close();
  await server.shutdown();
});

/** The newest mail in the outbox once it is there (the reset mail is written after the answer). */
async function nextMail(before: number) {
  for (let i = 0; i < 100; i++) {
    const files = await outboxFiles(server.config.mail.outboxDir);
    if (files.length > before) return parseMail(await readFile(files.at(-1)!, "utf8"));
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error("no mail arrived in the outbox");
}

// The flows below provoke 4xx answers on purpose (a taken name, a spent link); nothing else may fail.
const unexpected = (errors: string[]) => errors.filter((e) => !/status of 40[0-9]/.test(e));

test("a member forgets the password, follows the link from the outbox mail, sets a new one and signs in; the link then shows the invalid state", async () => {
  const user = await createUser(server.db, { username: "forgetful_one", password: "old-password", email: "forgetful@example.com" });
  const page = await browser!.newPage();
  const errors = collectErrors(page);
  await page.goto(`${server.url}/auth`);
  await waitHydrated(page, "AuthForm");
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await page.waitForURL(`${server.url}/forgot-password`);
  await waitHydrated(page, "ForgotPasswordForm");

  await page.getByRole("button", { name: "Send Reset Link" }).click();
  await page.getByText("Please enter a valid email address").waitFor();
  const before = (await outboxFiles(server.config.mail.outboxDir)).length;
  await page.getByRole("textbox", { name: "Email" }).fill("Forgetful@example.com");
  await page.getByRole("button", { name: "Send Reset Link" }).click();
  await page.getByRole("heading", { name: "Check your email" }).waitFor();
  await page.getByText("If an account exists with the email you provided, we've sent password reset instructions to that address.")
    .waitFor();
  await page.getByText("The link expires in 1 hour.").waitFor();
  await page.getByRole("link", { name: "Back to Sign In" }).waitFor();

  const mail = await nextMail(before);
  assert.equal(mail.headers.get("to"), user.email);
  const { link } = resetLinkIn(mail.text);
  assert.ok(link.startsWith(`${server.url}/reset-password?token=`));

  await page.goto(link);
  await waitHydrated(page, "ResetPasswordForm");
  await page.getByRole("heading", { name: "Reset Password" }).waitFor();
  await page.getByLabel("New Password").fill("short");
  await page.getByLabel("Confirm Password").fill("short");
  await page.getByRole("button", { name: "Reset Password" }).click();
  await page.getByText("Password must be at least 6 characters").waitFor();
  await page.getByLabel("New Password").fill("fresh-password");
  await page.getByLabel("Confirm Password").fill("fresh-passwrod");
  await page.getByRole("button", { name: "Reset Password" }).click();
  await page.getByText("Passwords do not match").waitFor();
  await page.getByLabel("Confirm Password").fill("fresh-password");
  await page.getByRole("button", { name: "Reset Password" }).click();
  await page.getByRole("heading", { name: "Password Reset Successful" }).waitFor();
  await page.getByRole("link", { name: "Go to Sign In" }).click();
  await page.waitForURL(`${server.url}/auth`);
  await waitHydrated(page, "AuthForm");
  await page.fill("#login-username", "forgetful_one");
  await page.fill("#login-password", "fresh-password");
  await page.getByRole("button", { name: "Login", exact: true }).click();
  await page.waitForURL(`${server.url}/`);
  await page.getByText("Welcome back, forgetful_one!").waitFor();

  // The same link again: the invalid state, offering a new one.
  await page.goto(link);
  await waitHydrated(page, "ResetPasswordForm");
  await page.getByRole("heading", { name: "Invalid or expired token" }).waitFor();
  await page.getByText("The password reset link is invalid or has expired. Please request a new password reset link.").waitFor();
  await page.getByRole("link", { name: "Request New Reset Link" }).click();
  await page.waitForURL(`${server.url}/forgot-password`);
  assert.deepEqual(unexpected(errors), []);
  await page.close();
});

/** Opens a tab of /profile by its name. */
async function openTab(page: Page, name: string) {
  await page.getByRole("tab", { name }).click();
  await page.locator(`#profile-panel`).waitFor();
}

test("a member changes email and password on /profile, then deletes the account and is logged out", async () => {
  const user = await createUser(server.db, { username: "profile_member", password: "old-password", email: "before@example.com" });
  await createUser(server.db, { username: "someone_else" });
  const cookie = await loginCookie(server.db, user.id);
  const context = await signedInContext(browser!, server.url, cookie);
  const elsewhere = await signedInContext(browser!, server.url, await loginCookie(server.db, user.id));
  const page = await context.newPage();
  const errors = collectErrors(page);
  await page.goto(`${server.url}/auth`); // signed in: sent home, where the account menu links the profile
  await waitHydrated(page, "AccountMenu");
  await page.getByRole("button", { name: /Account menu for profile_member/ }).click();
  await page.locator("#account-menu").getByText("Profile", { exact: true }).click();
  await page.waitForURL(`${server.url}/profile`);
  await waitHydrated(page, "ProfileSettings");

  // Profile: a taken name is refused with the server's reason; a new email is saved and the page reloads.
  await page.getByLabel("Username").fill("Someone_Else");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await page.getByText("Update Failed").waitFor();
  await page.getByText("Username is already taken").waitFor();
  await page.getByLabel("Username").fill("profile_member");
  await page.getByRole("textbox", { name: "Email" }).fill("after@example");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await page.getByText("Please enter a valid email").waitFor();
  await page.getByRole("textbox", { name: "Email" }).fill("after@example.com");
  // A new address needs the current password: asked for, then checked by the server.
  await page.getByRole("button", { name: "Save Changes" }).click();
  await page.getByText("Please enter your current password").waitFor();
  await page.getByLabel("Current Password").fill("wrong-password");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await page.getByText("Current password is incorrect").waitFor();
  assert.equal((await server.db.select().from(users).where(eq(users.id, user.id)).get())?.email, "before@example.com");
  await page.getByLabel("Current Password").fill("old-password");
  await Promise.all([page.waitForEvent("load"), page.getByRole("button", { name: "Save Changes" }).click()]);
  await waitHydrated(page, "ProfileSettings");
  await page.getByText("Profile Updated").waitFor();
  assert.equal(await page.getByRole("textbox", { name: "Email" }).inputValue(), "after@example.com");
  assert.equal((await server.db.select().from(users).where(eq(users.id, user.id)).get())?.email, "after@example.com");

  // Security: the confirmation must match, then the password changes and other devices are signed out.
  await openTab(page, "Security");
  await page.getByLabel("Current Password").fill("old-password");
  await page.getByLabel("New Password", { exact: true }).fill("newer-password");
  await page.getByLabel("Confirm New Password").fill("newer-passwort");
  await page.getByRole("button", { name: "Change Password" }).click();
  await page.getByText("Passwords Don't Match", { exact: true }).first().waitFor();
  await page.getByLabel("Confirm New Password").fill("newer-password");
  await page.getByRole("button", { name: "Change Password" }).click();
  await page.getByText("Password Changed").waitFor();
  const stored = await server.db.select().from(users).where(eq(users.id, user.id)).get();
  assert.ok(await verifyPassword(stored!.passwordHash, "newer-password"));
  const other = await elsewhere.newPage();
  await other.goto(`${server.url}/profile`);
  assert.equal(new URL(other.url()).pathname, "/auth", "the other device was signed out");
  await page.reload();
  await waitHydrated(page, "ProfileSettings");
  assert.equal(new URL(page.url()).pathname, "/profile", "this browser stays signed in");

  // Danger Zone: only the exact username and the current password delete; then the member is logged out.
  await openTab(page, "Danger Zone");
  await page.getByRole("button", { name: "Delete Account" }).click();
  const dialog = page.getByRole("dialog", { name: "Delete your account?" });
  await dialog.getByLabel("Username").fill("Profile_Member");
  await dialog.getByRole("button", { name: "Delete My Account" }).click();
  await page.getByText("Confirmation Failed").waitFor();
  await page.getByText("Please type your username exactly to confirm account deletion.").waitFor();
  await dialog.getByLabel("Username").fill("profile_member");
  await dialog.getByRole("button", { name: "Delete My Account" }).click();
  await dialog.getByText("Please enter your current password").waitFor();
  await dialog.getByLabel("Current Password").fill("not-my-password");
  await dialog.getByRole("button", { name: "Delete My Account" }).click();
  await page.getByText("Current password is incorrect").waitFor();
  assert.ok(await server.db.select().from(users).where(eq(users.id, user.id)).get(), "a wrong password deletes nothing");
  await dialog.getByLabel("Current Password").fill("newer-password");
  await dialog.getByRole("button", { name: "Delete My Account" }).click();
  await page.waitForURL(`${server.url}/`);
  await page.getByText("Account Deleted").waitFor();
  assert.equal(await page.getByTestId("avatar").count(), 0, "logged out");
  assert.equal(await server.db.select().from(users).where(eq(users.id, user.id)).get(), undefined);
  await page.goto(`${server.url}/profile`);
  assert.equal(new URL(page.url()).pathname, "/auth");
  assert.deepEqual(unexpected(errors), []);
  await context.close();
  await elsewhere.close();
});

test("a member without a password is asked to sign in again before moving their email", async () => {
  const [social] = await server.db.insert(users).values({ username: "google_member", email: "g-member@example.com", passwordHash: null })
    .returning();
  await server.db.insert(socialAccounts).values({ userId: social.id, provider: "google", providerUserId: "g-123", email: social.email });
  const cookie = await loginCookie(server.db, social.id);
  // The session started long ago: the recent sign-in the change needs is missing.
  await server.db.update(sessions).set({ createdAt: Date.now() - 3_600_000 }).where(eq(sessions.idHash, sha256Hex(cookie.split("=")[1])));
  const context = await signedInContext(browser!, server.url, cookie, { viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const errors = collectErrors(page);
  await page.goto(`${server.url}/profile`);
  await waitHydrated(page, "ProfileSettings");
  await page.getByRole("textbox", { name: "Email" }).fill("moved@example.com");
  assert.equal(await page.getByLabel("Current Password").count(), 0, "no password to ask for");
  const again = page.getByRole("link", { name: "Sign in again with Google" });
  assert.equal(await again.getAttribute("href"), "/auth/google");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await page.getByText("Update Failed").waitFor();
  await page.getByText(ACCOUNT_MSG.signInAgain).waitFor();
  assert.equal((await server.db.select().from(users).where(eq(users.id, social.id)).get())?.email, "g-member@example.com");
  await screenshot(page, "account-profile-social-email");
  assert.deepEqual(unexpected(errors), []);
  await context.close();
});

test("the reset page shows the checking spinner, then Server Error when the check cannot reach the server", async () => {
  const page = await browser!.newPage();
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route("**/api/verify-reset-token/**", async (route) => {
    await held;
    await route.abort("connectionrefused");
  });
  await page.goto(`${server.url}/reset-password?token=some-token`);
  await waitHydrated(page, "ResetPasswordForm");
  await page.getByText("Verifying your reset link...").waitFor();
  assert.equal(await page.getByTestId("spinner").count(), 1);
  await screenshot(page, "account-reset-checking");
  release();
  await page.getByRole("heading", { name: "Server Error" }).waitFor();
  await page.getByText("There was a problem connecting to the server. Please try again later.").waitFor();
  await page.getByRole("link", { name: "Back to Sign In" }).click();
  await page.waitForURL(`${server.url}/auth`);
  await page.close();
});

/** A live reset token for a member, stored the way the forgot-password call stores it. */
async function liveToken(userId: number) {
  const token = randomToken();
  await server.db.insert(passwordResetTokens).values({ userId, tokenHash: sha256Hex(token), expiresAt: Date.now() + 3_600_000 });
  return token;
}

test("screenshots of /profile, /forgot-password and /reset-password at 390x844 and 1440x900", async () => {
  const user = await createUser(server.db, { username: "screenshot_member" });
  const noOverflow = async (page: Page, what: string) =>
    assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth), `${what}: nothing wider than the viewport`);
  for (const [width, height] of [[390, 844], [1440, 900]]) {
    // A fresh session each round: the reset below ends the member's sessions.
    const context = await signedInContext(browser!, server.url, await loginCookie(server.db, user.id), { viewport: { width, height } });
    const page = await context.newPage();
    await page.goto(`${server.url}/profile`);
    await waitHydrated(page, "ProfileSettings");
    await screenshot(page, `account-profile-${width}`);
    await openTab(page, "Security");
    await screenshot(page, `account-security-${width}`);
    await openTab(page, "Danger Zone");
    await screenshot(page, `account-danger-${width}`);
    await page.getByRole("button", { name: "Delete Account" }).click();
    await screenshot(page, `account-danger-dialog-${width}`);
    await noOverflow(page, `/profile at ${width}`);
    await context.close();

    const visitor = await browser!.newContext({ viewport: { width, height } });
    const v = await visitor.newPage();
    await v.goto(`${server.url}/forgot-password`);
    await waitHydrated(v, "ForgotPasswordForm");
    await screenshot(v, `account-forgot-${width}`);
    await v.getByRole("textbox", { name: "Email" }).fill(`nobody-${width}@example.com`);
    await v.getByRole("button", { name: "Send Reset Link" }).click();
    await v.getByRole("heading", { name: "Check your email" }).waitFor();
    await screenshot(v, `account-forgot-sent-${width}`);
    await noOverflow(v, `/forgot-password at ${width}`);
    await v.goto(`${server.url}/reset-password?token=not-a-real-token`);
    await v.getByRole("heading", { name: "Invalid or expired token" }).waitFor();
    await screenshot(v, `account-reset-invalid-${width}`);
    await v.goto(`${server.url}/reset-password?token=${await liveToken(user.id)}`);
    await v.getByRole("heading", { name: "Reset Password" }).waitFor();
    await v.getByRole("button", { name: "Reset Password" }).click();
    await v.getByText("Password must be at least 6 characters").waitFor();
    await screenshot(v, `account-reset-form-${width}`);
    await v.getByLabel("New Password").fill("screen-password");
    await v.getByLabel("Confirm Password").fill("screen-password");
    await v.getByRole("button", { name: "Reset Password" }).click();
    await v.getByRole("heading", { name: "Password Reset Successful" }).waitFor();
    await screenshot(v, `account-reset-success-${width}`);
    await noOverflow(v, `/reset-password at ${width}`);
    await visitor.close();
  }
});
