/**
 * Mutes in Chromium (issue 25): mute an uploader from the media page's menu, see it in /profile's
 * "Muted" section, the item gone from the home feed, then unmute it there.
 */
import assert from "node:assert/strict";
import { createMedia, createUser, loginCookie, startServer } from "../_helpers.ts";
import { needs } from "../_needs.ts";
import { collectErrors, launchBrowser, screenshot, signedInContext, waitHydrated } from "./_browser.ts";

const CHROMIUM = needs(import.meta.url, "chromium");

Deno.test("[e2e] mute an uploader from the media page, see and undo it in /profile", { ignore: !CHROMIUM }, async () => {
  const s = await startServer();
  const browser = await launchBrowser();
  try {
    const me = await createUser(s.db, { username: "mute_viewer" });
    const noisy = await createUser(s.db, { username: "noisy_maker" });
    const item = await createMedia(s.db, { userId: noisy.id, title: "Noisy thing", categoryId: 1, tags: "loud", aiGenerator: "Flux" });
    const cookie = await loginCookie(s.db, me.id);
    for (const [w, h] of [[390, 844], [1440, 900]]) {
      const context = await signedInContext(browser, s.url, cookie, { viewport: { width: w, height: h } });
      const page = await context.newPage();
      const errors = collectErrors(page);
      await page.goto(`${s.url}/media/${item.id}`);
      await waitHydrated(page, "MuteMenu");
      await page.getByTestId("mute-menu").locator("summary").click();
      await screenshot(page, `mute-menu-${w}`);
      await page.getByRole("button", { name: "Mute noisy_maker" }).click();
      await page.getByText("Muted noisy_maker").first().waitFor();
      const home = await (await fetch(`${s.url}/api/content/feed?page=1`, { headers: { cookie } })).json();
      assert.ok(!home.content.images.some((i: { id: number }) => i.id === item.id), "muted item left the feed");
      await page.goto(`${s.url}/profile`);
      await waitHydrated(page, "MutedList");
      const section = page.getByTestId("muted-section");
      await section.getByText("noisy_maker").waitFor();
      await section.scrollIntoViewIfNeeded();
      await screenshot(page, `profile-muted-${w}`);
      await section.getByRole("button", { name: "Unmute" }).click();
      await section.getByText("Nothing muted.").waitFor();
      // The seeded item has no file on disk: its image's 404 is the fixture's, not the page's.
      assert.deepEqual(errors.filter((e) => !e.includes("status of 404")), []);
      await context.close();
    }
  } finally {
    await browser.close();
    await s.shutdown();
  }
});
