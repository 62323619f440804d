import assert from "node:assert/strict";
import { and, eq } from "drizzle-orm";
import type { BrowserContext, Page } from "playwright-core";
import { messages } from "../../db/schema/mod.ts";
import { MESSAGE_MSG } from "../../common/message_rules.ts";
import { createMedia, createUser, loginCookie, startServer } from "../_helpers.ts";
import { collectErrors, hasChromium, launchBrowser, screenshot, signedInContext, waitHydrated } from "./_browser.ts";

const browser = hasChromium() ? await launchBrowser() : null;
const server = await startServer();
const alice = await createUser(server.db, { username: "alice_msg" });
const bob = await createUser(server.db, { username: "bob_msg" });
await createMedia(server.db, { userId: bob.id, title: "Bob's neon city", aiGenerator: "Sora", tags: "neon,city" });
await createMedia(server.db, { userId: bob.id, title: "Bob's pending draft", reviewStatus: "pending" });

Deno.test.afterAll(async () => {
  await browser?.close();
  await server.shutdown();
});

/** A member's browser context; the messages screen polls every 400 ms here instead of 10 s. */
async function memberContext(userId: number, viewport = { width: 1280, height: 800 }): Promise<BrowserContext> {
  const ctx = await signedInContext(browser!, server.url, await loginCookie(server.db, userId), { viewport });
  await ctx.addInitScript(() => (globalThis.__drMessagesPollMs = 400));
  return ctx;
}

const rowsBetween = (a: number, b: number) =>
  server.db.select().from(messages).where(and(eq(messages.senderId, a), eq(messages.receiverId, b))).orderBy(messages.id).all();

const badge = (page: Page) => page.getByTestId("account-badge");

Deno.test({
  name: "[e2e] two members message each other: profile send, badge, read, Shift+Enter reply seen without reload, block gives 403",
  ignore: !browser,
  sanitizeResources: false,
  sanitizeOps: false,
  fn: async () => {
    const ctxA = await memberContext(alice.id);
    const ctxB = await memberContext(bob.id);
    const a = await ctxA.newPage();
    const b = await ctxB.newPage();
    const errorsA = collectErrors(a);
    const errorsB = collectErrors(b);

    // A opens B's profile and sends a message from the box.
    await a.goto(`${server.url}/user/bob_msg`);
    await waitHydrated(a, "ProfileMessageBox");
    assert.equal(await a.getByTestId("profile-grid").locator("article").count(), 1, "only the approved item");
    const box = a.getByTestId("message-box");
    assert.ok(await box.getByRole("button", { name: "Send Message" }).isDisabled(), "disabled while blank");
    await box.getByRole("textbox").fill("Hello Bob, love the neon city!");
    await box.getByRole("button", { name: "Send Message" }).click();
    await box.getByText("Message sent.").waitFor();
    assert.deepEqual((await rowsBetween(alice.id, bob.id)).map((m) => m.content), ["Hello Bob, love the neon city!"]);

    // B's badge shows 1.
    await b.goto(`${server.url}/`);
    await waitHydrated(b, "AccountMenu");
    await badge(b).filter({ hasText: "1" }).waitFor();

    // B opens the conversation: it is marked read and the badge clears without a reload.
    await b.goto(`${server.url}/my-messages`);
    await waitHydrated(b, "Messages");
    await waitHydrated(b, "AccountMenu");
    const row = b.locator(`[data-conversation="${alice.id}"]`);
    assert.equal(await row.getByTestId("unread-count").textContent(), "1");
    await row.getByRole("button", { name: /^alice_msg/ }).click();
    await b.getByTestId("thread").getByText("Hello Bob, love the neon city!").waitFor();
    await badge(b).waitFor({ state: "detached" });
    await row.getByTestId("unread-count").waitFor({ state: "detached" });
    assert.ok((await rowsBetween(alice.id, bob.id)).every((m) => m.readAt !== null));
    assert.equal(new URL(b.url()).search, `?with=${alice.id}`);

    // A goes from the profile to the conversation.
    await a.getByRole("link", { name: "Open conversation" }).click();
    await waitHydrated(a, "Messages");
    await a.getByTestId("thread").getByText("Hello Bob, love the neon city!").waitFor();

    // B answers with Shift+Enter for a second line, Enter to send.
    const composer = b.getByRole("textbox", { name: "Message to alice_msg" });
    assert.ok(await b.getByRole("button", { name: "Send message" }).isDisabled());
    await composer.click();
    await composer.pressSequentially("Thanks Alice!");
    await b.keyboard.press("Shift+Enter");
    await composer.pressSequentially("Made with Sora.");
    assert.equal(await composer.inputValue(), "Thanks Alice!\nMade with Sora.");
    await b.keyboard.press("Enter");
    await b.locator("[data-mine] [data-testid=message-content]").filter({ hasText: "Made with Sora." }).waitFor();
    assert.equal(await composer.inputValue(), "");
    assert.deepEqual((await rowsBetween(bob.id, alice.id)).map((m) => m.content), ["Thanks Alice!\nMade with Sora."]);

    // A sees the two-line answer without reloading (the poll), on two lines.
    const answer = a.locator("[data-message]:not([data-mine]) [data-testid=message-content]").filter({ hasText: "Made with Sora." });
    await answer.waitFor({ timeout: 5000 });
    assert.equal(await answer.innerText(), "Thanks Alice!\nMade with Sora.");
    assert.ok((await answer.boundingBox())!.height > 30, "rendered on two lines");
    await screenshot(a, "messages-thread-1280");

    // B blocks A from the thread's menu: the conversation closes and leaves B's list.
    await b.getByTestId("thread").getByRole("button", { name: "Conversation options for alice_msg" }).click();
    await screenshot(b, "messages-menu-1280");
    await b.getByRole("menuitem", { name: "Block user" }).click();
    await b.getByRole("dialog", { name: "Block user?" }).waitFor();
    await screenshot(b, "messages-block-dialog-1280");
    await b.getByRole("dialog", { name: "Block user?" }).getByRole("button", { name: "Block" }).click();
    await b.getByText("User blocked").waitFor();
    await b.getByTestId("thread").waitFor({ state: "detached" });
    assert.equal(await b.locator(`[data-conversation="${alice.id}"]`).count(), 0);
    assert.equal(new URL(b.url()).search, "");

    // A's next message shows the 403 error and is not stored.
    const composerA = a.getByRole("textbox", { name: "Message to bob_msg" });
    await composerA.fill("Are you still there?");
    await composerA.press("Enter");
    await a.getByTestId("send-error").filter({ hasText: MESSAGE_MSG.blockedByThem }).waitFor();
    // Issue 36 point 15: the toast says they cannot message this member, not "Please try again".
    await a.locator("[data-toast]").getByText(MESSAGE_MSG.blockedByThem).waitFor();
    assert.equal(await a.getByText(MESSAGE_MSG.sendFailed).count(), 0);
    assert.equal(await composerA.inputValue(), "Are you still there?", "the draft is kept");
    assert.equal((await rowsBetween(alice.id, bob.id)).length, 1);
    await screenshot(a, "messages-blocked-error-1280");

    assert.deepEqual(errorsA.filter((e) => !/40[34]/.test(e)), []);
    assert.deepEqual(errorsB.filter((e) => !e.includes("404")), []);
    await ctxA.close();
    await ctxB.close();
  },
});

Deno.test({
  name: "[e2e] /my-messages: no polling while the tab is hidden; deleting the open conversation closes it for one side only",
  ignore: !browser,
  sanitizeResources: false,
  sanitizeOps: false,
  fn: async () => {
    const carol = await createUser(server.db, { username: "carol_msg" });
    const dave = await createUser(server.db, { username: "dave_msg" });
    await server.db.insert(messages).values([
      { senderId: dave.id, receiverId: carol.id, content: "Hi Carol" },
      { senderId: carol.id, receiverId: dave.id, content: "Hi Dave" },
    ]);
    const ctx = await memberContext(carol.id);
    const page = await ctx.newPage();
    const errors = collectErrors(page);
    let polls = 0;
    page.on("request", (r) => r.url().includes("/api/messages/conversations") && polls++);
    await page.goto(`${server.url}/my-messages?with=${dave.id}`);
    await waitHydrated(page, "Messages");
    await page.getByTestId("thread").getByText("Hi Carol").waitFor();

    await page.evaluate(() => {
      Object.defineProperty(document, "visibilityState", { value: "hidden", configurable: true });
      document.dispatchEvent(new Event("visibilitychange"));
    });
    await page.waitForTimeout(300); // a request in flight when the tab hid may still land
    const before = polls;
    await page.waitForTimeout(1500);
    assert.equal(polls, before, "no calls while hidden");
    await page.evaluate(() => {
      Object.defineProperty(document, "visibilityState", { value: "visible", configurable: true });
      document.dispatchEvent(new Event("visibilitychange"));
    });
    await page.waitForTimeout(1000);
    assert.ok(polls > before, "polling resumes when visible");

    await page.getByTestId("thread").getByRole("button", { name: "Conversation options for dave_msg" }).click();
    await page.getByRole("menuitem", { name: "Delete conversation" }).click();
    await page.getByRole("dialog", { name: "Delete conversation?" }).getByRole("button", { name: "Delete" }).click();
    await page.getByText("Conversation deleted").first().waitFor();
    await page.getByTestId("thread").waitFor({ state: "detached" });
    await page.getByText("No conversations yet.").waitFor();
    const rows = await server.db.select().from(messages).where(eq(messages.senderId, dave.id)).all();
    assert.equal(rows.length, 1, "Dave keeps the conversation");
    assert.deepEqual(errors, []);
    await ctx.close();
  },
});

Deno.test({
  name: "[e2e] screenshots of /my-messages and /user/{name} at 390x844 and 1440x900",
  ignore: !browser,
  sanitizeResources: false,
  sanitizeOps: false,
  fn: async () => {
    const erin = await createUser(server.db, { username: "erin_msg" });
    const long = "A longer message that wraps over a few lines so the bubble width and the wrapping can be judged. ".repeat(2).trim();
    await server.db.insert(messages).values([
      { senderId: bob.id, receiverId: erin.id, content: "Hey Erin! Have you seen the new neon city clip?" },
      { senderId: erin.id, receiverId: bob.id, content: "Yes!\nThe lighting is wonderful." },
      { senderId: bob.id, receiverId: erin.id, content: long },
      { senderId: alice.id, receiverId: erin.id, content: "Unread hello from Alice" },
    ]);
    for (const viewport of [{ width: 390, height: 844 }, { width: 1440, height: 900 }]) {
      const ctx = await memberContext(erin.id, viewport);
      const page = await ctx.newPage();
      await page.goto(`${server.url}/my-messages`);
      await waitHydrated(page, "Messages");
      await screenshot(page, `my-messages-list-${viewport.width}`);
      await page.goto(`${server.url}/my-messages?with=${bob.id}`);
      await waitHydrated(page, "Messages");
      await page.getByTestId("thread").getByText("The lighting is wonderful.").waitFor();
      await screenshot(page, `my-messages-thread-${viewport.width}`);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth > innerWidth);
      assert.equal(overflow, false, `no sideways scroll at ${viewport.width}`);
      await page.goto(`${server.url}/user/bob_msg`);
      await waitHydrated(page, "ProfileMessageBox");
      await screenshot(page, `user-profile-${viewport.width}`);
      assert.equal(await page.evaluate(() => document.documentElement.scrollWidth > innerWidth), false);
      await ctx.close();
      const visitor = await browser!.newContext({ viewport });
      const vpage = await visitor.newPage();
      await vpage.goto(`${server.url}/user/bob_msg`);
      await screenshot(vpage, `user-profile-visitor-${viewport.width}`);
      await vpage.goto(`${server.url}/user/nobody_at_all`);
      await screenshot(vpage, `user-not-found-${viewport.width}`);
      await visitor.close();
    }
  },
});
