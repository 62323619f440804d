/**
 * Issue 36 points 15 and 16 in Chromium, at 390x844 and 1440x900: what the upload dialog offers and
 * says (the generators of the Create dialog, a false .mp4 refused before a byte goes, the duplicate
 * named), error toasts that close once they no longer apply, and the verify link opened again.
 */
import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import type { Page } from "playwright-core";
import { createUser, loginCookie, startServer } from "../_helpers.ts";
import { png } from "../_media_fixtures.ts";
import { mailVerificationLink } from "../../lib/auth/email_verification.ts";
import { readOutbox, verifyLinkIn } from "../_mail.ts";
import { VERIFY_MSG } from "../../common/auth_rules.ts";
import { UPLOAD_MSG } from "../../common/upload_rules.ts";
import { needs } from "../_needs.ts";
import { collectErrors, launchBrowser, screenshot, signedInContext, stopClock, waitHydrated } from "./_browser.ts";

const CHROMIUM = needs(import.meta.url, "chromium");
const browser = CHROMIUM ? await launchBrowser() : null;
const server = await startServer();
const { db } = server;

Deno.test.afterAll(async () => {
  await browser?.close();
  await server.shutdown();
});

const e2e = (name: string, fn: () => Promise<void>) =>
  Deno.test({ name: `[e2e] ${name}`, ignore: !browser, sanitizeResources: false, sanitizeOps: false, fn });

const SIZES = [{ width: 390, height: 844 }, { width: 1440, height: 900 }];
const errorToast = (page: Page) => page.locator("[data-toast=destructive]");

for (const viewport of SIZES) {
  const at = `${viewport.width}x${viewport.height}`;

  e2e(
    `upload dialog (${at}): the Create dialog's generators; a false .mp4 refused before sending; a tab switch closes the error`,
    async () => {
      const member = await createUser(db, { username: `words_${viewport.width}` });
      const context = await signedInContext(browser!, server.url, await loginCookie(db, member.id), { viewport });
      await context.clock.install();
      const page = await context.newPage();
      const errors = collectErrors(page);
      let sent = 0;
      page.on("request", (r) => r.url().includes("/api/upload/file") && sent++);
      await page.goto(`${server.url}/`);
      await waitHydrated(page, "UploadDialog");
      await page.locator("header").getByRole("button", { name: "Upload", exact: true }).click();
      const dialog = page.locator("dialog[aria-label='Upload content']");
      await dialog.locator("select[name=categoryId] option:nth-child(2)").waitFor({ state: "attached" });

      // Point 16: the generators the Create dialog names, spelled as it spells them.
      const generators = await dialog.locator("select[name=aiGenerator] option").allInnerTexts();
      for (const name of ["Stable Diffusion", "ComfyUI", "Leonardo", "OpenAI Sora", "Other"]) assert.ok(generators.includes(name), name);
      assert.ok(!generators.includes("Open AI Sora"));

      // Point 15: a text file named .mp4 is refused before any byte goes.
      await dialog.locator("input[name=title]").fill("Not a video");
      await dialog.locator("select[name=categoryId]").selectOption({ index: 1 });
      await dialog.locator("select[name=aiGenerator]").selectOption("Stable Diffusion");
      await dialog.locator("input[type=file]").setInputFiles({
        name: "clip.mp4",
        mimeType: "video/mp4",
        buffer: Buffer.from("just some text, not a video at all\n".repeat(200)),
      });
      await dialog.locator("button[type=submit]").click();
      await errorToast(page).filter({ hasText: "Invalid file type" }).waitFor();
      await dialog.locator("form").getByRole("alert").filter({ hasText: UPLOAD_MSG.videoFile }).waitFor();
      await screenshot(page, `upload-false-mp4-${viewport.width}`);
      assert.equal(sent, 0, "nothing was sent");
      assert.equal(await dialog.getByRole("progressbar").count(), 0, "no progress bar");

      // Point 15: the error toast closes when the reader moves to another tab (not by timing out: the clock stands still).
      await stopClock(page);
      // (force: with the clock stopped no animation frame comes by which Playwright tells the tab holds still)
      await dialog.getByRole("tab", { name: "Image" }).click({ force: true });
      await errorToast(page).waitFor({ state: "detached" });
      await page.clock.resume();

      // Point 15: a duplicate of a public item is named (the server's answer, tests/upload_api_test.ts).
      await dialog.locator("input[type=file]").setInputFiles({
        name: "koi.png",
        mimeType: "image/png",
        buffer: Buffer.from(await png("#ff8800")),
      });
      await page.route(
        "**/api/videos",
        (r) => r.fulfill({ status: 409, json: { error: UPLOAD_MSG.duplicateOf("Quiet harbour"), code: "duplicate" } }),
      );
      await dialog.locator("button[type=submit]").click();
      await errorToast(page).filter({ hasText: 'Duplicate content detected: "Quiet harbour" is already on the site.' }).waitFor();
      await screenshot(page, `upload-duplicate-${viewport.width}`);
      // Closing the dialog closes its error toast.
      await stopClock(page);
      await page.keyboard.press("Escape");
      await errorToast(page).waitFor({ state: "detached" });
      await page.clock.resume();
      assert.deepEqual(
        errors.filter((e) => !e.includes("409")),
        [],
      );
      await context.close();
    },
  );

  e2e(`sign-in (${at}): a failed login's toast closes on a switch to Register`, async () => {
    const context = await browser!.newContext({ viewport });
    await context.clock.install();
    const page = await context.newPage();
    await page.goto(`${server.url}/auth`);
    await waitHydrated(page, "AuthForm");
    await page.fill("#login-username", "nobody_here");
    await page.fill("#login-password", "wrong-password");
    await page.getByRole("button", { name: "Login", exact: true }).click();
    await errorToast(page).waitFor();
    await stopClock(page);
    await page.getByRole("tab", { name: "Register" }).click({ force: true });
    await errorToast(page).waitFor({ state: "detached" });
    await context.close();
  });

  e2e(`verify link (${at}): opened again once the address is proved, it says so`, async () => {
    const member = await createUser(db, { username: `verify_${viewport.width}`, email: `verify_${viewport.width}@example.com` });
    await mailVerificationLink(db, server.config, member.id);
    const mail = (await readOutbox(server.config.mail.outboxDir)).findLast((m) => m.headers.get("to") === member.email)!;
    const link = `/verify-email?token=${verifyLinkIn(mail.text).token}`;
    const context = await browser!.newContext({ viewport });
    const page = await context.newPage();
    await page.goto(`${server.url}${link}`);
    await page.getByRole("heading", { name: VERIFY_MSG.doneTitle }).waitFor();
    await page.goto(`${server.url}${link}`);
    await page.getByRole("heading", { name: VERIFY_MSG.alreadyTitle }).waitFor();
    await page.getByText(VERIFY_MSG.alreadyVerified).waitFor();
    await screenshot(page, `verify-again-${viewport.width}`);
    await context.close();
  });
}
