/** Issue 13 point 10: the sign-in forms post, work without JavaScript, and keep what was typed before hydration. */
import assert from "node:assert/strict";
import { hasChromium, launchBrowser, screenshot, waitHydrated } from "./_browser.ts";
import { createUser, startServer } from "../_helpers.ts";

const browser = hasChromium() ? await launchBrowser() : null;
const server = await startServer({ ADMIN_USERNAME: "site_admin", ADMIN_PASSWORD: "admin-pass" });
const member = await createUser(server.db, { username: "form_member", password: "form-secret" });

const noPasswordInUrls = (urls: string[]) => assert.deepEqual(urls.filter((u) => /password=/i.test(u)), []);

Deno.test({
  name: "[e2e] point 10: without JavaScript, login fails with the message and the typed name, then signs in; register works too",
  ignore: !browser,
  sanitizeResources: false,
  sanitizeOps: false,
  fn: async () => {
    const context = await browser!.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const urls: string[] = [];
    page.on("request", (r) => urls.push(r.url()));
    await page.goto(`${server.url}/auth`);
    await page.fill("#login-username", member.username);
    await page.fill("#login-password", "wrong-pass");
    await page.getByRole("button", { name: "Login", exact: true }).click();
    await page.getByText("Invalid username or password").waitFor();
    assert.equal(await page.inputValue("#login-username"), member.username);
    assert.equal(await page.inputValue("#login-password"), "");
    await screenshot(page, "auth-nojs-error-390");
    await page.fill("#login-password", member.password);
    await page.getByRole("button", { name: "Login", exact: true }).click();
    await page.waitForURL(`${server.url}/`);
    await page.getByTestId("avatar").waitFor();
    noPasswordInUrls(urls);

    const visitor = await browser!.newContext({ javaScriptEnabled: false });
    const reg = await visitor.newPage();
    reg.on("request", (r) => urls.push(r.url()));
    await reg.goto(`${server.url}/auth`);
    await reg.getByRole("tab", { name: "Register" }).click();
    await reg.waitForURL(/\/auth\?tab=register$/);
    await reg.fill("#reg-username", "nojs_member");
    await reg.fill("#reg-email", "nojs@example.com");
    await reg.fill('input[type="date"][name="dateOfBirth"]', "1988-03-04");
    await reg.fill("#reg-password", "nojs-secret");
    await reg.fill("#reg-confirm", "nojs-secret");
    await reg.check('input[name="termsAccepted"]');
    await reg.getByRole("button", { name: "Create account" }).click();
    await reg.waitForURL(`${server.url}/`);
    await reg.getByTestId("avatar").waitFor();
    noPasswordInUrls(urls);
    await context.close();
    await visitor.close();
  },
});

Deno.test({
  name: "[e2e] point 10: what is typed before the island hydrates is kept, and the submit then signs in",
  ignore: !browser,
  sanitizeResources: false,
  sanitizeOps: false,
  fn: async () => {
    const page = await browser!.newPage();
    const urls: string[] = [];
    page.on("request", (r) => urls.push(r.url()));
    let release = () => {};
    const gate = new Promise<void>((r) => (release = r));
    // Hold the island code back, as a slow phone network would.
    await page.route(/\/static\/build\/client-[^/]+\.js$/, async (route) => {
      await gate;
      await route.continue();
    });
    // A held-back module script holds DOMContentLoaded too: wait only for the form itself.
    await page.goto(`${server.url}/auth`, { waitUntil: "commit" });
    await page.locator("#login-username").waitFor();
    await page.fill("#login-username", member.username);
    await page.fill("#login-password", member.password);
    release();
    await waitHydrated(page, "AuthForm");
    assert.equal(await page.inputValue("#login-username"), member.username);
    assert.equal(await page.inputValue("#login-password"), member.password);
    // The island's own validation sees the typed values (a reset state would say the username is too short).
    await page.getByRole("button", { name: "Login", exact: true }).click();
    await page.waitForURL(`${server.url}/`);
    await page.getByText(`Welcome back, ${member.username}!`).waitFor();
    noPasswordInUrls(urls);
    await page.close();
  },
});

Deno.test({
  name: "[e2e] issue 36 point 9: a login failure with no readable message says 'Invalid username or password' (390 and 1440 px)",
  ignore: !browser,
  sanitizeResources: false,
  sanitizeOps: false,
  fn: async () => {
    for (const viewport of [{ width: 390, height: 844 }, { width: 1440, height: 900 }]) {
      const context = await browser!.newContext({ viewport });
      const page = await context.newPage();
      // A proxy in front of the site answers for it, with an HTML error page and no JSON error.
      await page.route("**/api/login", (route) => route.fulfill({ status: 502, contentType: "text/html", body: "<h1>Bad Gateway</h1>" }));
      await page.goto(`${server.url}/auth`);
      await waitHydrated(page, "AuthForm");
      await page.fill("#login-username", member.username);
      await page.fill("#login-password", member.password);
      await page.getByRole("button", { name: "Login", exact: true }).click();
      const toast = page.locator('[role="status"], [role="alert"]').filter({ hasText: "Login failed" }).first();
      await toast.waitFor();
      assert.match(await toast.innerText(), /Login failed\s+Invalid username or password/);
      assert.doesNotMatch(await toast.innerText(), /Login failed\s+Login failed/);
      await screenshot(page, `auth-login-failed-${viewport.width}`);
      await context.close();
    }
  },
});

Deno.test.afterAll(async () => {
  await browser?.close();
  await server.shutdown();
});
