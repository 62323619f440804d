import assert from "node:assert/strict";
import { constants, crc32, deflateRawSync, gunzipSync, gzipSync } from "node:zlib";
import { gzipKept, MAX_KEYS, memoSizes } from "../lib/http/gzip_memo.ts";

const unzip = (gz: Uint8Array) => new TextDecoder().decode(gunzipSync(gz));
const page = (nonce: string, seed: string, likes = 7) =>
  `<!DOCTYPE html><html><head><script nonce="${nonce}"></script></head><body><a href="/?shuffleSeed=${seed}">logo</a>` +
  Array.from({ length: 200 }, (_, i) => `<li class="card"><h3>Clip ${i} · ✨</h3><span>${i * likes} likes</span></li>`).join("") +
  `<script type="module" src="/c.js" nonce="${nonce}"></script></body></html>`;
const rnd = (n: number) =>
  Array.from(crypto.getRandomValues(new Uint8Array(n)), (b) => "abcdefghijklmnopqrstuvwxyz0123456789+/"[b % 38]).join("");

Deno.test("[gzip] a kept text answers every request with its own hole values, unzipping to exactly that text", () => {
  for (let i = 0; i < 6; i++) {
    const nonce = rnd(24), seed = rnd(16);
    const text = page(nonce, seed);
    const gz = gzipKept(null, text, [nonce, seed], 5);
    assert.equal(unzip(gz), text, `request ${i}`);
    // Kept from the second request on: within a few bytes of gzip of the whole.
    assert.ok(gz.length <= gzipSync(text, { level: 5 }).length * 1.01 + 64, `${gz.length} bytes`);
  }
});

Deno.test("[gzip] different texts, hole lengths, holes at the ends and no holes at all", () => {
  const cases: [string, string[]][] = [];
  for (const likes of [1, 2, 1]) cases.push([page("N".repeat(24), "S".repeat(16), likes), ["N".repeat(24), "S".repeat(16)]]);
  cases.push([page("short", "S".repeat(16)), ["short", "S".repeat(16)]]);
  cases.push([page("a-much-longer-nonce-value-here", "x"), ["a-much-longer-nonce-value-here", "x"]]);
  cases.push(["HOLE" + "body ".repeat(3000) + "HOLE", ["HOLE"]]);
  cases.push(['{"items":[' + Array.from({ length: 300 }, (_, i) => `{"id":${i},"t":"x"}`).join(",") + "]}", []]);
  cases.push(["", []]);
  cases.push(["HOLEHOLE", ["HOLE"]]);
  cases.push(["xxabcdefyy".repeat(300), ["abcd", "cdef", ""]]);
  for (let round = 0; round < 3; round++) {
    for (const [text, holes] of cases) assert.equal(unzip(gzipKept(null, text, holes, 5)), text);
  }
});

Deno.test("[gzip] after a kept start (a first visit's stylesheet) the member unzips to start + text", () => {
  const css = new TextEncoder().encode(`<style>${".card{color:red}".repeat(4000)}</style>`);
  const start = { raw: css, deflated: deflateRawSync(css, { level: 9, finishFlush: constants.Z_SYNC_FLUSH }), crc: crc32(css) };
  for (let i = 0; i < 4; i++) {
    const nonce = rnd(24), seed = rnd(16);
    const text = page(nonce, seed);
    assert.equal(unzip(gzipKept(start, text, [nonce, seed], 5)), new TextDecoder().decode(css) + text);
  }
});

Deno.test("[gzip] text containing NUL and 0xFF-like characters next to the holes stays exact", () => {
  for (let i = 0; i < 4; i++) {
    const h = rnd(8);
    const text = `\u0000\u0000\u0000${h}\u00ff\u00ff\u00ff${"\u0000abc".repeat(500)}${h}ÿÿÿ${"ÿ".repeat(100)}`;
    assert.equal(unzip(gzipKept(null, text, [h], 5)), text);
  }
});

Deno.test("[gzip] a text seen once is remembered by its checksum only; the second sight keeps it; both stay within their bounds", () => {
  // Texts of their own lengths, so each is under a key of its own.
  const text = (i: number, nonce: string) => `<p nonce="${nonce}">${"x".repeat(1000 + i)}</p>`;
  const before = memoSizes();
  const nonce1 = rnd(24), nonce2 = rnd(24);
  assert.equal(unzip(gzipKept(null, text(0, nonce1), [nonce1], 5)), text(0, nonce1));
  const once = memoSizes();
  assert.equal(once.texts, before.texts, "a text seen once is not kept");
  assert.ok(once.seen >= 1 && once.seenKeys <= MAX_KEYS);
  assert.equal(unzip(gzipKept(null, text(0, nonce2), [nonce2], 5)), text(0, nonce2));
  const twice = memoSizes();
  assert.ok(twice.texts >= 1 && twice.texts <= 2 * MAX_KEYS, "kept the second time");
  // Many more texts than keys, each seen twice (kept) and as many seen once: the maps stay bounded.
  for (let i = 1; i <= 3 * MAX_KEYS; i++) {
    for (const round of [0, 1]) {
      const n = rnd(24);
      assert.equal(unzip(gzipKept(null, text(i, n), [n], 5)), text(i, n), `text ${i} round ${round}`);
    }
    const n = rnd(24);
    gzipKept(null, text(10_000 + i, n), [n], 5);
  }
  const after = memoSizes();
  assert.ok(after.keys <= MAX_KEYS, `${after.keys} keys`);
  assert.ok(after.texts <= 2 * MAX_KEYS, `${after.texts} texts`);
  assert.ok(after.seenKeys <= MAX_KEYS && after.seen <= 2 * MAX_KEYS, `${after.seenKeys} keys, ${after.seen} checksums`);
  assert.equal(after.keys, MAX_KEYS, "full: the latest texts");
});

Deno.test("[gzip] a changed text with the same lengths is never answered from the kept one", () => {
  const base = (c: string, nonce: string) => `<p nonce="${nonce}">${c.repeat(2000)}</p>`;
  for (const c of ["a", "b", "a", "b", "c"]) {
    for (let i = 0; i < 2; i++) {
      const n = rnd(24);
      assert.equal(unzip(gzipKept(null, base(c, n), [n], 5)), base(c, n));
    }
  }
});
