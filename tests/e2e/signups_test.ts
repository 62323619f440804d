/**
 * Issue 41 in the browser, at 390x844 and 1440x900: the operator closes sign-ups on the Settings tab and a visitor
 * sees it on the form; during approval an applicant asks to join, is told to wait, is approved on the Sign-ups tab
 * and then signs in.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { collectErrors, launchBrowser, screenshot, signedInContext, waitHydrated } from "./_browser.ts";
import { needs } from "../_needs.ts";
import { createUser, loginCookie, startServer } from "../_helpers.ts";
import { registrationRequests, siteSettings, users } from "../../db/schema/mod.ts";
import { SIGNUP_MSG } from "../../common/site_settings.ts";
import { saveSiteSettings } from "../../lib/settings/site_settings.ts";

const browser = needs(import.meta.url, "chromium") ? await launchBrowser() : null;
const server = await startServer({ RATE_REGISTER_PER_IP: "100", RATE_LOGIN_PER_IP: "100" });
const admin = await createUser(server.db, { username: "signup_admin", isAdmin: true });
const adminCookie = await loginCookie(server.db, admin.id);
const stored = async () => JSON.parse((await server.db.select().from(siteSettings).get())?.data ?? "{}");

const SIZES = [{ width: 390, height: 844 }, { width: 1440, height: 900 }] as const;

for (const viewport of SIZES) {
  const size = `${viewport.width}`;

  Deno.test({
    name: `[e2e] ${size}: the operator closes sign-ups on the Settings tab; a visitor's sign-up form says so`,
    ignore: !browser,
    sanitizeResources: false,
    sanitizeOps: false,
    fn: async () => {
      await saveSiteSettings(server.db, server.config, { registrations: "open" }, admin.id);
      const operator = await signedInContext(browser!, server.url, adminCookie, { viewport });
      const page = await operator.newPage();
      const errors = collectErrors(page);
      await page.goto(`${server.url}/admin?tab=settings`);
      await waitHydrated(page, "AdminDashboard");
      const closed = page.getByRole("radio", { name: /Closed: nobody may sign up/ });
      await closed.waitFor();
      assert.equal(await page.getByRole("radio", { name: /Open/ }).isChecked(), true);
      await closed.check();
      await screenshot(page, `signups-settings-${size}`);
      await page.getByRole("button", { name: "Save settings" }).click();
      await page.getByText("Settings saved").first().waitFor();
      assert.equal((await stored()).registrations, "closed");

      const visitor = await browser!.newContext({ viewport });
      const form = await visitor.newPage();
      const visitorErrors = collectErrors(form);
      await form.goto(`${server.url}/auth?tab=register`);
      await waitHydrated(form, "AuthForm");
      await form.getByText(SIGNUP_MSG.closed).waitFor();
      assert.equal(await form.locator("#reg-username").count(), 0, "no form to fill in");
      assert.equal(await form.getByRole("button", { name: "Create account" }).count(), 0);
      await screenshot(form, `signups-closed-form-${size}`);
      assert.deepEqual([...errors, ...visitorErrors], []);
      await operator.close();
      await visitor.close();
    },
  });

  Deno.test({
    name: `[e2e] ${size}: during approval an applicant asks to join, waits, is approved on the Sign-ups tab and signs in`,
    ignore: !browser,
    sanitizeResources: false,
    sanitizeOps: false,
    fn: async () => {
      await saveSiteSettings(server.db, server.config, { registrations: "approval" }, admin.id);
      const username = `waiting_${size}`;
      const applicant = await browser!.newContext({ viewport });
      const page = await applicant.newPage();
      const errors = collectErrors(page);
      await page.goto(`${server.url}/auth?tab=register`);
      await waitHydrated(page, "AuthForm");
      await page.fill("#reg-username", username);
      await page.fill("#reg-email", `${username}@example.com`);
      await page.fill("#reg-password", "waiting-pass");
      await page.fill("#reg-confirm", "waiting-pass");
      await page.check('input[name="termsAccepted"]');
      await page.getByRole("button", { name: "Create account" }).click();
      await page.getByText(SIGNUP_MSG.reasonNeeded).waitFor();
      await page.getByLabel(SIGNUP_MSG.question).fill("I make short films with Veo and want to share them.");
      await screenshot(page, `signups-approval-form-${size}`);
      await page.getByRole("button", { name: "Create account" }).click();
      await page.getByText(SIGNUP_MSG.requested).waitFor();
      await screenshot(page, `signups-requested-${size}`);
      const row = await server.db.select().from(users).where(eq(users.username, username)).get();
      assert.ok(row && await server.db.select().from(registrationRequests).where(eq(registrationRequests.userId, row.id)).get());

      // Signing in before the approval names the wait.
      await page.goto(`${server.url}/auth`);
      await waitHydrated(page, "AuthForm");
      await page.fill("#login-username", username);
      await page.fill("#login-password", "waiting-pass");
      await page.getByRole("button", { name: "Login", exact: true }).click();
      await page.getByText(SIGNUP_MSG.pending).waitFor();

      const operator = await signedInContext(browser!, server.url, adminCookie, { viewport });
      const admin_ = await operator.newPage();
      const adminErrors = collectErrors(admin_);
      await admin_.goto(`${server.url}/admin?tab=signups`);
      await waitHydrated(admin_, "AdminDashboard");
      const entry = admin_.locator("tr", { hasText: username });
      await entry.getByText("I make short films with Veo").waitFor();
      await screenshot(admin_, `signups-tab-${size}`);
      await entry.getByRole("button", { name: "Approve" }).click();
      await admin_.getByText("Sign-up approved").first().waitFor();
      await admin_.getByText("No sign-ups are waiting").waitFor();

      await page.getByRole("button", { name: "Login", exact: true }).click();
      await page.waitForURL(`${server.url}/`);
      await waitHydrated(page, "AccountMenu");
      await page.getByTestId("avatar").waitFor();
      assert.deepEqual([...errors.filter((e) => !/403/.test(e)), ...adminErrors], []);
      await applicant.close();
      await operator.close();
    },
  });
}

Deno.test.afterAll(async () => {
  await browser?.close();
  await server.shutdown();
});
