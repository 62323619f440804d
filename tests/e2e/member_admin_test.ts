/**
 * Issue 34 points 4 to 7 in Chromium, at 390x844 and 1440x900: two pending copies of one picture
 * show each other in Pending, named with their uploader; rows checked in Pending are rejected at
 * once with one reason; the admin opens a comment writer's page from the Reported tab's link, bans
 * them for 7 days with a reason, and the writer reads the reason and the end at sign-in; the Log,
 * filtered by that member, lists the ban. Screenshots of Pending, the member page and the Log.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { media } from "../../db/schema/mod.ts";
import { createMedia, createUser, loginCookie, startServer } from "../_helpers.ts";
import { multipart } from "../_media_fixtures.ts";
import { needs } from "../_needs.ts";
import { copiesOf, scene } from "../_similar_fixtures.ts";
import { collectErrors, launchBrowser, screenshot, signedInContext, waitHydrated } from "./_browser.ts";

const browser = needs(import.meta.url, "chromium") ? await launchBrowser() : null;
const server = await startServer();
const { db } = server;
const admin = await createUser(db, { username: "ma_admin", isAdmin: true });
const adminCookie = await loginCookie(db, admin.id);
const uploader = await createUser(db, { username: "ma_uploader" });
const copier = await createUser(db, { username: "ma_copier" });

const VIEWPORTS = [{ width: 390, height: 844 }, { width: 1440, height: 900 }] as const;
const e2e = (name: string, fn: () => Promise<void>) =>
  Deno.test({ name: `[e2e] ${name}`, ignore: !browser, sanitizeResources: false, sanitizeOps: false, fn });

Deno.test.afterAll(async () => {
  await browser?.close();
  await server.shutdown();
});

async function send(userId: number, bytes: Uint8Array, title: string) {
  const cookie = await loginCookie(db, userId);
  const call = async (path: string, init: RequestInit) => {
    const res = await fetch(`${server.url}${path}`, { ...init, headers: { ...init.headers, cookie, origin: server.url } });
    assert.ok(res.ok, `${path}: ${res.status} ${await res.clone().text()}`);
    return res.json();
  };
  const mp = multipart("a.png", bytes[0] === 0x89 ? "image/png" : "image/jpeg", bytes);
  const up = await call("/api/upload/file", { method: "POST", headers: { "content-type": mp.contentType }, body: mp.body });
  return await call("/api/videos", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ title, contentType: "image", imageUrl: up.url, categoryId: 1, aiGenerator: "SDXL" }),
  });
}

// Two copies of one picture, by two members, both waiting.
const copies = browser ? await copiesOf(await scene(5)) : null;
const first = browser ? await send(uploader.id, copies!["resized to 80%"], "Lighthouse at dusk") : null;
const second = browser ? await send(copier.id, copies!["JPEG quality 60"], "Lighthouse copy") : null;

const adminPage = async (viewport: (typeof VIEWPORTS)[number]) => {
  const context = await signedInContext(browser!, server.url, adminCookie, { viewport });
  const page = await context.newPage();
  return { context, page, errors: collectErrors(page) };
};

const pendingRow = (page: Page, title: string) => page.locator("#admin-panel tr", { has: page.getByText(title, { exact: true }) });

for (const viewport of VIEWPORTS) {
  const size = `${viewport.width}x${viewport.height}`;

  e2e(`${size}: two pending copies show each other; checked rows are rejected at once with one reason`, async () => {
    const batch = [await createMedia(db, { userId: uploader.id, title: `Batch one ${size}`, reviewStatus: "pending" })];
    batch.push(await createMedia(db, { userId: uploader.id, title: `Batch two ${size}`, reviewStatus: "pending" }));
    const { context, page, errors } = await adminPage(viewport);
    await page.goto(`${server.url}/admin?tab=pending`);
    await waitHydrated(page, "AdminDashboard");
    const firstRow = pendingRow(page, "Lighthouse at dusk");
    const alike = firstRow.locator(`[data-look-alike="${second.id}"]`);
    await alike.getByRole("link", { name: `#${second.id} Lighthouse copy` }).waitFor();
    await alike.getByText("Same picture").waitFor();
    await alike.getByRole("link", { name: "ma_copier" }).waitFor();
    await alike.getByText("Pending", { exact: true }).waitFor();
    assert.match(await alike.getByText("Same picture").getAttribute("title") ?? "", /^\d+ of 64 bits differ$/);
    const back = pendingRow(page, "Lighthouse copy").locator(`[data-look-alike="${first.id}"]`);
    await back.getByRole("link", { name: "ma_uploader" }).waitFor();
    // The uploader column links to the member's admin page.
    assert.equal(await firstRow.getByRole("link", { name: "ma_uploader" }).first().getAttribute("href"), `/admin/users/${uploader.id}`);
    await firstRow.scrollIntoViewIfNeeded();
    await screenshot(page, `pending-look-alikes-${size}`);

    const bulkBar = page.getByRole("group", { name: "Bulk actions" });
    assert.equal(await bulkBar.getByRole("button", { name: "Reject selected" }).isDisabled(), true, "nothing checked");
    for (const it of batch) await page.getByRole("checkbox", { name: `Select “${it.title}”` }).check();
    await bulkBar.getByText("2 selected").waitFor();
    await bulkBar.scrollIntoViewIfNeeded();
    await screenshot(page, `pending-bulk-${size}`);
    await bulkBar.getByRole("button", { name: "Reject selected" }).click();
    const dialog = page.getByRole("dialog", { name: "Reject content" });
    await dialog.getByText("Rejecting 2 items.").waitFor();
    await dialog.locator("textarea").fill("Low effort batch");
    await dialog.getByRole("button", { name: "Reject" }).click();
    await page.getByRole("status").getByText("2 rejected").waitFor();
    for (const it of batch) {
      await pendingRow(page, it.title).waitFor({ state: "detached" });
      const row = await db.select().from(media).where(eq(media.id, it.id)).get();
      assert.equal(row?.reviewStatus, "rejected");
      assert.equal(row?.rejectionReason, "Low effort batch");
    }
    await bulkBar.getByText("0 selected").waitFor();
    // "Select all on this page" checks every row.
    await bulkBar.getByLabel("Select all on this page").check();
    await bulkBar.getByText(/^[1-9]\d* selected$/).waitFor();
    assert.equal(await page.getByRole("checkbox", { name: "Select “Lighthouse copy”" }).isChecked(), true);
    assert.deepEqual(errors, []);
    await context.close();
  });

  e2e(
    `${size}: from the member page the admin bans a writer for 7 days; the writer reads why and until when; the Log lists it`,
    async () => {
      const writer = await createUser(db, { username: `ma_writer_${viewport.width}` });
      const it = await createMedia(db, { userId: uploader.id, title: `Commented ${size}` });
      await db.client.execute({
        sql: "INSERT INTO comments (media_id, user_id, username, content, created_at) VALUES (?, ?, ?, ?, ?)",
        args: [it.id, writer.id, writer.username, `Rude words ${size}`, Date.now()],
      });
      const { context, page, errors } = await adminPage(viewport);
      await page.goto(`${server.url}/admin/users/${writer.id}`);
      await waitHydrated(page, "MemberActions");
      await page.getByRole("heading", { level: 1, name: new RegExp(writer.username) }).waitFor();
      await page.getByText(`Rude words ${size}`).waitFor();
      await page.getByRole("button", { name: "Ban", exact: true }).click();
      const dialog = page.getByRole("dialog", { name: `Ban ${writer.username}` });
      await dialog.getByLabel("Reason").fill("Insults in comments");
      await dialog.getByLabel("7 days").check();
      await screenshot(page, `member-ban-dialog-${size}`);
      await dialog.getByRole("button", { name: "Ban", exact: true }).click();
      await page.getByText("User banned successfully").waitFor();
      const notice = page.getByTestId("ban-notice");
      await notice.getByText(/^Banned until /).waitFor();
      await notice.getByText("Reason: Insults in comments").waitFor();
      await page.getByRole("button", { name: "Unban" }).waitFor();
      await screenshot(page, `member-page-${size}`);

      // The writer at sign-in.
      const visitor = await browser!.newContext({ viewport });
      const login = await visitor.newPage();
      await login.goto(`${server.url}/auth`);
      await waitHydrated(login, "AuthForm");
      await login.fill("#login-username", writer.username);
      await login.fill("#login-password", writer.password);
      await login.getByRole("button", { name: "Login", exact: true }).click();
      await login.getByText(/This account has been banned until .+ UTC\. Reason: Insults in comments\./).first().waitFor();
      await screenshot(login, `banned-sign-in-${size}`);
      await visitor.close();

      // The Log, filtered by the member.
      await page.goto(`${server.url}/admin/log?member=${writer.username}`);
      const entry = page.locator('tr[data-action="user.ban"]');
      await entry.getByText("Banned a member").waitFor();
      await entry.getByText(/until .* UTC · reason: Insults in comments/).waitFor();
      await entry.getByRole("link", { name: "ma_admin" }).waitFor();
      assert.equal(await page.locator("tr[data-entry]").count(), 1);
      await screenshot(page, `log-${size}`);
      await page.goto(`${server.url}/admin/log`);
      await page.locator("tr[data-entry]").first().waitFor();
      await screenshot(page, `log-all-${size}`);
      assert.deepEqual(errors, []);
      await context.close();
    },
  );
}
