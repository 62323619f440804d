/**
 * The home feed in Chromium at 390x844 and 1440x900 (issue 36): Report on a card opens the report
 * dialog where the reader is (point 6), later pages ask for the columns the screen has (point 7),
 * and on a phone the category bar scrolls away and comes back on the way up while the header and a
 * one-line footer stay (point 14).
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { categoryIds, createMedia, createUser, startServer, until } from "../_helpers.ts";
import { media, reports } from "../../db/schema/mod.ts";
import { columnsFor } from "../../common/feed_rules.ts";
import { needs } from "../_needs.ts";
import { collectErrors, launchBrowser, screenshot, waitHydrated } from "./_browser.ts";

const CHROMIUM = needs(import.meta.url, "chromium");
const browser = CHROMIUM ? await launchBrowser() : null;
const server = await startServer({ RATE_REPORTS_PER_USER: "1000" });
const { db } = server;
const maker = await createUser(db, { username: "feed_maker" });
const [category] = await categoryIds(db);
const t0 = Date.now() - 1_000_000;
// 40 videos and 20 images: the first page (sized for 3 columns) holds 12 and 6, so every later page is asked for.
for (let i = 0; i < 60; i++) {
  const video = i % 3 !== 2;
  await createMedia(db, {
    userId: maker.id,
    title: `Feed ${video ? "clip" : "still"} ${i}`,
    contentType: video ? "video" : "image",
    fileKey: video ? `v/${String(i).padStart(32, "0")}.mp4` : `i/${String(i).padStart(32, "0")}.png`,
    categoryId: category.id,
    aiGenerator: "Kling",
    createdAt: t0 + i * 1000,
  });
}
const approved = (await db.select({ id: media.id }).from(media).all()).length;

Deno.test.afterAll(async () => {
  await browser?.close();
  await server.shutdown();
});

const e2e = (name: string, fn: () => Promise<void>) =>
  Deno.test({ name: `[e2e] ${name}`, ignore: !browser, sanitizeResources: false, sanitizeOps: false, fn });

const SIZES = [{ width: 390, height: 844 }, { width: 1440, height: 900 }];
const options = (size: { width: number; height: number }) => ({
  viewport: size,
  ...(size.width < 500 ? { isMobile: true, hasTouch: true } : {}),
});
/** The fixture's media files do not exist: their 404s are not the page's errors. */
const realErrors = (errors: string[]) => errors.filter((e) => !e.includes("status of 404"));
/** Waits until the page stops scrolling and loading: scrollY the same over 300 ms, no page of the feed on its way. */
async function settled(page: Page) {
  let last = -1;
  await until(
    async () => {
      const now = await page.evaluate(() => scrollY);
      const loading = await page.locator('[data-island="Feed"] > div > [role="status"]').count();
      const same = now === last && loading === 0;
      last = now;
      if (!same) await new Promise((r) => setTimeout(r, 300));
      return same;
    },
    15_000,
    "the page to settle",
  );
}

const cardIds = (page: Page) =>
  page.locator('[data-testid="feed-grid"] [data-card]').evaluateAll((els) => els.map((e) => Number(e.getAttribute("data-card"))));

for (const size of SIZES) {
  const at = `${size.width}x${size.height}`;

  e2e(`point 7 (${at}): later feed pages ask for the screen's ${columnsFor(size.width)} column(s); none skipped or repeated`, async () => {
    const context = await browser!.newContext(options(size));
    const page = await context.newPage();
    const errors = collectErrors(page);
    const asked: string[] = [];
    page.on("request", (r) => r.url().includes("/api/content/feed") && asked.push(r.url()));
    await page.goto(`${server.url}/?sortBy=newest`);
    await waitHydrated(page, "Feed");
    const end = page.getByText("You've reached the end!");
    while (!(await end.isVisible())) {
      await page.mouse.wheel(0, 3000);
      await page.waitForTimeout(100);
    }
    const ids = await cardIds(page);
    assert.equal(new Set(ids).size, ids.length, "no card twice");
    assert.equal(ids.length, approved, "every item once");
    assert.ok(asked.length >= 2, `later pages were asked for: ${asked.length}`);
    for (const url of asked) assert.equal(new URL(url).searchParams.get("columnCount"), String(columnsFor(size.width)), url);
    assert.deepEqual(realErrors(errors), []);
    await context.close();
  });

  e2e(`point 6 (${at}): Report on a feed card opens the report dialog in place; the scroll stays`, async () => {
    const context = await browser!.newContext(options(size));
    const page = await context.newPage();
    const errors = collectErrors(page);
    await page.goto(`${server.url}/?sortBy=newest`);
    await waitHydrated(page, "Feed");
    // A card of its own for each size: the visitor's report of an item is taken once.
    const n = size.width < 500 ? 7 : 12;
    const card = page.locator('[data-testid="feed-grid"] [data-card]').nth(n);
    await card.scrollIntoViewIfNeeded();
    await page.mouse.move(5, 400); // beside the cards: a hovered card would play its preview
    await page.mouse.wheel(0, 200);
    await settled(page);
    const before = { url: page.url(), y: await page.evaluate(() => scrollY) };
    assert.ok(before.y > 500, `scrolled into the feed: ${before.y}`);
    const id = Number(await card.getAttribute("data-card"));
    await card.getByRole("link", { name: "Report" }).click();
    const dialog = page.getByRole("dialog", { name: "Report Content" });
    await dialog.waitFor();
    await screenshot(page, `feed-report-${size.width}`);
    assert.equal(page.url(), before.url, "no navigation");
    assert.equal(await page.evaluate(() => scrollY), before.y, "the feed's scroll is kept");
    await dialog.getByLabel("Copyright Infringement").check();
    await dialog.getByRole("button", { name: "Submit Report" }).click();
    await page.getByText("Report Submitted").waitFor();
    await dialog.waitFor({ state: "hidden" });
    assert.equal(await page.evaluate(() => scrollY), before.y, "still where the reader was");
    const rows = await db.select().from(reports).where(eq(reports.mediaId, id)).all();
    assert.deepEqual(rows.map((r) => r.reason), ["copyright"]);
    // A second card's Report opens a fresh dialog for that card.
    const other = page.locator('[data-testid="feed-grid"] [data-card]').nth(n + 1);
    await other.getByRole("link", { name: "Report" }).click();
    await dialog.waitFor();
    assert.equal(await dialog.getByLabel("Copyright Infringement").isChecked(), false, "the reason starts empty");
    await page.keyboard.press("Escape");
    assert.equal(page.url(), before.url);
    assert.deepEqual(realErrors(errors), []);
    await context.close();
  });
}

/** The share of the screen the fixed bars cover: the header, the category bar where it shows, the footer. */
const covered = (page: Page) =>
  page.evaluate(() => {
    const h = innerHeight;
    const visible = (el: Element | null) => {
      if (!el) return 0;
      const r = el.getBoundingClientRect();
      return Math.max(0, Math.min(r.bottom, h) - Math.max(r.top, 0));
    };
    const header = document.querySelector("header")!;
    const bar = document.querySelector("[data-scroll-away]") ?? document.querySelector(".sticky.top-16");
    const footer = document.querySelector("footer")!;
    const headerBottom = header.getBoundingClientRect().bottom;
    // The bar's part below the header (what the header covers anyway is not counted twice).
    const barBox = bar!.getBoundingClientRect();
    const barShown = Math.max(0, barBox.bottom - Math.max(barBox.top, headerBottom));
    return {
      y: Math.round(scrollY),
      header: visible(header),
      bar: barShown,
      footer: visible(footer),
      share: (visible(header) + barShown + visible(footer)) / h,
    };
  });

e2e("point 14 (390x844): the category bar scrolls away and comes back on the way up; header and a one-line footer stay", async () => {
  const context = await browser!.newContext(options(SIZES[0]));
  const page = await context.newPage();
  const errors = collectErrors(page);
  await page.goto(`${server.url}/`);
  await waitHydrated(page, "CategoryTabs");
  await waitHydrated(page, "Feed");
  const top = await covered(page);
  assert.ok(top.bar > 40, `the bar shows at the top: ${JSON.stringify(top)}`);
  assert.ok(top.footer <= 34, `the footer is one slim line: ${top.footer}px`);
  const barIs = async (shown: boolean, what: string) => {
    let last = await covered(page);
    await until(async () => ((last = await covered(page)).bar > 40) === shown && !(last.bar > 0 && last.bar < 40), 10_000, what)
      .catch((e) => assert.fail(`${e.message}: ${JSON.stringify(last)}`));
    return last;
  };
  await page.mouse.move(200, 400);
  await page.mouse.wheel(0, 1200);
  const down = await barIs(false, "the bar to leave while scrolling down");
  await screenshot(page, "feed-scrolled-down-390");
  assert.equal(down.bar, 0);
  assert.ok(down.header >= 60, "the header stays");
  assert.ok(down.share < 0.12, `fixed bars cover ${(down.share * 100).toFixed(1)}% of the screen`);
  console.log(`covered at 390x844: ${(top.share * 100).toFixed(1)}% at the top, ${(down.share * 100).toFixed(1)}% scrolled down`);
  await page.mouse.wheel(0, -150);
  await barIs(true, "the bar to come back on the way up");
  await screenshot(page, "feed-scrolled-up-390");
  // Reaching a category chip by keyboard brings the bar back too.
  await page.mouse.wheel(0, 600);
  await barIs(false, "the bar to leave again");
  await page.getByRole("link", { name: "All Categories" }).focus();
  await barIs(true, "a focused chip to show its bar");
  assert.deepEqual(realErrors(errors), []);
  await context.close();
});

e2e("point 14 (1440x900): on a wide screen the category bar stays under the header", async () => {
  const context = await browser!.newContext(options(SIZES[1]));
  const page = await context.newPage();
  await page.goto(`${server.url}/`);
  await waitHydrated(page, "CategoryTabs");
  await page.mouse.move(5, 500);
  await page.mouse.wheel(0, 1200);
  await until(() => page.evaluate(() => scrollY > 1000), 10_000, "the page to scroll");
  await settled(page);
  const down = await covered(page);
  await screenshot(page, "feed-scrolled-down-1440");
  assert.ok(down.bar > 40, `the bar stays: ${JSON.stringify(down)}`);
  assert.ok(down.footer <= 42, `the footer is one line: ${down.footer}px`);
  await context.close();
});
