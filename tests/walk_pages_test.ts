/** Issue 27 points 9, 10, 11 and 14 over HTTP: pages and texts a new user met. */
import assert from "node:assert/strict";
import { makeTestEnv } from "./_helpers.ts";

const env = await makeTestEnv();
Deno.test.afterAll(() => env.close());

Deno.test("[page] point 11: a /search query longer than 200 characters is cut to 200 and searched", async () => {
  const long = "a".repeat(150) + " " + "b".repeat(100);
  const res = await env.request(`/search?q=${long}&type=videos`);
  assert.equal(res.status, 302);
  const to = new URL(res.headers.get("location")!, "http://x");
  assert.equal(to.pathname, "/search");
  assert.equal(to.searchParams.get("q"), long.slice(0, 200));
  assert.equal(to.searchParams.get("type"), "videos");
  const page = await env.request(to.pathname + to.search);
  assert.equal(page.status, 200);
  const html = await page.text();
  assert.ok(html.includes(`Search results for &quot;${long.slice(0, 200)}&quot;`));
  assert.ok(!html.includes("too long"));
  // An emoji cut in half at the limit is dropped whole.
  const emoji = await env.request(`/search?q=${encodeURIComponent("x".repeat(199) + "😀")}`);
  assert.equal(new URL(emoji.headers.get("location")!, "http://x").searchParams.get("q"), "x".repeat(199));
});

Deno.test("[page] point 9: /?category= naming no category answers 404 with a not-found state and a link to all categories", async () => {
  for (const ref of ["doesnotexist", "999999", "%3Cscript%3E"]) {
    const res = await env.request(`/?category=${ref}`);
    assert.equal(res.status, 404, ref);
    const html = await res.text();
    assert.match(html, /data-testid="category-not-found"/);
    assert.match(html, /Category not found/);
    assert.match(html, /<a href="\/" class="btn-primary">Browse all categories<\/a>/);
    assert.match(html, /<meta name="robots" content="noindex/);
    assert.ok(!html.includes('aria-current="page"'), "no tab is highlighted");
    assert.ok(!html.includes("No content available"));
  }
  const known = await env.request("/?category=animation");
  assert.equal(known.status, 200);
  assert.equal((await env.request("/?category=")).status, 200, "an empty category is All Categories");
});
