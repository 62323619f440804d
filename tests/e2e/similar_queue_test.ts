/**
 * The review queue's look-alikes in Chromium (issue 25): a re-upload of a rejected image shows
 * "Matches removed item #N" and the rejected item's thumbnail with its decision and reason, at
 * phone and desktop widths.
 */
import assert from "node:assert/strict";
import { createUser, loginCookie, startServer } from "../_helpers.ts";
import { multipart } from "../_media_fixtures.ts";
import { needs } from "../_needs.ts";
import { copiesOf, scene } from "../_similar_fixtures.ts";
import { collectErrors, launchBrowser, screenshot, signedInContext, waitHydrated } from "./_browser.ts";

const CHROMIUM = needs(import.meta.url, "chromium");

Deno.test("[e2e] the pending queue shows a held re-upload beside the rejected item it looks like", { ignore: !CHROMIUM }, async () => {
  const s = await startServer();
  const browser = await launchBrowser();
  try {
    const member = await createUser(s.db);
    const admin = await createUser(s.db, { isAdmin: true });
    const cookie = await loginCookie(s.db, member.id);
    const adminCookie = await loginCookie(s.db, admin.id);
    const call = async (path: string, init: RequestInit & { cookie: string }) => {
      const res = await fetch(`${s.url}${path}`, { ...init, headers: { ...init.headers, cookie: init.cookie, origin: s.url } });
      assert.ok(res.ok, `${path}: ${res.status} ${await res.clone().text()}`);
      return res.json();
    };
    const send = async (bytes: Uint8Array, title: string) => {
      const mp = multipart("a.png", bytes[0] === 0x89 ? "image/png" : "image/jpeg", bytes);
      const up = await call("/api/upload/file", { method: "POST", cookie, headers: { "content-type": mp.contentType }, body: mp.body });
      return call("/api/videos", {
        method: "POST",
        cookie,
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ title, contentType: "image", imageUrl: up.url, categoryId: 1, aiGenerator: "SDXL" }),
      });
    };
    const first = await send(await scene(1), "Harbour original");
    await call(`/api/admin/content/${first.id}/reject`, {
      method: "POST",
      cookie: adminCookie,
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ reason: "Copyrighted" }),
    });
    await send((await copiesOf(await scene(1)))["all four"], "Harbour again");
    for (const [w, h] of [[390, 844], [1440, 900]]) {
      const context = await signedInContext(browser, s.url, adminCookie, { viewport: { width: w, height: h } });
      const page = await context.newPage();
      const errors = collectErrors(page);
      await page.goto(`${s.url}/admin`);
      await waitHydrated(page, "AdminDashboard");
      await page.getByRole("tab", { name: /^Pending Review/ }).click();
      const held = page.locator(`[data-look-alikes]`);
      await held.getByText(`Matches removed item #${first.id}`).waitFor();
      // Issue 34 point 5: the item linked to its admin view, its uploader, the decision and who took it.
      await held.getByRole("link", { name: `#${first.id} Harbour original` }).waitFor();
      await held.getByText(`Rejected by ${admin.username}`).waitFor();
      await held.getByRole("link", { name: member.username }).waitFor();
      await held.getByText("Copyrighted").waitFor();
      assert.equal(await held.locator("img").count(), 1);
      await held.scrollIntoViewIfNeeded();
      await screenshot(page, `similar-queue-${w}`);
      assert.deepEqual(errors, []);
      await context.close();
    }
  } finally {
    await browser.close();
    await s.shutdown();
  }
});
