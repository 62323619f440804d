import assert from "node:assert/strict";
import { Island } from "../../components/Island.tsx";
import MediaModal from "../../islands/MediaModal.tsx";
import { renderPage } from "../../lib/render.tsx";
import { createMedia, createUser, loginCookie, makeTestEnv } from "../_helpers.ts";
import { collectErrors, hasChromium, launchBrowser, waitHydrated } from "./_browser.ts";

// The home page (feed issue) mounts the modal; here a test-only page in this file stands in for it.
const browser = hasChromium() ? await launchBrowser() : null;
const env = await makeTestEnv();
const owner = await createUser(env.db, { username: "modal_owner" });
const member = await createUser(env.db, { username: "modal_member" });
const item = await createMedia(env.db, {
  userId: owner.id,
  title: "Featured embed",
  contentType: "embed",
  youtubeId: "dQw4w9WgXcQ",
  description: "The featured one.",
  aiGenerator: "Kling",
  views: 41,
});
env.app.get("/__modal", (c) =>
  renderPage(
    c,
    <>
      <a href={`/media/${item.id}`} data-open-media={item.id}>Open featured</a>
      <a href="/media/987654" data-open-media="987654">Open missing</a>
      <Island name="MediaModal" component={MediaModal} props={{ signedIn: !!c.var.user }} />
    </>,
    { meta: { title: "Modal test" } },
  ));
const server = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen: () => {} }, (req, info) => env.app.fetch(req, info));
const url = `http://127.0.0.1:${server.addr.port}`;

Deno.test.afterAll(async () => {
  await browser?.close();
  await server.shutdown();
  env.close();
});

Deno.test({
  name: "[e2e] data-open-media opens the modal viewer with the item; a missing item shows the failure text",
  ignore: !browser,
  sanitizeResources: false,
  sanitizeOps: false,
  fn: async () => {
    const ctx = await browser!.newContext();
    const [name, value] = (await loginCookie(env.db, member.id)).split("=");
    await ctx.addCookies([{ name, value, url }]);
    const page = await ctx.newPage();
    const errors = collectErrors(page);
    await page.route(
      "https://www.youtube-nocookie.com/**",
      (r) => r.fulfill({ status: 200, contentType: "text/html", body: "<p>player</p>" }),
    );
    await page.goto(`${url}/__modal`);
    await waitHydrated(page, "MediaModal");
    await page.getByText("Open featured").click();
    const modal = page.getByTestId("media-modal");
    await modal.getByRole("heading", { name: "Featured embed" }).waitFor();
    assert.equal(new URL(page.url()).pathname, "/__modal", "no navigation");
    const text = await modal.textContent() ?? "";
    for (const s of ["views", "modal_owner", "The featured one.", "Kling", "No prompt provided"]) assert.ok(text.includes(s), s);
    assert.ok(await modal.locator('iframe[src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"]').count());
    assert.equal(await modal.locator(`a[href="/user/${owner.id}"]`).count(), 1);
    await modal.getByTestId("like-button").click();
    await page.waitForSelector('[data-testid="media-modal"] [data-testid="like-button"][aria-pressed="true"]');
    await page.keyboard.press("Escape");
    await modal.waitFor({ state: "hidden" });
    await page.getByText("Open missing").click();
    await modal.getByText("Failed to load video").waitFor();
    await modal.getByText("Sorry, this video could not be loaded.").waitFor();
    // The missing item's fetch is an expected 404 in the console.
    assert.deepEqual(errors.filter((e) => !e.includes("404")), []);
    await ctx.close();
  },
});
