/** The media page's generation data in Chromium (issue 25): shown at phone and desktop widths, copied by its button. */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { media } from "../../db/schema/mod.ts";
import { createUser, loginCookie, startServer } from "../_helpers.ts";
import { multipart } from "../_media_fixtures.ts";
import { needs } from "../_needs.ts";
import { A1111, jpegWithUserComment } from "../_generation_fixtures.ts";
import { collectErrors, launchBrowser, screenshot, signedInContext, waitHydrated } from "./_browser.ts";

const CHROMIUM = needs(import.meta.url, "chromium");

Deno.test("[e2e] the media page shows the file's generation data and copies the prompt", { ignore: !CHROMIUM }, async () => {
  const s = await startServer();
  const browser = await launchBrowser();
  try {
    const member = await createUser(s.db);
    const cookie = await loginCookie(s.db, member.id);
    const mp = multipart("a.jpg", "image/jpeg", await jpegWithUserComment(A1111));
    const headers = { cookie, origin: s.url };
    const up = await (await fetch(`${s.url}/api/upload/file`, {
      method: "POST",
      headers: { ...headers, "content-type": mp.contentType },
      body: mp.body,
    }))
      .json();
    const res = await fetch(`${s.url}/api/videos`, {
      method: "POST",
      headers: { ...headers, "content-type": "application/json" },
      body: JSON.stringify({ title: "Lighthouse", contentType: "image", imageUrl: up.url, categoryId: 1 }),
    });
    const item = await res.json();
    await s.db.update(media).set({ reviewStatus: "approved" }).where(eq(media.id, item.id));
    for (const [w, h] of [[390, 844], [1440, 900]]) {
      const context = await signedInContext(browser, s.url, cookie, { viewport: { width: w, height: h } });
      await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: s.url });
      const page = await context.newPage();
      const errors = collectErrors(page);
      await page.goto(`${s.url}/media/${item.slug}`);
      await waitHydrated(page, "GenerationDetails");
      await page.getByTestId("generation-settings").scrollIntoViewIfNeeded();
      await screenshot(page, `generation-page-${w}`);
      await page.getByRole("button", { name: "Copy negative prompt" }).click();
      await page.getByRole("button", { name: "Copy negative prompt" }).getByText("Copied").waitFor();
      assert.equal(await page.evaluate(() => navigator.clipboard.readText()), "blurry, lowres");
      assert.deepEqual(errors, []);
      await context.close();
    }
  } finally {
    await browser.close();
    await s.shutdown();
  }
});
