/**
 * JavaScript each page loads in a real browser (issue 14: home at most 74 KB transferred; pages
 * with no island 0 bytes; islands per page): `NODE_ENV=production deno run -A bench/js.ts`.
 * Seeds items, forum threads and a conversation, starts the real server, opens every page with an
 * island in Chromium (visitor, member or admin), and records every script the page fetched once
 * its islands hydrated ("at load"), then again after scrolling to the bottom (islands that wait to
 * be visible). Bytes: raw, gzip -9 and brotli q11 of those files, and what the server sent to a
 * browser (it serves hashed assets brotli-compressed); "own" is the brotli bytes without the
 * runtime chunks (the manifest's `runtime`: Preact). No wrk: byte counts only.
 *   --files   also lists each page's files with their brotli bytes
 */
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { Browser, Page } from "playwright-core";
import type { FeedResponse } from "../common/api_types.ts";
import { hasChromium, launchBrowser, signedInContext } from "../tests/e2e/_browser.ts";
import { BROWSER, compressedSize, kb, printTable, startBenchServer } from "./_lib.ts";
import { seedItems } from "./_seed.ts";
import { seedForum } from "./_seed_forum.ts";

if (!hasChromium()) {
  console.log("skipped: bench js needs Chromium (apt-get install chromium, or CHROMIUM_PATH=/path/to/chromium)");
  Deno.exit(0);
}

type Who = "visitor" | "member" | "admin";
type Target = { label: string; path: string; who: Who };

/** The member is `bench_member_1`; `bench_member` (cookies[0]) is the admin. */
const server = await startBenchServer({
  admin: true,
  members: 2,
  env: { LOG_LEVEL: "error" },
  seed: async (db) => {
    await seedItems(db, 300);
    await seedForum(db, 60);
    await db.client.execute("UPDATE media SET featured = 1 WHERE id = 7");
    const ids = async (where: string) => (await db.client.execute(`SELECT id FROM users WHERE ${where}`)).rows.map((r) => Number(r.id));
    const [member] = await ids("username = 'bench_member_1'");
    const [other] = await ids("username = 'bench_user_1'");
    const now = Date.now();
    for (let i = 0; i < 6; i++) {
      await db.client.execute({
        sql: "INSERT INTO messages (sender_id, receiver_id, content, created_at) VALUES (?, ?, ?, ?)",
        args: [...(i % 2 ? [member, other] : [other, member]), `Message ${i} about the neon city`, now - (6 - i) * 60_000],
      });
    }
    // Media uploaded by the member, for /my-videos.
    await db.client.execute({ sql: "UPDATE media SET user_id = ? WHERE id IN (10, 11, 12, 13)", args: [member] });
  },
});

const feed = (await (await fetch(`${server.url}/api/content/feed?sortBy=newest`)).json()) as FeedResponse;
const video = feed.content.videos.find((i) => i.contentType === "video") ?? feed.content.videos[0];

const targets: Target[] = [
  { label: "home", path: "/", who: "visitor" },
  { label: "home", path: "/", who: "member" },
  { label: "media", path: `/media/${video.id}`, who: "visitor" },
  { label: "media", path: `/media/${video.id}`, who: "member" },
  { label: "forum", path: "/forum", who: "visitor" },
  { label: "forum", path: "/forum", who: "member" },
  { label: "search", path: "/search?q=neon", who: "visitor" },
  { label: "user profile", path: "/user/bench_user_1", who: "member" },
  { label: "my-messages", path: "/my-messages", who: "member" },
  { label: "my-videos", path: "/my-videos", who: "member" },
  { label: "profile", path: "/profile", who: "member" },
  { label: "admin", path: "/admin", who: "admin" },
  { label: "auth", path: "/auth", who: "visitor" },
  { label: "forgot-password", path: "/forgot-password", who: "visitor" },
  { label: "terms (no island)", path: "/terms-of-service", who: "visitor" },
];

const FILES = Deno.args.includes("--files");
const runtime = new Set<string>(
  ((await (await fetch(`${server.url}/static/build/manifest.json`)).json()).runtime ?? []).map((p: string) => server.url + p),
);

type Sizes = { files: number; raw: number; gzip: number; brotli: number; sent: number; own: number };
const fileSizes = new Map<string, Omit<Sizes, "files" | "own">>();

async function sizesOf(url: string) {
  let s = fileSizes.get(url);
  if (!s) {
    const raw = new Uint8Array(await (await fetch(url, { headers: { "accept-encoding": "identity" } })).arrayBuffer());
    s = {
      raw: raw.length,
      gzip: gzipSync(raw, { level: 9 }).length,
      brotli: brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
      sent: (await compressedSize(url, BROWSER)).bytes,
    };
    fileSizes.set(url, s);
  }
  return s;
}

async function total(urls: Iterable<string>): Promise<Sizes> {
  const out: Sizes = { files: 0, raw: 0, gzip: 0, brotli: 0, sent: 0, own: 0 };
  for (const url of urls) {
    const s = await sizesOf(url);
    out.files++;
    out.raw += s.raw;
    out.gzip += s.gzip;
    out.brotli += s.brotli;
    out.sent += s.sent;
    if (!runtime.has(url)) out.own += s.brotli;
  }
  return out;
}

/** Waits until every island marker that is not nested in another one (and, unless `all`, not waiting to be visible) hydrated. */
async function islandsHydrated(page: Page, all: boolean) {
  await page.waitForFunction(
    (all) => {
      const markers = [...document.querySelectorAll<HTMLElement>("[data-island]")]
        .filter((el) => !el.parentElement?.closest("[data-island]"))
        .filter((el) => all || el.dataset.hydrate !== "visible");
      return markers.every((el) => el.hasAttribute("data-hydrated"));
    },
    all,
    { timeout: 15_000 },
  );
  await page.waitForLoadState("networkidle");
}

async function measurePage(browser: Browser, t: Target) {
  const cookie = t.who === "admin" ? server.cookies[0] : t.who === "member" ? server.cookies[1] : null;
  const context = cookie ? await signedInContext(browser, server.url, cookie) : await browser.newContext();
  const page = await context.newPage();
  const scripts = new Set<string>();
  page.on("request", (r) => r.resourceType() === "script" && scripts.add(r.url()));
  const errors: string[] = [];
  // Seeded items point at files that do not exist and at YouTube thumbnails: failed loads are expected.
  page.on("console", (m) => /^(error|warning)$/.test(m.type()) && !m.text().startsWith("Failed to load resource") && errors.push(m.text()));
  page.on("pageerror", (e) => errors.push(String(e)));
  await page.goto(server.url + t.path);
  await islandsHydrated(page, false);
  const atLoad = await total(new Set(scripts));
  for (let y = 0; y < 30; y++) {
    const done = await page.evaluate(() => {
      scrollBy(0, innerHeight);
      return innerHeight + scrollY >= document.documentElement.scrollHeight - 2;
    });
    await page.waitForTimeout(100);
    if (done) break;
  }
  await islandsHydrated(page, true);
  const all = await total(scripts);
  const files = FILES ? await Promise.all([...scripts].map(async (u) => [u.replace(/.*\//, ""), (await sizesOf(u)).brotli] as const)) : [];
  const islands = await page.evaluate(() =>
    [...new Set([...document.querySelectorAll<HTMLElement>("[data-island]")].map((el) => el.dataset.island))].join(" ")
  );
  await context.close();
  return { t, atLoad, all, islands, errors, files };
}

const browser = await launchBrowser();
try {
  const results = [];
  for (const t of targets) results.push(await measurePage(browser, t));
  printTable(
    "JavaScript a page loads in Chromium once its islands hydrated (at load), then after scrolling to the end; sent = bytes on the wire",
    ["page", "as", "files", "raw", "gzip -9", "brotli 11", "own (br)", "sent", "all: files", "all: brotli", "all: sent"],
    results.map(({ t, atLoad, all }) => [
      `${t.label} ${t.path}`,
      t.who,
      atLoad.files,
      kb(atLoad.raw),
      kb(atLoad.gzip),
      kb(atLoad.brotli),
      kb(atLoad.own),
      kb(atLoad.sent),
      all.files,
      kb(all.brotli),
      kb(all.sent),
    ]),
  );
  printTable("Islands on each page", ["page", "as", "islands"], results.map(({ t, islands }) => [`${t.label}`, t.who, islands || "-"]));
  if (FILES) {
    for (const { t, files } of results) {
      printTable(
        `${t.label} (${t.who}): brotli bytes of each file`,
        ["file", "brotli"],
        files.map(([f, b]) => [`${f}${runtime.has(`${server.url}/static/build/${f}`) ? " (runtime)" : ""}`, b]),
      );
    }
  }
  const noisy = results.filter((r) => r.errors.length);
  if (noisy.length) {
    console.log("\nConsole errors and warnings:");
    for (const r of noisy) for (const e of r.errors) console.log(`  ${r.t.label} (${r.t.who}): ${e.slice(0, 200)}`);
  }
} finally {
  await browser.close();
  await server.stop();
}
