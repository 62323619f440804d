import assert from "node:assert/strict";
import { gunzipSync } from "node:zlib";
import { manifest } from "../lib/assets.ts";
import { PAGE_START } from "../lib/compress.ts";
import { createMedia, createUser, makeTestEnv } from "./_helpers.ts";

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
