/**
 * Issue 27 point 4 in Chromium: a visitor sent to sign in from a members' page, or from the
 * login-required dialog on a media page or the forum, comes back to that page after signing in
 * or registering. The server side (Google, Facebook, hostile paths) is tests/return_to_test.ts.
 */
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { collectErrors, hasChromium, launchBrowser, screenshot, waitHydrated } from "./_browser.ts";
import { createMedia, createUser, startServer } from "../_helpers.ts";
import { mediaSlug } from "../../lib/media/slug.ts";

const browser = hasChromium() ? await launchBrowser() : null;
const server = await startServer();
const member = await createUser(server.db, { username: "return_member" });
const item = await createMedia(server.db, { userId: member.id, title: "Return to me" });
const mediaPath = `/media/${mediaSlug(item.title, item.id)}`;

Deno.test.afterAll(async () => {
  await browser?.close();
  await server.shutdown();
});

const e2e = (name: string, fn: (page: Page) => Promise<void>) =>
  Deno.test({
    name: `[e2e] point 4: ${name}`,
    ignore: !browser,
    sanitizeResources: false,
    sanitizeOps: false,
    fn: async () => {
      const context = await browser!.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
      const page = await context.newPage();
      const errors = collectErrors(page);
      await fn(page);
      // The item has no file on disk (404); a 401 is the visitor's like refused.
      assert.deepEqual(errors.filter((e) => !e.includes("401") && !e.includes("404")), []);
      await context.close();
    },
  });

async function logIn(page: Page) {
  await waitHydrated(page, "AuthForm");
  await page.fill("#login-username", member.username);
  await page.fill("#login-password", member.password);
  await page.getByRole("button", { name: "Login", exact: true }).click();
}

e2e("a visitor sent from /my-messages signs in and is back on /my-messages", async (page) => {
  await page.goto(`${server.url}/my-messages`);
  assert.equal(new URL(page.url()).pathname, "/auth");
  await logIn(page);
  await page.waitForURL(`${server.url}/my-messages`);
  await waitHydrated(page, "Messages");
});

e2e("Like on a media page -> Login required -> Login: back on the media page, signed in", async (page) => {
  await page.goto(server.url + mediaPath);
  await waitHydrated(page, "LikeButton");
  await page.getByTestId("like-button").click();
  const dialog = page.locator("#login-required");
  await dialog.getByText("Login required").waitFor();
  await dialog.getByText("You need to be logged in to like content.").waitFor();
  await screenshot(page, "return-login-required-390");
  await dialog.getByRole("link", { name: "Login" }).click();
  await logIn(page);
  await page.waitForURL(server.url + mediaPath);
  await waitHydrated(page, "AccountMenu");
});

e2e("New Thread on the forum -> Login required -> Register: back on the forum, signed in", async (page) => {
  await page.goto(`${server.url}/forum`);
  await waitHydrated(page, "Forum");
  await page.getByTestId("new-thread").click();
  // The dialog names the action (point 10).
  await page.locator("#login-required").getByText("You need to be logged in to start a thread.").waitFor();
  await page.locator("#login-required").getByRole("link", { name: "Register" }).click();
  await waitHydrated(page, "AuthForm");
  await page.fill("#reg-username", "return_newbie");
  await page.fill("#reg-email", "return_newbie@example.com");
  await page.fill("#reg-password", "secret-pass");
  await page.fill("#reg-confirm", "secret-pass");
  await page.check('input[name="termsAccepted"]');
  await page.getByRole("button", { name: "Create account" }).click();
  await page.waitForURL(`${server.url}/forum`);
  await waitHydrated(page, "AccountMenu");
});

e2e("issue 31 point 3: a sign-in link whose `next` resolves to //host keeps the member on this site", async (page) => {
  // The probe's link: `/.//evil.example` resolves to `//evil.example`, another host for a browser.
  const link = `${server.url}/auth?next=%2F.%2F%2Fevil.example`;
  await page.goto(link);
  await logIn(page);
  await page.waitForURL(`${server.url}/`);
  await waitHydrated(page, "AccountMenu");
  // Signed in now, the same link answers a redirect straight away.
  for (
    const next of ["%2F.%2F%2Fevil.example", "%2Fa%2F..%2F..%2F%2Fevil.example", "%2F%252e%2F%2Fevil.example", "%2F.%2F%5Cevil.example"]
  ) {
    await page.goto(`${server.url}/auth?next=${next}`);
    assert.equal(new URL(page.url()).origin, server.url, next);
  }
});
