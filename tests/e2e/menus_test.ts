/**
 * Issue 36 point 3: every menu, popover and dialog stays inside the viewport, on a 390x844 phone
 * and a 1440x900 desktop. Long names (a 30-character uploader, a long generator, five tags) make
 * the menus as wide as members can make them; each one is opened where it sits on its page and its
 * box is measured. The media page's Mute menu ran off a phone's right edge ("Mute mira_").
 */
import assert from "node:assert/strict";
import type { Locator, Page } from "playwright-core";
import { createMedia, createUser, loginCookie, startServer } from "../_helpers.ts";
import { messages } from "../../db/schema/mod.ts";
import { needs } from "../_needs.ts";
import { collectErrors, launchBrowser, screenshot, signedInContext, waitHydrated } from "./_browser.ts";

const CHROMIUM = needs(import.meta.url, "chromium");
const browser = CHROMIUM ? await launchBrowser() : null;
const server = await startServer();
const { db } = server;

const viewer = await createUser(db, { username: "menu_viewer" });
const maker = await createUser(db, { username: "mira_lumen_with_a_long_name_x" });
const tags = "fractal,zoom,abstract,spiral,neon";
const items: { id: number }[] = [];
for (let i = 0; i < 4; i++) {
  items.push(
    await createMedia(db, {
      userId: maker.id,
      title: `Menu item ${i}`,
      categoryId: 1,
      tags,
      aiGenerator: "Luma Dream Machine Ultra",
      createdAt: Date.now() - i * 1000,
    }),
  );
}
await db.insert(messages).values({ senderId: maker.id, receiverId: viewer.id, content: "Hello there" });
const viewerCookie = await loginCookie(db, viewer.id);

Deno.test.afterAll(async () => {
  await browser?.close();
  await server.shutdown();
});

const SIZES = [{ width: 390, height: 844 }, { width: 1440, height: 900 }];

/**
 * The box of an open menu lies inside the viewport: across always; up and down too when it is
 * fixed (a popover or dialog in the top layer), as a menu in the page's flow may reach below the
 * fold and scroll into view.
 */
async function assertInside(page: Page, menu: Locator, what: string) {
  await menu.waitFor();
  const box = await menu.evaluate((el) => {
    const r = el.getBoundingClientRect();
    return { left: r.left, right: r.right, top: r.top, bottom: r.bottom, fixed: getComputedStyle(el).position === "fixed" };
  });
  const { width, height } = page.viewportSize()!;
  const where = `${what} at ${width}x${height}: ${JSON.stringify(box)}`;
  assert.ok(box.left >= 0 && box.right <= width + 0.5, `${where} leaves the viewport across`);
  if (box.fixed) assert.ok(box.top >= 0 && box.bottom <= height + 0.5, `${where} leaves the viewport up or down`);
}

async function open(signedIn: boolean, size: { width: number; height: number }, path: string, island?: string) {
  const options = { viewport: size, ...(size.width < 500 ? { isMobile: true, hasTouch: true } : {}) };
  const context = signedIn ? await signedInContext(browser!, server.url, viewerCookie, options) : await browser!.newContext(options);
  const page = await context.newPage();
  const errors = collectErrors(page);
  await page.goto(`${server.url}${path}`);
  if (island) await waitHydrated(page, island);
  return { page, errors, close: () => context.close() };
}

const e2e = (name: string, fn: () => Promise<void>) =>
  Deno.test({ name: `[e2e] ${name}`, ignore: !browser, sanitizeResources: false, sanitizeOps: false, fn });

/** The seeded items have no files: their posters' 404s are the fixture's, not the page's. */
const realErrors = (errors: string[]) => errors.filter((e) => !e.includes("status of 404"));

for (const size of SIZES) {
  const at = `${size.width}x${size.height}`;

  e2e(`menus (${at}): the media page's Mute menu, Share and Report dialogs, and the related cards' ⋯ menu`, async () => {
    const { page, errors, close } = await open(true, size, `/media/${items[0].id}`, "MuteMenu");
    const mute = page.getByTestId("mute-menu");
    await mute.locator("summary, button").first().click();
    await screenshot(page, `menus-mute-${size.width}`);
    await assertInside(page, mute.locator("ul, [role=menu]").first(), "the Mute menu");
    await page.keyboard.press("Escape");
    await page.mouse.click(5, 300);

    await waitHydrated(page, "ShareButton");
    await page.getByTestId("share-button").click();
    await assertInside(page, page.getByRole("dialog", { name: "Share" }), "the Share dialog");
    await page.keyboard.press("Escape");
    await page.getByTestId("report-button").click();
    await assertInside(page, page.getByRole("dialog", { name: "Report Content" }), "the Report dialog");
    await page.keyboard.press("Escape");

    // The related list hydrates when it scrolls into view (below the fold on a phone).
    const related = page.locator("[data-card]").last();
    await related.scrollIntoViewIfNeeded();
    await waitHydrated(page, "RelatedList");
    await related.getByTestId("card-menu-button").click();
    await assertInside(page, related.getByTestId("card-menu"), "a related card's ⋯ menu");
    assert.deepEqual(realErrors(errors), []);
    await close();
  });

  e2e(`menus (${at}): the feed card's ⋯ menu, the account menu, the upload and Create dialogs`, async () => {
    const { page, errors, close } = await open(true, size, "/?sortBy=newest", "Feed");
    const card = page.locator('[data-testid="feed-grid"] [data-card]').first();
    await card.getByTestId("card-menu-button").click();
    await screenshot(page, `menus-card-${size.width}`);
    await assertInside(page, card.getByTestId("card-menu"), "a feed card's ⋯ menu");
    await page.keyboard.press("Escape");

    await waitHydrated(page, "AccountMenu");
    await page.locator('[popovertarget="account-menu"]').click();
    await assertInside(page, page.locator("#account-menu"), "the account menu");
    await page.keyboard.press("Escape");

    await waitHydrated(page, "UploadDialog");
    await page.locator("header").getByRole("button", { name: "Upload", exact: true }).click();
    await assertInside(page, page.getByRole("dialog", { name: "Upload content" }), "the upload dialog");
    await page.keyboard.press("Escape");
    if (size.width < 640) {
      await page.locator('[popovertarget="account-menu"]').click();
      await page.locator("#account-menu").getByRole("button", { name: "Create" }).click();
    } else await page.locator("header").getByRole("button", { name: "Create" }).click();
    await assertInside(page, page.locator("#create-dialog"), "the Create dialog");
    assert.deepEqual(realErrors(errors), []);
    await close();
  });

  e2e(
    `menus (${at}): a search card's ⋯ menu near the screen's bottom stays clear of the footer, its entries clicked where they are`,
    async () => {
      // The CI failure of mutes_search_test: a menu ending within the page's 4rem scroll padding (over the fixed
      // footer) made the click scroll first, and the menu, moving with its button, was not under the aim.
      const { page, errors, close } = await open(true, size, "/search?q=Menu", "SearchResults");
      const cards = page.getByTestId("search-grid").locator("article[data-card]");
      assert.equal(await cards.count(), items.length);
      for (let k = 0; k < items.length; k++) {
        await page.evaluate(() => scrollTo(0, 0));
        const card = cards.nth(k);
        await card.getByTestId("card-menu-button").click();
        const menu = card.getByTestId("card-menu");
        await assertInside(page, menu, `search card ${k}'s ⋯ menu`);
        const bottom = await menu.evaluate((el) => el.getBoundingClientRect().bottom);
        assert.ok(bottom <= size.height - 64 + 0.5, `search card ${k}'s ⋯ menu ends at ${bottom}, on the footer's 4rem`);
        const before = await page.evaluate(() => scrollY);
        for (const entry of await menu.getByRole("menuitem").all()) await entry.click({ trial: true, timeout: 5000 });
        assert.equal(await page.evaluate(() => scrollY), before, `search card ${k}: an entry's click scrolled the page`);
        if (k === 0) await screenshot(page, `menus-search-card-${size.width}`);
        await page.keyboard.press("Escape");
      }
      assert.deepEqual(realErrors(errors), []);
      await close();
    },
  );

  e2e(`menus (${at}): a profile's Mute menu and a conversation's ⋮ menu`, async () => {
    const { page, errors, close } = await open(true, size, `/user/${maker.username}`, "MuteMenu");
    const mute = page.getByTestId("mute-menu");
    await mute.locator("summary, button").first().click();
    await assertInside(page, mute.locator("ul, [role=menu]").first(), "the profile's Mute menu");

    await page.goto(`${server.url}/my-messages`);
    await waitHydrated(page, "Messages");
    await page.getByRole("button", { name: `Conversation options for ${maker.username}` }).first().click();
    await screenshot(page, `menus-conversation-${size.width}`);
    await assertInside(page, page.getByRole("menu"), "the conversation menu");
    assert.deepEqual(realErrors(errors), []);
    await close();
  });

  e2e(`menus (${at}): the visitor's account menu, the Rules dialog and the date picker`, async () => {
    const { page, errors, close } = await open(false, size, "/auth?tab=register", "AuthForm");
    await page.locator('[popovertarget="guest-menu"]').click();
    await assertInside(page, page.locator("#guest-menu"), "the visitor's account menu");
    await page.keyboard.press("Escape");
    await page.locator("footer").getByRole("button", { name: "Rules" }).click();
    await assertInside(page, page.locator("#rules-dialog"), "the Rules dialog");
    await page.keyboard.press("Escape");
    await page.locator('button[aria-haspopup="dialog"]').click();
    await screenshot(page, `menus-datepicker-${size.width}`);
    await assertInside(page, page.getByRole("dialog", { name: "Choose date of birth" }), "the date picker");
    assert.deepEqual(realErrors(errors), []);
    await close();
  });
}
