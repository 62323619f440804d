/**
 * Image bench (issue 35 point 1): `deno task bench images`. Prints the bytes Chromium transfers
 * opening three image pages (each a 2560x1920 PNG of ~12 MB, as the 12.7 MB upload) at
 * 390x844 (3x, a phone) and 1440x900 (1x): before renditions (the pages show the originals) and
 * after the background pass (lib/media/image_backfill.ts, run by `deno task worker`) made them.
 * Figures are printed, never asserted (tests/e2e/image_page_test.ts asserts the phone's bound).
 */
import { mkdir, writeFile } from "node:fs/promises";
import { chromium } from "playwright-core";
import sharp from "sharp";
import { openDb } from "../db/client.ts";
import { insertUser } from "../db/queries/users.ts";
import { media } from "../db/schema/mod.ts";
import { mediaSlug } from "../lib/media/slug.ts";
import { newKey } from "../lib/media/storage.ts";
import { picturePng } from "../tests/_image_fixtures.ts";
import { bytesUnder, countedPage, DESKTOP, imagesSettled, PHONE, type Screen } from "../tests/e2e/_page_bytes.ts";
import { printTable, ROOT, startBenchServer } from "./_lib.ts";

const PAGES = 3;
const pngs = await Promise.all(Array.from({ length: PAGES }, (_, i) => picturePng(2560, 1920, 40 + i)));
const slugs: string[] = [];

const server = await startBenchServer({
  env: { JOBS_IN_WEB: "false", PAGE_CACHE_SECONDS: "0" },
  seed: async (db, config) => {
    const uploader = await insertUser(db, { username: "bench_images", email: null, passwordHash: null });
    for (const dir of ["i", "t"]) await mkdir(`${config.uploadsDir}/${dir}`, { recursive: true });
    for (const [i, png] of pngs.entries()) {
      const key = newKey("i", "png");
      await writeFile(`${config.uploadsDir}/${key}`, png);
      // The 640 px card thumbnail an upload gets (lib/media/media_process.ts): related cards show it.
      const thumbnailKey = newKey("t", "webp");
      await sharp(png).resize({ width: 640 }).webp({ quality: 75 }).toFile(`${config.uploadsDir}/${thumbnailKey}`);
      const [row] = await db.insert(media).values({
        userId: uploader.id,
        categoryId: 1,
        title: `Bench picture ${i}`,
        contentType: "image",
        fileKey: key,
        thumbnailKey,
        reviewStatus: "approved",
        aiGenerator: "SDXL",
        width: 2560,
        height: 1920,
        size: png.length,
      }).returning();
      slugs.push(mediaSlug(row.title, row.id));
    }
  },
});

/** Bytes of the three pages at a screen: the pictures (/uploads/) and everything. */
async function pagesBytes(screen: Screen) {
  const browser = await chromium.launch({
    executablePath: Deno.env.get("CHROMIUM_PATH") ?? "/usr/bin/chromium",
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic"],
  });
  let pictures = 0;
  let total = 0;
  for (const slug of slugs) {
    const counted = await countedPage(browser, screen);
    await counted.page.context().addCookies([{ name: "dr_age", value: "1", url: server.url }]);
    await counted.page.goto(`${server.url}/media/${slug}`, { waitUntil: "load" });
    await imagesSettled(counted.page);
    pictures += bytesUnder(counted, "/uploads/");
    total += counted.total;
    await counted.close();
  }
  await browser.close();
  return { pictures, total };
}

const before = { phone: await pagesBytes(PHONE), desktop: await pagesBytes(DESKTOP) };

const worker = new Deno.Command(Deno.execPath(), {
  args: ["run", "-A", `${ROOT}tasks/worker.ts`],
  env: { DATA_DIR: server.dataDir, LOG_LEVEL: "warn", NODE_ENV: "production" },
  stdout: "null",
  stderr: "inherit",
}).spawn();
const db = openDb(server.config.databaseUrl);
const started = Date.now();
while ((await db.select({ s: media.sources }).from(media)).some((r) => r.s === "[]")) await new Promise((r) => setTimeout(r, 250));
const passSeconds = (Date.now() - started) / 1000;
worker.kill("SIGTERM");
await worker.status;
db.client.close();

const after = { phone: await pagesBytes(PHONE), desktop: await pagesBytes(DESKTOP) };
await server.stop();

const mb = (n: number) => (n / 1e6).toFixed(3);
printTable(`Opening ${PAGES} image pages (2560x1920 PNGs, ${mb(pngs.reduce((n, p) => n + p.length, 0))} MB together)`, [
  "case",
  "MB pictures",
  "MB in all",
], [
  ["390x844 @3x before (originals)", mb(before.phone.pictures), mb(before.phone.total)],
  ["390x844 @3x after (WebP copies)", mb(after.phone.pictures), mb(after.phone.total)],
  ["1440x900 @1x before (originals)", mb(before.desktop.pictures), mb(before.desktop.total)],
  ["1440x900 @1x after (WebP copies)", mb(after.desktop.pictures), mb(after.desktop.total)],
]);
console.log(
  `the background pass made the copies of ${PAGES} images in ${
    passSeconds.toFixed(1)
  } s (worker process, machine of ${navigator.hardwareConcurrency} cores)`,
);
