import assert from "node:assert/strict";
import { gunzipSync } from "node:zlib";
import { manifest } from "../lib/render/assets.ts";
import { PAGE_START } from "../lib/http/compress.ts";
import { createMedia, createUser, loginCookie, makeTestEnv } from "./_helpers.ts";

const env = await makeTestEnv();
Deno.test.afterAll(() => env.close());
const owner = await createUser(env.db);
for (let i = 0; i < 12; i++) await createMedia(env.db, { userId: owner.id, title: `Compressed clip ${i}`, tags: "neon,night" });

const same = (html: string) => html.replace(/nonce="[^"]*"/g, 'nonce=""').replace(/shuffleSeed=[\w-]+/g, "shuffleSeed=x");

Deno.test("[page] a first visit's page, gzip with the inlined rules compressed once, unzips to the plain page", async () => {
  const { css, cssText } = manifest();
  for (const path of ["/?sortBy=newest", "/auth"]) {
    const gz = await env.request(path, { headers: { "accept-encoding": "gzip" } });
    assert.equal(gz.status, 200);
    assert.equal(gz.headers.get("content-encoding"), "gzip");
    const unzipped = new TextDecoder().decode(gunzipSync(new Uint8Array(await gz.arrayBuffer())));
    const plain = await (await env.request(path)).text();
    assert.ok(unzipped.startsWith(`${PAGE_START}<style>`), path);
    const inlined = unzipped.slice(PAGE_START.length + 7, unzipped.indexOf("</style>"));
    assert.ok(inlined.length > 1000 && inlined.length < cssText.length, `${path}: only the rules the page uses are inlined`);
    assert.ok(unzipped.includes(`<link rel="stylesheet" href="${css}"/>`), `${path}: the whole file is linked in the body`);
    assert.equal(same(unzipped), same(plain), path);
    assert.ok(unzipped.endsWith("</html>"));
    if (path !== "/auth") assert.ok(unzipped.includes("Compressed clip 11"));
  }
});

Deno.test("[page] a returning visitor's page (stylesheet linked) unzips to the plain page", async () => {
  const cookie = `dr_css=${/-([^-/.]+)\.css$/.exec(manifest().css)![1]}`;
  const gz = await env.request("/?sortBy=newest", { headers: { "accept-encoding": "gzip" }, cookie });
  assert.equal(gz.status, 200);
  const unzipped = new TextDecoder().decode(gunzipSync(new Uint8Array(await gz.arrayBuffer())));
  assert.ok(!unzipped.includes("<style>"));
  assert.equal(same(unzipped), same(await (await env.request("/?sortBy=newest", { cookie })).text()));
});

Deno.test("[page] a page asked again is gzipped from its kept parts: each answer has its own nonce and seed, matching its CSP", async () => {
  const member = await createUser(env.db, { username: "gzip_member" });
  const memberCookie = await loginCookie(env.db, member.id);
  const returning = `dr_css=${/-([^-/.]+)\.css$/.exec(manifest().css)![1]}`;
  const item = await createMedia(env.db, { userId: owner.id, title: "Kept gzip clip" });
  for (
    const [path, cookie] of [
      ["/?sortBy=newest", ""],
      ["/?sortBy=newest", returning],
      ["/?sortBy=newest", `${memberCookie}; ${returning}`],
      [`/media/${item.id}`, returning],
    ]
  ) {
    // The first answer counts the view the later ones show.
    await (await env.request(path, { cookie })).body?.cancel();
    const plain = await (await env.request(path, { cookie })).text();
    const seen = new Set<string>();
    for (let i = 0; i < 4; i++) {
      const gz = await env.request(path, { headers: { "accept-encoding": "gzip" }, cookie });
      assert.equal(gz.status, 200, path);
      const html = new TextDecoder().decode(gunzipSync(new Uint8Array(await gz.arrayBuffer())));
      assert.equal(same(html), same(plain), `${path} ${cookie} #${i}`);
      const nonce = /'nonce-([^']+)'/.exec(gz.headers.get("content-security-policy") ?? "")?.[1];
      assert.ok(nonce, "the page has a nonce");
      for (const [, n] of html.matchAll(/nonce="([^"]*)"/g)) assert.equal(n, nonce, "every script carries this answer's nonce");
      const seed = /shuffleSeed=([\w-]+)/.exec(html)?.[1];
      assert.ok(seed && !seen.has(`${nonce}:${seed}`));
      seen.add(`${nonce}:${seed}`);
    }
  }
});
