/**
 * Issue 33 in Chromium at 390x844 and 1440x900: A follows B from B's profile; B's item is approved; B's bell
 * shows the approval (and the new follower), A's bell the new upload once the fan-out job ran; both open
 * /notifications from the bell, the entries are marked read and the bell empties; A changes a setting on
 * /profile. Screenshots of the bell, the page and the settings go to test-results/.
 */
import assert from "node:assert/strict";
import { createMedia, createUser, loginCookie, startServer, until } from "../_helpers.ts";
import { needs } from "../_needs.ts";
import { collectErrors, launchBrowser, screenshot, signedInContext, waitHydrated } from "./_browser.ts";
import type { Page } from "playwright-core";

const CHROMIUM = needs(import.meta.url, "chromium");

async function openFromBell(page: Page, url: string, expected: string, name: string) {
  await page.goto(`${url}/`);
  await waitHydrated(page, "NotificationBell");
  const bell = page.getByTestId("notification-bell");
  await bell.getByTestId("notification-badge").filter({ hasText: expected }).waitFor();
  await screenshot(page, `bell-${name}`);
  await bell.click();
  await page.waitForURL(`${url}/notifications`);
  await page.getByRole("heading", { name: "Notifications", level: 1 }).waitFor();
}

Deno.test("[e2e] notifications: the bell, the page marking read, the settings on /profile", { ignore: !CHROMIUM }, async () => {
  const s = await startServer({ JOBS_IN_WEB: "true" });
  const browser = await launchBrowser();
  try {
    const admin = await createUser(s.db, { username: "bell_admin", isAdmin: true });
    const adminCookie = await loginCookie(s.db, admin.id);
    for (const [w, h] of [[390, 844], [1440, 900]]) {
      const creator = await createUser(s.db, { username: `maker_${w}` });
      const fan = await createUser(s.db, { username: `fan_${w}` });
      const fanCookie = await loginCookie(s.db, fan.id);
      const fanContext = await signedInContext(browser, s.url, fanCookie, { viewport: { width: w, height: h } });
      const makerContext = await signedInContext(browser, s.url, await loginCookie(s.db, creator.id), {
        viewport: { width: w, height: h },
      });
      const fanPage = await fanContext.newPage();
      const makerPage = await makerContext.newPage();
      const errors = [...collectErrors(fanPage), ...collectErrors(makerPage)];

      // A follows B from B's profile.
      await fanPage.goto(`${s.url}/user/maker_${w}`);
      await waitHydrated(fanPage, "FollowButton");
      await fanPage.getByTestId("profile-card").getByTestId("follow-button").click();
      await fanPage.getByTestId("profile-card").getByRole("button", { name: `Following maker_${w}`, pressed: true }).waitFor();

      // B's item is approved by the admin.
      const item = await createMedia(s.db, { userId: creator.id, title: `Tidal glow ${w}`, reviewStatus: "pending", categoryId: 1 });
      const approved = await fetch(`${s.url}/api/admin/content/${item.id}/approve`, {
        method: "POST",
        headers: { cookie: adminCookie, origin: s.url },
      });
      assert.equal(approved.status, 200, await approved.text());

      // B: the bell counts the approval and the new follower; the page lists both, newest first, and marks them read.
      await openFromBell(makerPage, s.url, "2", `maker-${w}`);
      const makerEntries = makerPage.getByTestId("notification");
      await makerEntries.filter({ hasText: `Your upload “Tidal glow ${w}” was approved and is public.` }).waitFor();
      await makerEntries.filter({ hasText: `fan_${w} started following you.` }).waitFor();
      assert.equal(await makerPage.getByText("New:").count(), 2, "shown as new this once");
      await screenshot(makerPage, `notifications-maker-${w}`);
      assert.ok(await makerPage.evaluate(() => document.documentElement.scrollWidth <= innerWidth), "no sideways scroll");
      await makerPage.reload();
      assert.equal(await makerPage.getByText("New:").count(), 0, "read now");
      await waitHydrated(makerPage, "NotificationBell");
      await makerPage.getByRole("link", { name: "Notifications", exact: true }).waitFor();
      assert.equal(await makerPage.getByTestId("notification-badge").count(), 0, "the bell is empty");

      // A: the upload reaches the bell once the fan-out job ran.
      await until(
        async () => {
          const res = await fetch(`${s.url}/api/notifications/unread-count`, { headers: { cookie: fanCookie } });
          return (await res.json()).unreadCount === 1;
        },
        30_000,
        "the fan-out job told the follower",
      );
      await openFromBell(fanPage, s.url, "1", `fan-${w}`);
      const upload = fanPage.getByTestId("notification").filter({ hasText: `maker_${w} published “Tidal glow ${w}”.` });
      await upload.waitFor();
      await screenshot(fanPage, `notifications-fan-${w}`);
      assert.equal(await upload.getAttribute("href"), `/media/${item.id}`);
      await fanPage.goto(`${s.url}/`);
      await waitHydrated(fanPage, "NotificationBell");
      assert.equal(await fanPage.getByTestId("notification-badge").count(), 0);

      // The account menu leads there too.
      await fanPage.getByRole("button", { name: /Account menu for/ }).click();
      await fanPage.locator("#account-menu").getByRole("link", { name: "Notifications" }).waitFor();

      // A turns comment emails on in the settings on /profile; the server has it.
      await fanPage.goto(`${s.url}/profile#notifications`);
      await waitHydrated(fanPage, "NotificationSettings");
      const section = fanPage.getByTestId("notification-settings");
      await section.scrollIntoViewIfNeeded();
      await section.getByTestId("comment-email").check();
      await fanPage.getByText("Notification settings saved").first().waitFor();
      // As a mail's settings link lands: the section's top below the sticky header (scroll-margin).
      await fanPage.evaluate(() => document.getElementById("notifications")!.scrollIntoView());
      await screenshot(fanPage, `notification-settings-${w}`);
      const saved = await (await fetch(`${s.url}/api/user/notification-settings`, { headers: { cookie: fanCookie } })).json();
      assert.deepEqual(saved.comment, { web: true, email: true });
      assert.ok(await fanPage.evaluate(() => document.documentElement.scrollWidth <= innerWidth), "no sideways scroll");

      // The seeded item has no file: its image's 404 is the fixture's, not the pages'.
      assert.deepEqual(errors.filter((e) => !e.includes("status of 404")), []);
      await fanContext.close();
      await makerContext.close();
    }
    // Visitors get no bell (and no island for it).
    const visitor = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await visitor.goto(`${s.url}/`);
    assert.equal(await visitor.locator('[data-island="NotificationBell"]').count(), 0);
    await visitor.close();
  } finally {
    await browser.close();
    await s.shutdown();
  }
});
