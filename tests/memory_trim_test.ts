/**
 * lib/boot/memory_trim.ts: freed heap memory goes back to the system. A child process (with
 * --expose-gc) fills 160 MB of 64 KB buffers, keeps every 50th (so the heap cannot simply
 * shrink from its top), frees the rest, and reports its RSS before and after a trim.
 */
import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import {
  BURST_REQUESTS,
  collectIfHeapHigh,
  HEAP_SOFT_LIMIT_BYTES,
  noteRequest,
  QUIET_MS,
  RELEASE_GAP_MS,
  releaseIfQuiet,
  SOFT_LIMIT_GAP_MS,
  trimMemory,
} from "../lib/boot/memory_trim.ts";

const MODULE = fileURLToPath(new URL("../lib/boot/memory_trim.ts", import.meta.url));

const CHILD = `
import { trimMemory } from ${JSON.stringify(MODULE)};
const rss = () => Deno.memoryUsage().rss / 1e6;
let blocks = Array.from({ length: 2560 }, () => new Uint8Array(64 * 1024).fill(7));
const kept = blocks.filter((_, i) => i % 50 === 0);
blocks = [];
for (let i = 0; i < 4; i++) globalThis.gc();
const before = rss();
const trimmed = trimMemory();
console.log(JSON.stringify({ before, after: rss(), trimmed, kept: kept.length }));
`;

Deno.test("[boot] a trim hands freed heap memory back: RSS falls by most of what was freed", async () => {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["eval", "--v8-flags=--expose-gc", CHILD],
    stdout: "piped",
    stderr: "piped",
    env: { LOG_LEVEL: "error" },
  }).output();
  assert.ok(out.success, new TextDecoder().decode(out.stderr));
  const r = JSON.parse(new TextDecoder().decode(out.stdout).trim().split("\n").at(-1)!);
  assert.equal(r.trimmed, true);
  assert.ok(r.before - r.after > 80, `RSS ${r.before.toFixed(0)} MB -> ${r.after.toFixed(0)} MB`);
});

Deno.test("[boot] trimming works in this process too (Linux with glibc, FFI allowed)", () => {
  assert.equal(trimMemory(), Deno.build.os === "linux");
});

Deno.test("[boot] after a burst the memory is released once the server is quiet, never while requests come, and not again within the gap", () => {
  const burst = () => {
    for (let i = 0; i < BURST_REQUESTS; i++) noteRequest();
    return performance.now();
  };
  const last = burst();
  assert.equal(releaseIfQuiet(last + QUIET_MS - 1), false, "requests came less than QUIET_MS ago");
  assert.equal(releaseIfQuiet(last + QUIET_MS), true);
  assert.equal(releaseIfQuiet(last + QUIET_MS + 1), false, "nothing served since the release");
  const next = burst();
  assert.equal(releaseIfQuiet(Math.min(next + QUIET_MS, last + QUIET_MS + RELEASE_GAP_MS - 1)), false, "within the gap");
  assert.equal(releaseIfQuiet(Math.max(next + QUIET_MS, last + QUIET_MS + RELEASE_GAP_MS)), true);
  noteRequest();
  assert.equal(releaseIfQuiet(performance.now() + 2 * RELEASE_GAP_MS), false, "one request is not a burst");
});

Deno.test("[boot] under load a heap past its soft limit is collected, at most once per gap; below it, or without gc(), never", () => {
  const calls: unknown[] = [];
  const gc = (opts?: unknown) => void calls.push(opts);
  const t0 = performance.now() + 10 * SOFT_LIMIT_GAP_MS;
  assert.equal(collectIfHeapHigh(t0, HEAP_SOFT_LIMIT_BYTES - 1, gc), false, "below the limit");
  assert.equal(collectIfHeapHigh(t0, HEAP_SOFT_LIMIT_BYTES, undefined), false, "no gc() exposed");
  const small = () => HEAP_SOFT_LIMIT_BYTES / 4;
  assert.equal(collectIfHeapHigh(t0, HEAP_SOFT_LIMIT_BYTES, gc, small), true);
  assert.equal(collectIfHeapHigh(t0 + SOFT_LIMIT_GAP_MS - 1, 2 * HEAP_SOFT_LIMIT_BYTES, gc, small), false, "within the gap");
  // A big site: the collection leaves 100 MB live, so the next one waits for twice that, not for the fixed limit.
  const big = HEAP_SOFT_LIMIT_BYTES * 0.9;
  assert.equal(collectIfHeapHigh(t0 + SOFT_LIMIT_GAP_MS, 2 * HEAP_SOFT_LIMIT_BYTES, gc, () => big), true);
  assert.equal(collectIfHeapHigh(t0 + 3 * SOFT_LIMIT_GAP_MS, 2 * big - 1, gc, () => big), false, "under twice the live heap");
  assert.equal(collectIfHeapHigh(t0 + 3 * SOFT_LIMIT_GAP_MS, 2 * big, gc, small), true);
  assert.equal(calls.length, 3);
  assert.deepEqual(calls[0], { type: "major", execution: "sync" });
});
