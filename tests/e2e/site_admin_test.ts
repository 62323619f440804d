/**
 * Issue 41 points 3 to 5 in Chromium, at 390x844 and 1440x900: a member sees their upload quota in
 * the upload dialog and on My Videos; a moderator sees only the admin tabs they may use; an admin
 * adds, renames, moves and deletes a category on the Categories tab. Screenshots of each.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { categories, media, users } from "../../db/schema/mod.ts";
import { createMedia, createUser, loginCookie, startServer, until } from "../_helpers.ts";
import { multipart, png } from "../_media_fixtures.ts";
import { needs } from "../_needs.ts";
import { collectErrors, launchBrowser, screenshot, signedInContext, waitHydrated } from "./_browser.ts";

const browser = needs(import.meta.url, "chromium") ? await launchBrowser() : null;
const server = await startServer({ UPLOAD_QUOTA_BYTES: String(5 * 1024 * 1024), DAILY_UPLOAD_QUOTA_BYTES: String(2 * 1024 * 1024) });
const { db } = server;
const admin = await createUser(db, { username: "sa_admin", isAdmin: true });
const adminCookie = await loginCookie(db, admin.id);
const mod = await createUser(db, { username: "sa_moderator" });
await db.update(users).set({ role: "moderator" }).where(eq(users.id, mod.id));
const modCookie = await loginCookie(db, mod.id);

const VIEWPORTS = [{ width: 390, height: 844 }, { width: 1440, height: 900 }] as const;
const e2e = (name: string, fn: () => Promise<void>) =>
  Deno.test({ name: `[e2e] ${name}`, ignore: !browser, sanitizeResources: false, sanitizeOps: false, fn });

Deno.test.afterAll(async () => {
  await browser?.close();
  await server.shutdown();
});

const open = async (cookie: string, viewport: (typeof VIEWPORTS)[number]) => {
  const context = await signedInContext(browser!, server.url, cookie, { viewport });
  const page = await context.newPage();
  return { context, page, errors: collectErrors(page) };
};

e2e("a member sees their upload quota in the upload dialog and on My Videos", async () => {
  for (const viewport of VIEWPORTS) {
    const member = await createUser(db);
    const cookie = await loginCookie(db, member.id);
    // One file stored: the quota counts it.
    const file = new Uint8Array(await png("#3a6", 64, 64));
    const mp = multipart("a.png", "image/png", file);
    const res = await fetch(`${server.url}/api/upload/file`, {
      method: "POST",
      headers: { cookie, origin: server.url, "content-type": mp.contentType },
      body: mp.body,
    });
    assert.equal(res.status, 201, await res.text());
    const { page, context, errors } = await open(cookie, viewport);
    await page.goto(`${server.url}/`);
    await waitHydrated(page, "UploadDialog");
    await page.locator("header").getByRole("button", { name: "Upload", exact: true }).click();
    const dialog = page.locator("dialog[aria-label='Upload content']");
    await dialog.waitFor();
    const quota = dialog.getByTestId("upload-quota");
    await quota.waitFor();
    const text = await quota.innerText();
    assert.match(text, /Upload quota: [\d.]+ (bytes|KB) of 5 MB used/);
    assert.match(text, /Today \(last 24 hours\): [\d.]+ (bytes|KB) of 2 MB used/);
    assert.ok(await dialog.getByRole("meter", { name: "Upload quota used" }).isVisible());
    await quota.scrollIntoViewIfNeeded();
    await screenshot(page, `quota-dialog-${viewport.width}`);
    await dialog.getByRole("button", { name: "Cancel" }).click();

    await page.goto(`${server.url}/my-videos`);
    const mine = page.getByTestId("upload-quota");
    await mine.waitFor();
    assert.match(await mine.innerText(), /of 5 MB used/);
    await screenshot(page, `quota-my-videos-${viewport.width}`);
    assert.deepEqual(errors, []);
    await context.close();
  }
});

e2e("a moderator sees only what they may use in the admin area", async () => {
  const target = await createUser(db, { username: "sa_target" });
  await createMedia(db, { userId: target.id, reviewStatus: "pending", title: "Waiting for review" });
  for (const viewport of VIEWPORTS) {
    const { page, context, errors } = await open(modCookie, viewport);
    await page.goto(`${server.url}/admin`);
    await waitHydrated(page, "AdminDashboard");
    const tabs = page.getByRole("tablist", { name: "Admin sections" }).getByRole("tab");
    assert.deepEqual(await tabs.allInnerTexts().then((t) => t.map((s) => s.replace(/\d+$/, "").trim())), [
      "Pending Review",
      "Reported",
      "Held",
      "Users",
      "Sign-ups",
    ]);
    // Their first tab is open, and lists the item.
    await page.getByText("Waiting for review").first().waitFor();
    // Approve and Reject are theirs; Feature is not, so it is not offered.
    assert.ok(await page.getByRole("button", { name: "Approve", exact: true }).first().isVisible());
    assert.equal(await page.getByRole("button", { name: "Feature", exact: true }).count(), 0);
    await screenshot(page, `moderator-admin-${viewport.width}`);
    // An admin's member page: the actions are locked, and no role or quota form.
    await page.goto(`${server.url}/admin/users/${admin.id}`);
    await waitHydrated(page, "MemberActions");
    assert.ok(await page.getByRole("button", { name: "Ban", exact: true }).isDisabled());
    assert.equal(await page.getByRole("form", { name: "Role and upload quota" }).count(), 0);
    const nav = page.getByRole("navigation", { name: "Admin sections" });
    assert.deepEqual(await nav.getByRole("link").allInnerTexts(), ["Pending Review", "Reported", "Held", "Users", "Sign-ups"]);
    await screenshot(page, `moderator-member-page-${viewport.width}`);
    // The Log is not theirs.
    await page.goto(`${server.url}/admin/log`);
    assert.equal(new URL(page.url()).pathname, "/");
    assert.deepEqual(errors, []);
    await context.close();
  }
});

e2e("the Categories tab: add, rename, move up, delete with the items moved", async () => {
  for (const [i, viewport] of VIEWPORTS.entries()) {
    const { page, context, errors } = await open(adminCookie, viewport);
    await page.goto(`${server.url}/admin?tab=categories`);
    await waitHydrated(page, "AdminDashboard");
    const panel = page.locator("#admin-panel");
    const name = `Space Opera ${i}`;
    await panel.getByLabel("New category name").fill(name);
    await panel.getByRole("button", { name: "Add", exact: true }).click();
    const row = panel.getByTestId("category-row").filter({ has: page.getByLabel(`Name of ${name}`, { exact: true }) });
    await row.waitFor();
    const created = (await db.select().from(categories).where(eq(categories.name, name)).get())!;
    assert.equal(created.slug, `space-opera-${i}`);
    await createMedia(db, { userId: admin.id, categoryId: created.id, title: `In ${name}` });

    // Rename.
    const renamed = `Star Saga ${i}`;
    await row.getByRole("textbox").fill(renamed);
    await row.getByRole("button", { name: "Rename" }).click();
    const row2 = panel.getByTestId("category-row").filter({ has: page.getByLabel(`Name of ${renamed}`, { exact: true }) });
    await row2.waitFor();
    assert.equal((await db.select().from(categories).where(eq(categories.id, created.id)).get())!.slug, `star-saga-${i}`);

    // Move up one place.
    const before = (await db.select().from(categories).where(eq(categories.id, created.id)).get())!.position;
    await row2.getByRole("button", { name: `Move ${renamed} up` }).click();
    const position = async () => (await db.select().from(categories).where(eq(categories.id, created.id)).get())!.position;
    await until(async () => (await position()) === before - 1, 10_000, "the category to move up");
    await row2.waitFor();
    await screenshot(page, `categories-tab-${viewport.width}`);

    // Delete: the items move to the category chosen.
    const current = panel.getByTestId("category-row").filter({ has: page.getByLabel(`Name of ${renamed}`, { exact: true }) });
    await current.getByRole("button", { name: "Delete", exact: true }).click();
    const group = current.getByRole("group", { name: `Delete ${renamed}` });
    await group.getByRole("combobox").selectOption({ label: "Animation" });
    await screenshot(page, `categories-delete-${viewport.width}`);
    await group.getByRole("button", { name: `Delete “${renamed}”` }).click();
    await current.waitFor({ state: "detached" });
    assert.equal(await db.select().from(categories).where(eq(categories.id, created.id)).get(), undefined);
    const moved = await db.select().from(media).where(eq(media.title, `In ${name}`)).get();
    assert.equal(moved!.categoryId, 1);
    assert.deepEqual(errors, []);
    await context.close();
  }
});
