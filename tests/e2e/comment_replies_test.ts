/**
 * Issue 43 points 3 and 4 in Chromium at 390x844 and 1440x900: a member replies to a comment (the reply
 * shows under it, folded as "View 1 reply" for others), an @name is a link to that profile (text, never
 * HTML), a like moves the count beside the comment, and "Top" puts the most liked comment first.
 */
import assert from "node:assert/strict";
import { createMedia, createUser, loginCookie, ORIGIN, startServer } from "../_helpers.ts";
import { needs } from "../_needs.ts";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { newKey } from "../../lib/media/storage.ts";
import { collectErrors, launchBrowser, screenshot, signedInContext, waitHydrated } from "./_browser.ts";

const CHROMIUM = needs(import.meta.url, "chromium");

Deno.test({
  name: "[e2e] comments: reply, View N replies, @mention links, likes and the Top sort at both sizes",
  ignore: !CHROMIUM,
  sanitizeResources: false,
  sanitizeOps: false,
  fn: async () => {
    const s = await startServer({ RATE_COMMENTS_PER_USER: "1000" });
    const browser = await launchBrowser();
    try {
      const owner = await createUser(s.db, { username: "thread_owner" });
      const ann = await createUser(s.db, { username: "thread_ann" });
      const annCookie = await loginCookie(s.db, ann.id);
      const bob = await createUser(s.db, { username: "thread_bob" });
      const bobCookie = await loginCookie(s.db, bob.id);
      const origin = ORIGIN.replace("localhost:8000", new URL(s.url).host);
      const api = async (path: string, cookie: string, body?: unknown) => {
        const res = await fetch(`${s.url}${path}`, {
          method: "POST",
          headers: { cookie, origin, "content-type": "application/json" },
          body: JSON.stringify(body ?? {}),
        });
        assert.ok(res.ok, `${path}: ${res.status} ${await res.clone().text()}`);
        return await res.json();
      };
      const fileKey = newKey("i", "jpg");
      await mkdir(`${s.config.uploadsDir}/i`, { recursive: true });
      await writeFile(`${s.config.uploadsDir}/${fileKey}`, await readFile("static/demo/aurora-drift.jpg"));
      for (const [w, h] of [[390, 844], [1440, 900]]) {
        const item = await createMedia(s.db, {
          userId: owner.id,
          title: `Threaded ${w}`,
          reviewStatus: "approved",
          categoryId: 1,
          contentType: "image",
          fileKey,
        });
        const older = await api(`/api/videos/${item.id}/comments`, annCookie, { content: `Lovely light, @thread_bob <b>${w}</b>` });
        await api(`/api/videos/${item.id}/comments`, annCookie, { content: `Second thought ${w}` });

        const context = await signedInContext(browser, s.url, bobCookie, { viewport: { width: w, height: h } });
        const page = await context.newPage();
        const errors = collectErrors(page);
        await page.goto(`${s.url}/media/${item.id}`);
        const first = page.locator(`#comment-${older.id}`);
        await first.scrollIntoViewIfNeeded();
        await waitHydrated(page, "Comments");

        // The @name is a link to the profile; the angle brackets stay text.
        const mention = first.getByRole("link", { name: "@thread_bob" });
        assert.equal(await mention.getAttribute("href"), "/user/thread_bob");
        assert.equal(await first.locator("b").count(), 0, "member text is never HTML");
        assert.ok((await first.textContent())!.includes(`<b>${w}</b>`));

        // Like: the count beside the comment moves, pressed.
        const like = first.getByRole("button", { name: "Like comment by thread_ann" });
        await like.click();
        await first.getByRole("button", { name: "Like comment by thread_ann", pressed: true }).waitFor();
        assert.equal(await first.getByTestId("comment-like-count").first().textContent(), "1");

        // Reply: the box opens under the comment; the reply shows under it once posted.
        await first.getByRole("button", { name: "Reply", exact: true }).click();
        const box = first.getByRole("textbox", { name: "Reply to thread_ann" });
        await box.fill(`Thanks, glad you like it ${w}`);
        await first.getByRole("button", { name: "Reply", exact: true }).last().click();
        await first.getByTestId("reply-list").getByText(`Thanks, glad you like it ${w}`).waitFor();
        await first.getByRole("button", { name: "Hide replies" }).waitFor();
        await screenshot(page, `comments-reply-${w}`);

        // Top: the liked comment first; Newest: the newest first.
        const order = () => page.getByTestId("comment-list").locator(":scope > li p.whitespace-pre-wrap").allTextContents();
        assert.ok((await order())[0].startsWith("Second thought"), "newest first");
        await page.getByLabel("Sort by").selectOption("top");
        await page.waitForFunction(() =>
          document.querySelector('[data-testid="comment-list"] > li p.whitespace-pre-wrap')?.textContent?.startsWith("Lovely light")
        );
        assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth), "no sideways scroll");
        await screenshot(page, `comments-top-${w}`);

        // Another reader sees the reply folded: "View 1 reply" unfolds it.
        const other = await (await signedInContext(browser, s.url, annCookie, { viewport: { width: w, height: h } })).newPage();
        await other.goto(`${s.url}/media/${item.id}`);
        await other.locator(`#comment-${older.id}`).scrollIntoViewIfNeeded();
        await waitHydrated(other, "Comments");
        await other.getByRole("button", { name: "View 1 reply" }).click();
        await other.getByTestId("reply-list").getByText(`Thanks, glad you like it ${w}`).waitFor();
        assert.deepEqual(errors, []);
        await other.context().close();
        await context.close();
      }
      const rows = await s.db.client.execute("SELECT count(*) AS n FROM comments WHERE parent_id IS NOT NULL");
      assert.equal(rows.rows[0].n, 2);
    } finally {
      await browser.close();
      await s.shutdown();
    }
  },
});
