import { crc32 } from "node:zlib";
import { type DeflatedStart, deflateFlushed, gzipAfter } from "./deflate.ts";

/**
 * Gzip of a text that comes again and again with only a few small values changed: a page is
 * the same for every visitor but for its CSP nonce and the logo's fresh shuffle seed (the
 * "holes"), a feed API answer is the same until a count moves. Deflating a home page took
 * ~0.7 ms, half of the request (profiled); a text seen before is answered from its kept
 * compressed parts instead, with the current hole values put in between as stored blocks.
 *
 * The text is deflated once as one stream with each hole filled with 0xFF, a byte UTF-8 never
 * contains, and flushed to a byte boundary before and after each hole; the holes' output is
 * dropped. No back-reference can land in a hole (its bytes match no text), so the kept parts
 * fit any hole values of the same lengths. The result is a plain gzip member that unzips to
 * exactly the text (tests/gzip_memo_test.ts), a few bytes larger than gzip of the whole (the
 * flush points, and 5 bytes a hole).
 *
 * A text is kept the second time it is seen (most one-off texts never pay for it); at most
 * MAX_KEPT texts are kept, the least recently used leaving first.
 */
type Kept = { holeLengths: number[]; raws: Uint8Array[]; deflated: Uint8Array[] };

const MAX_KEPT = 48;
const MAX_SEEN = 48;
const kept = new Map<string, Kept>();
const seen = new Set<string>();
const encoder = new TextEncoder();

/** The text split at every occurrence of the hole values, in order. */
function split(text: string, holes: string[]): { parts: string[]; values: string[] } {
  const parts: string[] = [];
  const values: string[] = [];
  let from = 0;
  for (;;) {
    let at = -1;
    let value = "";
    for (const hole of holes) {
      if (!hole) continue;
      const i = text.indexOf(hole, from);
      if (i >= 0 && (at < 0 || i < at)) [at, value] = [i, hole];
    }
    if (at < 0) break;
    parts.push(text.slice(from, at));
    values.push(value);
    from = at + value.length;
  }
  parts.push(text.slice(from));
  return { parts, values };
}

/** The parts' lengths make the joined text unambiguous: the same key means the same parts. */
const keyOf = (parts: string[]) => `${parts.map((p) => p.length).join(",")}\n${parts.join("\u0001")}`;

function build(parts: string[], holeLengths: number[], level: number): Kept {
  const raws = parts.map((p) => encoder.encode(p));
  // One stream over the parts with each hole's length of 0xFF between them; the holes' output is dropped.
  const chunks = raws.flatMap((raw, i) => (i < holeLengths.length ? [raw, new Uint8Array(holeLengths[i]).fill(0xff)] : [raw]));
  const deflated = deflateFlushed(chunks, level).filter((_, i) => i % 2 === 0);
  return { holeLengths, raws, deflated };
}

function assemble(start: DeflatedStart | null, k: Kept, values: Uint8Array[]): Uint8Array {
  let size = 10 + (start?.deflated.length ?? 0) + 2 + 8;
  for (const d of k.deflated) size += d.length;
  for (const v of values) size += 5 + v.length;
  const out = new Uint8Array(size);
  out.set([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 255]);
  let at = 10;
  let crc = start?.crc ?? 0;
  let length = start?.raw.length ?? 0;
  if (start) {
    out.set(start.deflated, at);
    at += start.deflated.length;
  }
  for (let i = 0; i < k.deflated.length; i++) {
    out.set(k.deflated[i], at);
    at += k.deflated[i].length;
    crc = crc32(k.raws[i], crc);
    length += k.raws[i].length;
    const v = values[i];
    if (!v) continue;
    // A stored block (BFINAL 0, BTYPE 00) at the byte boundary the flush left: LEN, NLEN, the bytes.
    out.set([0, v.length & 0xff, v.length >> 8, ~v.length & 0xff, (~v.length >> 8) & 0xff], at);
    out.set(v, at + 5);
    at += 5 + v.length;
    crc = crc32(v, crc);
    length += v.length;
  }
  // The final block: empty, fixed Huffman codes.
  out.set([0x03, 0x00], at);
  at += 2;
  const view = new DataView(out.buffer, at, 8);
  view.setUint32(0, crc, true);
  view.setUint32(4, length >>> 0, true);
  return out;
}

/**
 * A gzip member of `start` (already deflated, or none) and `text`, where `holes` are the
 * values in `text` that change from one answer to the next (each under 64 KiB).
 */
export function gzipKept(start: DeflatedStart | null, text: string, holes: string[], level: number): Uint8Array {
  const { parts, values } = split(text, holes);
  const bytes = values.map((v) => encoder.encode(v));
  const lengths = bytes.map((b) => b.length);
  if (lengths.some((n) => n > 0xffff)) return gzipAfter(start, encoder.encode(text), level);
  const key = keyOf(parts);
  let k = kept.get(key);
  if (k && (k.holeLengths.length !== lengths.length || k.holeLengths.some((n, i) => n !== lengths[i]))) k = undefined;
  if (!k) {
    if (!seen.has(key)) {
      if (seen.size >= MAX_SEEN) seen.delete(seen.values().next().value!);
      seen.add(key);
      return gzipAfter(start, encoder.encode(text), level);
    }
    seen.delete(key);
    k = build(parts, lengths, level);
    if (kept.size >= MAX_KEPT) kept.delete(kept.keys().next().value!);
  }
  // Most recently used last.
  kept.delete(key);
  kept.set(key, k);
  return assemble(start, k, bytes);
}
