/**
 * In Chromium: an HEVC upload plays through its default rendition (the time advances); the player
 * never loads the original. (Debian's Chromium 156 is built on the system's ffmpeg and plays the HEVC
 * and even a ProRes original too, so "the original does not play" cannot be shown with this build;
 * Chrome and Firefox without a hardware decoder do not play them.) The quality menu switches renditions keeping position and
 * play state; cards carry the preview clip and a 2x poster.
 * It waits on states, never on a time: processing on two shared cores took over the 20 s this test
 * once allowed (CI failed with "processing took too long"), and a video's time after a fixed sleep
 * depends on the machine's load.
 */
import assert from "node:assert/strict";
import { approveItem } from "../../db/queries/admin.ts";
import { media } from "../../db/schema/mod.ts";
import { eq } from "drizzle-orm";
import { createUser, loginCookie, ORIGIN, startServer, until } from "../_helpers.ts";
import { multipart } from "../_media_fixtures.ts";
import { needs } from "../_needs.ts";
import { h264, makeVideo, SOURCES } from "../_video_sources.ts";
import { launchBrowser, screenshot, waitHydrated } from "./_browser.ts";

const ready = needs(import.meta.url, "chromium", "ffmpeg");

Deno.test({
  name: "[e2e] an HEVC upload plays in Chromium through its rendition; the quality menu keeps position; cards carry the preview",
  ignore: !ready,
  sanitizeResources: false,
  sanitizeOps: false,
  fn: async () => {
    const server = await startServer({ JOBS_IN_WEB: "true", RATE_UPLOADS_PER_USER: "100" });
    const browser = await launchBrowser();
    try {
      const { db, url } = server;
      const member = await createUser(db);
      const cookie = await loginCookie(db, member.id);
      const admin = await createUser(db, { isAdmin: true });
      const post = async (path: string, body: BodyInit, type: string) => {
        const res = await fetch(`${url}${path}`, {
          method: "POST",
          body,
          headers: { cookie, origin: ORIGIN.replace("localhost:8000", new URL(url).host), "content-type": type },
        });
        assert.ok(res.ok, `${path}: ${res.status} ${await res.clone().text()}`);
        return res.json();
      };
      const upload = async (name: string, mime: string, bytes: Uint8Array) => {
        const mp = multipart(name, mime, bytes);
        const { url: fileUrl } = await post("/api/upload/file", mp.body, mp.contentType);
        const item = await post(
          "/api/videos",
          JSON.stringify({ title: name, contentType: "video", videoUrl: fileUrl, categoryId: 1, aiGenerator: "Sora", tags: "" }),
          "application/json",
        );
        return { item, original: fileUrl as string };
      };
      const hevc = await upload("phone.mp4", "video/mp4", await makeVideo(SOURCES.hevc));
      // 12 s: a switch under load happens long before the clip would end or loop back.
      const hd = await upload("hd.mp4", "video/mp4", await makeVideo(h264("1280x720", 12)));
      await until(
        async () => {
          const states = await db.select({ s: media.processingState, e: media.processingError }).from(media);
          assert.ok(states.every((r) => r.s !== "failed"), JSON.stringify(states));
          return states.every((r) => r.s === "ready");
        },
        300_000,
        "processing",
      );
      for (const { item } of [hevc, hd]) await approveItem(db, item.id, admin.id, Date.now());
      const rows = await db.select({ id: media.id, sources: media.sources }).from(media).where(eq(media.id, hevc.item.id));
      assert.equal(JSON.parse(rows[0].sources).length, 1);

      const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
      const playOn = async (slug: string) => {
        await page.goto(`${url}/media/${slug}`);
        await waitHydrated(page, "MediaPlayer");
        await page.evaluate(() => {
          const v = document.querySelector<HTMLVideoElement>("[data-testid=video-player]")!;
          v.muted = true;
          return v.play();
        });
        // The time advances: the rendition decodes and plays.
        await page.waitForFunction(() => document.querySelector<HTMLVideoElement>("[data-testid=video-player]")!.currentTime > 0.3);
        return await page.evaluate(() => {
          const v = document.querySelector<HTMLVideoElement>("[data-testid=video-player]")!;
          return { rendition: { src: v.currentSrc, time: v.currentTime } };
        });
      };
      const played = await playOn(hevc.item.slug);
      assert.match(played.rendition.src, /\/uploads\/v\/[a-f0-9]{32}\.mp4$/);
      assert.ok(!played.rendition.src.endsWith(hevc.original), "the player loads a rendition, not the original");
      assert.ok(played.rendition.time > 0.3, `rendition time ${played.rendition.time}`);
      await screenshot(page, "renditions-media-1440");

      await page.goto(`${url}/media/${hd.item.slug}`);
      await waitHydrated(page, "MediaPlayer");
      await page.getByTestId("quality").click();
      const menu = page.getByTestId("player-menu");
      const options = await menu.getByRole("radio").evaluateAll((els) => els.map((e) => e.parentElement!.textContent!.trim()));
      assert.deepEqual(options.slice(0, 3), ["Auto (720p)", "720p", "480p"]);
      await page.keyboard.press("Escape");
      await page.evaluate(() => {
        const v = document.querySelector<HTMLVideoElement>("[data-testid=video-player]")!;
        v.muted = true;
        return v.play();
      });
      await page.waitForFunction(() => document.querySelector<HTMLVideoElement>("[data-testid=video-player]")!.currentTime > 0.7);
      const switched = await page.evaluate(() => {
        const v = document.querySelector<HTMLVideoElement>("[data-testid=video-player]")!;
        return { before: v.currentSrc, at: v.currentTime };
      });
      const { sources } = await (await fetch(`${url}/api/videos/${hd.item.id}`, { headers: { cookie } })).json();
      const other = sources.find((x: { url: string }) => !switched.before.endsWith(x.url));
      await page.getByTestId("quality").click();
      await menu.getByRole("radio", { name: `${other.height}p`, exact: true }).check();
      await page.waitForFunction((before) => {
        const v = document.querySelector<HTMLVideoElement>("[data-testid=video-player]")!;
        return v.currentSrc !== before && v.readyState >= 2 && !v.paused;
      }, switched.before);
      const after = await page.evaluate(() => document.querySelector<HTMLVideoElement>("[data-testid=video-player]")!.currentTime);
      assert.ok(after >= switched.at - 0.1, `position kept: ${switched.at} -> ${after}`);

      await screenshot(page, "renditions-quality-1440");
      await page.setViewportSize({ width: 390, height: 844 });
      await screenshot(page, "renditions-quality-390");

      // Cards: the preview clip on the video, the poster in two sizes.
      const phone = await browser.newPage({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 });
      await phone.goto(`${url}/`);
      const card = phone.locator(`[data-card="${hd.item.id}"]`);
      assert.match((await card.locator("video").getAttribute("src")) ?? "", /^\/uploads\/p\/[a-f0-9]{32}\.mp4$/);
      assert.match((await card.locator("img").getAttribute("srcset")) ?? "", /400w, .* 800w$/);
      await screenshot(phone, "renditions-home-390");
    } finally {
      await browser.close();
      await server.shutdown();
    }
  },
});
