import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { mediaSlug } from "../../lib/media/slug.ts";
import { createMedia, createUser, startServer } from "../_helpers.ts";
import { collectErrors, hasChromium, launchBrowser, screenshot, waitHydrated } from "./_browser.ts";

// These visitors come for the first time: no age cookie (the other e2e files get one from launchBrowser).
const browser = hasChromium() ? await launchBrowser({ ageGate: "ask" }) : null;
const server = await startServer({ EXIT_URL: "https://duckduckgo.com/" });
const owner = await createUser(server.db, { username: "gate_owner" });
const item = await createMedia(server.db, { userId: owner.id, title: "Gatekept Aurora" });
const mediaPath = `/media/${mediaSlug(item.title, item.id)}`;
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };

const e2e = (name: string, fn: () => Promise<void>) =>
  Deno.test({ name: `[e2e] ${name}`, ignore: !browser, sanitizeResources: false, sanitizeOps: false, fn });

/** Total layout shift the page has seen so far (the Layout Instability API). */
const layoutShift = (page: Page) =>
  page.evaluate(() =>
    new Promise<number>((resolve) => {
      let sum = 0;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) if (!e.hadRecentInput) sum += e.value;
      }).observe({ type: "layout-shift", buffered: true });
      setTimeout(() => resolve(sum), 300);
    })
  );

/** The gate is on top: what is under the middle of the screen belongs to it. */
const gateOnTop = (page: Page) =>
  page.evaluate(() => {
    const el = document.elementFromPoint(innerWidth / 2, innerHeight / 2);
    return !!el?.closest("#age-gate");
  });

e2e("a fresh visitor sees the gate, confirms, lands on the page asked for and never sees it again", async () => {
  for (const viewport of [PHONE, DESKTOP]) {
    const context = await browser!.newContext({ viewport });
    const page = await context.newPage();
    const errors = collectErrors(page);
    await page.goto(`${server.url}/`);
    await page.locator("#age-gate").waitFor({ state: "visible" });
    const shift = await layoutShift(page);
    assert.ok(shift < 0.01, `the overlay moves nothing (CLS ${shift})`);

    await page.goto(`${server.url}${mediaPath}?from=share`);
    const gate = page.locator("#age-gate");
    await gate.waitFor({ state: "visible" });
    assert.ok(await gateOnTop(page), "the gate covers the page");
    assert.equal(await page.locator("#app").getAttribute("inert"), "", "the page under it takes no focus or clicks");
    assert.equal(await page.locator("#app").evaluate((el) => getComputedStyle(el).contentVisibility), "hidden", "nor is it rendered");
    await page.keyboard.press("Tab");
    assert.ok(await page.evaluate(() => !!document.activeElement?.closest("#age-gate")), "Tab goes into the gate");
    await screenshot(page, `age-gate-${viewport.width}`);

    await gate.getByRole("button", { name: "Yes, I am 18 or older" }).click();
    await page.waitForURL(`${server.url}${mediaPath}?from=share`);
    assert.equal(await page.locator("#age-gate").count(), 0);
    await page.getByRole("heading", { name: "Gatekept Aurora" }).first().waitFor();
    const cookie = (await context.cookies()).find((c) => c.name === "dr_age");
    assert.equal(cookie?.value, "1");
    const days = (cookie!.expires * 1000 - Date.now()) / 86_400_000;
    assert.ok(days > 364 && days <= 366, `kept a year (${days.toFixed(1)} days)`);
    assert.equal(cookie?.sameSite, "Lax");

    for (const path of ["/", "/search?q=aurora", "/no-such-page"]) {
      await page.goto(`${server.url}${path}`);
      assert.equal(await page.locator("#age-gate").count(), 0, path);
    }
    await page.goto(`${server.url}/`);
    await waitHydrated(page, "Feed");
    // The test item has no file (its image answers 404) and /no-such-page is a 404: nothing else may fail.
    assert.deepEqual(errors.filter((e) => !e.includes("status of 404")), []);
    await context.close();
  }
});

e2e("'No' leads to /access-denied, whose Exit Site goes to a search engine", async () => {
  const context = await browser!.newContext({ viewport: PHONE });
  const page = await context.newPage();
  await page.goto(`${server.url}/`);
  await page.locator("#age-gate").getByRole("link", { name: "No, I am under 18" }).click();
  await page.waitForURL(`${server.url}/access-denied`);
  await page.getByRole("heading", { name: "Access Denied" }).waitFor();
  await page.getByText("You must be at least 18 years old").waitFor();
  assert.equal(await page.getByRole("link", { name: "Exit Site" }).getAttribute("href"), "https://duckduckgo.com/");
  assert.equal(await page.locator("#age-gate").count(), 0);
  assert.equal((await context.cookies()).some((c) => c.name === "dr_age"), false, "no answer remembered");
  await screenshot(page, "access-denied-390");
  await page.setViewportSize(DESKTOP);
  await screenshot(page, "access-denied-1440");
  await context.close();
});

e2e("with JavaScript disabled the gate still works", async () => {
  const context = await browser!.newContext({ javaScriptEnabled: false, viewport: PHONE });
  const page = await context.newPage();
  await page.goto(`${server.url}/search?q=aurora`);
  await page.locator("#age-gate").waitFor({ state: "visible" });
  await page.getByRole("button", { name: "Yes, I am 18 or older" }).click();
  await page.waitForURL(`${server.url}/search?q=aurora`);
  assert.equal(await page.locator("#age-gate").count(), 0);
  await page.getByRole("heading", { name: 'Search results for "aurora"' }).waitFor();
  // The legal pages, the footer links and the Rules dialog need no script either.
  await page.goto(`${server.url}/faq`);
  await page.locator("footer").getByRole("button", { name: "Rules" }).click();
  await page.locator("#rules-dialog").waitFor({ state: "visible" });
  await context.close();
});

/** A visitor who answered the gate already. */
async function answeredPage(viewport = DESKTOP) {
  const context = await browser!.newContext({ viewport });
  await context.addCookies([{ name: "dr_age", value: "1", url: server.url }]);
  return { context, page: await context.newPage() };
}

e2e("the Rules dialog opens from the footer and from the open-rules-modal event: 6 titled sections", async () => {
  const { context, page } = await answeredPage(PHONE);
  const errors = collectErrors(page);
  await page.goto(`${server.url}/`);
  await waitHydrated(page, "Feed");
  const rules = page.locator("#rules-dialog");
  await page.locator("footer").getByRole("button", { name: "Rules" }).click();
  await rules.waitFor({ state: "visible" });
  assert.equal(await rules.locator("h2[id]").count(), 6);
  await rules.getByText("within 6 hours").waitFor();
  await screenshot(page, "rules-dialog-390");
  await page.keyboard.press("Escape");
  await rules.waitFor({ state: "hidden" });

  await page.evaluate(() => dispatchEvent(new Event("open-rules-modal")));
  await rules.waitFor({ state: "visible" });
  await page.evaluate(() => dispatchEvent(new Event("open-rules-modal")));
  assert.ok(await rules.isVisible(), "a second event while open is harmless");
  assert.deepEqual(errors, []);
  await context.close();
});

e2e("the footer's Terms, Privacy and FAQ open their text in a dialog; Contact copies an address with a toast", async () => {
  const { context, page } = await answeredPage(DESKTOP);
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: server.url });
  const errors = collectErrors(page);
  await page.goto(`${server.url}/`);
  await waitHydrated(page, "Feed");
  const footer = page.locator("footer");
  const dialog = page.locator("#site-text-dialog");

  await footer.getByRole("link", { name: "Terms" }).click();
  await dialog.getByRole("heading", { name: "Terms of Service", level: 2 }).waitFor();
  await dialog.getByText("Last updated May 1, 2025").waitFor();
  assert.equal(await dialog.locator(".legal-text h2[id]").count(), 15);
  assert.equal(page.url(), `${server.url}/`, "no navigation");
  await screenshot(page, "terms-dialog-1440");
  await page.keyboard.press("Escape");
  await footer.getByRole("link", { name: "FAQ" }).click();
  await dialog.getByRole("heading", { name: "Frequently Asked Questions", level: 2 }).waitFor();
  await dialog.getByText("How long does a review take?").waitFor();
  await page.keyboard.press("Escape");
  await footer.getByRole("link", { name: "Privacy" }).click();
  await dialog.getByText("Effective June 9, 2025").waitFor();
  await dialog.getByRole("link", { name: "Open as a page" }).click();
  await page.waitForURL(`${server.url}/privacy-policy`);

  await page.goto(`${server.url}/`);
  await waitHydrated(page, "Feed");
  await footer.getByRole("button", { name: "Contact" }).click();
  const contact = page.locator("#contact-dialog");
  await contact.waitFor({ state: "visible" });
  await contact.getByRole("button", { name: `Copy ${server.config.copyrightEmail}` }).click();
  await page.getByText("Email copied").waitFor();
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), server.config.copyrightEmail);
  await contact.locator("button[data-copy]", { hasText: "Copied" }).waitFor();
  await screenshot(page, "contact-dialog-1440");
  assert.deepEqual(errors, []);
  await context.close();
});

e2e("the footer stays at the bottom of the screen and never covers the end of a page", async () => {
  for (const viewport of [PHONE, DESKTOP]) {
    const { context, page } = await answeredPage(viewport);
    for (const path of ["/terms-of-service", "/privacy-policy", "/faq", "/data-deletion"]) {
      await page.goto(`${server.url}${path}`);
      const footer = page.locator("footer");
      const atTop = await footer.boundingBox();
      assert.ok(atTop && Math.abs(atTop.y + atTop.height - viewport.height) < 1, `${path}: at the bottom of the screen`);
      const name = path.slice(1);
      await screenshot(page, `${name}-${viewport.width}`);
      await page.evaluate(() => scrollTo(0, document.documentElement.scrollHeight));
      const gap = await page.evaluate(() => {
        const last = document.querySelector("main")!.lastElementChild!.getBoundingClientRect();
        return document.querySelector("footer")!.getBoundingClientRect().top - last.bottom;
      });
      assert.ok(gap >= 0, `${path}: the last row is above the footer (${gap})`);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - innerWidth);
      assert.equal(overflow, 0, `${path}: no sideways scroll`);
      await screenshot(page, `${name}-end-${viewport.width}`);
    }
    await context.close();
  }
});

Deno.test.afterAll(async () => {
  await browser?.close();
  await server.shutdown();
});
