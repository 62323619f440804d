/**
 * Issue 13 point 16: an automated accessibility check of the main pages with axe-core (pinned in
 * deno.json), injected into the real pages in Chromium. No serious or critical violation may remain.
 */
import assert from "node:assert/strict";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import sharp from "sharp";
import type { Browser, Page } from "playwright-core";
import { hasChromium, launchBrowser, signedInContext, waitHydrated } from "./_browser.ts";
import { categoryIds, createMedia, createUser, loginCookie, startServer } from "../_helpers.ts";
import { newKey } from "../../lib/media/storage.ts";
import { comments, postReports, reports } from "../../db/schema/mod.ts";
import { mediaSlug } from "../../lib/media/slug.ts";

const AXE_PATH = fileURLToPath(new URL("../../node_modules/axe-core/axe.min.js", import.meta.url));
const axeSource = existsSync(AXE_PATH) ? readFileSync(AXE_PATH, "utf8") : null;
const browser: Browser | null = hasChromium() && axeSource ? await launchBrowser() : null;
const server = await startServer();
const { db, config } = server;

const member = await createUser(db, { username: "a11y_member" });
const admin = await createUser(db, { username: "a11y_admin", isAdmin: true });
const [category] = await categoryIds(db);
const items: Awaited<ReturnType<typeof createMedia>>[] = [];
for (let i = 0; i < 6; i++) {
  const key = newKey("i", "png");
  mkdirSync(`${config.uploadsDir}/i`, { recursive: true });
  writeFileSync(
    `${config.uploadsDir}/${key}`,
    await sharp({ create: { width: 320, height: 180, channels: 3, background: "#2a5d8f" } }).png().toBuffer(),
  );
  items.push(
    await createMedia(db, {
      userId: member.id,
      title: `Accessible item ${i}`,
      contentType: "image",
      fileKey: key,
      width: 320,
      height: 180,
      tags: "calm,blue,test",
      aiGenerator: "Midjourney",
      categoryId: category.id,
      reviewStatus: i === 5 ? "pending" : "approved",
    }),
  );
}
await db.client.execute({ sql: "UPDATE media SET featured = 1 WHERE id = ?", args: [items[0].id] });
// A public collection of the member's (issue 32), its id fixed for the paths below.
await db.client.execute({
  sql:
    "INSERT INTO collections (id, user_id, title, description, visibility, created_at, updated_at) VALUES (4242, ?, ?, ?, 'public', 1, 1)",
  args: [member.id, "Accessible picks", "Calm blues."],
});
for (const [position, item] of items.entries()) {
  await db.client.execute({
    sql: "INSERT INTO collection_items (collection_id, media_id, position, created_at) VALUES (4242, ?, ?, 1)",
    args: [item.id, position],
  });
}
// Comment dates were one of the low-contrast texts: the detail page shows one.
await db.insert(comments).values({ mediaId: items[1].id, userId: member.id, username: member.username, content: "Lovely blues." });
// Issue 34: the Reported tab's lists (an item and a comment, reported with words) and the Held tab's rows.
const [reported] = await db.insert(comments).values({
  mediaId: items[2].id,
  userId: member.id,
  username: member.username,
  content: "Rude?",
})
  .returning();
await db.insert(postReports).values({
  commentId: reported.id,
  userId: admin.id,
  reporterKey: `u:${admin.id}`,
  reason: "other",
  details: "Insulting.",
});
await db.insert(reports).values({
  mediaId: items[3].id,
  userId: null,
  reporterKey: "v:a11y",
  reason: "misinformation",
  details: "Not real.",
});
await db.insert(comments).values({
  mediaId: items[2].id,
  username: "Anonymous",
  content: "cheap followers at spam.example",
  status: "held",
  heldReason: "link",
});

Deno.test.afterAll(async () => {
  await browser?.close();
  await server.shutdown();
});

type Violation = { id: string; impact: string; help: string; nodes: { target: string[]; failureSummary?: string }[] };

/** Runs axe on the page as it is; the serious and critical violations, readable. */
async function seriousViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ content: axeSource! });
  const violations = await page.evaluate(async () => {
    // deno-lint-ignore no-explicit-any
    const axe = (globalThis as any).axe;
    const result = await axe.run(document, { resultTypes: ["violations"] });
    return result.violations as Violation[];
  });
  return violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) =>
    `${v.id} (${v.impact}): ${v.help}\n` +
    v.nodes.slice(0, 5).map((n) => `    ${n.target.join(" ")}: ${n.failureSummary?.split("\n").slice(1, 2).join("")}`).join("\n")
  );
}

type Check = { name: string; path: string; as?: "member" | "admin"; island?: string; open?: (page: Page) => Promise<void> };

const PAGES: Check[] = [
  { name: "home", path: "/", island: "Feed" },
  { name: "media detail", path: `/media/${mediaSlug("Accessible item 1", 0)}`, island: "Comments" },
  { name: "auth (login)", path: "/auth", island: "AuthForm" },
  { name: "auth (register)", path: "/auth?tab=register", island: "AuthForm" },
  { name: "search", path: "/search?q=accessible", island: "SearchResults" },
  { name: "not found", path: "/no-such-page" },
  { name: "my videos", path: "/my-videos", as: "member", island: "MyVideos" },
  { name: "collection (visitor)", path: "/collections/4242-accessible-picks", island: "CollectionGrid" },
  { name: "collection (its owner)", path: "/collections/4242-accessible-picks", as: "member", island: "CollectionGrid" },
  {
    name: "save dialog",
    path: `/media/${mediaSlug("Accessible item 1", 0)}`,
    as: "member",
    island: "SaveButton",
    open: async (page) => {
      await page.getByTestId("save-button").click();
      await page.getByTestId("save-list").getByText("Accessible picks").waitFor();
    },
  },
  {
    name: "admin (overview)",
    path: "/admin",
    as: "admin",
    island: "AdminDashboard",
    open: (page) => page.locator("[data-chart]").first().waitFor(),
  },
  {
    name: "admin (pending)",
    path: "/admin",
    as: "admin",
    island: "AdminDashboard",
    open: async (page) => {
      await page.getByRole("tab", { name: /^Pending Review/ }).click();
      await page.locator("#admin-panel tr[data-id]").first().waitFor();
    },
  },
  {
    name: "admin (reported)",
    path: "/admin",
    as: "admin",
    island: "AdminDashboard",
    open: async (page) => {
      await page.getByRole("tab", { name: /^Reported/ }).click();
      await page.getByTestId("report-details").nth(1).waitFor();
    },
  },
  {
    name: "admin (held)",
    path: "/admin",
    as: "admin",
    island: "AdminDashboard",
    open: async (page) => {
      await page.getByRole("tab", { name: /^Held/ }).click();
      await page.locator("#admin-panel tr[data-id]").first().waitFor();
      await page.getByText("No watched words yet.").waitFor();
    },
  },
  {
    name: "upload dialog (Image tab)",
    path: "/",
    as: "member",
    island: "UploadDialog",
    open: async (page) => {
      await page.locator("header").getByRole("button", { name: "Upload", exact: true }).click();
      await page.getByRole("tab", { name: "Image" }).click();
    },
  },
  {
    name: "report dialog",
    path: `/media/${mediaSlug("Accessible item 1", 0)}?report=true`,
    island: "ReportButton",
    open: (page) => page.getByRole("dialog", { name: "Report Content" }).waitFor(),
  },
];

for (const viewport of [{ width: 1440, height: 900 }, { width: 390, height: 844 }]) {
  for (const p of PAGES) {
    Deno.test({
      name: `[a11y] ${p.name} at ${viewport.width}x${viewport.height} has no serious or critical axe violations`,
      ignore: !browser,
      sanitizeResources: false,
      sanitizeOps: false,
      fn: async () => {
        const who = p.as === "admin" ? admin : p.as === "member" ? member : null;
        // The page's CSP would refuse the injected axe script, rightly: the test context bypasses it.
        const options = { viewport, bypassCSP: true };
        const context = who
          ? await signedInContext(browser!, server.url, await loginCookie(db, who.id), options)
          : await browser!.newContext(options);
        const page = await context.newPage();
        const path = p.path.replace(/-0(?=$|\?)/, `-${items[1].id}`);
        await page.goto(`${server.url}${path}`);
        if (p.island) await waitHydrated(page, p.island);
        await p.open?.(page);
        const found = await seriousViolations(page);
        await context.close();
        assert.deepEqual(found, [], `\n${found.join("\n")}`);
      },
    });
  }
}
