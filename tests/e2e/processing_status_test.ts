/**
 * My Videos shows a video's processing state and percentage and follows it live while the page is
 * open; a failure shows its reason with the re-upload hint. The admin queue shows the same with a retry.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { media } from "../../db/schema/mod.ts";
import { createMedia, createUser, loginCookie, startServer } from "../_helpers.ts";
import { needs } from "../_needs.ts";
import { launchBrowser, screenshot, signedInContext, waitHydrated } from "./_browser.ts";

const ready = needs(import.meta.url, "chromium");

Deno.test({
  name: "[e2e] My Videos follows processing live (state, percentage, failure and its hint); the admin queue offers a retry",
  ignore: !ready,
  sanitizeResources: false,
  sanitizeOps: false,
  fn: async () => {
    const server = await startServer();
    const browser = await launchBrowser();
    try {
      const { db, url } = server;
      const member = await createUser(db);
      const admin = await createUser(db, { isAdmin: true });
      const item = await createMedia(db, {
        userId: member.id,
        title: "Neon rain",
        contentType: "video",
        fileKey: "v/0123456789abcdef0123456789abcdef.mp4",
        reviewStatus: "pending",
        processingState: "processing",
        processingProgress: 40,
        playable: false,
      });
      const set = (values: Partial<typeof media.$inferInsert>) => db.update(media).set(values).where(eq(media.id, item.id));
      for (const [width, height] of [[390, 844], [1440, 900]]) {
        const context = await signedInContext(browser, url, await loginCookie(db, member.id), { viewport: { width, height } });
        const page = await context.newPage();
        await set({ processingState: "processing", processingProgress: 40, processingError: null });
        await page.goto(`${url}/my-videos`);
        await waitHydrated(page, "MyVideos");
        const card = page.locator(`[data-item-id="${item.id}"]`);
        await card.getByText("Processing 40%").waitFor();
        assert.equal(await card.getByRole("progressbar").getAttribute("aria-valuenow"), "40");
        await set({ processingProgress: 85 });
        await card.getByText("Processing 85%").waitFor({ timeout: 6000 });
        await screenshot(page, `processing-my-videos-${width}`);
        await set({ processingState: "failed", processingProgress: 0, processingError: "The video could not be decoded." });
        await card.getByRole("alert").waitFor({ timeout: 6000 });
        const text = await card.getByRole("alert").textContent();
        assert.match(text ?? "", /^Processing failed: The video could not be decoded\. Please upload the file again/);
        await screenshot(page, `processing-failed-my-videos-${width}`);
        await context.close();
      }
      const context = await signedInContext(browser, url, await loginCookie(db, admin.id), { viewport: { width: 1440, height: 900 } });
      const page = await context.newPage();
      await page.goto(`${url}/admin`);
      await waitHydrated(page, "AdminDashboard");
      await page.getByRole("tab", { name: /^Pending Review/ }).click(); // the dashboard opens on Overview
      await page.getByText("Processing failed: The video could not be decoded.").waitFor();
      await page.getByRole("button", { name: "Retry processing" }).click();
      await page.getByText("Waiting to be processed").waitFor({ timeout: 6000 });
      await screenshot(page, "processing-admin-1440");
      assert.equal((await db.select().from(media).where(eq(media.id, item.id)).get())!.processingState, "queued");
    } finally {
      await browser.close();
      await server.shutdown();
    }
  },
});
