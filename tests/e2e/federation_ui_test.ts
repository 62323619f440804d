/**
 * Issue 40 in Chromium at 390x844 and 1440x900: a profile's fediverse handle with Copy and "Follow from your server"
 * (which lands on the visitor's own server's follow page, a WebFinger stand-in on 127.0.0.3), a reply from the
 * fediverse shown with its author `name@host`, and the admin's Federation tab blocking a server.
 */
import assert from "node:assert/strict";
import { createMedia, createUser, loginCookie, startServer } from "../_helpers.ts";
import { needs } from "../_needs.ts";
import { collectErrors, launchBrowser, screenshot, signedInContext, waitHydrated } from "./_browser.ts";
import { federationBlocks, remoteActors, remoteFollows } from "../../db/schema/mod.ts";
import { insertRemoteComment } from "../../db/queries/remote_inbound.ts";
import { writeTx } from "../../db/client.ts";
import { SUBSCRIBE_REL } from "../../lib/federation/remote_follow.ts";
import { newKey } from "../../lib/media/storage.ts";
import { mkdir, writeFile } from "node:fs/promises";

const PNG = Uint8Array.from(
  atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII="),
  (ch) => ch.charCodeAt(0),
);

const CHROMIUM = needs(import.meta.url, "chromium");

/** The visitor's own server: WebFinger with a subscribe template, and the follow page it names. */
function startHomeServer() {
  const server: Deno.HttpServer<Deno.NetAddr> = Deno.serve({ hostname: "127.0.0.3", port: 0, onListen() {} }, (req): Response => {
    const url = new URL(req.url);
    const origin: string = `http://127.0.0.3:${server.addr.port}`;
    if (url.pathname === "/.well-known/webfinger") {
      return Response.json({
        subject: url.searchParams.get("resource"),
        links: [{ rel: SUBSCRIBE_REL, template: `${origin}/authorize_interaction?uri={uri}` }],
      }, { headers: { "content-type": "application/jrd+json" } });
    }
    if (url.pathname === "/authorize_interaction") {
      return new Response(`<!doctype html><title>Follow</title><h1>Follow ${url.searchParams.get("uri")}?</h1>`, {
        headers: { "content-type": "text/html" },
      });
    }
    // Its favicon and the like: nothing to show, nothing to fail.
    return new Response(null, { status: 204 });
  });
  return { server, host: `127.0.0.3:${server.addr.port}` };
}

Deno.test("[e2e] fediverse handle and Follow from your server, a remote comment with its author, the Federation tab", {
  ignore: !CHROMIUM,
  sanitizeOps: false,
  sanitizeResources: false,
}, async () => {
  const s = await startServer({ FEDERATION_ALLOW_PRIVATE_ADDRESSES: "true" });
  const home = startHomeServer();
  const browser = await launchBrowser();
  try {
    const admin = await createUser(s.db, { username: "fed_ui_admin", isAdmin: true });
    const mia = await createUser(s.db, { username: "mia_frames" });
    // An image with its file on disk, so the page loads every resource it names.
    const fileKey = newKey("i", "png");
    await mkdir(`${s.config.uploadsDir}/i`, { recursive: true });
    await writeFile(`${s.config.uploadsDir}/${fileKey}`, PNG);
    const item = await createMedia(s.db, { userId: mia.id, title: "Neon tide", categoryId: 1, fileKey, width: 1, height: 1 });
    const [alice] = await s.db.insert(remoteActors).values({
      uri: "https://pixels.example/users/alice",
      handle: "alice@pixels.example",
      domain: "pixels.example",
      name: "Alice",
      url: "https://pixels.example/@alice",
      inbox: "https://pixels.example/users/alice/inbox",
    }).returning();
    await s.db.insert(remoteFollows).values({ remoteActorId: alice.id, userId: mia.id });
    await writeTx(s.db, (tx) =>
      insertRemoteComment(tx, {
        mediaId: item.id,
        remoteActorId: alice.id,
        apId: "https://pixels.example/notes/1",
        username: alice.handle,
        content: "Lovely colours from over here",
        heldReason: null,
        at: Date.now(),
      }));
    const adminCookie = await loginCookie(s.db, admin.id);
    const ourHost = new URL(s.config.siteUrl).host;
    const actorUri = new URL(`/user/${mia.id}`, s.config.siteUrl).href;
    for (const [w, h] of [[390, 844], [1440, 900]]) {
      const context = await browser.newContext({ viewport: { width: w, height: h } });
      const page = await context.newPage();
      const errors = collectErrors(page);

      // The profile: the handle with Copy, and Follow from your server landing on the visitor's own server.
      await page.goto(`${s.url}/user/mia_frames`);
      await waitHydrated(page, "FediverseFollow");
      assert.equal(await page.getByTestId("fediverse-handle").textContent(), `@mia_frames@${ourHost}`);
      await page.getByRole("button", { name: `Copy @mia_frames@${ourHost}` }).waitFor();
      await page.getByLabel("Follow from your server").fill("not an address");
      await page.getByRole("button", { name: "Follow", exact: true }).click();
      await page.getByRole("alert").getByText("Enter your fediverse address, like name@mastodon.example").waitFor();
      await page.getByLabel("Follow from your server").fill(`@me@${home.host}`);
      await screenshot(page, `fediverse-follow-${w}`);
      await page.getByRole("button", { name: "Follow", exact: true }).click();
      await page.waitForURL((u) => u.pathname === "/authorize_interaction");
      assert.equal(new URL(page.url()).searchParams.get("uri"), actorUri);
      await page.getByRole("heading", { name: `Follow ${actorUri}?` }).waitFor();

      // A reply from the fediverse, with its author linked to their profile.
      await page.goto(`${s.url}/media/${item.id}`);
      await waitHydrated(page, "Comments");
      const author = page.locator("[data-remote-author]").first();
      await author.scrollIntoViewIfNeeded();
      assert.equal(await author.textContent(), "alice@pixels.example");
      assert.equal(await author.getAttribute("href"), "https://pixels.example/@alice");
      await page.getByText("Lovely colours from over here").waitFor();
      await screenshot(page, `remote-comment-${w}`);
      assert.deepEqual(errors, []);
      await context.close();

      // The Federation tab: the known server with its follower, blocking it through the form.
      const adminContext = await signedInContext(browser, s.url, adminCookie, { viewport: { width: w, height: h } });
      const adminPage = await adminContext.newPage();
      const adminErrors = collectErrors(adminPage);
      await adminPage.goto(`${s.url}/admin?tab=federation`);
      await waitHydrated(adminPage, "AdminDashboard");
      const row = adminPage.locator('[data-testid="known-servers"] tr[data-domain="pixels.example"]');
      if (w === 390) {
        await row.waitFor();
        assert.equal((await row.locator("td").nth(1).textContent())?.trim(), "1");
        await screenshot(adminPage, `federation-tab-${w}`);
        await adminPage.getByLabel("Server to block").fill("Spam.Example");
        await adminPage.getByLabel("Reason").fill("Spam wave");
        await adminPage.getByRole("button", { name: "Block server" }).click();
        await adminPage.getByTestId("blocked-servers").getByText("spam.example").waitFor();
        await adminPage.getByTestId("blocked-servers").getByText("Spam wave").waitFor();
        assert.equal((await s.db.select().from(federationBlocks).all()).map((b) => b.domain).join(), "spam.example");
      } else {
        await adminPage.getByTestId("blocked-servers").getByText("spam.example").waitFor();
        await row.getByRole("button", { name: "Block pixels.example" }).click();
        await row.getByText("Blocked").waitFor();
        await screenshot(adminPage, `federation-tab-${w}`);
        const domains = (await s.db.select().from(federationBlocks).all()).map((b) => b.domain).sort();
        assert.deepEqual(domains, ["pixels.example", "spam.example"]);
      }
      assert.deepEqual(adminErrors, []);
      await adminContext.close();
    }
    // Blocking pixels.example removed alice's comment and follow.
    const page = await (await fetch(`${s.url}/api/videos/${item.id}/comments`)).json();
    assert.deepEqual(page, []);
  } finally {
    await browser.close();
    await home.server.shutdown();
    await s.shutdown();
  }
});
