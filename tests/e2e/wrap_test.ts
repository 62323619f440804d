/**
 * Issue 27 point 1: every text a member or visitor writes wraps on every page at every width. The
 * worst case (one unbroken word as long as the field allows) goes into each field, and each page
 * that shows it must not be wider than the window at 390 and 800 px.
 */
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { collectErrors, hasChromium, launchBrowser, screenshot, signedInContext, waitHydrated } from "./_browser.ts";
import { categoryIds, createMedia, createUser, loginCookie, startServer } from "../_helpers.ts";
import { makeComment, makeThread } from "../_forum.ts";
import { eq } from "drizzle-orm";
import { comments, media, messages, reports, users } from "../../db/schema/mod.ts";
import { ABOUT_MAX } from "../../common/profile_rules.ts";
import { mediaSlug } from "../../lib/media/slug.ts";
import { UPLOAD_LIMITS } from "../../common/upload_rules.ts";
import { COMMENT_MAX, REPORT_DETAILS_MAX } from "../../common/media_rules.ts";
import { USERNAME_MAX } from "../../common/auth_rules.ts";
import { FORUM_LIMITS } from "../../common/forum_rules.ts";

const browser = hasChromium() ? await launchBrowser() : null;
const server = await startServer();
const { db } = server;

/** "W" is the widest Latin letter: an unbroken word of n of them. */
const word = (n: number) => "W".repeat(n);
const longName = word(USERNAME_MAX);
const author = await createUser(db, { username: longName });
// The bio (issue 27 point 14) at its longest, shown on /user/{id} and in the /profile form.
await db.update(users).set({ about: word(ABOUT_MAX) }).where(eq(users.id, author.id));
const other = await createUser(db, { username: `${word(USERNAME_MAX - 1)}2` });
const admin = await createUser(db, { username: "wrap_admin", isAdmin: true });
const [cat] = await categoryIds(db);
const fields = {
  title: word(UPLOAD_LIMITS.title),
  description: word(UPLOAD_LIMITS.description),
  prompt: word(UPLOAD_LIMITS.prompt),
  aiGenerator: word(UPLOAD_LIMITS.aiGenerator),
  tags: word(FORUM_LIMITS.tag),
};
// Featured: the home page shows it in its own slot, and its title opens the modal viewer.
const item = await createMedia(db, { userId: author.id, categoryId: cat.id, ...fields, featured: true });
// A pending copy for the admin's Pending Review tab and My Videos.
await createMedia(db, { userId: author.id, categoryId: cat.id, ...fields, reviewStatus: "pending" });
await createMedia(db, { userId: other.id, categoryId: cat.id, ...fields, tags: word(UPLOAD_LIMITS.tags) });
await db.insert(comments).values({ mediaId: item.id, userId: other.id, username: other.username, content: word(COMMENT_MAX) });
await db.insert(comments).values({ mediaId: item.id, userId: null, username: "Anonymous", content: word(60) });
await db.update(media).set({ commentCount: 2 });
await db.insert(reports).values({
  mediaId: item.id,
  userId: other.id,
  reporterKey: `u:${other.id}`,
  reason: "other",
  details: word(REPORT_DETAILS_MAX),
});
const thread = await makeThread(db, {
  userId: author.id,
  title: word(FORUM_LIMITS.title),
  content: word(3000),
  tags: JSON.stringify(Array.from({ length: FORUM_LIMITS.tags }, (_, i) => word(FORUM_LIMITS.tag - 1) + i)),
});
await makeComment(db, thread.id, other.id, word(FORUM_LIMITS.comment));
await db.insert(messages).values({ senderId: other.id, receiverId: author.id, content: word(5000) });
await db.insert(messages).values({ senderId: author.id, receiverId: other.id, content: word(300) });

Deno.test.afterAll(async () => {
  await browser?.close();
  await server.shutdown();
});

type Who = "visitor" | "author" | "admin";
const cookies: Record<Exclude<Who, "visitor">, string> = {
  author: await loginCookie(db, author.id),
  admin: await loginCookie(db, admin.id),
};

/** Each page that shows member-written text, who looks at it, and what must be on screen before measuring. */
const PAGES: { name: string; path: string; who: Who; ready?: (p: Page) => Promise<void> }[] = [
  {
    name: "media",
    path: `/media/${mediaSlug(item.title, item.id)}`,
    who: "visitor",
    ready: async (p) => {
      // The comments hydrate when they come into view.
      await p.locator('[data-island="Comments"]').scrollIntoViewIfNeeded();
      await waitHydrated(p, "Comments");
    },
  },
  { name: "home", path: "/?sortBy=newest", who: "visitor", ready: (p) => waitHydrated(p, "Feed") },
  {
    name: "modal",
    path: "/?sortBy=newest",
    who: "visitor",
    ready: async (p) => {
      await waitHydrated(p, "Feed");
      await waitHydrated(p, "MediaModal");
      await p.locator(`[data-open-media="${item.id}"]`).first().click();
      await p.getByTestId("media-modal").getByRole("heading", { name: item.title }).waitFor();
    },
  },
  { name: "search", path: `/search?q=${word(200)}`, who: "visitor" },
  { name: "search-hit", path: `/search?q=${fields.title}`, who: "visitor" },
  { name: "user", path: `/user/${author.id}`, who: "visitor" },
  { name: "forum", path: `/forum#thread-${thread.id}`, who: "visitor", ready: (p) => waitHydrated(p, "Forum") },
  { name: "messages", path: `/my-messages?with=${other.id}`, who: "author", ready: (p) => waitHydrated(p, "Messages") },
  { name: "my-videos", path: "/my-videos", who: "author", ready: (p) => waitHydrated(p, "MyVideos") },
  { name: "profile", path: "/profile", who: "author" },
  ...["pending", "reported", "users", "approved"].map((tab) => ({
    name: `admin-${tab}`,
    path: "/admin",
    who: "admin" as const,
    ready: async (p: Page) => {
      await waitHydrated(p, "AdminDashboard");
      await p.locator(`#tab-${tab}`).click();
    },
  })),
];

/** The innermost elements that reach past the window's right edge, to name in the failure. */
const culprits = (page: Page, width: number) =>
  page.evaluate((width) => {
    const clipped = (e: Element | null): boolean =>
      !!e && e !== document.body && (getComputedStyle(e).overflowX !== "visible" || clipped(e.parentElement));
    const over = [...document.querySelectorAll("body *")].filter((e) =>
      e.getBoundingClientRect().right > width + 1 && !clipped(e.parentElement)
    );
    return over.filter((e) => !over.some((o) => o !== e && e.contains(o))).slice(0, 4)
      .map((e) => `  <${e.tagName.toLowerCase()} class="${e.getAttribute("class") ?? ""}">`);
  }, width);

for (const width of [390, 800]) {
  Deno.test({
    name: `[e2e] point 1: the longest unbroken words wrap on every page at ${width} px`,
    ignore: !browser,
    sanitizeResources: false,
    sanitizeOps: false,
    fn: async () => {
      const wide: string[] = [];
      for (const who of ["visitor", "author", "admin"] as const) {
        const options = { viewport: { width, height: 844 }, hasTouch: width < 500, isMobile: width < 500 };
        const context = who === "visitor"
          ? await browser!.newContext(options)
          : await signedInContext(browser!, server.url, cookies[who], options);
        const page = await context.newPage();
        const errors = collectErrors(page);
        for (const p of PAGES.filter((p) => p.who === who)) {
          await page.goto(server.url + p.path);
          await p.ready?.(page);
          await page.waitForLoadState("networkidle");
          // The page, and an open dialog (which scrolls on its own), no wider than the window.
          const { scroll, inner } = await page.evaluate(() => ({
            scroll: Math.max(
              document.documentElement.scrollWidth,
              ...[...document.querySelectorAll("dialog[open], [role=dialog]")].map((d) => d.scrollWidth),
            ),
            inner: globalThis.innerWidth,
          }));
          // On a touch phone a too-wide page also widens the layout viewport (innerWidth), so the window's own width counts too.
          if (scroll > Math.min(inner, width)) wide.push(`${p.name}: ${scroll} px > ${inner} px`, ...await culprits(page, width));
          await screenshot(page, `wrap-${p.name}-${width}`);
        }
        assert.deepEqual(errors.filter((e) => !e.includes("404")), [], who);
        await context.close();
      }
      assert.deepEqual(wide, []);
    },
  });
}
