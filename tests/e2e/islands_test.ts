/**
 * Every page with islands hydrates cleanly with the islands' runtime (preact/compat since issue 14,
 * decision record 015) and answers a click: no console error or warning, no uncaught error, and no
 * DOM change while an island hydrates other than dropping React's empty text-separator comments
 * (Preact never warns about a mismatch; it would rebuild the nodes, which this catches).
 */
import assert from "node:assert/strict";
import { mkdirSync, writeFileSync } from "node:fs";
import type { BrowserContext, Page } from "playwright-core";
import { messages } from "../../db/schema/mod.ts";
import { newKey } from "../../lib/media/storage.ts";
import { createMedia, createUser, loginCookie, startServer } from "../_helpers.ts";
import { jpeg } from "../_media_fixtures.ts";
import { makeComment, makeThread } from "../_forum.ts";
import { needs } from "../_needs.ts";
import { launchBrowser, signedInContext } from "./_browser.ts";

const browser = needs(import.meta.url, "chromium") ? await launchBrowser() : null;
const server = await startServer();
const { db } = server;
const owner = await createUser(db, { username: "isle_owner" });
const member = await createUser(db, { username: "isle_member", email: "isle@example.com", password: "isle-password" });
const admin = await createUser(db, { username: "isle_admin", isAdmin: true });
/** An image item with a real file (a missing one would be a console error). */
mkdirSync(`${server.config.uploadsDir}/i`, { recursive: true });
const photo = await jpeg({ width: 320, height: 180 });
async function image(init: Omit<Parameters<typeof createMedia>[1], "contentType">) {
  const fileKey = newKey("i", "jpg");
  writeFileSync(`${server.config.uploadsDir}/${fileKey}`, photo);
  return await createMedia(db, { contentType: "image", fileKey, width: 320, height: 180, ...init });
}
const featured = await image({ userId: owner.id, title: "Isle featured", featured: true, description: "The featured one." });
for (let i = 0; i < 6; i++) await image({ userId: owner.id, title: `Isle item ${i}`, tags: "isle,test" });
await image({ userId: member.id, title: "Isle member upload", description: "" });
await image({ userId: owner.id, title: "Isle pending", reviewStatus: "pending" });
const thread = await makeThread(db, { userId: owner.id, title: "Isle thread", content: "Hydration talk." });
await makeComment(db, thread.id, member.id, "Isle comment");
await db.insert(messages).values({ senderId: owner.id, receiverId: member.id, content: "Hello from the isle owner" });

Deno.test.afterAll(async () => {
  await browser?.close();
  await server.shutdown();
});

/**
 * Runs in the page before its scripts: from the end of parsing on, records every DOM change inside
 * an island marker until that marker gets `data-hydrated`. Removing an empty comment (React's
 * separator between two texts) or a `<noscript>`'s text is what hydration may do; anything else is
 * a mismatch between the server's HTML and the island's first render.
 */
function watchHydration() {
  const found: string[] = [];
  (globalThis as { __hydrationChanges?: string[] }).__hydrationChanges = found;
  const hydrated = new WeakSet<Element>();
  const describe = (n: Node) =>
    n.nodeType === 1 ? `<${(n as Element).localName}>` : n.nodeType === 3 ? `text "${n.textContent}"` : `#${n.nodeName}`;
  const observer = new MutationObserver((records) => {
    for (const r of records) {
      const el = r.target.nodeType === 1 ? r.target as Element : r.target.parentElement;
      let marker = el?.closest("[data-island]") ?? null;
      while (marker?.parentElement?.closest("[data-island]")) marker = marker.parentElement.closest("[data-island]");
      if (!marker || hydrated.has(marker)) continue;
      if (r.type === "attributes") {
        if (r.target === marker) hydrated.add(marker);
        continue;
      }
      const name = marker.getAttribute("data-island");
      if (r.type === "characterData") found.push(`${name}: text "${r.oldValue}" became "${r.target.textContent}"`);
      for (const n of r.removedNodes) {
        const separator = n.nodeType === 8 && !n.textContent?.trim();
        if (!separator && el?.localName !== "noscript") found.push(`${name}: ${describe(n)} removed from <${el?.localName}>`);
      }
      for (const n of r.addedNodes) found.push(`${name}: ${describe(n)} added to <${el?.localName}>`);
    }
  });
  document.addEventListener("readystatechange", () => {
    if (document.readyState !== "interactive") return;
    observer.observe(document.body, {
      subtree: true,
      childList: true,
      characterData: true,
      characterDataOldValue: true,
      attributes: true,
      attributeFilter: ["data-hydrated"],
    });
  }, { once: true });
}

type Visit = { page: Page; problems: string[] };

/** Opens a page, waits until every island hydrated (scrolling to the end for the ones that wait to be seen). */
async function visit(ctx: BrowserContext, path: string): Promise<Visit> {
  const page = await ctx.newPage();
  const problems: string[] = [];
  page.on("console", (m) => (m.type() === "error" || m.type() === "warning") && problems.push(`console ${m.type()}: ${m.text()}`));
  page.on("pageerror", (e) => problems.push(`page error: ${e}`));
  await page.addInitScript(watchHydration);
  await page.goto(server.url + path);
  // Bring each island still waiting into view in turn: one scroll to the end can leave an island
  // in the middle of a long page never seen, and content that arrives later moves the others.
  await page.waitForFunction(
    () => {
      const waiting = [...document.querySelectorAll("[data-island]")]
        .filter((el) => !el.parentElement?.closest("[data-island]"))
        .filter((el) => !el.hasAttribute("data-hydrated"));
      (waiting[0]?.firstElementChild ?? waiting[0])?.scrollIntoView({ block: "center" });
      return waiting.length === 0;
    },
    null,
    { polling: 100 },
  );
  await page.evaluate(() => scrollTo(0, 0));
  return { page, problems };
}

/** No console noise, and no node rebuilt while hydrating. */
async function assertClean({ page, problems }: Visit) {
  const changes = await page.evaluate(() => (globalThis as { __hydrationChanges?: string[] }).__hydrationChanges ?? []);
  assert.deepEqual(problems, []);
  assert.deepEqual(changes, [], "hydration changed the server's DOM");
}

const visitor = () => browser!.newContext();
const signedIn = async (userId: number) => signedInContext(browser!, server.url, await loginCookie(db, userId));

type Case = { name: string; path: string; as: () => Promise<BrowserContext>; act: (page: Page) => Promise<void> };

const CASES: Case[] = [
  {
    name: "home (visitor): the featured item opens the modal viewer",
    path: "/",
    as: visitor,
    act: async (page) => {
      await page.locator('section[aria-labelledby="featured-heading"]').getByRole("link", { name: "Isle featured" }).click();
      await page.getByTestId("media-modal").getByText("The featured one.").waitFor();
      await page.keyboard.press("Escape");
      await page.getByTestId("media-modal").waitFor({ state: "hidden" });
    },
  },
  {
    name: "home (member): Upload opens the upload dialog",
    path: "/",
    as: () => signedIn(member.id),
    act: async (page) => {
      await page.locator("header").getByRole("button", { name: "Upload", exact: true }).click();
      await page.getByRole("dialog", { name: "Upload content" }).getByLabel("Title").waitFor();
      await page.getByRole("tab", { name: "Image" }).click();
      await page.getByText("Image file").waitFor();
    },
  },
  {
    name: "media page (visitor): Share opens its dialog",
    path: `/media/${featured.id}`,
    as: visitor,
    act: async (page) => {
      await page.getByTestId("share-button").click();
      await page.getByRole("dialog", { name: "Share" }).getByLabel("Direct link").waitFor();
    },
  },
  {
    name: "media page (member): Like likes the item",
    path: `/media/${featured.id}`,
    as: () => signedIn(member.id),
    act: async (page) => {
      await page.locator("main").getByTestId("like-button").first().click();
      await page.waitForSelector('main [data-testid="like-button"][aria-pressed="true"]');
    },
  },
  {
    name: "search (member): a card's Like likes it",
    path: "/search?q=isle",
    as: () => signedIn(member.id),
    act: async (page) => {
      const card = page.getByTestId("search-grid").locator("article", { has: page.getByText("Isle item 2", { exact: true }) });
      await card.getByRole("button", { name: /Like/ }).click();
      await card.locator('button[aria-pressed="true"]').waitFor();
    },
  },
  {
    name: "forum (visitor): a thread's title opens its comments",
    path: "/forum",
    as: visitor,
    act: async (page) => {
      await page.getByRole("link", { name: "Isle thread", exact: true }).click();
      await page.getByText("Isle comment").waitFor();
    },
  },
  {
    name: "forum (member): New Thread opens its dialog",
    path: "/forum",
    as: () => signedIn(member.id),
    act: async (page) => {
      await page.getByTestId("new-thread").click();
      await page.getByTestId("new-thread-form").getByLabel("Title").fill("Typed");
    },
  },
  {
    name: "my-messages: a conversation opens its thread",
    path: "/my-messages",
    as: () => signedIn(member.id),
    act: async (page) => {
      await page.locator(`[data-conversation="${owner.id}"]`).getByRole("button", { name: /^isle_owner/ }).click();
      await page.getByTestId("thread").getByText("Hello from the isle owner").waitFor();
    },
  },
  {
    name: "/user/{name}: typing enables Send Message",
    path: "/user/isle_owner",
    as: () => signedIn(member.id),
    act: async (page) => {
      const box = page.getByTestId("message-box");
      const send = box.getByRole("button", { name: "Send Message" });
      assert.ok(await send.isDisabled());
      await box.getByRole("textbox").fill("Hi");
      await page.waitForFunction(() =>
        !document.querySelector<HTMLButtonElement>('[data-testid="message-box"] button[type="submit"]')?.disabled
      );
    },
  },
  {
    name: "profile: the Security tab shows the password fields",
    path: "/profile",
    as: () => signedIn(member.id),
    act: async (page) => {
      await page.getByRole("tab", { name: "Security" }).click();
      await page.getByLabel("Current Password").waitFor();
    },
  },
  {
    name: "my-videos: Edit opens the edit dialog",
    path: "/my-videos",
    as: () => signedIn(member.id),
    act: async (page) => {
      await page.getByRole("button", { name: "Edit" }).first().click();
      await page.getByRole("dialog", { name: "Edit video" }).getByLabel("Title").waitFor();
    },
  },
  {
    name: "admin: the Approved tab lists approved items",
    path: "/admin",
    as: () => signedIn(admin.id),
    act: async (page) => {
      await page.getByRole("tab", { name: /^Approved/ }).click();
      await page.getByText("Isle item 3").waitFor();
    },
  },
  {
    name: "auth: the Register tab shows the register form",
    path: "/auth",
    as: visitor,
    act: async (page) => {
      await page.getByRole("tab", { name: "Register" }).click();
      await page.getByRole("form", { name: "Register" }).waitFor();
    },
  },
  {
    name: "forgot-password: a blank address gets the schema's message",
    path: "/forgot-password",
    as: visitor,
    act: async (page) => {
      await page.getByRole("button", { name: "Send Reset Link" }).click();
      await page.getByRole("alert").first().waitFor();
    },
  },
];

for (const c of CASES) {
  Deno.test({
    name: `[e2e] islands hydrate cleanly and answer: ${c.name}`,
    ignore: !browser,
    sanitizeResources: false,
    sanitizeOps: false,
    fn: async () => {
      const ctx = await c.as();
      const v = await visit(ctx, c.path);
      await c.act(v.page);
      await assertClean(v);
      await ctx.close();
    },
  });
}
