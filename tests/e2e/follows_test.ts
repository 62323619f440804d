/**
 * Issue 32 in Chromium at 390x844 and 1440x900: member A meets the Following tab's empty state, follows B from
 * B's profile, sees the button beside B's name on a media page, finds B's newly approved upload in the
 * Following tab, likes it there and finds it on /liked through the account menu. Screenshots of each step
 * go to test-results/.
 */
import assert from "node:assert/strict";
import { createMedia, createUser, loginCookie, startServer } from "../_helpers.ts";
import { needs } from "../_needs.ts";
import { collectErrors, launchBrowser, screenshot, signedInContext, waitHydrated } from "./_browser.ts";

const CHROMIUM = needs(import.meta.url, "chromium");

Deno.test("[e2e] follow from a profile, the upload in the Following tab, like it, find it on /liked", { ignore: !CHROMIUM }, async () => {
  const s = await startServer();
  const browser = await launchBrowser();
  try {
    const admin = await createUser(s.db, { username: "follow_admin", isAdmin: true });
    const maker = await createUser(s.db, { username: "dream_maker" });
    const fan = await createUser(s.db, { username: "early_fan" });
    const older = await createMedia(s.db, { userId: maker.id, title: "Harbour lights at dusk", categoryId: 1, tags: "harbour, night" });
    // A like this month makes dream_maker a suggested creator.
    await s.db.client.execute({
      sql: "INSERT INTO likes (user_id, media_id, created_at) VALUES (?, ?, ?)",
      args: [fan.id, older.id, Date.now()],
    });
    const adminCookie = await loginCookie(s.db, admin.id);
    for (const [round, [w, h]] of [[390, 844], [1440, 900]].entries()) {
      const me = await createUser(s.db, { username: `follower_${w}` });
      const context = await signedInContext(browser, s.url, await loginCookie(s.db, me.id), { viewport: { width: w, height: h } });
      const page = await context.newPage();
      const errors = collectErrors(page);

      // The Following tab with nobody followed: creators to follow.
      await page.goto(`${s.url}/following`);
      await waitHydrated(page, "CreatorSuggestions");
      await page.getByTestId("suggested-creator").filter({ hasText: "dream_maker" }).waitFor();
      await screenshot(page, `following-empty-${w}`);

      // Follow from the profile: the button turns to Following and the count moves.
      await page.goto(`${s.url}/user/dream_maker`);
      await waitHydrated(page, "FollowButton");
      const button = page.getByTestId("profile-card").getByTestId("follow-button");
      assert.equal((await button.textContent())?.trim(), "Follow dream_maker");
      await screenshot(page, `profile-follow-${w}`);
      await button.click();
      await page.getByTestId("profile-card").getByRole("button", { name: "Following dream_maker", pressed: true }).waitFor();
      const followers = round === 0 ? "1 follower" : "2 followers";
      await page.getByTestId("profile-card").getByTestId("follower-count").filter({ hasText: followers }).waitFor();
      await screenshot(page, `profile-following-${w}`);

      // Beside the uploader on the media page.
      await page.goto(`${s.url}/media/${older.id}`);
      await waitHydrated(page, "FollowButton");
      await page.getByRole("button", { name: "Following dream_maker", pressed: true }).waitFor();
      await screenshot(page, `media-follow-${w}`);

      // B uploads; an admin approves it; it is first in A's Following tab, reached from the home page's tab.
      const fresh = await createMedia(s.db, { userId: maker.id, title: `Fresh tide ${w}`, reviewStatus: "pending", categoryId: 1 });
      const approved = await fetch(`${s.url}/api/admin/content/${fresh.id}/approve`, {
        method: "POST",
        headers: { cookie: adminCookie, origin: s.url },
      });
      assert.equal(approved.status, 200, await approved.text());
      await page.goto(`${s.url}/`);
      await waitHydrated(page, "CategoryTabs");
      await page.getByRole("navigation", { name: "Categories" }).getByRole("link", { name: "Following" }).click();
      await page.waitForURL(`${s.url}/following`);
      await waitHydrated(page, "Feed");
      const cards = page.getByTestId("feed-grid").locator("article");
      await cards.first().getByText(`Fresh tide ${w}`).waitFor();
      assert.equal(await page.getByRole("link", { name: "Following", exact: true }).getAttribute("aria-current"), "page");
      await screenshot(page, `following-tab-${w}`);

      // Like it from its card, then find it on /liked through the account menu.
      const card = page.locator(`[data-card="${fresh.id}"]`);
      await card.getByRole("button", { name: /Like/ }).click();
      await card.getByRole("button", { name: /Like/, pressed: true }).waitFor();
      await page.getByRole("button", { name: /Account menu for/ }).click();
      await page.getByRole("link", { name: "Liked" }).click();
      await page.waitForURL(`${s.url}/liked`);
      await page.getByRole("heading", { name: "Liked", level: 1 }).waitFor();
      await page.getByTestId("profile-grid").getByText(`Fresh tide ${w}`).waitFor();
      await screenshot(page, `liked-${w}`);
      // The page fits the phone: nothing wider than the viewport.
      assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth), "no sideways scroll");

      // The seeded items have no files: their images' 404s are the fixture's, not the pages'.
      assert.deepEqual(errors.filter((e) => !e.includes("status of 404")), []);
      await context.close();
    }

    // A visitor gets the login-required dialog from Follow, with no script needed.
    const visitor = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await visitor.goto(`${s.url}/user/dream_maker`);
    await visitor.getByTestId("follow-button").click();
    await visitor.getByText("You need to be logged in to follow members").waitFor();
    await screenshot(visitor, "profile-follow-visitor-390");
    await visitor.close();
  } finally {
    await browser.close();
    await s.shutdown();
  }
});
