import assert from "node:assert/strict";
import { formatDate } from "../../common/format.ts";
import { mkdir, writeFile } from "node:fs/promises";
import { eq } from "drizzle-orm";
import type { BrowserContext, Page } from "playwright-core";
import { auditLog, media, reports, users } from "../../db/schema/mod.ts";
import { newKey } from "../../lib/media/storage.ts";
import { categoryIds, createMedia, createUser, loginCookie, startServer } from "../_helpers.ts";
import { collectErrors, launchBrowser, screenshot, signedInContext, waitHydrated } from "./_browser.ts";
import { needs } from "../_needs.ts";

const browser = needs(import.meta.url, "chromium") ? await launchBrowser() : null;
const server = await startServer();
const admin = await createUser(server.db, { username: "e2e_admin", isAdmin: true });
const uploader = await createUser(server.db, { username: "e2e_uploader" });

type Server = typeof server;

const PNG = Uint8Array.from(
  atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII="),
  (ch) => ch.charCodeAt(0),
);

async function storedFile(s: Server, kind: "i" | "t") {
  const key = newKey(kind, "png");
  await mkdir(`${s.config.uploadsDir}/${kind}`, { recursive: true });
  await writeFile(`${s.config.uploadsDir}/${key}`, PNG);
  return key;
}

/** An image item with its file and thumbnail on disk. */
async function item(s: Server, init: Partial<typeof media.$inferInsert> & { userId: number }) {
  return await createMedia(s.db, {
    contentType: "image",
    reviewStatus: "pending",
    fileKey: await storedFile(s, "i"),
    thumbnailKey: await storedFile(s, "t"),
    ...init,
  });
}

/** A browser context signed in as the user (the session cookie a login would set). */
async function signedIn(s: Server, userId: number): Promise<BrowserContext> {
  const context = await signedInContext(browser!, s.url, await loginCookie(s.db, userId));
  return context;
}

async function openDashboard(page: Page, s: Server) {
  await page.goto(`${s.url}/admin`);
  await waitHydrated(page, "AdminDashboard");
  // The dashboard opens on its Overview (tests/e2e/admin_overview_test.ts); moderation starts from the queue.
  await tab(page, "Pending Review");
}

const tab = (page: Page, name: string) => page.getByRole("tab", { name: new RegExp(`^${name}`) }).click();
/** The row whose title (or username) is exactly `text`: "clip 1" must not match "clip 12" while a page loads. */
const row = (page: Page, text: string) => page.locator("#admin-panel tr", { has: page.getByText(text, { exact: true }) });
const visitorStatus = async (url: string) => {
  const res = await fetch(url);
  await res.body?.cancel();
  return res.status;
};

const e2e = (name: string, fn: () => Promise<void>) =>
  Deno.test({ name: `[e2e] ${name}`, ignore: !browser, sanitizeResources: false, sanitizeOps: false, fn });

Deno.test.afterAll(async () => {
  await browser?.close();
  await server.shutdown();
});

e2e("members and visitors are sent home from /admin", async () => {
  const member = await createUser(server.db);
  const visitor = await browser!.newPage();
  await visitor.goto(`${server.url}/admin`);
  assert.equal(new URL(visitor.url()).pathname, "/");
  await visitor.close();
  const context = await signedIn(server, member.id);
  const page = await context.newPage();
  await page.goto(`${server.url}/admin`);
  assert.equal(new URL(page.url()).pathname, "/");
  await context.close();
});

e2e("an admin approves a pending item and it becomes public: its file answers 200 and it appears on /", async () => {
  const pending = await item(server, { userId: uploader.id, title: "Dunes at first light", contentType: "video", duration: 83 });
  const fileUrl = `${server.url}/uploads/${pending.fileKey}`;
  assert.equal(await visitorStatus(fileUrl), 404, "not public while pending");

  const context = await signedIn(server, admin.id);
  const page = await context.newPage();
  const errors = collectErrors(page);
  await openDashboard(page, server);
  const r = row(page, "Dunes at first light");
  await r.waitFor();
  assert.deepEqual(
    await page.locator("#admin-panel thead th").allTextContents(),
    ["#", "Preview", "Title", "Type", "Duration", "Date", "Actions"],
  );
  await r.getByText("1:23").waitFor();
  // The account badge sums pending and reported for admins: one pending item, nothing reported.
  await waitHydrated(page, "AccountMenu");
  await page.getByTestId("account-badge").waitFor();
  assert.equal(await page.getByTestId("account-badge").textContent(), "1");
  await r.getByText("Video", { exact: true }).waitFor();
  assert.equal(await r.getByRole("link", { name: "View" }).getAttribute("href"), `/media/${pending.id}`);
  assert.equal(await r.getByRole("link", { name: "View" }).getAttribute("target"), "_blank");
  await screenshot(page, "admin-pending");

  await r.getByRole("button", { name: "Approve" }).click();
  await page.getByRole("status").getByText("Approved", { exact: true }).waitFor();
  await page.getByText("Nothing pending").waitFor();

  assert.equal(await visitorStatus(fileUrl), 200, "the file answers a visitor");
  const visitor = await browser!.newPage();
  await visitor.goto(`${server.url}/`);
  await visitor.getByText("Dunes at first light").waitFor();
  await visitor.close();

  const entry = await server.db.select().from(auditLog).where(eq(auditLog.targetId, pending.id)).get();
  assert.equal(entry?.action, "content.approve");
  assert.equal(entry?.actorId, admin.id);
  assert.deepEqual(errors, []);
  await context.close();
});

e2e("reject asks for a reason, which is stored for the uploader; feature shows in the Featured tab until removed", async () => {
  const toReject = await item(server, { userId: uploader.id, title: "Looping test clip" });
  const toFeature = await item(server, { userId: uploader.id, title: "Neon harbour" });
  const context = await signedIn(server, admin.id);
  const page = await context.newPage();
  const errors = collectErrors(page);
  await openDashboard(page, server);

  await row(page, "Looping test clip").getByRole("button", { name: "Reject" }).click();
  const dialog = page.getByRole("dialog", { name: "Reject content" });
  await dialog.waitFor();
  const submit = dialog.getByRole("button", { name: "Reject" });
  assert.equal(await submit.isDisabled(), true, "no reason, no reject");
  assert.equal(await dialog.locator("textarea").getAttribute("maxlength"), "500");
  await dialog.locator("textarea").fill("Looping clips are not allowed.");
  await submit.click();
  await page.getByRole("status").getByText("Rejected", { exact: true }).waitFor();
  await row(page, "Looping test clip").waitFor({ state: "detached" });
  const rejected = await server.db.select().from(media).where(eq(media.id, toReject.id)).get();
  assert.equal(rejected?.reviewStatus, "rejected");
  assert.equal(rejected?.rejectionReason, "Looping clips are not allowed.");

  await tab(page, "Featured");
  await page.getByText('No featured videos. Mark content as "Feature" in the Pending tab.').waitFor();
  await tab(page, "Pending Review");
  await row(page, "Neon harbour").getByRole("button", { name: "Feature" }).click();
  await page.getByRole("status").getByText("Toggled featured").waitFor();
  await row(page, "Neon harbour").getByRole("button", { name: "Unfeature" }).waitFor();
  await tab(page, "Featured");
  const featured = row(page, "Neon harbour");
  await featured.getByText("e2e_uploader").waitFor();
  await featured.getByText(String(toFeature.id), { exact: true }).waitFor();
  await featured.getByRole("button", { name: "Remove" }).click();
  await page.getByRole("status").getByText("Removed from featured").waitFor();
  await page.getByText('No featured videos. Mark content as "Feature" in the Pending tab.').waitFor();
  assert.equal((await server.db.select().from(media).where(eq(media.id, toFeature.id)).get())?.featured, false);
  assert.deepEqual(errors, []);
  await context.close();
});

e2e("the Reported tab shows reason and date; Dismiss all keeps the item, Delete removes it", async () => {
  const kept = await item(server, { userId: uploader.id, title: "Falsely flagged", reviewStatus: "approved", hidden: true });
  const removed = await item(server, { userId: uploader.id, title: "Truly bad", reviewStatus: "approved" });
  const reporter = await createUser(server.db);
  const at = Date.UTC(2025, 2, 14, 12);
  for (const [m, reason] of [[kept, "copyright"], [removed, "explicit"]] as const) {
    await server.db.insert(reports).values({ mediaId: m.id, userId: reporter.id, reporterKey: `u:${reporter.id}`, reason, createdAt: at });
  }
  const context = await signedIn(server, admin.id);
  const page = await context.newPage();
  const errors = collectErrors(page);
  await openDashboard(page, server);
  await tab(page, "Reported");
  const date = await page.evaluate((t) => new Date(t).toLocaleDateString(), at);
  await row(page, "Falsely flagged").getByText("Copyright Infringement").waitFor();
  await row(page, "Falsely flagged").getByText(date).waitFor();
  await row(page, "Falsely flagged").getByText("Hidden from the public").waitFor();
  await row(page, "Truly bad").getByText("Explicit Content").waitFor();

  await row(page, "Falsely flagged").getByRole("button", { name: "Dismiss all", exact: true }).click();
  await page.getByRole("status").getByText("Reports dismissed").waitFor();
  await row(page, "Falsely flagged").waitFor({ state: "detached" });
  assert.equal(await visitorStatus(`${server.url}/uploads/${kept.fileKey}`), 200, "shown again");

  // One confirmation style (issue 27 point 8): the styled dialog, never the browser's confirm().
  let native = false;
  page.on("dialog", (d) => {
    native = true;
    d.dismiss();
  });
  await row(page, "Truly bad").getByRole("button", { name: "Delete" }).click();
  const ask = page.getByRole("dialog", { name: "Delete this item?" });
  await ask.getByText("“Truly bad” and its files will be removed for good.").waitFor();
  await ask.getByRole("button", { name: "Delete" }).click();
  assert.equal(native, false, "no native confirm()");
  await page.getByRole("status").getByText("Deleted", { exact: true }).waitFor();
  await page.getByText("No reports").waitFor();
  assert.equal(await server.db.select().from(media).where(eq(media.id, removed.id)).get(), undefined);
  assert.equal(await visitorStatus(`${server.url}/uploads/${removed.fileKey}`), 404);
  assert.deepEqual(errors, []);
  await context.close();
});

e2e("the admin bans a member: the member's next request is signed out and login is refused with a clear message", async () => {
  const member = await createUser(server.db, { username: "e2e_rulebreaker", email: "rb@example.com" });
  const memberContext = await signedIn(server, member.id);
  const memberPage = await memberContext.newPage();
  const memberErrors = collectErrors(memberPage);
  await memberPage.goto(`${server.url}/`);
  await waitHydrated(memberPage, "AccountMenu");
  await memberPage.getByTestId("avatar").waitFor();

  const context = await signedIn(server, admin.id);
  const page = await context.newPage();
  const errors = collectErrors(page);
  await openDashboard(page, server);
  await tab(page, "Users");
  const r = row(page, "e2e_rulebreaker");
  await r.getByText("rb@example.com").waitFor();
  await r.getByText("Active").waitFor();
  assert.equal(await row(page, "e2e_admin").getByRole("button", { name: "Ban" }).isDisabled(), true, "no self-ban");
  // Ban asks first (issue 27 point 8); Cancel leaves the member active.
  await r.getByRole("button", { name: "Ban" }).click();
  const ask = page.getByRole("dialog", { name: "Ban this user?" });
  await ask.getByText("e2e_rulebreaker will be signed out everywhere and cannot log in until unbanned.").waitFor();
  await screenshot(page, "admin-ban-confirm");
  await ask.getByRole("button", { name: "Cancel" }).click();
  await ask.waitFor({ state: "hidden" });
  await r.getByText("Active").waitFor();
  await r.getByRole("button", { name: "Ban" }).click();
  await ask.getByRole("button", { name: "Ban" }).click();
  await page.getByText("User banned successfully").waitFor();
  await r.getByText("Banned", { exact: true }).waitFor();
  await r.getByRole("button", { name: "Unban" }).waitFor();
  await screenshot(page, "admin-users");

  await memberPage.reload();
  await memberPage.getByRole("button", { name: "Account menu", exact: true }).waitFor();
  assert.equal(await memberPage.getByTestId("avatar").count(), 0, "signed out");
  assert.equal(await memberPage.evaluate(async () => (await fetch("/api/user")).status), 401);
  await memberPage.goto(`${server.url}/auth`);
  await waitHydrated(memberPage, "AuthForm");
  await memberPage.fill("#login-username", "e2e_rulebreaker");
  await memberPage.fill("#login-password", member.password);
  await memberPage.getByRole("button", { name: "Login", exact: true }).click();
  await memberPage.getByText("This account has been banned. Contact support if you think this is a mistake.").waitFor();
  assert.ok(memberErrors.every((e) => /40[13]/.test(e)), `only the refused calls fail: ${memberErrors}`);

  await r.getByRole("button", { name: "Unban" }).click();
  await page.getByText("User unbanned successfully").waitFor();
  await r.getByText("Active").waitFor();
  assert.equal((await server.db.select().from(users).where(eq(users.id, member.id)).get())?.banned, false);
  assert.deepEqual(errors, []);
  await memberContext.close();
  await context.close();
});

e2e("Approved pages 45 items at 20 ('Page 1 of 3'); Edit Video enforces its limits and sends the spec's fields", async () => {
  const s = await startServer();
  try {
    const a = await createUser(s.db, { username: "pager_admin", isAdmin: true });
    for (let i = 1; i <= 45; i++) {
      await item(s, {
        userId: a.id,
        title: `Approved clip ${i}`,
        reviewStatus: "approved",
        createdAt: 1_700_000_000_000 + i * 1000,
        // Issue 19: an owner's edit after approval shows to moderators.
        editedAt: i === 44 ? Date.UTC(2026, 10, 20) : null,
      });
    }
    const [cat] = await categoryIds(s.db);
    const context = await signedIn(s, a.id);
    const page = await context.newPage();
    const errors = collectErrors(page);
    await openDashboard(page, s);
    await tab(page, "Approved");
    await page.getByText("Page 1 of 3").waitFor();
    assert.equal(await page.locator("#admin-panel tbody tr").count(), 20);
    assert.deepEqual(
      await page.locator("#admin-panel thead th").allTextContents(),
      ["ID", "Preview", "Title", "Type", "Views", "Date", "Actions"],
    );
    assert.equal(await page.getByRole("button", { name: "Prev" }).isDisabled(), true);
    await row(page, "Approved clip 45").waitFor();
    assert.equal(
      await row(page, "Approved clip 44").getByText(/^edited /).textContent(),
      `edited ${formatDate(Date.UTC(2026, 10, 20), "numeric")}`,
    );
    assert.equal(await row(page, "Approved clip 45").getByText(/^edited /).count(), 0);
    await screenshot(page, "admin-approved-edited");
    await page.getByRole("button", { name: "Next" }).click();
    await page.getByText("Page 2 of 3").waitFor();
    await row(page, "Approved clip 25").waitFor();
    await page.getByRole("button", { name: "Next" }).click();
    await page.getByText("Page 3 of 3").waitFor();
    await row(page, "Approved clip 1").waitFor();
    assert.equal(await page.locator("#admin-panel tbody tr").count(), 5);
    assert.equal(await page.getByRole("button", { name: "Next" }).isDisabled(), true);
    await screenshot(page, "admin-approved");

    // Feature shows only for items not yet featured.
    const target = row(page, "Approved clip 3");
    await target.getByRole("button", { name: "Feature" }).click();
    await page.getByRole("status").getByText("Featured", { exact: true }).waitFor();
    await target.getByRole("button", { name: "Feature" }).waitFor({ state: "detached" });

    await target.getByRole("button", { name: "Edit" }).click();
    const dialog = page.getByRole("dialog", { name: "Edit Video" });
    await dialog.waitFor();
    const save = dialog.getByRole("button", { name: "Save Changes" });
    await dialog.getByLabel("Title").fill("   ");
    await dialog.getByText("Title is required").waitFor();
    assert.equal(await save.isDisabled(), true, "save is disabled while the title is blank");
    for (
      const [label, max] of [["Title", 100], ["Description", 500], ["AI Generator", 100], ["Prompt Used", 1000], ["Tags", 200]] as const
    ) {
      const field = dialog.getByLabel(label);
      await field.fill("x".repeat(max + 50));
      assert.equal((await field.inputValue()).length, max, `${label} stops at ${max}`);
      await dialog.getByText(`${max}/${max}`).first().waitFor();
    }
    await dialog.getByLabel("Title").fill("Harbour at dusk (Kling)");
    await dialog.getByLabel("Description").fill("A slow pan across the harbour.");
    await dialog.getByLabel("Category").selectOption(String(cat.id));
    await dialog.getByLabel("AI Generator").fill("Kling");
    await dialog.getByLabel("Prompt Used").fill("harbour, dusk, slow pan");
    await dialog.getByLabel("Tags").fill(" harbour, ,dusk ");
    await screenshot(page, "admin-edit");
    const id = Number(await target.locator("td").first().textContent());
    const [request, response] = await Promise.all([
      page.waitForRequest((r) => r.method() === "PUT"),
      page.waitForResponse((r) => r.request().method() === "PUT"),
      save.click(),
    ]);
    assert.equal(new URL(request.url()).pathname, `/api/videos/${id}`);
    assert.equal(request.headers()["content-type"], "application/json");
    assert.deepEqual(request.postDataJSON(), {
      title: "Harbour at dusk (Kling)",
      description: "A slow pan across the harbour.",
      categoryId: cat.id,
      aiGenerator: "Kling",
      prompt: "harbour, dusk, slow pan",
      tags: "harbour, dusk",
    });
    assert.equal(response.status(), 200);
    await page.getByText("Video has been successfully updated").waitFor();
    await dialog.waitFor({ state: "detached" });
    const saved = await s.db.select().from(media).where(eq(media.id, id)).get();
    assert.equal(saved?.title, "Harbour at dusk (Kling)");
    assert.equal(saved?.categoryId, cat.id);
    assert.equal(saved?.aiGenerator, "Kling");
    assert.equal(saved?.prompt, "harbour, dusk, slow pan");
    assert.equal(saved?.tags, "harbour, dusk");
    assert.deepEqual(errors, []);
    await dialog.waitFor({ state: "detached" });
    await context.close();
  } finally {
    await s.shutdown();
  }
});
