/**
 * EXIF UserComment and XMP of JPEG and WebP files (issue 25: A1111, Forge and Fooocus write
 * their parameters there), found by walking the container's segments or chunks, never decoding
 * the image. Bounded: at most 64 KiB of text is read from either, and it is read by scanning
 * with indexOf, never by a regex with an open repetition: `\w+:parameters="` took 11 s (27 s on a
 * loaded machine) over 64 KiB of word characters, `\0+$` 2.7 s over 32,000 NULs (issue 31 point 1).
 */
import { Buffer } from "node:buffer";

const MAX = 64 * 1024;

/** The EXIF (TIFF) block and the XMP packet of a JPEG (APP1 segments) or a WebP (RIFF chunks). */
function blocks(bytes: Uint8Array, mime: string): { exif?: Buffer; xmp?: string } {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const out: { exif?: Buffer; xmp?: string } = {};
  if (mime === "image/jpeg") {
    let off = 2;
    while (off + 4 <= buf.length && buf[off] === 0xff) {
      const marker = buf[off + 1];
      if (marker === 0xda || marker === 0xd9) break; // image data: no metadata after it
      const len = buf.readUInt16BE(off + 2);
      const data = buf.subarray(off + 4, off + 2 + len);
      if (marker === 0xe1 && data.toString("latin1", 0, 6) === "Exif\0\0") out.exif ??= data.subarray(6);
      const ns = "http://ns.adobe.com/xap/1.0/\0";
      if (marker === 0xe1 && data.toString("latin1", 0, ns.length) === ns) {
        out.xmp ??= data.subarray(ns.length, ns.length + MAX).toString("utf8");
      }
      off += 2 + len;
    }
  } else if (mime === "image/webp" && buf.toString("latin1", 0, 4) === "RIFF") {
    let off = 12;
    while (off + 8 <= buf.length) {
      const type = buf.toString("latin1", off, off + 4);
      const len = buf.readUInt32LE(off + 4);
      const data = buf.subarray(off + 8, off + 8 + len);
      if (type === "EXIF") out.exif = data.toString("latin1", 0, 6) === "Exif\0\0" ? data.subarray(6) : data;
      if (type === "XMP ") out.xmp = data.subarray(0, MAX).toString("utf8");
      off += 8 + len + (len & 1);
    }
  }
  return out;
}

/** The UserComment (tag 0x9286 in the Exif IFD): 8 bytes naming its charset, then the text. */
export function exifUserComment(bytes: Uint8Array, mime: string): string | null {
  const tiff = blocks(bytes, mime).exif;
  if (!tiff || tiff.length < 8) return null;
  try {
    const le = tiff.toString("latin1", 0, 2) === "II";
    const u16 = (o: number) => (le ? tiff.readUInt16LE(o) : tiff.readUInt16BE(o));
    const u32 = (o: number) => (le ? tiff.readUInt32LE(o) : tiff.readUInt32BE(o));
    const find = (ifd: number, tag: number) => {
      const n = u16(ifd);
      for (let i = 0; i < n && i < 500; i++) {
        const e = ifd + 2 + i * 12;
        if (u16(e) === tag) return { count: u32(e + 4), value: e + 8 };
      }
      return null;
    };
    const exifPtr = find(u32(4), 0x8769);
    if (!exifPtr) return null;
    const uc = find(u32(exifPtr.value), 0x9286);
    if (!uc || uc.count <= 8) return null;
    const start = uc.count > 4 ? u32(uc.value) : uc.value;
    const raw = tiff.subarray(start, start + Math.min(uc.count, MAX));
    const charset = raw.toString("latin1", 0, 8);
    const body = raw.subarray(8);
    if (charset.startsWith("UNICODE")) {
      // piexif (A1111) writes UTF-16 big-endian; some tools little-endian: the zero byte's side tells.
      const bigEndian = body.length > 1 && body[0] === 0 && body[1] !== 0;
      const swapped = bigEndian ? Buffer.from(body).swap16() : body;
      return withoutTrailingNuls(swapped.subarray(0, swapped.length & ~1).toString("utf16le"));
    }
    return withoutTrailingNuls(body.toString("utf8"));
  } catch {
    return null; // a damaged EXIF block carries nothing we can read
  }
}

function withoutTrailingNuls(text: string): string {
  let end = text.length;
  while (end > 0 && text.charCodeAt(end - 1) === 0) end--;
  return text.slice(0, end);
}

const isWordChar = (c: number) => (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95; // [0-9A-Za-z_], as \w

/** Where the word-character prefix ending at `colon` starts, or -1 when there is none. */
function prefixStart(text: string, colon: number): number {
  let i = colon;
  while (i > 0 && isWordChar(text.charCodeAt(i - 1))) i--;
  return i === colon ? -1 : i;
}

const isTagEnd = (c: string | undefined) => c === ">" || c === " " || c === "\n" || c === "\t" || c === "\r";

/**
 * `prefix:name="value"`: the value of the first such attribute with a word-character prefix.
 * Each occurrence is looked at once, so the scan is linear in the packet.
 */
function xmpAttribute(xmp: string, name: string): string | null {
  const needle = `:${name}="`;
  for (let at = xmp.indexOf(needle); at >= 0; at = xmp.indexOf(needle, at + needle.length)) {
    if (at === 0 || !isWordChar(xmp.charCodeAt(at - 1))) continue;
    const start = at + needle.length;
    const end = xmp.indexOf('"', start);
    return end < 0 ? null : xmp.slice(start, end);
  }
  return null;
}

/**
 * The text of the first `<prefix:name ...>text</prefix:name>` element (its first `rdf:li` when it
 * holds a list). Linear: the backward walks over a prefix stop at the `:` before it, the `>` found
 * for one opening tag serves the next ones before it, and one closing tag is looked for once.
 */
function xmpElement(xmp: string, name: string): string | null {
  const open = `:${name}`;
  let gt = -1;
  for (let at = xmp.indexOf(open); at >= 0; at = xmp.indexOf(open, at + open.length)) {
    const p = prefixStart(xmp, at);
    if (p < 1 || xmp[p - 1] !== "<" || !isTagEnd(xmp[at + open.length])) continue;
    if (gt < at) gt = xmp.indexOf(">", at);
    if (gt < 0) return null;
    if (xmp[gt - 1] === "/") continue; // an empty element, <x:name/>
    const close = `:${name}>`;
    for (let end = xmp.indexOf(close, gt + 1); end >= 0; end = xmp.indexOf(close, end + close.length)) {
      const q = prefixStart(xmp, end);
      if (q >= 2 && xmp[q - 1] === "/" && xmp[q - 2] === "<") return listItem(xmp.slice(gt + 1, q - 2));
    }
    return null; // no closing tag after this one: none after a later one either
  }
  return null;
}

/** The first `<rdf:li ...>text</rdf:li>` of an element's content, else the content itself. */
function listItem(content: string): string {
  const at = content.indexOf("<rdf:li");
  if (at < 0) return content;
  if (!isTagEnd(content[at + 7])) return content;
  const start = content.indexOf(">", at) + 1;
  const end = start > 0 ? content.indexOf("</rdf:li>", start) : -1;
  return end < 0 ? content : content.slice(start, end);
}

const ENTITIES: Record<string, string> = { "&lt;": "<", "&gt;": ">", "&quot;": '"', "&#10;": "\n", "&#xa;": "\n", "&amp;": "&" };

/** XML's entities as XMP writers use them, decoded in one pass (so `&amp;lt;` stays `&lt;`). */
function decodeEntities(s: string): string {
  return s.replace(/&(?:lt|gt|quot|amp|#10|#x[aA]);/g, (m) => ENTITIES[m.toLowerCase()]);
}

/** Parameters in XMP: an `sd:parameters`-like attribute or element, else the UserComment or description. */
export function xmpParameters(bytes: Uint8Array, mime: string): string | null {
  const xmp = blocks(bytes, mime).xmp;
  if (!xmp) return null;
  for (const name of ["parameters", "UserComment", "description"]) {
    const attr = xmpAttribute(xmp, name);
    if (attr?.trim()) return decodeEntities(attr);
    const inner = xmpElement(xmp, name);
    if (inner?.trim() && !inner.includes("<")) return decodeEntities(inner.trim());
  }
  return null;
}
