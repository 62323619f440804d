/**
 * Issue 27 point 2: the register form's date-of-birth calendar behaves as a dialog
 * (docs/decisions/021): Escape, a click outside and focus moving to another field close it;
 * the arrows move by day and week, across months; Enter picks and focus returns to the field.
 */
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { collectErrors, hasChromium, launchBrowser, screenshot, waitHydrated } from "./_browser.ts";
import { startServer } from "../_helpers.ts";

const browser = hasChromium() ? await launchBrowser() : null;
const server = await startServer();

Deno.test.afterAll(async () => {
  await browser?.close();
  await server.shutdown();
});

const calendar = (page: Page) => page.getByRole("dialog", { name: "Choose date of birth" });
/** Waits until the focused element is the one named (a day's date, else an id): focus moves after a render. */
async function assertFocus(page: Page, name: string, message = `focus on ${name}`) {
  const now = () => page.evaluate(() => document.activeElement?.getAttribute("data-date") ?? document.activeElement?.id);
  await page.waitForFunction(
    (name) => (document.activeElement?.getAttribute("data-date") ?? document.activeElement?.id) === name,
    name,
    { timeout: 3000 },
  ).catch(async () => assert.equal(await now(), name, message));
}

const SIZES = {
  phone: { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true },
  desktop: { viewport: { width: 1440, height: 900 } },
};

for (const [size, options] of Object.entries(SIZES)) {
  Deno.test({
    name: `[e2e] point 2 (${size}): the date-of-birth calendar closes on Escape, outside click and focus elsewhere; arrows and Enter pick`,
    ignore: !browser,
    sanitizeResources: false,
    sanitizeOps: false,
    fn: async () => {
      const context = await browser!.newContext(options);
      const page = await context.newPage();
      const errors = collectErrors(page);
      await page.goto(`${server.url}/auth?tab=register`);
      await waitHydrated(page, "AuthForm");
      const field = page.locator("#reg-dob");

      await field.click();
      await calendar(page).waitFor();
      await assertFocus(page, "2000-01-01", "the chosen day takes the focus");
      await screenshot(page, `datepicker-open-${size}`);
      await page.keyboard.press("Escape");
      await calendar(page).waitFor({ state: "hidden" });
      await assertFocus(page, "reg-dob", "Escape returns the focus to the field");

      await field.click();
      await calendar(page).waitFor();
      await page.getByRole("heading", { name: /Join/ }).click();
      await calendar(page).waitFor({ state: "hidden" });

      await field.click();
      await calendar(page).waitFor();
      await page.locator("#reg-password").focus();
      await calendar(page).waitFor({ state: "hidden" });

      await field.click();
      await calendar(page).waitFor();
      await assertFocus(page, "2000-01-01");
      await page.keyboard.press("ArrowRight");
      await assertFocus(page, "2000-01-02");
      await page.keyboard.press("ArrowDown");
      await assertFocus(page, "2000-01-09");
      await page.keyboard.press("ArrowUp");
      await page.keyboard.press("ArrowUp");
      await assertFocus(page, "1999-12-26", "a week back crosses into December");
      assert.equal(await calendar(page).getByLabel("Month").inputValue(), "11");
      await page.keyboard.press("ArrowLeft");
      await page.keyboard.press("Enter");
      await calendar(page).waitFor({ state: "hidden" });
      assert.equal(await field.textContent(), "December 25, 1999");
      await assertFocus(page, "reg-dob");
      assert.equal(await page.locator('input[type="hidden"][name="dateOfBirth"]').inputValue(), "1999-12-25");
      assert.deepEqual(errors, []);
      await context.close();
    },
  });
}
