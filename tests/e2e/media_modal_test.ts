import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { media } from "../../db/schema/mod.ts";
import { createMedia, createUser, loginCookie, startServer } from "../_helpers.ts";
import { collectErrors, launchBrowser, signedInContext, waitHydrated } from "./_browser.ts";
import { needs } from "../_needs.ts";

const browser = needs(import.meta.url, "chromium") ? await launchBrowser() : null;
const server = await startServer();
const owner = await createUser(server.db, { username: "modal_owner" });
const member = await createUser(server.db, { username: "modal_member" });
const item = await createMedia(server.db, {
  userId: owner.id,
  title: "Featured embed",
  contentType: "embed",
  youtubeId: "dQw4w9WgXcQ",
  description: "The featured one.",
  aiGenerator: "Kling",
  views: 41,
  featured: true,
});

Deno.test.afterAll(async () => {
  await browser?.close();
  await server.shutdown();
});

Deno.test({
  name: "[e2e] the home page's Featured Video opens the modal viewer; a vanished item shows the failure text",
  ignore: !browser,
  sanitizeResources: false,
  sanitizeOps: false,
  fn: async () => {
    const ctx = await signedInContext(browser!, server.url, await loginCookie(server.db, member.id));
    const page = await ctx.newPage();
    const errors = collectErrors(page);
    // No internet here: YouTube's player and thumbnails are answered locally.
    await page.route(
      "https://www.youtube-nocookie.com/**",
      (r) => r.fulfill({ status: 200, contentType: "text/html", body: "<p>player</p>" }),
    );
    await page.route("https://i.ytimg.com/**", (r) => r.fulfill({ status: 404, body: "" }));
    await page.goto(`${server.url}/`);
    await waitHydrated(page, "MediaModal");
    await waitHydrated(page, "Feed");
    const featured = page.locator('section[aria-labelledby="featured-heading"]');
    await featured.getByRole("link", { name: "Featured embed" }).click();
    const modal = page.getByTestId("media-modal");
    await modal.getByRole("heading", { name: "Featured embed" }).waitFor();
    assert.equal(new URL(page.url()).pathname, "/", "no navigation");
    const text = await modal.textContent() ?? "";
    for (const s of ["views", "modal_owner", "The featured one.", "Kling", "No prompt provided"]) assert.ok(text.includes(s), s);
    assert.ok(await modal.locator('iframe[src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"]').count());
    assert.equal(await modal.locator(`a[href="/user/${owner.id}"]`).count(), 1);
    await modal.getByTestId("like-button").click();
    await page.waitForSelector('[data-testid="media-modal"] [data-testid="like-button"][aria-pressed="true"]');
    await page.keyboard.press("Escape");
    await modal.waitFor({ state: "hidden" });

    await server.db.update(media).set({ reviewStatus: "rejected" }).where(eq(media.id, item.id));
    await featured.getByRole("link", { name: "Featured embed" }).click();
    await modal.getByText("Failed to load video").waitFor();
    await modal.getByText("Sorry, this video could not be loaded.").waitFor();
    // The vanished item's fetch is an expected 404 in the console, as are the stubbed thumbnails.
    assert.deepEqual(errors.filter((e) => !e.includes("404")), []);
    await ctx.close();
  },
});

Deno.test({
  name: "[e2e] the modal shows the item with its public like count when only the like-status call fails",
  ignore: !browser,
  sanitizeResources: false,
  sanitizeOps: false,
  fn: async () => {
    await server.db.update(media).set({ reviewStatus: "approved", likes: 7 }).where(eq(media.id, item.id));
    const ctx = await signedInContext(browser!, server.url, await loginCookie(server.db, member.id));
    const page = await ctx.newPage();
    const errors = collectErrors(page);
    await page.route(
      "https://www.youtube-nocookie.com/**",
      (r) => r.fulfill({ status: 200, contentType: "text/html", body: "<p>player</p>" }),
    );
    await page.route("https://i.ytimg.com/**", (r) => r.fulfill({ status: 404, body: "" }));
    await page.route(
      `**/api/videos/${item.id}/like`,
      (r) => r.fulfill({ status: 500, contentType: "application/json", body: '{"error":"x"}' }),
    );
    await page.goto(`${server.url}/`);
    await waitHydrated(page, "MediaModal");
    await waitHydrated(page, "Feed");
    await page.locator('section[aria-labelledby="featured-heading"]').getByRole("link", { name: "Featured embed" }).click();
    const modal = page.getByTestId("media-modal");
    await modal.getByRole("heading", { name: "Featured embed" }).waitFor();
    assert.equal(await modal.getByText("Failed to load video").count(), 0);
    assert.equal(await modal.getByTestId("like-count").textContent(), "7");
    assert.deepEqual(errors.filter((e) => !e.includes("404") && !e.includes("500")), []);
    await ctx.close();
  },
});
