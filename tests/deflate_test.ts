import assert from "node:assert/strict";
import { constants, crc32, deflateRawSync, gunzipSync, inflateRawSync } from "node:zlib";
import { deflateFlushed, deflateRaw, gzipAfter, keptStreamsWork } from "../lib/http/deflate.ts";

const text = (n: number) => {
  let s = "";
  for (let i = 0; s.length < n; i++) s += `<li class="card"><a href="/media/${i}">Clip ${i} · neon</a><span>${i * 7} likes</span></li>`;
  return new TextEncoder().encode(s.slice(0, n));
};
const random = (n: number) => {
  const out = new Uint8Array(n);
  for (let i = 0; i < n; i += 65_536) crypto.getRandomValues(out.subarray(i, Math.min(n, i + 65_536)));
  return out;
};

Deno.test("[deflate] the kept stream gives deflateRawSync's bytes, call after call, at every level used", () => {
  for (const level of [1, 2, 5, 9]) {
    for (const input of [text(0), text(10), text(50_000), text(20_000), text(300)]) {
      assert.deepEqual(deflateRaw(input, level), new Uint8Array(deflateRawSync(input, { level })), `level ${level}, ${input.length} bytes`);
    }
  }
});

Deno.test("[deflate] incompressible input still round-trips", () => {
  const input = random(200_000);
  assert.deepEqual(new Uint8Array(inflateRawSync(deflateRaw(input, 5))), input);
  assert.deepEqual(new Uint8Array(gunzipSync(gzipAfter(null, input, 5))), input);
});

Deno.test("[deflate] gzipAfter without a start is a gzip member of the input", () => {
  for (const input of [text(0), text(5_000), text(80_000)]) {
    assert.deepEqual(new Uint8Array(gunzipSync(gzipAfter(null, input, 5))), input);
  }
});

Deno.test("[deflate] gzipAfter continues a kept, sync-flushed start: the member unzips to start + rest", () => {
  const raw = text(60_000);
  const start = { raw, deflated: deflateRawSync(raw, { level: 9, finishFlush: constants.Z_SYNC_FLUSH }), crc: crc32(raw) };
  for (const rest of [text(0), text(1_000), text(70_000), random(5_000)]) {
    const gz = gzipAfter(start, rest, 5);
    const both = new Uint8Array(raw.length + rest.length);
    both.set(raw);
    both.set(rest, raw.length);
    assert.deepEqual(new Uint8Array(gunzipSync(gz)), both);
  }
});

Deno.test("[deflate] this Deno's node:zlib lets a stream be kept (else every response pays for a new one)", () => {
  assert.equal(keptStreamsWork(), true);
});

Deno.test("[deflate] deflateFlushed: one stream, each chunk's output on a byte boundary, later chunks referring back", () => {
  const chunks = [text(20_000), text(5_000), new Uint8Array(0), text(30_000)];
  const parts = deflateFlushed(chunks, 5);
  assert.equal(parts.length, chunks.length);
  const joined = new Uint8Array([...parts.flatMap((p) => [...p]), 0x03, 0x00]);
  const expected = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const c of chunks) {
    expected.set(c, at);
    at += c.length;
  }
  assert.deepEqual(new Uint8Array(inflateRawSync(joined)), expected);
  // The last chunk repeats the first: as one stream it costs far less than on its own.
  assert.ok(parts[3].length < deflateRawSync(chunks[3], { level: 5 }).length / 2, `${parts[3].length} bytes`);
});
