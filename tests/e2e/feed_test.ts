import assert from "node:assert/strict";
import { mkdirSync } from "node:fs";
import type { Page } from "playwright-core";
import { categoryIds, createMedia, createUser, loginCookie, startServer } from "../_helpers.ts";
import { collectErrors, launchBrowser, screenshot, signedInContext, waitHydrated } from "./_browser.ts";
import { needs } from "../_needs.ts";

// The cards play a real clip and show a real thumbnail, both drawn by ffmpeg below.
const browser = needs(import.meta.url, "chromium", "ffmpeg") ? await launchBrowser() : null;
const server = await startServer();
const { db, config } = server;

// A real playable video and a real thumbnail in the uploads dir.
mkdirSync(`${config.uploadsDir}/v`, { recursive: true });
mkdirSync(`${config.uploadsDir}/t`, { recursive: true });
const ff = (args: string[]) => new Deno.Command("ffmpeg", { args: ["-y", "-loglevel", "error", ...args] }).output();
if (browser) {
  await ff([
    "-f",
    "lavfi",
    "-i",
    "testsrc=size=320x180:rate=15",
    "-t",
    "2",
    "-pix_fmt",
    "yuv420p",
    `${config.uploadsDir}/v/e2eclip0001.mp4`,
  ]);
  await ff(["-f", "lavfi", "-i", "testsrc=size=320x180", "-frames:v", "1", `${config.uploadsDir}/t/e2ethumb0001.jpg`]);
}

const user = await createUser(db, { username: "e2e_uploader" });
const [catA, catB] = await categoryIds(db);
const DAY = 86_400_000;
const now = Date.now();
// 20 videos and 10 images: page 1 (sized for 3 columns) holds 12 + 6, page 2 the remaining 12.
const created: { id: number; title: string; categoryId: number; createdAt: number }[] = [];
for (let i = 0; i < 30; i++) {
  const video = i % 3 !== 2;
  const row = await createMedia(db, {
    userId: user.id,
    title: `E2E ${video ? "clip" : "still"} ${i}`,
    contentType: video ? "video" : "image",
    fileKey: video ? "v/e2eclip0001.mp4" : "t/e2ethumb0001.jpg",
    thumbnailKey: "t/e2ethumb0001.jpg",
    duration: video ? 2 : null,
    categoryId: i < 6 ? catB.id : catA.id,
    tags: "alpha,beta,gamma",
    aiGenerator: i % 4 ? "Kling" : "",
    views: i * 10,
    likes: i,
    createdAt: now - i * DAY,
  });
  created.push({ id: row.id, title: row.title, categoryId: row.categoryId!, createdAt: row.createdAt });
}

Deno.test.afterAll(async () => {
  await browser?.close();
  await server.shutdown();
});

const cardCount = (page: Page) => page.locator("[data-testid=feed-grid] [data-card]").count();
const columns = (page: Page) =>
  page.locator("[data-testid=feed-grid]").evaluate((el) => getComputedStyle(el).gridTemplateColumns.split(" ").filter(Boolean).length);

async function openHome(width: number, path = "/") {
  const page = await browser!.newPage({ viewport: { width, height: 900 } });
  const errors = collectErrors(page);
  await page.goto(`${server.url}${path}`);
  await waitHydrated(page, "Feed");
  return { page, errors };
}

async function scrollToEnd(page: Page) {
  for (let i = 0; i < 30; i++) {
    await page.mouse.wheel(0, 4000);
    if (await page.getByText("You've reached the end!").isVisible()) return;
    await page.waitForTimeout(100);
  }
}

for (const [width, cols] of [[390, 1], [1024, 2], [1600, 3]] as const) {
  Deno.test({
    name: `[e2e] home at ${width} px: ${cols} column grid, page 1 server-rendered, scrolling loads the next page then the end`,
    ignore: !browser,
    sanitizeResources: false,
    sanitizeOps: false,
    fn: async () => {
      const { page, errors } = await openHome(width);
      assert.equal(await columns(page), cols);
      assert.equal(await cardCount(page), 18, "first page in the HTML");
      await screenshot(page, `feed-home-${width}`);
      // The next page in units of this width's page size (issue 36 point 7: page 4 of 1-column pages follows the 18 items).
      const page2 = page.waitForResponse((r) => r.url().includes("/api/content/feed") && r.url().includes(`columnCount=${cols}`));
      await scrollToEnd(page);
      assert.equal((await page2).status(), 200);
      await page.getByText("You've reached the end!").waitFor();
      await page.getByRole("button", { name: "Back to Top" }).waitFor();
      assert.equal(await cardCount(page), 30, "every item once");
      const ids = await page.locator("[data-testid=feed-grid] [data-card]").evaluateAll((els) =>
        els.map((e) => e.getAttribute("data-card"))
      );
      assert.equal(new Set(ids).size, 30);
      await screenshot(page, `feed-end-${width}`);
      assert.deepEqual(errors, []);
      await page.close();
    },
  });
}

Deno.test({
  name: "[e2e] a category tab and the sort menu change the cards; the shuffle seed leaves the address",
  ignore: !browser,
  sanitizeResources: false,
  sanitizeOps: false,
  fn: async () => {
    const { page, errors } = await openHome(1600, "/?shuffleSeed=e2eseed");
    assert.equal(new URL(page.url()).search, "", "seed removed from the address");
    await waitHydrated(page, "CategoryTabs");
    await page.getByRole("navigation", { name: "Categories" }).getByRole("link", { name: catB.name, exact: true }).click();
    await page.waitForURL(`${server.url}/?category=${catB.slug}`);
    await waitHydrated(page, "Feed");
    const inB = created.filter((c) => c.categoryId === catB.id).map((c) => String(c.id)).sort();
    const shown = await page.locator("[data-testid=feed-grid] [data-card]").evaluateAll((els) =>
      els.map((e) => e.getAttribute("data-card")!)
    );
    assert.deepEqual([...shown].sort(), inB);
    await page.getByText("You've reached the end!").waitFor();

    await page.goto(`${server.url}/`);
    await waitHydrated(page, "Feed");
    await page.getByLabel("Sort by").selectOption("oldest");
    const oldestVideo = created.filter((c) => c.title.includes("clip")).sort((a, b) => a.createdAt - b.createdAt)[0];
    await page.locator(`[data-testid=feed-grid] li:first-child [data-card="${oldestVideo.id}"]`).waitFor();
    await page.getByLabel("Sort by").selectOption("newest");
    await page.locator(`[data-testid=feed-grid] li:first-child [data-card="${created[0].id}"]`).waitFor();
    await screenshot(page, "feed-sorted-newest");
    assert.deepEqual(errors, []);
    await page.close();
  },
});

Deno.test({
  name: "[e2e] hovering a video card on desktop plays it muted; leaving pauses it",
  ignore: !browser,
  sanitizeResources: false,
  sanitizeOps: false,
  fn: async () => {
    const { page, errors } = await openHome(1600, "/?shuffleSeed=hover");
    const card = page.locator("[data-testid=feed-grid] [data-card][data-type=video]").first();
    const video = card.locator("video");
    assert.equal(await video.getAttribute("preload"), "none");
    await card.hover();
    await page.waitForFunction(
      (el) => !!el && !(el as HTMLVideoElement).paused && (el as HTMLVideoElement).currentTime > 0,
      await video.elementHandle(),
    );
    assert.equal(await video.evaluate((v: HTMLVideoElement) => v.muted), true);
    // Its clip has no sound track (the item was never processed, previewSound false): no Unmute (issue 35).
    assert.equal(await card.getByRole("button", { name: /^(Unmute|Mute)$/ }).count(), 0);
    await screenshot(page, "feed-hover-playing");
    await page.mouse.move(5, 5);
    await page.waitForFunction((el) => (el as HTMLVideoElement).paused, await video.elementHandle());
    assert.deepEqual(errors, []);
    await page.close();
  },
});

Deno.test({
  name: "[e2e] card shows duration, 2 tags plus +N, category, AI generator (default 'AI Artist') and report link",
  ignore: !browser,
  sanitizeResources: false,
  sanitizeOps: false,
  fn: async () => {
    const { page, errors } = await openHome(1600, "/?shuffleSeed=details");
    const first = created[0];
    await page.getByLabel("Sort by").selectOption("newest");
    const card = page.locator(`[data-testid=feed-grid] [data-card="${first.id}"]`);
    await card.waitFor();
    assert.equal(await card.getByTestId("duration").textContent(), "0:02");
    assert.equal(await card.getByTestId("generator").textContent(), "AI Artist");
    await card.getByText("#alpha").waitFor();
    await card.getByText("+1").waitFor();
    assert.equal(await card.getByText("#gamma").count(), 0);
    assert.match(await card.getByRole("link", { name: "Report" }).getAttribute("href") ?? "", /\/media\/e2e-clip-0-\d+\?report=true$/);
    await card.getByRole("button", { name: /^Like/ }).click();
    await page.locator("#login-required").getByText("Login required").waitFor();
    assert.deepEqual(errors, []);
    await page.close();
  },
});

Deno.test({
  name: "[e2e] a shuffled feed says so beside the Sort menu, which keeps the spec's five options; the tabs keep a chosen sort",
  ignore: !browser,
  sanitizeResources: false,
  sanitizeOps: false,
  fn: async () => {
    const { page, errors } = await openHome(1600, "/?shuffleSeed=menu");
    const menu = page.getByLabel("Sort by");
    // No 'Shuffled' option the spec does not have (issue 13 point 15): a button beside the menu says it.
    assert.equal(await menu.inputValue(), "trending");
    assert.equal(await menu.locator("option").count(), 5);
    await page.getByTestId("shuffled").click();
    await page.getByTestId("shuffled").waitFor({ state: "detached" });
    await menu.selectOption("oldest");
    await waitHydrated(page, "CategoryTabs");
    const tab = page.getByRole("navigation", { name: "Categories" }).getByRole("link", { name: catB.name, exact: true });
    await page.waitForFunction((el) => el!.getAttribute("href")!.includes("sortBy=oldest"), await tab.elementHandle());
    await tab.click();
    await page.waitForURL(`${server.url}/?category=${catB.slug}&sortBy=oldest`);
    await waitHydrated(page, "Feed");
    assert.equal(await page.getByLabel("Sort by").inputValue(), "oldest");
    assert.deepEqual(errors, []);
    await page.close();
  },
});

Deno.test({
  name: "[e2e] a signed-in card Like toggles with aria-pressed, the server's count and the spec's toasts",
  ignore: !browser,
  sanitizeResources: false,
  sanitizeOps: false,
  fn: async () => {
    const member = await createUser(db, { username: "e2e_liker" });
    const context = await signedInContext(browser!, server.url, await loginCookie(db, member.id), {
      viewport: { width: 1600, height: 900 },
    });
    const page = await context.newPage();
    const errors = collectErrors(page);
    await page.goto(`${server.url}/?sortBy=newest`);
    await waitHydrated(page, "Feed");
    await waitHydrated(page, "Toaster");
    const card = page.locator(`[data-testid=feed-grid] [data-card="${created[0].id}"]`);
    const like = card.getByRole("button", { name: /^Like/ });
    assert.equal(await like.getAttribute("aria-pressed"), "false");
    await like.click();
    await page.getByText("You liked this content").waitFor();
    await card.getByRole("button", { name: /^Like/, pressed: true }).waitFor();
    // The button reads "Like 1": a hidden word names it, the count is what shows (issue 13 point 16).
    assert.equal(await like.locator(".tabular-nums").textContent(), "1");
    await like.click();
    await page.getByText("Like removed").waitFor();
    await card.getByRole("button", { name: /^Like/, pressed: false }).waitFor();
    assert.equal(await like.locator(".tabular-nums").textContent(), "0");
    assert.deepEqual(errors, []);
    await context.close();
  },
});

Deno.test({
  name: "[e2e] a video card whose poster fails shows the placeholder",
  ignore: !browser,
  sanitizeResources: false,
  sanitizeOps: false,
  fn: async () => {
    const page = await browser!.newPage({ viewport: { width: 1600, height: 900 } });
    await page.route("**/uploads/t/e2ethumb0001.jpg", (r) => r.fulfill({ status: 404, body: "" }));
    await page.goto(`${server.url}/?sortBy=newest`);
    await waitHydrated(page, "Feed");
    const video = page.locator(`[data-testid=feed-grid] [data-card="${created[0].id}"] video`);
    await page.waitForFunction((el) => el!.getAttribute("poster") === "/static/placeholder.svg", await video.elementHandle());
    await page.close();
  },
});

Deno.test({
  name: "[e2e] below 640 px Forum and Create move from the header into the guest and account menus",
  ignore: !browser,
  sanitizeResources: false,
  sanitizeOps: false,
  fn: async () => {
    const { page, errors } = await openHome(390);
    const header = page.locator("header nav").first();
    assert.equal(await header.locator("> a[href='/forum']").isVisible(), false);
    await page.getByRole("button", { name: "Account menu" }).click();
    const guest = page.locator("#guest-menu");
    await guest.getByRole("link", { name: "Forum" }).waitFor();
    await guest.getByRole("button", { name: "Create" }).click();
    await page.locator("#create-dialog").waitFor();
    await page.keyboard.press("Escape");

    const wide = await openHome(1600);
    await wide.page.getByRole("button", { name: "Account menu" }).click();
    await wide.page.locator("#guest-menu").getByRole("link", { name: "Register" }).waitFor();
    assert.equal(await wide.page.locator("#guest-menu").getByRole("link", { name: "Forum" }).isVisible(), false);

    const member = await createUser(db, { username: "e2e_small" });
    const context = await signedInContext(browser!, server.url, await loginCookie(db, member.id), {
      viewport: { width: 390, height: 800 },
    });
    const small = await context.newPage();
    await small.goto(server.url);
    await waitHydrated(small, "AccountMenu");
    await small.getByRole("button", { name: "Account menu for e2e_small" }).click();
    await small.locator("#account-menu").getByRole("link", { name: "Forum" }).waitFor();
    await small.locator("#account-menu").getByRole("button", { name: "Create" }).waitFor();
    assert.deepEqual(errors, []);
    assert.deepEqual(wide.errors, []);
    await context.close();
    await wide.page.close();
    await page.close();
  },
});
