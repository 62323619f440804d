/**
 * Issue 40 point 5 in Chromium at 390x844 and 1440x900: a member blocks one remote comment's author and mutes another's
 * from the comment's "⋯" menu (their comments leave the page, a row each in remote_actor_blocks), sees both in /profile's
 * "Blocked and muted accounts on other servers", and lifts them there.
 */
import assert from "node:assert/strict";
import { and, eq } from "drizzle-orm";
import { createMedia, createUser, loginCookie, startServer } from "../_helpers.ts";
import { needs } from "../_needs.ts";
import { collectErrors, launchBrowser, screenshot, signedInContext, waitHydrated } from "./_browser.ts";
import { remoteActorBlocks, remoteActors } from "../../db/schema/mod.ts";
import { insertRemoteComment } from "../../db/queries/remote_inbound.ts";
import { writeTx } from "../../db/client.ts";
import { newKey } from "../../lib/media/storage.ts";
import { mkdir, writeFile } from "node:fs/promises";

const PNG = Uint8Array.from(
  atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII="),
  (ch) => ch.charCodeAt(0),
);

const CHROMIUM = needs(import.meta.url, "chromium");

Deno.test("[e2e] block and mute a remote comment's author, then lift both in /profile", {
  ignore: !CHROMIUM,
  sanitizeOps: false,
  sanitizeResources: false,
}, async () => {
  const s = await startServer();
  const browser = await launchBrowser();
  try {
    const mia = await createUser(s.db, { username: "mia_frames" });
    const kai = await createUser(s.db, { username: "kai_loops" });
    const cookie = await loginCookie(s.db, kai.id);
    // An image with its file on disk, so the page loads every resource it names.
    const fileKey = newKey("i", "png");
    await mkdir(`${s.config.uploadsDir}/i`, { recursive: true });
    await writeFile(`${s.config.uploadsDir}/${fileKey}`, PNG);
    const item = await createMedia(s.db, { userId: mia.id, title: "Neon tide", categoryId: 1, fileKey, width: 1, height: 1 });
    const actor = async (name: string) => {
      const [row] = await s.db.insert(remoteActors).values({
        uri: `https://pixels.example/users/${name}`,
        handle: `${name}@pixels.example`,
        domain: "pixels.example",
        name,
        url: `https://pixels.example/@${name}`,
        inbox: `https://pixels.example/users/${name}/inbox`,
      }).returning();
      await writeTx(s.db, (tx) =>
        insertRemoteComment(tx, {
          mediaId: item.id,
          remoteActorId: row.id,
          apId: `https://pixels.example/notes/${name}`,
          username: row.handle,
          content: `Words from ${name}`,
          heldReason: null,
          at: Date.now(),
        }));
      return row;
    };
    const alice = await actor("alice");
    const bob = await actor("bob");
    const rowsOf = () => s.db.select().from(remoteActorBlocks).where(eq(remoteActorBlocks.userId, kai.id)).all();

    // A visitor is offered no menu on a remote comment.
    const visitor = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const vpage = await visitor.newPage();
    await vpage.goto(`${s.url}/media/${item.id}`);
    await waitHydrated(vpage, "Comments");
    await vpage.getByText("Words from alice").waitFor();
    assert.equal(await vpage.getByTestId("remote-author-menu-button").count(), 0);
    await visitor.close();

    for (const [w, h] of [[390, 844], [1440, 900]]) {
      const context = await signedInContext(browser, s.url, cookie, { viewport: { width: w, height: h } });
      const page = await context.newPage();
      const errors = collectErrors(page);
      await page.goto(`${s.url}/media/${item.id}`);
      await waitHydrated(page, "Comments");
      const aliceComment = page.locator("li[data-comment-id]", { hasText: "Words from alice" });
      await aliceComment.scrollIntoViewIfNeeded();
      await aliceComment.getByRole("button", { name: "More about alice@pixels.example" }).click();
      await page.getByRole("menuitem", { name: "Block alice@pixels.example" }).waitFor();
      await screenshot(page, `remote-author-menu-${w}`);
      await page.getByRole("menuitem", { name: "Block alice@pixels.example" }).click();
      await page.getByText("Blocked alice@pixels.example").waitFor();
      await aliceComment.waitFor({ state: "detached" });
      const bobComment = page.locator("li[data-comment-id]", { hasText: "Words from bob" });
      await bobComment.getByRole("button", { name: "More about bob@pixels.example" }).click();
      await page.getByRole("menuitem", { name: "Mute bob@pixels.example" }).click();
      await page.getByText("Muted bob@pixels.example").waitFor();
      await bobComment.waitFor({ state: "detached" });
      const rows = (await rowsOf()).map((r) => `${r.kind}:${r.remoteActorId}`).sort();
      assert.deepEqual(rows, [`block:${alice.id}`, `mute:${bob.id}`]);
      // Reloaded, the server leaves them out too.
      await page.reload();
      await waitHydrated(page, "Comments");
      assert.equal(await page.locator("[data-remote-author]").count(), 0);

      await page.goto(`${s.url}/profile`);
      const section = page.getByTestId("remote-accounts-section");
      // Hydrated once in view (hydrate="visible").
      await section.scrollIntoViewIfNeeded();
      await waitHydrated(page, "RemoteAccountsList");
      await section.getByText("alice@pixels.example").waitFor();
      await section.getByText("bob@pixels.example").waitFor();
      await screenshot(page, `remote-accounts-${w}`);
      await section.locator('[data-remote-account="alice@pixels.example"]').getByRole("button", { name: "Unblock" }).click();
      await page.getByText("Unblocked alice@pixels.example").waitFor();
      await section.locator('[data-remote-account="alice@pixels.example"]').waitFor({ state: "detached" });
      await section.locator('[data-remote-account="bob@pixels.example"]').getByRole("button", { name: "Unmute" }).click();
      await section.getByText("No accounts from other servers blocked or muted.").waitFor();
      assert.equal((await rowsOf()).length, 0);
      assert.equal(
        (await s.db.select().from(remoteActorBlocks).where(and(eq(remoteActorBlocks.userId, kai.id), eq(remoteActorBlocks.kind, "mute")))
          .all())
          .length,
        0,
      );
      assert.deepEqual(errors, []);
      await context.close();
    }
  } finally {
    await browser.close();
    await s.shutdown();
  }
});
