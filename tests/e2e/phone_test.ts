/** Issue 13 points 12 to 15 in Chromium, mostly on a 390x844 phone: what a new user met. */
import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import { mkdirSync, writeFileSync } from "node:fs";
import sharp from "sharp";
import type { Page } from "playwright-core";
import { collectErrors, hasChromium, launchBrowser, screenshot, signedInContext, waitHydrated } from "./_browser.ts";
import { categoryIds, createMedia, createUser, loginCookie, startServer } from "../_helpers.ts";
import { newKey } from "../../lib/media/storage.ts";
import { mediaSlug } from "../../lib/media/slug.ts";

const browser = hasChromium() ? await launchBrowser() : null;
const server = await startServer({ RATE_REPORTS_PER_USER: "1000" });
const { db, config } = server;
const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };
const DESKTOP = { viewport: { width: 1440, height: 900 } };

const author = await createUser(db, { username: "phone_author" });
const admin = await createUser(db, { username: "phone_admin", isAdmin: true });
const [catA, catB] = await categoryIds(db);

/** A real 640x360 PNG on disk, so thumbnails and the image viewer have something to show. */
async function storedImage(color: string): Promise<string> {
  const key = newKey("i", "png");
  mkdirSync(`${config.uploadsDir}/i`, { recursive: true });
  writeFileSync(
    `${config.uploadsDir}/${key}`,
    await sharp({ create: { width: 640, height: 360, channels: 3, background: color } }).png().toBuffer(),
  );
  return key;
}

const now = Date.now();
const items: Awaited<ReturnType<typeof createMedia>>[] = [];
for (let i = 0; i < 12; i++) {
  items.push(
    await createMedia(db, {
      userId: author.id,
      title: `Phone item ${i}`,
      contentType: "image",
      fileKey: await storedImage(`#${(0x224466 + i * 0x101010).toString(16).slice(0, 6)}`),
      width: 640,
      height: 360,
      aiGenerator: "Midjourney",
      categoryId: i % 2 ? catA.id : catB.id,
      createdAt: now - i * 60_000,
    }),
  );
}
// The newest item of the catalogue is featured, so before the fix it was also the first card.
await db.client.execute({ sql: "UPDATE media SET featured = 1 WHERE id = ?", args: [items[0].id] });
const featuredB = items[0];
// A pending upload of the author's whose thumbnail file is gone (My Videos).
const broken = await createMedia(db, {
  userId: author.id,
  title: "Lost thumbnail",
  contentType: "image",
  fileKey: "i/0123456789abcdef0123456789abcdef.png",
  thumbnailKey: "t/0123456789abcdef0123456789abcdef.webp",
  reviewStatus: "pending",
});

Deno.test.afterAll(async () => {
  await browser?.close();
  await server.shutdown();
});

const e2e = (name: string, fn: () => Promise<void>) =>
  Deno.test({ name: `[e2e] ${name}`, ignore: !browser, sanitizeResources: false, sanitizeOps: false, fn });

const feedCardIds = (page: Page) =>
  page.locator('[data-testid="feed-grid"] [data-card]').evaluateAll((els) => els.map((e) => Number(e.getAttribute("data-card"))));

e2e("point 12 (390x844): the Featured Video is not repeated as a feed card and follows the category", async () => {
  const context = await browser!.newContext(PHONE);
  const page = await context.newPage();
  const errors = collectErrors(page);
  await page.goto(`${server.url}/?sortBy=newest`);
  await waitHydrated(page, "Feed");
  const featured = page.locator('section[aria-labelledby="featured-heading"] [data-card]');
  assert.equal(Number(await featured.getAttribute("data-card")), featuredB.id);
  const cards = await feedCardIds(page);
  assert.ok(cards.length >= 6);
  assert.equal(cards.includes(featuredB.id), false, "the featured item is not also the first card");
  await screenshot(page, "phone-home-390");
  // Category A has no featured item of its own: no Featured Video there (not B's).
  await page.goto(`${server.url}/?category=${catA.slug}`);
  await waitHydrated(page, "Feed");
  assert.equal(await page.locator("#featured-heading").count(), 0);
  await page.goto(`${server.url}/?category=${catB.slug}`);
  await waitHydrated(page, "Feed");
  assert.equal(Number(await featured.getAttribute("data-card")), featuredB.id);
  assert.equal((await feedCardIds(page)).includes(featuredB.id), false);
  assert.deepEqual(errors, []);
  await context.close();
});

e2e("point 12 (1440x900): a row of the feed shows above the fold under the Featured Video", async () => {
  const context = await browser!.newContext(DESKTOP);
  const page = await context.newPage();
  await page.goto(`${server.url}/?sortBy=newest`);
  await waitHydrated(page, "Feed");
  const featured = await page.locator('section[aria-labelledby="featured-heading"]').boundingBox();
  assert.ok(featured && featured.y + featured.height < 600, `the featured section ends at ${featured?.y}+${featured?.height}`);
  const firstMedia = await page.locator('[data-testid="feed-grid"] [data-card] .card-media').first().boundingBox();
  assert.ok(firstMedia, "a first feed card");
  assert.ok(firstMedia.y + firstMedia.height <= 900, `the first row's media ends at ${firstMedia.y + firstMedia.height}px of 900`);
  await screenshot(page, "desktop-home-1440");
  await context.close();
});

e2e("point 13 (390x844): the search box, the category bar and the admin lists fit a phone", async () => {
  const context = await browser!.newContext(PHONE);
  const page = await context.newPage();
  await page.goto(`${server.url}/search?q=phone`);
  const box = await page.getByRole("searchbox", { name: "Search query" }).boundingBox();
  assert.ok(box && box.width >= 300, `the query box is ${box?.width}px wide`);
  await screenshot(page, "phone-search-390");

  await page.goto(`${server.url}/`);
  await waitHydrated(page, "CategoryTabs");
  const nav = page.getByRole("navigation", { name: "Categories" });
  const navBox = (await nav.boundingBox())!;
  const allTab = (await nav.getByRole("link", { name: "All Categories" }).boundingBox())!;
  assert.ok(allTab.x - navBox.x <= 1, `no empty gutter before the first chip (${allTab.x - navBox.x}px)`);
  assert.equal(await nav.getByRole("button", { name: "Scroll categories left" }).count(), 0, "nothing to scroll back to");
  const right = nav.getByRole("button", { name: "Scroll categories right" });
  const arrow = (await right.boundingBox())!;
  // Chips under the arrow are faded out: the strip's mask is transparent there.
  const mask = await nav.locator(".no-scrollbar").evaluate((el) => getComputedStyle(el).maskImage || getComputedStyle(el).webkitMaskImage);
  assert.match(mask, /transparent|rgba\(0, 0, 0, 0\)/, "the strip fades out under the arrow");
  assert.ok(arrow.x + arrow.width <= 390);
  await right.click();
  await nav.getByRole("button", { name: "Scroll categories left" }).waitFor();

  const adminContext = await signedInContext(browser!, server.url, await loginCookie(db, admin.id), PHONE);
  const adminPage = await adminContext.newPage();
  await adminPage.goto(`${server.url}/admin`);
  await waitHydrated(adminPage, "AdminDashboard");
  await adminPage.getByRole("tab", { name: /^Pending Review/ }).click();
  const row = adminPage.locator(`#admin-panel tr[data-id="${broken.id}"]`);
  await row.waitFor();
  for (const name of ["Approve", "Reject"]) {
    const b = (await row.getByRole("button", { name, exact: true }).boundingBox())!;
    assert.ok(b.x >= 0 && b.x + b.width <= 390, `${name} is on screen (${b.x}..${b.x + b.width})`);
  }
  for (const tab of await adminPage.getByRole("tab").all()) {
    const b = (await tab.boundingBox())!;
    assert.ok(b.x + b.width <= 390, `${await tab.textContent()} tab is not cut`);
  }
  assert.equal(await adminPage.evaluate(() => document.documentElement.scrollWidth), 390, "nothing runs off the side");
  await screenshot(adminPage, "phone-admin-390");
  await adminContext.close();
  await context.close();
});

e2e("point 14 (390x844): a toast raised inside a dialog is above its backdrop and can be dismissed; no early report message", async () => {
  const member = await createUser(db);
  const context = await signedInContext(browser!, server.url, await loginCookie(db, member.id), PHONE);
  const page = await context.newPage();
  const item = items[3];
  await page.goto(`${server.url}/media/${mediaSlug(item.title, item.id)}`);
  await waitHydrated(page, "ReportButton");
  await page.getByTestId("report-button").click();
  const dialog = page.getByRole("dialog", { name: "Report Content" });
  await dialog.waitFor();
  assert.equal(await dialog.getByText("Please select a reason for reporting.").count(), 0, "no message before anything was done");
  await page.route(
    "**/api/reports",
    (route) => route.fulfill({ status: 500, contentType: "application/json", body: '{"error":"Try later"}' }),
  );
  await dialog.getByLabel("Copyright Infringement").check();
  await dialog.getByRole("button", { name: "Submit Report" }).click();
  const toast = page.locator('[data-toast="destructive"]');
  await toast.getByText("Try later").waitFor();
  assert.equal(await dialog.isVisible(), true, "the dialog stays open");
  assert.equal(await page.locator('ol[aria-label^="Notifications"]').evaluate((el) => el.matches(":popover-open")), true);
  await screenshot(page, "phone-toast-over-dialog-390");
  // A click reaches the toast (Playwright refuses to click what the backdrop covers).
  await toast.getByRole("button", { name: "Dismiss" }).click({ timeout: 3000 });
  await toast.waitFor({ state: "detached" });
  await context.close();
});

e2e("point 14: the upload dialog's Image tab shows image rules and the progress bar is the site's orange", async () => {
  const member = await createUser(db);
  const context = await signedInContext(browser!, server.url, await loginCookie(db, member.id), PHONE);
  const page = await context.newPage();
  await page.goto(`${server.url}/`);
  await waitHydrated(page, "UploadDialog");
  await page.locator("header").getByRole("button", { name: "Upload", exact: true }).click();
  const dialog = page.locator("dialog[aria-label='Upload content']");
  await dialog.locator("select[name=categoryId] option:nth-child(2)").waitFor({ state: "attached" });
  await dialog.getByRole("tab", { name: "Image" }).click();
  const rules = dialog.getByTestId("upload-rules");
  assert.doesNotMatch(await rules.innerText(), /1080p|15 min|10 s/, "no video rules on the Image tab");
  assert.match(await rules.innerText(), /At most 25MB; PG-13 only/);
  await dialog.locator("input[name=title]").fill("Orange progress");
  await dialog.locator("select[name=categoryId]").selectOption({ index: 1 });
  await dialog.locator("select[name=aiGenerator]").selectOption("Runway");
  await dialog.locator("input[type=file]").setInputFiles({
    name: "p.png",
    mimeType: "image/png",
    buffer: Buffer.from(await sharp({ create: { width: 32, height: 32, channels: 3, background: "#345" } }).png().toBuffer()),
  });
  let release = () => {};
  const held = new Promise<void>((r) => (release = r));
  await page.route("**/api/upload/file", async (route) => {
    await held;
    await route.fulfill({ status: 500, contentType: "application/json", body: '{"error":"held"}' });
  });
  await dialog.locator("button[type=submit]").click();
  const bar = dialog.getByRole("progressbar", { name: "Upload progress" });
  await bar.waitFor();
  assert.equal(await dialog.locator("progress").count(), 0);
  const fill = await bar.locator("span").evaluate((el) => getComputedStyle(el).backgroundColor);
  const orange = await page.evaluate(() => {
    const probe = document.createElement("span");
    probe.className = "bg-orange-500";
    document.body.append(probe);
    const c = getComputedStyle(probe).backgroundColor;
    probe.remove();
    return c;
  });
  assert.equal(fill, orange);
  await screenshot(page, "phone-upload-progress-390");
  release();
  await context.close();
});

e2e("point 14 (1440x900): the image viewer fits a 640x360 image to the screen", async () => {
  const context = await browser!.newContext(DESKTOP);
  const page = await context.newPage();
  const item = items[4];
  await page.goto(`${server.url}/media/${mediaSlug(item.title, item.id)}`);
  await waitHydrated(page, "MediaPlayer");
  await page.getByTestId("media-image").click();
  const viewer = page.getByTestId("image-viewer");
  await viewer.waitFor();
  const img = (await viewer.locator("img").boundingBox())!;
  assert.ok(img.width >= 1400 || img.height >= 880, `shown at ${img.width}x${img.height}, not its natural 640x360`);
  assert.ok(img.width <= 1440 && img.height <= 900);
  await screenshot(page, "desktop-image-viewer-1440");
  await context.close();
});

e2e("point 15 (390x844): My Videos swaps a broken thumbnail for the placeholder; the Sort menu has no 'Shuffled' option", async () => {
  const context = await signedInContext(browser!, server.url, await loginCookie(db, author.id), PHONE);
  const page = await context.newPage();
  await page.goto(`${server.url}/my-videos`);
  await waitHydrated(page, "MyVideos");
  const thumb = page.locator(`[data-item-id="${broken.id}"] img`);
  await page.waitForFunction((id) => {
    const img = document.querySelector<HTMLImageElement>(`[data-item-id="${id}"] img`);
    return !!img && img.complete && img.naturalWidth > 0;
  }, broken.id);
  assert.match((await thumb.getAttribute("src")) ?? "", /placeholder\.svg$/);
  await screenshot(page, "phone-my-videos-390");

  await page.goto(`${server.url}/?shuffleSeed=phone42`);
  await waitHydrated(page, "Feed");
  const options = await page.getByLabel("Sort by").locator("option").allTextContents();
  assert.equal(options.some((o) => /shuffled/i.test(o)), false, JSON.stringify(options));
  assert.equal(options.length, 5, "exactly the spec's five sorts");
  const shuffled = page.getByTestId("shuffled");
  await shuffled.click();
  await shuffled.waitFor({ state: "detached" });
  assert.equal(await page.getByLabel("Sort by").inputValue(), "trending");
  await context.close();
});
