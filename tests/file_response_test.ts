/**
 * lib/http/file_response.ts: the bytes of every kind of answer (whole, open-ended and bounded
 * ranges, suffix ranges), the statuses around them, and the file closed after each (the test's
 * resource sanitizer fails on an open file).
 */
import assert from "node:assert/strict";
import { writeFileSync } from "node:fs";
import { fileResponse } from "../lib/http/file_response.ts";
import { tempDir } from "./_helpers.ts";

const SIZE = 700_000; // more than two of the bounded stream's chunks
const bytes = new Uint8Array(SIZE).map((_, i) => (i * 7 + (i >> 8)) & 255);
const path = `${tempDir()}/file.mp4`;
writeFileSync(path, bytes);

const answer = async (headers: Record<string, string> = {}, method = "GET") =>
  (await fileResponse(new Request("http://localhost/f", { method, headers }), path, { cacheControl: "no-store" }))!;

Deno.test("[http] a whole file and every range form answer exactly their bytes, with their headers", async () => {
  const whole = await answer();
  assert.equal(whole.status, 200);
  assert.equal(whole.headers.get("content-type"), "video/mp4");
  assert.equal(whole.headers.get("content-length"), String(SIZE));
  assert.deepEqual(new Uint8Array(await whole.arrayBuffer()), bytes);

  for (
    const [range, from, to] of [
      ["bytes=1000-", 1000, SIZE - 1],
      ["bytes=0-0", 0, 0],
      ["bytes=5-300000", 5, 300000],
      ["bytes=262143-524288", 262143, 524288],
      ["bytes=-100", SIZE - 100, SIZE - 1],
      ["bytes=600000-900000", 600000, SIZE - 1],
    ] as const
  ) {
    const res = await answer({ range });
    assert.equal(res.status, 206, range);
    assert.equal(res.headers.get("content-range"), `bytes ${from}-${to}/${SIZE}`, range);
    assert.equal(res.headers.get("content-length"), String(to - from + 1), range);
    assert.deepEqual(new Uint8Array(await res.arrayBuffer()), bytes.subarray(from, to + 1), range);
  }
});

Deno.test("[http] 416 past the end, HEAD without a body, 304 for a matching ETag, a stale If-Range gets the whole file", async () => {
  const past = await answer({ range: `bytes=${SIZE}-` });
  assert.equal(past.status, 416);
  assert.equal(past.headers.get("content-range"), `bytes */${SIZE}`);
  const head = await answer({}, "HEAD");
  assert.equal(head.status, 200);
  assert.equal(head.body, null);
  const etag = head.headers.get("etag")!;
  assert.equal((await answer({ "if-none-match": etag })).status, 304);
  const stale = await answer({ range: "bytes=10-19", "if-range": '"other"' });
  assert.equal(stale.status, 200);
  assert.equal((await stale.arrayBuffer()).byteLength, SIZE);
});

Deno.test("[http] a body read part-way and cancelled closes its file, open-ended or bounded", async () => {
  for (const range of [undefined, "bytes=100-", "bytes=100-600000"]) {
    const res = await answer(range ? { range } : {});
    const reader = res.body!.getReader();
    await reader.read();
    await reader.cancel();
  }
  // Let a read still running when the cancel came finish and close (the sanitizer checks).
  await new Promise((r) => setTimeout(r, 50));
});
