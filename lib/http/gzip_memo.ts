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
 * A text is kept the second time it is seen (most one-off texts never pay for it): the first
 * time only a checksum of its parts is remembered, not the text. Remembering the text itself
 * (issue 44) kept every page that is new each time (a home page's fresh shuffle) alive past a
 * young-generation collection, half of what V8 promoted to its old generation under load; it
 * then stayed until the next full collection (decision 049). Kept texts are remembered under at
 * most MAX_KEYS keys, the least recently used leaving first.
 */
type Kept = { holeLengths: number[]; raws: Uint8Array[]; deflated: Uint8Array[] };
/** A kept text: its parts between the holes (compared on each use) and their compressed form. */
type Entry = { parts: string[]; kept: Kept };

/** Kept texts by the lengths of their parts and holes; the parts are then compared one by one. */
const texts = new Map<string, Entry[]>();
/** Checksums of the parts of texts seen once, by the same keys. */
const seen = new Map<string, number[]>();
export const MAX_KEYS = 64;
const PER_KEY = 2;
const encoder = new TextEncoder();

/** Texts whose UTF-8 fits are encoded into one kept buffer (used and done with before the next call). */
const INPUT_MAX = 4 * 1024 * 1024;
let input = new Uint8Array(0);

/** How many texts are kept and how many seen once are remembered (tests/gzip_memo_test.ts holds them to their bounds). */
export function memoSizes(): { keys: number; texts: number; seenKeys: number; seen: number } {
  let kept = 0, once = 0;
  for (const entries of texts.values()) kept += entries.length;
  for (const sums of seen.values()) once += sums.length;
  return { keys: texts.size, texts: kept, seenKeys: seen.size, seen: once };
}

/** Puts `key` last (most recently used) in `map`, dropping the least recently used past MAX_KEYS. */
function touch<V>(map: Map<string, V>, key: string, value: V) {
  map.delete(key);
  if (map.size >= MAX_KEYS) map.delete(map.keys().next().value!);
  map.set(key, value);
}

/** The text split at every occurrence of the hole values, in order (one scan of the text per hole value). */
function split(text: string, holes: string[]): { parts: string[]; values: string[] } {
  const found: [number, string][] = [];
  for (const hole of holes) {
    if (!hole) continue;
    for (let i = text.indexOf(hole); i >= 0; i = text.indexOf(hole, i + hole.length)) found.push([i, hole]);
  }
  if (found.length > 1) found.sort((a, b) => a[0] - b[0] || b[1].length - a[1].length);
  const parts: string[] = [];
  const values: string[] = [];
  let from = 0;
  for (const [at, value] of found) {
    if (at < from) continue; // inside a hole found before it
    parts.push(text.slice(from, at));
    values.push(value);
    from = at + value.length;
  }
  parts.push(text.slice(from));
  return { parts, values };
}

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
 * The text's UTF-8 (parts and hole values in turn) and a CRC-32 of its parts alone, the same for
 * every request of one text whatever its hole values.
 */
function encodeText(text: string, parts: string[], values: Uint8Array[]): { bytes: Uint8Array; sum: number } {
  const most = text.length * 3;
  const buf = most > INPUT_MAX ? new Uint8Array(most) : input.length >= most ? input : (input = new Uint8Array(Math.max(most, 65536)));
  let at = 0;
  let sum = 0;
  for (let i = 0; i < parts.length; i++) {
    const { written } = encoder.encodeInto(parts[i], buf.subarray(at));
    sum = crc32(buf.subarray(at, at + written), sum);
    at += written;
    if (i < values.length) {
      buf.set(values[i], at);
      at += values[i].length;
    }
  }
  return { bytes: buf.subarray(0, at), sum };
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
  // The lengths make the parts unambiguous; equal parts are then found by comparing them.
  const key = `${parts.map((p) => p.length).join(",")}/${lengths.join(",")}`;
  const entries = texts.get(key);
  const entry = entries?.find((e) => e.parts.every((p, i) => p === parts[i]));
  if (entry) {
    touch(texts, key, entries!);
    return assemble(start, entry.kept, bytes);
  }
  const encoded = encodeText(text, parts, bytes);
  const sums = seen.get(key) ?? [];
  if (!sums.includes(encoded.sum)) {
    sums.unshift(encoded.sum);
    if (sums.length > PER_KEY) sums.pop();
    touch(seen, key, sums);
    return gzipAfter(start, encoded.bytes, level);
  }
  // Seen before (or another text with the same lengths and checksum: then only built for nothing).
  sums.splice(sums.indexOf(encoded.sum), 1);
  if (!sums.length) seen.delete(key);
  const made = { parts, kept: build(parts, lengths, level) };
  const list = entries ?? [];
  list.unshift(made);
  if (list.length > PER_KEY) list.pop();
  touch(texts, key, list);
  return assemble(start, made.kept, bytes);
}
