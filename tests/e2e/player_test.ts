/**
 * Issue 35 points 3 and 7 in Chromium: Auto quality picks by the player's device pixels (a 1,000 px
 * player), lowered by Save-Data and 3g but not by a low `downlink`, and one step after two stalls
 * (network throttled through the DevTools protocol); the keyboard shortcuts on the media page and in
 * the modal viewer; the quality menu's loop and speed, on screen at 390x844; the `?` list.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import type { Browser, Page } from "playwright-core";
import { approveItem } from "../../db/queries/admin.ts";
import { media } from "../../db/schema/mod.ts";
import { createUser, loginCookie, startServer, until } from "../_helpers.ts";
import { multipart } from "../_media_fixtures.ts";
import { needs } from "../_needs.ts";
import { makeVideo } from "../_video_sources.ts";
import { collectErrors, launchBrowser, screenshot, waitHydrated } from "./_browser.ts";

const ready = needs(import.meta.url, "chromium", "ffmpeg");

const pattern = (size: string, seconds: number, noisy = false) => ({
  ext: "mp4",
  args: [
    ...["-f", "lavfi", "-i", `testsrc2=size=${size}:rate=10:duration=${seconds}`],
    // Noise keeps the encoder at its bitrate cap: a throttled line cannot keep up with 720p.
    ...(noisy ? ["-vf", "noise=alls=60:allf=t"] : []),
    ...["-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p"],
  ],
});

type Env = Awaited<ReturnType<typeof setUp>>;

async function setUp() {
  const server = await startServer({ JOBS_IN_WEB: "true", RATE_UPLOADS_PER_USER: "100" });
  const { db, url } = server;
  const member = await createUser(db);
  const cookie = await loginCookie(db, member.id);
  const admin = await createUser(db, { isAdmin: true });
  const post = async (path: string, body: BodyInit, type: string) => {
    const res = await fetch(`${url}${path}`, { method: "POST", body, headers: { cookie, origin: url, "content-type": type } });
    assert.ok(res.ok, `${path}: ${res.status} ${await res.clone().text()}`);
    return res.json();
  };
  const upload = async (title: string, bytes: Uint8Array) => {
    const mp = multipart(`${title}.mp4`, "video/mp4", bytes);
    const { url: fileUrl } = await post("/api/upload/file", mp.body, mp.contentType);
    const body = { title, contentType: "video", videoUrl: fileUrl, categoryId: 1, aiGenerator: "Sora", tags: "" };
    return await post("/api/videos", JSON.stringify(body), "application/json") as { id: number; slug: string };
  };
  const hd = await upload("HD clip", await makeVideo(pattern("1280x720", 6, true)));
  const long = await upload("Long clip", await makeVideo(pattern("320x180", 40)));
  await until(
    async () => {
      const states = await db.select({ s: media.processingState, e: media.processingError }).from(media);
      assert.ok(states.every((r) => r.s !== "failed"), JSON.stringify(states));
      return states.every((r) => r.s === "ready");
    },
    600_000,
    "processing",
  );
  for (const item of [hd, long]) await approveItem(db, item.id, admin.id, Date.now());
  const sources = async (id: number) =>
    (await (await fetch(`${url}/api/videos/${id}`)).json()).sources as { url: string; height: number }[];
  return { server, url, hd: { ...hd, sources: await sources(hd.id) }, long };
}

let env: Env | null = null;
let browser: Browser | null = null;
if (ready) {
  env = await setUp();
  browser = await launchBrowser();
}

Deno.test.afterAll(async () => {
  await browser?.close();
  await env?.server.shutdown();
});

const video = (page: Page) => page.locator("[data-testid=video-player]");
const state = (page: Page) =>
  video(page).evaluate((v: HTMLVideoElement) => ({
    src: v.currentSrc,
    time: v.currentTime,
    paused: v.paused,
    muted: v.muted,
    volume: v.volume,
    loop: v.loop,
    rate: v.playbackRate,
    width: v.clientWidth,
  }));

/** The media page in a fresh context whose navigator.connection says `connection` (undefined: leave it). */
async function open(slug: string, opts: { width?: number; height?: number; dpr?: number; connection?: Record<string, unknown> } = {}) {
  const context = await browser!.newContext({
    viewport: { width: opts.width ?? 1440, height: opts.height ?? 900 },
    deviceScaleFactor: opts.dpr ?? 1,
  });
  if (opts.connection) {
    await context.addInitScript((c) => Object.defineProperty(Navigator.prototype, "connection", { get: () => c }), opts.connection);
  }
  const page = await context.newPage();
  const errors = collectErrors(page);
  await page.goto(`${env!.url}/media/${slug}`);
  await waitHydrated(page, "MediaPlayer");
  return { page, errors, close: () => context.close() };
}

const heightOf = (src: string) => env!.hd.sources.find((s) => src.endsWith(s.url))?.height;

Deno.test({
  name: "[e2e] Auto quality: a 1,000 px player plays 720p whatever downlink says; Save-Data and 3g start at 480p",
  ignore: !ready,
  sanitizeResources: false,
  sanitizeOps: false,
  fn: async () => {
    assert.deepEqual(env!.hd.sources.map((s) => s.height), [480, 720]);
    const cases: [Record<string, unknown> | undefined, number][] = [
      [undefined, 720],
      [{ effectiveType: "4g", downlink: 1.45, saveData: false }, 720],
      [{ effectiveType: "4g", downlink: 10, saveData: true }, 480],
      [{ effectiveType: "3g", downlink: 1.45, saveData: false }, 480],
    ];
    for (const [connection, expected] of cases) {
      const { page, errors, close } = await open(env!.hd.slug, { connection });
      await page.waitForFunction(() => document.querySelector<HTMLVideoElement>("[data-testid=video-player]")!.readyState >= 1);
      const s = await state(page);
      assert.ok(s.width >= 990 && s.width <= 1010, `a 1,000 px player: ${s.width}`);
      assert.equal(heightOf(s.src), expected, JSON.stringify(connection));
      assert.match(await page.getByTestId("quality").innerText(), new RegExp(`Auto \\(${expected}p\\)`));
      assert.deepEqual(errors, []);
      await close();
    }
  },
});

Deno.test({
  name: "[e2e] Auto quality drops one step after two stalls while playing (network throttled)",
  ignore: !ready,
  sanitizeResources: false,
  sanitizeOps: false,
  fn: async () => {
    const { page, close } = await open(env!.hd.slug);
    await page.waitForFunction(() => document.querySelector<HTMLVideoElement>("[data-testid=video-player]")!.readyState >= 1);
    assert.equal(heightOf((await state(page)).src), 720);
    await page.evaluate(() => {
      const v = document.querySelector<HTMLVideoElement>("[data-testid=video-player]")!;
      const seen: string[] = ((globalThis as unknown as { seen: string[] }).seen = []);
      for (const type of ["waiting", "playing"]) v.addEventListener(type, () => seen.push(`${type} ${v.currentSrc.slice(-40)}`));
    });
    const cdp = await page.context().newCDPSession(page);
    // About 0.5 Mbit/s: 720p at its 2.8 Mbit/s cap stalls every second or so (throttling needs the domain on).
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 20,
      downloadThroughput: 64_000,
      uploadThroughput: 64_000,
    });
    await video(page).evaluate((v: HTMLVideoElement) => {
      v.muted = true;
      return v.play();
    });
    await page.waitForFunction(
      (url) => document.querySelector<HTMLVideoElement>("[data-testid=video-player]")!.currentSrc.endsWith(url),
      env!.hd.sources[0].url,
      { timeout: 90_000 },
    ).catch(async (e) => {
      const events = await page.evaluate(() => (globalThis as unknown as { seen: string[] }).seen);
      throw new Error(`${e.message}\nevents: ${JSON.stringify(events)}\nstate: ${JSON.stringify(await state(page))}`);
    });
    // Two stalls of the 720p file while it played came first (its first buffering is none).
    const seen = await page.evaluate(() => (globalThis as unknown as { seen: string[] }).seen);
    const of720 = seen.filter((e) => e.endsWith(env!.hd.sources[1].url.slice(-40)));
    const stalls = of720.slice(of720.findIndex((e) => e.startsWith("playing"))).filter((e) => e.startsWith("waiting"));
    assert.ok(stalls.length >= 2, JSON.stringify(seen));
    assert.match(await page.getByTestId("quality").innerText(), /Auto \(480p\)/);
    await close();
  },
});

const press = async (page: Page, key: string) => {
  await page.keyboard.press(key);
  return await state(page);
};
const near = (actual: number, expected: number, what: string) => assert.ok(Math.abs(actual - expected) < 0.6, `${what}: ${actual}`);

Deno.test({
  name:
    "[e2e] the media page's keys at 1440x900: play and pause, seeking, tenths, volume, mute, full screen, the ? list; none in a text field",
  ignore: !ready,
  sanitizeResources: false,
  sanitizeOps: false,
  fn: async () => {
    const { page, errors, close } = await open(env!.long.slug);
    await page.waitForFunction(() => document.querySelector<HTMLVideoElement>("[data-testid=video-player]")!.readyState >= 1);
    assert.equal((await state(page)).loop, false, "a 40 s video does not loop by default");
    await video(page).evaluate((v: HTMLVideoElement) => (v.muted = true)); // no sound device in the test
    assert.equal(await page.evaluate(() => document.activeElement === document.body), true, "the page has the focus");

    assert.equal((await press(page, "k")).paused, false, "k plays");
    assert.equal((await press(page, "k")).paused, true, "k pauses");
    assert.equal((await press(page, "Space")).paused, false, "Space plays");
    assert.equal((await press(page, "Space")).paused, true, "Space pauses");
    assert.equal(await page.evaluate(() => scrollY), 0, "Space did not scroll the page");

    near((await press(page, "5")).time, 20, "5: half way");
    assert.equal(await page.getByTestId("player-status").innerText(), "50%");
    near((await press(page, "l")).time, 30, "l: 10 s forward");
    assert.equal(await page.getByTestId("player-status").innerText(), "Forward 10 seconds");
    near((await press(page, "j")).time, 20, "j: 10 s back");
    near((await press(page, "ArrowRight")).time, 25, "Right: 5 s forward");
    near((await press(page, "ArrowLeft")).time, 20, "Left: 5 s back");
    near((await press(page, "0")).time, 0, "0: the start");
    near((await press(page, "9")).time, 36, "9: nine tenths");

    await video(page).evaluate((v: HTMLVideoElement) => (v.volume = 0.5));
    assert.equal((await press(page, "ArrowUp")).volume, 0.6);
    await press(page, "ArrowDown");
    const quieter = await press(page, "ArrowDown");
    assert.equal(quieter.volume, 0.4);
    assert.equal(await page.getByTestId("player-status").innerText(), "Volume 40%");
    assert.equal((await press(page, "m")).muted, true, "m mutes");
    assert.equal((await press(page, "m")).muted, false, "m unmutes");
    await video(page).evaluate((v: HTMLVideoElement) => (v.muted = true));

    await page.keyboard.press("f");
    await page.waitForFunction(() => document.fullscreenElement?.getAttribute("data-testid") === "player");
    await page.keyboard.press("f");
    await page.waitForFunction(() => document.fullscreenElement === null);

    await page.keyboard.press("?");
    const keys = page.getByRole("dialog", { name: "Keyboard shortcuts" });
    await keys.waitFor();
    for (const text of ["Play or pause", "Back or forward 10 seconds", "Jump to that tenth of the video"]) {
      assert.ok((await keys.innerText()).includes(text), text);
    }
    // While the list is open the keys are its own: k does not play behind it.
    assert.equal((await press(page, "k")).paused, true);
    await screenshot(page, "player-keys-1440");
    await page.keyboard.press("Escape");
    await keys.waitFor({ state: "hidden" });

    // Typing in the comment box is typing.
    const box = page.getByPlaceholder("Add a comment (posted as Anonymous)");
    await box.click();
    await page.keyboard.type("k m f 5");
    assert.equal(await box.inputValue(), "k m f 5");
    const after = await state(page);
    assert.equal(after.paused, true);
    assert.equal(after.muted, true);
    near(after.time, 36, "no seek while typing");
    assert.deepEqual(errors, []);
    await close();
  },
});

Deno.test({
  name: "[e2e] the quality menu: quality, loop (on for a short clip) and speed, kept across a switch; on screen at 390x844",
  ignore: !ready,
  sanitizeResources: false,
  sanitizeOps: false,
  fn: async () => {
    for (const [width, height, dpr] of [[1440, 900, 1], [390, 844, 2]]) {
      const { page, errors, close } = await open(env!.hd.slug, { width, height, dpr });
      await page.waitForFunction(() => document.querySelector<HTMLVideoElement>("[data-testid=video-player]")!.readyState >= 1);
      assert.equal((await state(page)).loop, true, "a 6 s clip loops by default");
      await page.getByTestId("quality").click();
      const menu = page.getByTestId("player-menu");
      await menu.waitFor();
      const radios = menu.getByRole("radio");
      assert.deepEqual(
        (await radios.evaluateAll((els) => els.map((e) => e.parentElement!.textContent!.trim()))).slice(0, 3),
        [width === 390 ? "Auto (480p)" : "Auto (720p)", "720p", "480p"],
      );
      assert.equal(await menu.getByRole("switch", { name: "Loop" }).isChecked(), true);
      assert.equal(await menu.getByRole("radio", { name: "Normal" }).isChecked(), true);
      const box = (await menu.boundingBox())!;
      assert.ok(
        box.x >= 0 && box.y >= 0 && box.x + box.width <= width && box.y + box.height <= height,
        `on screen: ${JSON.stringify(box)}`,
      );
      await screenshot(page, `player-menu-${width}`);

      await menu.locator("label", { hasText: "1.5x" }).click();
      assert.equal(await menu.getByRole("radio", { name: "1.5x" }).isChecked(), true);
      assert.equal((await state(page)).rate, 1.5);
      await menu.getByRole("switch", { name: "Loop" }).uncheck();
      assert.equal((await state(page)).loop, false);
      await menu.getByRole("radio", { name: "480p", exact: true }).check();
      await page.waitForFunction(
        (url) => {
          const v = document.querySelector<HTMLVideoElement>("[data-testid=video-player]")!;
          return v.currentSrc.endsWith(url) && v.readyState >= 1;
        },
        env!.hd.sources[0].url,
      );
      const switched = await state(page);
      assert.equal(switched.rate, 1.5, "the speed is kept");
      assert.equal(switched.loop, false, "the loop choice is kept");
      assert.match(await page.getByTestId("quality").innerText(), /480p\s*1\.5x/);

      // A phone has no keyboard: the list opens from the menu too.
      await menu.getByRole("button", { name: /Keyboard shortcuts/ }).click();
      const keys = page.getByRole("dialog", { name: "Keyboard shortcuts" });
      await keys.waitFor();
      const kb = (await keys.boundingBox())!;
      assert.ok(kb.x >= 0 && kb.x + kb.width <= width && kb.y + kb.height <= height, `the list on screen: ${JSON.stringify(kb)}`);
      await screenshot(page, `player-keys-from-menu-${width}`);
      await keys.getByRole("button", { name: "Close" }).click();
      await keys.waitFor({ state: "hidden" });
      assert.deepEqual(errors, []);
      await close();
    }
  },
});

Deno.test({
  name: "[e2e] the modal viewer's player takes the keys; the ? list closes alone on Escape, then the viewer",
  ignore: !ready,
  sanitizeResources: false,
  sanitizeOps: false,
  fn: async () => {
    // The home page has the viewer when it shows a featured item, which opens it.
    await env!.server.db.update(media).set({ featured: true }).where(eq(media.id, env!.hd.id));
    const context = await browser!.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    const errors = collectErrors(page);
    await page.goto(`${env!.url}/`);
    await waitHydrated(page, "MediaModal");
    await waitHydrated(page, "Feed");
    await page.locator('section[aria-labelledby="featured-heading"]').getByRole("link", { name: "HD clip" }).click();
    const modal = page.getByTestId("media-modal");
    const player = modal.getByTestId("video-player");
    await player.waitFor();
    await page.waitForFunction(() =>
      document.querySelector<HTMLVideoElement>("[data-testid=media-modal] [data-testid=video-player]")!.readyState >= 1
    );
    await player.evaluate((v: HTMLVideoElement) => (v.muted = true));
    await page.keyboard.press("k");
    await page.waitForFunction(() =>
      !document.querySelector<HTMLVideoElement>("[data-testid=media-modal] [data-testid=video-player]")!.paused
    );
    await page.keyboard.press("k");
    assert.equal(await player.evaluate((v: HTMLVideoElement) => v.paused), true);
    await page.keyboard.press("?");
    const keys = page.getByRole("dialog", { name: "Keyboard shortcuts" });
    await keys.waitFor();
    await page.keyboard.press("Escape");
    await keys.waitFor({ state: "hidden" });
    assert.equal(await modal.isVisible(), true, "the viewer stays open");
    await page.keyboard.press("Escape");
    await modal.waitFor({ state: "hidden" });
    assert.deepEqual(errors, []);
    await context.close();
  },
});
