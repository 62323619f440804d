/**
 * The forum in Chromium (issue 9 "Done when"): a member creates a thread with tags, another
 * member comments, the first upvotes it and sorts by Most Popular, a visitor reads it with its
 * comments toggled, an admin creates a sticky thread that lists first and deletes the member's
 * thread. One story, in order, over one server.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { auditLog, forumCategories, threadComments, threads } from "../../db/schema/mod.ts";
import { createUser, loginCookie, startServer, until } from "../_helpers.ts";
import { collectErrors, hasChromium, launchBrowser, screenshot, signedInContext, waitFocused, waitHydrated } from "./_browser.ts";

const browser: Browser | null = hasChromium() ? await launchBrowser() : null;
const server = await startServer();
const { db } = server;
const alice = await createUser(db, { username: "alice_e2e" });
const bob = await createUser(db, { username: "bob_e2e" });
const admin = await createUser(db, { username: "admin_e2e", isAdmin: true });

Deno.test.afterAll(async () => {
  await browser?.close();
  await server.shutdown();
});

const opts = { ignore: !browser, sanitizeResources: false, sanitizeOps: false };
const state: { threadId?: number } = {};

async function open(ctx: BrowserContext, path = "/forum"): Promise<{ page: Page; errors: string[] }> {
  const page = await ctx.newPage();
  const errors = collectErrors(page);
  await page.goto(server.url + path);
  await waitHydrated(page, "Forum");
  return { page, errors };
}

const card = (page: Page, title: string) =>
  page.locator("article[data-thread-id]", { has: page.getByRole("link", { name: title, exact: true }) });
const titles = (page: Page) => page.getByTestId("thread-title").allTextContents();
const toast = (page: Page, title: string) => page.locator('[role="status"], [role="alert"]').filter({ hasText: title }).first();

Deno.test({
  ...opts,
  name: "[e2e] forum: a member creates a thread with tags ('Missing information' for a blank title first)",
  fn: async () => {
    const ctx = await signedInContext(browser!, server.url, await loginCookie(db, alice.id));
    const { page, errors } = await open(ctx);
    await page.getByTestId("new-thread").click();
    const form = page.getByTestId("new-thread-form");
    const create = form.getByRole("button", { name: "Create Thread" });
    assert.equal(await create.isDisabled(), true, "disabled while title and content are empty");
    await form.getByLabel("Title").fill("   ");
    await form.getByLabel("Content").fill("Some text");
    await create.click();
    await toast(page, "Missing information").waitFor();
    await page.getByText("Please provide both a title and content for your thread.").waitFor();

    await form.getByLabel("Title").fill("My Kling workflow for consistent characters");
    await form.getByLabel("Category").selectOption({ label: "Tools & Workflows" });
    await form.getByLabel("Content").fill("Generate a reference sheet first. Details: https://example.com/kling");
    await form.getByLabel(/Tags/).fill("kling, workflow, , characters");
    await create.click();
    await toast(page, "Thread created").waitFor();
    await form.waitFor({ state: "detached" });
    const mine = card(page, "My Kling workflow for consistent characters");
    await mine.waitFor();
    assert.deepEqual(await mine.getByRole("list", { name: "Tags" }).locator("li").allTextContents(), [
      "#kling",
      "#workflow",
      "#characters",
    ]);
    assert.equal(await mine.getByTestId("thread-author").textContent(), "alice_e2e");
    assert.equal(await mine.getByRole("link", { name: "https://example.com/kling" }).getAttribute("rel"), "nofollow ugc noopener");
    const row = await db.select().from(threads).where(eq(threads.title, "My Kling workflow for consistent characters")).get();
    assert.ok(row);
    assert.equal(row.userId, alice.id);
    assert.equal(row.tags, JSON.stringify(["kling", "workflow", "characters"]));
    state.threadId = row.id;
    await screenshot(page, "forum-member-1440");
    assert.deepEqual(errors, []);
    await ctx.close();
  },
});

Deno.test({
  ...opts,
  name: "[e2e] forum: another member opens the thread and comments ('Empty comment' for a blank one first)",
  fn: async () => {
    assert.ok(state.threadId);
    const ctx = await signedInContext(browser!, server.url, await loginCookie(db, bob.id), { viewport: { width: 390, height: 844 } });
    const { page, errors } = await open(ctx);
    const thread = card(page, "My Kling workflow for consistent characters");
    await thread.getByRole("button", { name: "Reply" }).click();
    const box = thread.getByRole("textbox", { name: "Write a comment" });
    await box.waitFor();
    await page.getByText("No comments yet.").waitFor();
    await waitFocused(box, "Reply to focus the text box");
    await box.fill("  ");
    await thread.getByRole("button", { name: "Post Comment" }).click();
    await toast(page, "Empty comment").waitFor();
    await box.fill("Great tip, thanks! I use the same trick with Runway.");
    await thread.getByRole("button", { name: "Post Comment" }).click();
    await thread.getByText("Great tip, thanks!").waitFor();
    await toast(page, "Comment added").waitFor();
    assert.equal(await thread.getByTestId("comment-count").textContent(), "1 comment");
    // The stats' Comments is the forum's total, and moves with the new comment (issue 36 point 12).
    await until(async () => (await page.locator('[data-stat="Comments"]').textContent()) === "1", 10_000, "Comments stat at 1");
    const rows = await db.select().from(threadComments).where(eq(threadComments.threadId, state.threadId)).all();
    assert.equal(rows.length, 1);
    assert.equal(rows[0].userId, bob.id);
    assert.equal((await db.select().from(threads).where(eq(threads.id, state.threadId)).get())?.commentCount, 1);
    // Bob starts a newer thread, so Newest and Most Popular differ for the next member.
    await page.getByTestId("new-thread").click();
    const form = page.getByTestId("new-thread-form");
    await form.getByLabel("Title").fill("Which upscaler do you use?");
    await form.getByLabel("Content").fill("Topaz or something free?");
    await form.getByRole("button", { name: "Create Thread" }).click();
    await toast(page, "Thread created").waitFor();
    await screenshot(page, "forum-member-390");
    assert.deepEqual(errors, []);
    await ctx.close();
  },
});

Deno.test({
  ...opts,
  name: "[e2e] forum: the author upvotes the thread and sorts by Most Popular; the address keeps the sort",
  fn: async () => {
    const ctx = await signedInContext(browser!, server.url, await loginCookie(db, alice.id));
    const { page, errors } = await open(ctx);
    assert.deepEqual(await titles(page), ["Which upscaler do you use?", "My Kling workflow for consistent characters"]);
    const mine = card(page, "My Kling workflow for consistent characters");
    await mine.getByTestId("upvote").click();
    await mine.locator('[data-testid="upvote"][aria-pressed="true"]').waitFor();
    assert.equal(await mine.getByTestId("upvote-count").textContent(), "1");
    assert.equal((await db.select().from(threads).where(eq(threads.id, state.threadId!)).get())?.upvotes, 1);
    await page.getByLabel("Sort").selectOption({ label: "Most Popular" });
    await page.waitForURL((u) => u.search === "?sort=popular");
    await page.waitForFunction(() => document.querySelector('[data-testid="thread-title"]')?.textContent?.startsWith("My Kling"));
    assert.deepEqual(await titles(page), ["My Kling workflow for consistent characters", "Which upscaler do you use?"]);
    await page.reload();
    await waitHydrated(page, "Forum");
    assert.equal(await page.getByLabel("Sort").inputValue(), "popular");
    assert.deepEqual(await titles(page), ["My Kling workflow for consistent characters", "Which upscaler do you use?"]);
    assert.equal(
      await card(page, "My Kling workflow for consistent characters").getByTestId("upvote").getAttribute("aria-pressed"),
      "true",
    );
    assert.deepEqual(errors, []);
    await ctx.close();
  },
});

Deno.test({
  ...opts,
  name: "[e2e] forum: a visitor reads the thread, toggles its comments, and opens it from /forum#thread-{id}",
  fn: async () => {
    const ctx = await browser!.newContext();
    const { page, errors } = await open(ctx, "/forum?sort=popular");
    const thread = card(page, "My Kling workflow for consistent characters");
    const title = thread.getByRole("link", { name: "My Kling workflow for consistent characters" });
    // No thread open: the stats' Comments is still the forum's total (issue 36 point 12; it read 0).
    assert.equal(await page.locator('[data-stat="Comments"]').textContent(), "1");
    await title.click();
    await thread.getByText("Great tip, thanks!").waitFor();
    assert.equal(await title.getAttribute("aria-expanded"), "true");
    assert.equal(await page.locator('[data-stat="Comments"]').textContent(), "1");
    await thread.getByText("Log in").waitFor();
    assert.equal(await thread.getByRole("textbox").count(), 0, "visitors get no reply box");
    await title.click();
    await thread.getByTestId("thread-comments").waitFor({ state: "detached" });
    assert.equal(await title.getAttribute("aria-expanded"), "false");
    // Upvote asks a visitor to log in.
    await thread.getByTestId("upvote").click();
    await page.locator("#login-required").waitFor({ state: "visible" });
    await page.keyboard.press("Escape");

    const linked = await ctx.newPage();
    await linked.goto(`${server.url}/forum#thread-${state.threadId}`);
    await waitHydrated(linked, "Forum");
    await card(linked, "My Kling workflow for consistent characters").getByText("Great tip, thanks!").waitFor();
    assert.deepEqual(errors, []);
    await ctx.close();
  },
});

Deno.test({
  ...opts,
  name: "[e2e] forum: without script a visitor still reads the threads and a thread's comments",
  fn: async () => {
    const ctx = await browser!.newContext({ javaScriptEnabled: false });
    const page = await ctx.newPage();
    await page.goto(`${server.url}/forum?sort=popular`);
    assert.deepEqual(await titles(page), ["My Kling workflow for consistent characters", "Which upscaler do you use?"]);
    await page.getByRole("link", { name: "My Kling workflow for consistent characters" }).click();
    await page.waitForURL((u) => u.searchParams.get("thread") === String(state.threadId));
    await page.getByText("Great tip, thanks!").waitFor();
    await ctx.close();
  },
});

Deno.test({
  ...opts,
  name: "[e2e] forum: an admin creates a sticky thread that lists first, then deletes the member's thread",
  fn: async () => {
    const ctx = await signedInContext(browser!, server.url, await loginCookie(db, admin.id));
    const { page, errors } = await open(ctx);
    await page.getByTestId("new-sticky").click();
    const form = page.getByTestId("sticky-thread-form");
    await form.getByLabel("Title").fill("Read me first: forum rules");
    await form.getByLabel("Content").fill("Be kind and stay on topic.");
    await form.getByRole("button", { name: "Create Sticky Thread" }).click();
    await toast(page, "Sticky thread created").waitFor();
    await page.locator("article[data-sticky]").first().waitFor();
    assert.deepEqual((await titles(page))[0], "Read me first: forum rules");
    const sticky = await db.select().from(threads).where(eq(threads.title, "Read me first: forum rules")).get();
    assert.equal(sticky?.isSticky, true);
    await page.getByLabel("Sort").selectOption({ label: "Oldest" });
    await page.waitForURL((u) => u.search === "?sort=oldest");
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="thread-title"]')[1]?.textContent?.startsWith("My Kling"));
    assert.deepEqual(await titles(page), [
      "Read me first: forum rules",
      "My Kling workflow for consistent characters",
      "Which upscaler do you use?",
    ]);

    await card(page, "My Kling workflow for consistent characters").getByRole("button", { name: "Delete" }).click();
    await page.getByRole("dialog", { name: "Delete this thread?" }).getByRole("button", { name: "Delete" }).click();
    await toast(page, "Thread deleted").waitFor();
    await card(page, "My Kling workflow for consistent characters").waitFor({ state: "detached" });
    assert.equal(await db.select().from(threads).where(eq(threads.id, state.threadId!)).get(), undefined);
    assert.equal((await db.select().from(threadComments).where(eq(threadComments.threadId, state.threadId!)).all()).length, 0);
    const [entry] = await db.select().from(auditLog).where(eq(auditLog.targetId, state.threadId!)).all();
    assert.equal(entry?.action, "forum.thread.delete");
    assert.equal(entry?.actorId, admin.id);
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, "forum-admin-390");
    assert.deepEqual(errors, []);
    await ctx.close();
  },
});

Deno.test({
  ...opts,
  name: "[e2e] forum: Load more threads appends the next page by its key, and without script it is a link to that page",
  fn: async () => {
    const feedback = (await db.select().from(forumCategories).where(eq(forumCategories.slug, "feedback")).get())!;
    const t0 = Date.now() - 3_600_000;
    for (let i = 0; i < 40; i++) {
      await db.insert(threads).values({
        userId: bob.id,
        categoryId: feedback.id,
        title: `Paged ${i}`,
        content: "x",
        createdAt: t0 + i * 1000,
      });
    }
    const want = Array.from({ length: 40 }, (_, i) => `Paged ${39 - i}`);
    for (const width of [1440, 390]) {
      const ctx = await signedInContext(browser!, server.url, await loginCookie(db, alice.id), {
        viewport: { width, height: width === 390 ? 844 : 900 },
      });
      const { page, errors } = await open(ctx, "/forum?category=feedback");
      assert.deepEqual(await titles(page), want.slice(0, 30));
      const more = page.getByTestId("more-threads");
      assert.match((await more.getAttribute("href")) ?? "", /^\/forum\?category=feedback&after=[A-Za-z0-9_-]+$/);
      await more.scrollIntoViewIfNeeded();
      // Rows past the third are painted when they near the screen (content-visibility): two frames after the scroll.
      await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
      await screenshot(page, `forum-load-more-${width}`);
      await more.click();
      await page.waitForFunction(() => document.querySelectorAll('[data-testid="thread-title"]').length === 40);
      assert.deepEqual(await titles(page), want);
      assert.equal(new URL(page.url()).search, "?category=feedback", "the page stays; the list grows");
      await more.waitFor({ state: "detached" });
      assert.deepEqual(errors, []);
      await ctx.close();
    }
    const ctx = await browser!.newContext({ javaScriptEnabled: false });
    const page = await ctx.newPage();
    await page.goto(`${server.url}/forum?category=feedback`);
    await page.getByTestId("more-threads").click();
    await page.waitForURL((u) => u.searchParams.has("after"));
    assert.deepEqual(await titles(page), want.slice(30));
    assert.equal(await page.getByTestId("more-threads").count(), 0);
    await ctx.close();
  },
});

Deno.test({
  ...opts,
  name: "[e2e] forum: Load more comments appends a thread's next comments by key",
  fn: async () => {
    const [busy] = await db.insert(threads).values({
      userId: bob.id,
      title: "Many replies",
      content: "x",
      createdAt: Date.now() - 7_200_000,
    })
      .returning();
    const t0 = Date.now() - 7_000_000;
    for (let i = 0; i < 120; i++) {
      await db.insert(threadComments).values({ threadId: busy.id, userId: alice.id, content: `Reply ${i}`, createdAt: t0 + i });
    }
    const ctx = await browser!.newContext();
    const { page, errors } = await open(ctx, `/forum?thread=${busy.id}`);
    const items = page.locator(`#comments-${busy.id} li[data-comment-id]`);
    assert.equal(await items.count(), 100);
    await page.getByTestId("more-comments").click();
    await page.waitForFunction((id) => document.querySelectorAll(`#comments-${id} li[data-comment-id]`).length === 120, busy.id);
    assert.equal(await items.last().locator("p").last().textContent(), "Reply 119");
    assert.equal(new URL(page.url()).searchParams.get("comments"), null, "the page stays; the list grows");
    assert.equal(await page.getByTestId("more-comments").count(), 0);
    assert.deepEqual(errors, []);
    await ctx.close();
  },
});
