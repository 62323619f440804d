/** Issue 19 in the browser: the "Verify your email" notice, its resend button and link, Connected accounts, the Danger Zone's password. */
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import type { Page } from "playwright-core";
import { createUser, loginCookie, startServer } from "../_helpers.ts";
import { outboxFiles, parseMail } from "../_mail.ts";
import { collectErrors, hasChromium, launchBrowser, screenshot, signedInContext, waitHydrated } from "./_browser.ts";

const browser = hasChromium() ? await launchBrowser() : null;
/** A free loopback port, so SITE_URL (and the link in the mail) names the server the browser talks to. */
function freePort(): number {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (listener.addr as Deno.NetAddr).port;
  listener.close();
  return port;
}
const port = freePort();
const server = await startServer({ PORT: String(port), SITE_URL: `http://127.0.0.1:${port}`, LOG_LEVEL: "error" });
await createUser(server.db, { username: "e2e_site_admin", isAdmin: true, emailVerified: true });

const test = (name: string, fn: () => Promise<void>) =>
  Deno.test({ name: `[e2e] ${name}`, ignore: !browser, sanitizeResources: false, sanitizeOps: false, fn });

Deno.test.afterAll(async () => {
  await browser?.close();
  await server.shutdown();
});

/** The newest mail in the outbox once it is there (mails are written after the answer). */
async function nextMail(before: number) {
  for (let i = 0; i < 100; i++) {
    const files = await outboxFiles(server.config.mail.outboxDir);
    if (files.length > before) return parseMail(await readFile(files.at(-1)!, "utf8"));
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error("no mail arrived in the outbox");
}

async function openTab(page: Page, name: string) {
  await page.getByRole("tab", { name }).click();
  await page.locator(`#profile-panel`).waitFor();
}

// The invalid link answers 400 on purpose; nothing else may fail.
const unexpected = (errors: string[]) => errors.filter((e) => !/status of 400/.test(e));

test("'Verify your email' on /profile and in the account menu: resend, open the link, the notice is gone (issue 19)", async () => {
  const user = await createUser(server.db, { username: "unverified_one", email: "unverified@example.com" });
  for (const [width, height] of [[390, 844], [1440, 900]]) {
    const context = await signedInContext(browser!, server.url, await loginCookie(server.db, user.id), { viewport: { width, height } });
    const page = await context.newPage();
    const errors = collectErrors(page);
    await page.goto(`${server.url}/`);
    await waitHydrated(page, "AccountMenu");
    await page.getByRole("button", { name: /Account menu for unverified_one/ }).click();
    await page.locator("#account-menu").getByText("Verify your email").waitFor();
    await screenshot(page, `verify-menu-${width}`);
    await page.goto(`${server.url}/profile`);
    await waitHydrated(page, "ProfileSettings");
    const notice = page.locator(`[data-island="ProfileSettings"]`).getByTestId("verify-email-notice");
    await notice.getByText("Verify your email").waitFor();
    await screenshot(page, `verify-profile-${width}`);
    const before = (await outboxFiles(server.config.mail.outboxDir)).length;
    await notice.getByRole("button", { name: "Resend link" }).click();
    await notice.getByRole("button", { name: "Link sent" }).waitFor();
    const mail = await nextMail(before);
    assert.equal(mail.headers.get("to"), "unverified@example.com");
    await openTab(page, "Security");
    await page.getByRole("heading", { name: "Connected accounts" }).scrollIntoViewIfNeeded();
    await screenshot(page, `verify-connected-${width}`);
    await openTab(page, "Danger Zone");
    await page.getByRole("button", { name: "Delete Account" }).click();
    await page.getByRole("dialog", { name: "Delete your account?" }).getByLabel("Current Password").waitFor();
    await screenshot(page, `verify-danger-dialog-${width}`);
    if (width === 1440) {
      const link = /(http\S+\/verify-email\?token=[A-Za-z0-9_-]+)/.exec(mail.text)![1];
      await page.goto(link);
      await page.getByRole("heading", { name: "Email verified" }).waitFor();
      await screenshot(page, `verify-done-${width}`);
      await page.goto(`${server.url}/profile`);
      await waitHydrated(page, "ProfileSettings");
      assert.equal(await page.getByTestId("verify-email-notice").count(), 0);
    } else {
      await page.goto(`${server.url}/verify-email?token=spent-or-wrong`);
      await page.getByRole("heading", { name: "Invalid or expired link" }).waitFor();
      await screenshot(page, `verify-invalid-${width}`);
    }
    assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth), `nothing wider than ${width}`);
    assert.deepEqual(unexpected(errors), []);
    await context.close();
  }
});
