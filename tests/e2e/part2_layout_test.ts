/**
 * What a review of part 2 in a real browser found, at a 390x844 phone and a 1440x900 screen: the
 * message composer under the sticky footer, the forum's reply box pushed out of sight by the
 * comments it waited for, and the account badge over the avatar's letter.
 */
import assert from "node:assert/strict";
import type { Locator, Page } from "playwright-core";
import { messages } from "../../db/schema/mod.ts";
import { createUser, loginCookie, startServer } from "../_helpers.ts";
import { makeComment, makeThread } from "../_forum.ts";
import { collectErrors, hasChromium, launchBrowser, screenshot, signedInContext, waitHydrated } from "./_browser.ts";

const browser = hasChromium() ? await launchBrowser() : null;
const server = await startServer();
const reader = await createUser(server.db, { username: "layout_reader" });
const writer = await createUser(server.db, { username: "layout_writer" });
const now = Date.now();
await server.db.insert(messages).values(
  Array.from({ length: 30 }, (_, i) => ({
    senderId: i % 2 ? reader.id : writer.id,
    receiverId: i % 2 ? writer.id : reader.id,
    content: `Message ${i + 1}: ${"a few words to fill the bubble ".repeat(1 + (i % 3))}`,
    createdAt: now - (30 - i) * 60_000,
  })),
);
// A thread far enough down the page (the oldest, listed last) that its comments push the reply box below the fold.
const thread = await makeThread(server.db, {
  userId: writer.id,
  title: "A thread with many comments",
  content: "Tell me more.",
  createdAt: now - 3_600_000,
});
for (let i = 0; i < 4; i++) {
  await makeThread(server.db, { userId: writer.id, title: `Later thread ${i}`, content: "x ".repeat(300), createdAt: now - i * 60_000 });
}
for (let i = 0; i < 8; i++) await makeComment(server.db, thread.id, writer.id, `Comment ${i + 1}\nsecond line`);

Deno.test.afterAll(async () => {
  await browser?.close();
  await server.shutdown();
});

const SIZES = [{ width: 390, height: 844, tag: "phone" }, { width: 1440, height: 900, tag: "wide" }];

/** The element's box lies inside the viewport and above the site footer's top edge. */
async function clearOfFooter(page: Page, target: Locator, what: string) {
  const box = await target.boundingBox();
  const footerTop = await page.locator("#app > footer").evaluate((f) => f.getBoundingClientRect().top);
  assert.ok(box, `${what} is rendered`);
  assert.ok(
    box.y >= 0 && box.y + box.height <= footerTop + 0.5,
    `${what} (${box.y}..${box.y + box.height}) ends above the footer (${footerTop})`,
  );
  // And nothing covers its middle: a click there reaches it.
  const hit = await target.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return !!top && (el === top || el.contains(top));
  });
  assert.ok(hit, `${what} is not covered`);
}

for (const size of SIZES) {
  Deno.test({
    name: `[e2e] /my-messages at ${size.width}x${size.height}: the page is one screen and the composer sits above the footer`,
    ignore: !browser,
    sanitizeResources: false,
    sanitizeOps: false,
    fn: async () => {
      // Closed even when an assertion fails: an open messages page would mark the next test's mail read.
      await using ctx = await signedInContext(browser!, server.url, await loginCookie(server.db, reader.id), { viewport: size });
      const page = await ctx.newPage();
      const errors = collectErrors(page);
      await page.goto(`${server.url}/my-messages?with=${writer.id}`);
      await waitHydrated(page, "Messages");
      const newest = page.getByTestId("message-content").filter({ hasText: "Message 30:" });
      await newest.waitFor();
      const composer = page.getByPlaceholder("Write a message…");
      await clearOfFooter(page, composer, "the message box");
      await composer.fill("Still visible?");
      await clearOfFooter(page, page.getByRole("button", { name: "Send message" }), "the send button");
      const scroll = await page.evaluate(() => document.documentElement.scrollHeight - innerHeight);
      assert.ok(scroll <= 1, `the page itself does not scroll (${scroll} px); the thread does`);
      // The newest message is in sight above the composer.
      await clearOfFooter(page, newest, "the newest message");
      await screenshot(page, `part2-messages-${size.tag}`);
      assert.deepEqual(errors, []);
    },
  });

  Deno.test({
    name: `[e2e] forum at ${size.width}x${size.height}: Reply focuses a reply box that is in sight once the comments are in`,
    ignore: !browser,
    sanitizeResources: false,
    sanitizeOps: false,
    fn: async () => {
      await using ctx = await signedInContext(browser!, server.url, await loginCookie(server.db, reader.id), { viewport: size });
      const page = await ctx.newPage();
      const errors = collectErrors(page);
      await page.goto(`${server.url}/forum`);
      await waitHydrated(page, "Forum");
      const card = page.locator(`[data-thread-id="${thread.id}"]`);
      await card.getByRole("button", { name: "Reply" }).click();
      await card.getByText("Comment 8").waitFor();
      const box = card.getByLabel("Write a comment");
      await page.waitForFunction((id) => document.activeElement?.id === `reply-${id}`, thread.id);
      await clearOfFooter(page, box, "the reply box");
      await screenshot(page, `part2-forum-reply-${size.tag}`);
      assert.deepEqual(errors, []);
    },
  });
}

Deno.test({
  name: "[e2e] the account badge sits on the avatar's corner, clear of its letter",
  ignore: !browser,
  sanitizeResources: false,
  sanitizeOps: false,
  fn: async () => {
    await server.db.insert(messages).values({ senderId: writer.id, receiverId: reader.id, content: "unread one" });
    for (const size of SIZES) {
      await using ctx = await signedInContext(browser!, server.url, await loginCookie(server.db, reader.id), { viewport: size });
      const page = await ctx.newPage();
      await page.goto(`${server.url}/`);
      await waitHydrated(page, "AccountMenu");
      const badge = page.getByTestId("account-badge");
      await badge.waitFor();
      const letter = await page.getByTestId("avatar").evaluate((el) => {
        const range = document.createRange();
        range.selectNodeContents(el);
        const r = [...range.getClientRects()].find((b) => b.width > 0)!;
        return { x: r.x, y: r.y, width: r.width, height: r.height };
      });
      const b = (await badge.boundingBox())!;
      const overlapX = Math.max(0, Math.min(b.x + b.width, letter.x + letter.width) - Math.max(b.x, letter.x));
      const overlapY = Math.max(0, Math.min(b.y + b.height, letter.y + letter.height) - Math.max(b.y, letter.y));
      assert.equal(overlapX * overlapY, 0, `the badge covers ${overlapX}x${overlapY} px of the letter at ${size.tag}`);
    }
  },
});
