import assert from "node:assert/strict";
import { manifest } from "../lib/render/assets.ts";
import { makeTestEnv, ORIGIN, startServer } from "./_helpers.ts";
import { launchBrowser } from "./e2e/_browser.ts";
import { needs } from "./_needs.ts";

Deno.test("[page] the first page inlines the rules it uses and links the stylesheet at the end of its body; the file's response sets the cookie that makes later pages link it in the head", async () => {
  await using env = await makeTestEnv();
  const css = manifest().css;
  const first = await (await env.request("/auth")).text();
  assert.match(first, /<style>/);
  const head = first.slice(0, first.indexOf("</head>"));
  assert.ok(!head.includes(`rel="stylesheet"`), "nothing in the head holds up the first paint");
  assert.ok(first.indexOf(`<link rel="stylesheet" href="${css}"/>`) > first.indexOf('<div id="app"'), "the file is linked after the page");

  const file = await env.request(css);
  assert.equal(file.status, 200);
  await file.body?.cancel();
  const cookie = file.headers.getSetCookie().find((c) => c.startsWith("dr_css="))!;
  assert.match(cookie, /Max-Age=2592000/);
  const later = await (await env.request("/auth", { cookie: cookie.split(";")[0] })).text();
  assert.ok(later.slice(0, later.indexOf("</head>")).includes(`<link rel="stylesheet" href="${css}"/>`));
  assert.ok(!later.includes("<style>"), "no inlined copy once the file is cached");
  assert.equal(later.split(`rel="stylesheet"`).length, 2, "linked once");

  const stale = await (await env.request("/auth", { cookie: "dr_css=from-an-old-build" })).text();
  assert.match(stale, /<style>/, "a new build inlines again");
  const other = await env.request("/static/favicon.svg");
  await other.body?.cancel();
  assert.ok(!other.headers.getSetCookie().some((c) => c.startsWith("dr_css=")), "only the stylesheet sets it");
});

Deno.test("[security] a malformed percent-encoding under /static answers 400, not 500", async () => {
  await using env = await makeTestEnv();
  const res = await env.app.request(`${ORIGIN}/static/%E0%A4%A`);
  assert.equal(res.status, 400);
  await res.body?.cancel();
});

const browser = needs(import.meta.url, "chromium") ? await launchBrowser() : null;
Deno.test({
  name: "[e2e] a browser's second page links the stylesheet its first page loaded instead of inlining it",
  ignore: !browser,
  sanitizeResources: false,
  sanitizeOps: false,
  fn: async () => {
    const server = await startServer();
    try {
      const page = await browser!.newPage();
      const loaded = page.waitForResponse((r) => r.url().endsWith(manifest().css));
      await page.goto(`${server.url}/auth`);
      assert.equal(await page.locator("head style").count(), 1);
      await loaded;
      await page.goto(`${server.url}/no-such-page`);
      assert.equal(await page.locator("head style").count(), 0);
      assert.equal(await page.locator('head link[rel="stylesheet"]').count(), 1);
      // Styles still apply: the body background comes from the stylesheet.
      assert.match(await page.evaluate(() => getComputedStyle(document.body).backgroundColor), /^oklch\(0\.145 /);
      await page.close();
    } finally {
      await server.shutdown();
    }
  },
});
Deno.test.afterAll(async () => await browser?.close());
