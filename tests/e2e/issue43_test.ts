/**
 * Issue 43 points 1, 2, 5 and 7 (Space) in Chromium at 390x844 and 1440x900: a card's tag chip leads to the tag
 * page; the profile's counts lead to the follower list; the player resumes where the member stopped, offers
 * Start over and sends its position; Space on the focused video toggles once. Screenshots in test-results/.
 */
import assert from "node:assert/strict";
import { mkdirSync, writeFileSync } from "node:fs";
import { and, eq } from "drizzle-orm";
import { writeTx } from "../../db/client.ts";
import { insertFollow } from "../../db/queries/follows.ts";
import { saveProgress } from "../../db/queries/history.ts";
import { watchHistory } from "../../db/schema/mod.ts";
import { createMedia, createUser, loginCookie, startServer, until } from "../_helpers.ts";
import { webm } from "../_media_fixtures.ts";
import { needs } from "../_needs.ts";
import { collectErrors, launchBrowser, screenshot, signedInContext, waitHydrated } from "./_browser.ts";

const READY = needs(import.meta.url, "chromium", "ffmpeg");
const SIZES = [{ width: 390, height: 844 }, { width: 1440, height: 900 }];

Deno.test("[e2e] issue 43: tag chips, follower lists, resume and Start over, Space toggles once", {
  ignore: !READY,
  sanitizeResources: false,
  sanitizeOps: false,
}, async () => {
  const s = await startServer();
  const browser = await launchBrowser();
  try {
    mkdirSync(`${s.config.uploadsDir}/v`, { recursive: true });
    writeFileSync(`${s.config.uploadsDir}/v/issue43clip.webm`, await webm(12));
    const maker = await createUser(s.db, { username: "tag_maker" });
    const fan = await createUser(s.db, { username: "tag_fan" });
    await writeTx(s.db, (tx) => insertFollow(tx, fan.id, maker.id));
    const clip = await createMedia(s.db, {
      userId: maker.id,
      title: "Neon clip",
      contentType: "video",
      fileKey: "v/issue43clip.webm",
      duration: 12,
      tags: "neonwave, night",
    });
    await writeTx(s.db, (tx) => saveProgress(tx, fan.id, clip.id, 6));
    const cookie = await loginCookie(s.db, fan.id);
    for (const size of SIZES) {
      const context = await signedInContext(browser, s.url, cookie, { viewport: size });
      const page = await context.newPage();
      const errors = collectErrors(page);
      // Point 1: the chip on the home page's card leads to the tag page.
      await page.goto(`${s.url}/`);
      await page.locator('a.chip[href="/tags/neonwave"]').first().click();
      await page.waitForURL(/\/tags\/neonwave$/);
      assert.equal(await page.getByTestId("tag-title").innerText(), "#neonwave");
      await page.getByText("Neon clip").first().waitFor();
      await screenshot(page, `i43-tag-${size.width}`);
      // Point 2: the profile's follower count leads to the list.
      await page.goto(`${s.url}/user/tag_maker`);
      await page.getByTestId("follower-count").click();
      await page.waitForURL(/\/user\/tag_maker\/followers$/);
      await page.getByTestId("follow-list").getByText("tag_fan").waitFor();
      await screenshot(page, `i43-followers-${size.width}`);
      // Point 5: the player starts at 6 s with Start over; point 7: Space on the focused video toggles once.
      await page.goto(`${s.url}/media/${clip.id}`);
      await waitHydrated(page, "MediaPlayer");
      const video = page.locator("[data-testid=video-player]");
      await screenshot(page, `i43-media-${size.width}`);
      if (!(await video.count())) {
        throw new Error(
          `no video: ${JSON.stringify(errors)} ${
            (await page.locator("[data-testid=player], [role=alert]").first().innerHTML().catch(() => "?")).slice(0, 300)
          }`,
        );
      }
      await page.waitForFunction(() => document.querySelector<HTMLVideoElement>("[data-testid=video-player]")!.currentTime >= 5.5);
      await page.getByTestId("start-over").waitFor();
      await screenshot(page, `i43-resume-${size.width}`);
      await video.evaluate((v: HTMLVideoElement) => {
        v.muted = true;
        v.focus();
      });
      await page.keyboard.press("Space");
      await page.waitForTimeout(300);
      assert.equal(await video.evaluate((v: HTMLVideoElement) => v.paused), false, "one Space plays");
      await page.keyboard.press("Space");
      await page.waitForTimeout(300);
      assert.equal(await video.evaluate((v: HTMLVideoElement) => v.paused), true, "a second Space pauses");
      // The pause sent the position.
      await until(
        async () => {
          const row = await s.db.select().from(watchHistory).where(and(eq(watchHistory.userId, fan.id), eq(watchHistory.mediaId, clip.id)))
            .get();
          return !!row && row.seconds !== 6;
        },
        20_000,
        "the position sent on pause",
      );
      await page.getByTestId("start-over").click();
      assert.ok((await video.evaluate((v: HTMLVideoElement) => v.currentTime)) < 1, "Start over");
      await page.goto(`${s.url}/history`);
      await page.getByTestId("history-list").getByText("Neon clip").waitFor();
      await screenshot(page, `i43-history-${size.width}`);
      assert.deepEqual(errors, []);
      await context.close();
      await writeTx(s.db, (tx) => saveProgress(tx, fan.id, clip.id, 6));
    }
  } finally {
    await browser.close();
    await s.shutdown();
  }
});
