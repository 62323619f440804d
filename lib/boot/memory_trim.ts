/**
 * Hands freed heap memory back to the system every TRIM_EVERY_MS. glibc's malloc keeps what a
 * burst of requests freed (response buffers, compression, SQLite rows: measured 176 MB of brk
 * heap and 132 MB of other anonymous memory after 30 s of load at 1,000 items, of which V8's heap
 * was 134 MB), so a server's RSS stayed at its peak. `malloc_trim(0)` releases the free pages,
 * also those in the middle of the heap. Through FFI on glibc only; elsewhere (musl, no FFI
 * permission) it does nothing.
 */
import { log } from "../log.ts";

export const TRIM_EVERY_MS = 30_000;
/** A burst: at least this many requests since the last release, then QUIET_MS without one. */
export const BURST_REQUESTS = 300;
export const QUIET_MS = 2_000;
/** No two releases closer than this, so a load with pauses does not pay for a full collection each time. */
export const RELEASE_GAP_MS = 10_000;

type Libc = { symbols: { malloc_trim(pad: bigint | number): number } };

let libc: Libc | null | undefined;

/** libc's malloc_trim, opened once (null where there is none or FFI is not allowed). */
function openLibc(): Libc | null {
  if (libc !== undefined) return libc;
  libc = null;
  if (Deno.build.os === "linux") {
    try {
      libc = Deno.dlopen("libc.so.6", { malloc_trim: { parameters: ["usize"], result: "i32" } }) as unknown as Libc;
    } catch { /* musl, or no --allow-ffi */ }
  }
  return libc;
}

/** Trims now (17 ms measured to release 160 MB); false when trimming is not available here. */
export function trimMemory(): boolean {
  const c = openLibc();
  if (!c) return false;
  const t = performance.now();
  c.symbols.malloc_trim(0);
  log.debug("memory trimmed", { ms: Math.round((performance.now() - t) * 10) / 10 });
  return true;
}

let served = 0;
let lastRequestAt = 0;
let lastReleaseAt = -Infinity;

/** Counts a request (called as each one starts) for the release after a burst. */
export function noteRequest(): void {
  served++;
  lastRequestAt = performance.now();
}

/** V8's gc() when the process runs with --expose-gc (lib/boot/v8_flags.ts). */
type Gc = (opts?: { type?: "major"; execution?: "sync"; flavor?: "last-resort" }) => void;
const exposedGc = (): Gc | undefined => (globalThis as { gc?: Gc }).gc;

/**
 * After a burst (BURST_REQUESTS, then QUIET_MS without a request, RELEASE_GAP_MS since the last),
 * a full V8 collection and then a trim. Without it the old generation kept the load's garbage until
 * its next mark-compact, which an idle server does not reach (~60 MB of V8 pages and ~10 MB of
 * malloc 31 s after the load; decision 049). Never under load: a full collection pauses every
 * request in flight. Returns whether it released.
 */
export function releaseIfQuiet(now = performance.now()): boolean {
  if (served < BURST_REQUESTS || now - lastRequestAt < QUIET_MS || now - lastReleaseAt < RELEASE_GAP_MS) return false;
  served = 0;
  lastReleaseAt = now;
  const t = performance.now();
  // "last-resort": V8's collection for memory pressure, which also hands its pooled empty pages back at once.
  exposedGc()?.({ type: "major", execution: "sync", flavor: "last-resort" });
  trimMemory();
  log.debug("memory released after a burst", { ms: Math.round(performance.now() - t) });
  return true;
}

/** V8's heap size past which a collection runs under load too (decision 049): its own limit lets it reach ~2.5x the live heap. */
export const HEAP_SOFT_LIMIT_BYTES = 112 * 1024 * 1024;
/** At most one such collection in this time: it pauses every request in flight. */
export const SOFT_LIMIT_GAP_MS = 5_000;
let lastSoftAt = -Infinity;
/** What the last such collection left live: a site whose live heap nears the limit is collected at twice that, not every gap. */
let liveAfterSoft = 0;

/**
 * Under steady load V8 collects its old generation only at ~2.5x the live heap, and the responses'
 * bytes (external memory, freed with their objects) wait with it: RSS at the end of 60 s of load read
 * 260-330 MB. Past HEAP_SOFT_LIMIT_BYTES (or twice the live heap the last one left, if more) a full
 * collection runs at once, at most every SOFT_LIMIT_GAP_MS. Returns whether it collected.
 */
export function collectIfHeapHigh(
  now = performance.now(),
  heapTotal = Deno.memoryUsage().heapTotal,
  gc: Gc | undefined = exposedGc(),
  liveAfter = () => Deno.memoryUsage().heapUsed,
): boolean {
  const limit = Math.max(HEAP_SOFT_LIMIT_BYTES, 2 * liveAfterSoft);
  if (!gc || heapTotal < limit || now - lastSoftAt < SOFT_LIMIT_GAP_MS) return false;
  lastSoftAt = now;
  const t = performance.now();
  gc({ type: "major", execution: "sync" });
  liveAfterSoft = liveAfter();
  log.debug("heap collected past its soft limit", { ms: Math.round(performance.now() - t) });
  return true;
}

/** Starts the periodic trim and the check for a finished burst; returns their stop. */
export function startMemoryTrim(every = TRIM_EVERY_MS): () => void {
  if (!openLibc()) return () => {};
  const timer = setInterval(trimMemory, every);
  const quiet = setInterval(() => releaseIfQuiet() || collectIfHeapHigh(), QUIET_MS / 2);
  Deno.unrefTimer(timer);
  Deno.unrefTimer(quiet);
  return () => (clearInterval(timer), clearInterval(quiet));
}
