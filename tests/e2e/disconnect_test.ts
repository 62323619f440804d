/**
 * Issue 31 point 9 in the browser: disconnecting Google on /profile asks for the current password, as
 * connecting does; a wrong one is refused in the form and Google stays connected.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { socialAccounts } from "../../db/schema/mod.ts";
import { createUser, loginCookie, startServer } from "../_helpers.ts";
import { collectErrors, hasChromium, launchBrowser, screenshot, signedInContext, waitHydrated } from "./_browser.ts";

const browser = hasChromium() ? await launchBrowser() : null;
const server = await startServer();

Deno.test.afterAll(async () => {
  await browser?.close();
  await server.shutdown();
});

Deno.test({
  name: "[e2e] Disconnect Google asks for the password; a wrong one keeps it connected, the right one disconnects",
  ignore: !browser,
  sanitizeResources: false,
  sanitizeOps: false,
  fn: async () => {
    for (const [width, height] of [[390, 844], [1440, 900]]) {
      const user = await createUser(server.db, { username: `disconnect_${width}` });
      await server.db.insert(socialAccounts).values({ userId: user.id, provider: "google", providerUserId: `g-${width}` });
      const context = await signedInContext(browser!, server.url, await loginCookie(server.db, user.id), { viewport: { width, height } });
      const page = await context.newPage();
      const errors = collectErrors(page);
      await page.goto(`${server.url}/profile`);
      await waitHydrated(page, "ProfileSettings");
      await page.getByRole("tab", { name: "Security" }).click();
      const google = page.locator('li[data-provider="google"]');
      await google.getByText("Connected", { exact: true }).waitFor();
      await google.getByRole("button", { name: "Disconnect" }).click();
      const password = page.getByLabel("Current Password").last();
      await password.waitFor();
      await page.getByText("Enter your password to disconnect Google.").waitFor();
      await page.getByRole("button", { name: "Disconnect Google" }).click();
      await page.getByText("Please enter your current password").waitFor();
      await password.fill("not-my-password");
      await page.getByRole("button", { name: "Disconnect Google" }).click();
      await page.getByText("Current password is incorrect").waitFor();
      await screenshot(page, `disconnect-password-${width}`);
      assert.equal((await server.db.select().from(socialAccounts).where(eq(socialAccounts.userId, user.id))).length, 1);

      await password.fill(user.password);
      await page.getByRole("button", { name: "Disconnect Google" }).click();
      await google.getByText("Not connected").waitFor();
      await screenshot(page, `disconnect-done-${width}`);
      assert.equal((await server.db.select().from(socialAccounts).where(eq(socialAccounts.userId, user.id))).length, 0);
      assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth), `nothing wider than ${width}`);
      // The refused attempt answered 400, on purpose.
      assert.deepEqual(errors.filter((e) => !/status of 400/.test(e)), []);
      await context.close();
    }
  },
});
