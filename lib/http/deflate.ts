import { crc32, createDeflateRaw, deflateRawSync } from "node:zlib";

/**
 * Raw deflate through one kept zlib stream per level, reset after each use. `deflateRawSync`
 * sets up a new stream on every call (its window and hash tables): ~50 µs of a page request
 * here, a fifth of the deflate itself for a feed API answer (measured). The stream is driven
 * through the handle of Deno's node:zlib (the same calls its deflateRawSync makes); where that
 * handle is missing, or the output did not fit, it falls back to deflateRawSync. The output is
 * the same bytes either way (tests/deflate_test.ts).
 */
type Handle = {
  writeSync(flush: number, input: Uint8Array, inOff: number, inLen: number, out: Uint8Array, outOff: number, outLen: number): void;
  reset(): void;
};
type Kept = { handle: Handle; state: Uint32Array } | null;

const Z_FINISH = 4;
const kept = new Map<number, Kept>();

function keptStream(level: number): Kept {
  let k = kept.get(level);
  if (k === undefined) {
    const stream = createDeflateRaw({ level }) as unknown as { _handle?: Handle; _writeState?: Uint32Array };
    k = typeof stream._handle?.writeSync === "function" && stream._writeState
      ? { handle: stream._handle, state: stream._writeState }
      : null;
    kept.set(level, k);
  }
  return k;
}

/** More than deflate can ever produce from `n` bytes (zlib's deflateBound plus room). */
const bound = (n: number) => n + (n >> 3) + 64;

/** Outputs up to this size are written into one kept buffer; larger ones get their own. */
const SCRATCH_MAX = 4 * 1024 * 1024;
let scratch = new Uint8Array(0);

/**
 * A buffer of at least `n` bytes to deflate into, the same one each time (reused at once: every
 * caller copies out what it keeps). A buffer per response, sized for the uncompressed text, lived
 * until the response object was collected, 9 times the bytes sent: under load those buffers were
 * most of the malloc heap's growth (decision 049).
 */
function outBuffer(n: number): Uint8Array {
  if (n > SCRATCH_MAX) return new Uint8Array(n);
  if (scratch.length < n) scratch = new Uint8Array(Math.max(n, Math.min(SCRATCH_MAX, scratch.length * 2)));
  return scratch;
}

/**
 * `input` deflated (raw, final block set) into `out` at `offset`; returns the bytes written, or
 * -1 when the kept stream is unavailable (the caller then uses deflateRawSync).
 */
function deflateInto(input: Uint8Array, level: number, out: Uint8Array, offset: number): number {
  const k = keptStream(level);
  if (!k) return -1;
  const room = out.length - offset;
  try {
    k.handle.writeSync(Z_FINISH, input, 0, input.length, out, offset, room);
  } finally {
    k.handle.reset();
  }
  const left = k.state[0];
  // No room left means the stream may not have ended: not used.
  return left === 0 ? -1 : room - left;
}

/** Raw deflate of `input` at `level`. */
export function deflateRaw(input: Uint8Array, level: number): Uint8Array {
  const out = outBuffer(bound(input.length));
  const n = deflateInto(input, level, out, 0);
  return n < 0 ? deflateRawSync(input, { level }) : out.slice(0, n);
}

const Z_SYNC_FLUSH = 2;

/**
 * The chunks deflated as one stream (a chunk may refer back into the ones before it), each
 * chunk's output ending on a byte boundary (Z_SYNC_FLUSH, no final block): element i is what
 * chunk i added. lib/http/gzip_memo.ts swaps some of them for stored blocks of other bytes of the
 * same length. (Deno's node:zlib ignores a preset dictionary, so one stream is the way to let
 * a part refer to the parts before it.) Where the kept stream is unavailable, each chunk is
 * deflated on its own: larger, still correct.
 */
export function deflateFlushed(chunks: Uint8Array[], level: number): Uint8Array[] {
  const k = keptStream(level);
  const total = chunks.reduce((n, c) => n + c.length, 0);
  const out = outBuffer(bound(total) + 16 * chunks.length);
  const parts: Uint8Array[] = [];
  let at = 0;
  try {
    for (const chunk of chunks) {
      if (!k) break;
      const room = out.length - at;
      k.handle.writeSync(Z_SYNC_FLUSH, chunk, 0, chunk.length, out, at, room);
      const left = k.state[0];
      if (left === 0) break;
      parts.push(out.slice(at, at + room - left));
      at += room - left;
    }
  } finally {
    k?.handle.reset();
  }
  if (parts.length === chunks.length) return parts;
  return chunks.map((c) => deflateRawSync(c, { level, finishFlush: Z_SYNC_FLUSH }));
}

/** A deflated start that ends on a byte boundary without the final bit (Z_SYNC_FLUSH), and its raw bytes' CRC-32. */
export type DeflatedStart = { raw: Uint8Array; deflated: Uint8Array; crc: number };

/**
 * A gzip member (RFC 1952) of `start` (already deflated, see DeflatedStart) followed by `rest`,
 * deflated here at `level` into the same buffer. Without a start it is plain gzip of `rest`.
 */
export function gzipAfter(start: DeflatedStart | null, rest: Uint8Array, level: number): Uint8Array {
  const head = start?.deflated.length ?? 0;
  const out = outBuffer(10 + head + bound(rest.length) + 8);
  // Header: deflate, no flags, no time, unknown OS.
  out.set([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 255]);
  if (start) out.set(start.deflated, 10);
  let n = deflateInto(rest, level, out, 10 + head);
  if (n < 0) {
    const tail = deflateRawSync(rest, { level });
    out.set(tail, 10 + head);
    n = tail.length;
  }
  const end = 10 + head + n;
  const view = new DataView(out.buffer, end, 8);
  // Trailer: CRC-32 and length mod 2^32 of everything uncompressed.
  view.setUint32(0, crc32(rest, start?.crc ?? 0), true);
  view.setUint32(4, ((start?.raw.length ?? 0) + rest.length) >>> 0, true);
  return out.slice(0, end + 8);
}

/** Whether deflating goes through kept streams here (false: every call sets up a new one). */
export const keptStreamsWork = () => keptStream(5) !== null;
