/**
 * EXIF UserComment and XMP of JPEG and WebP files (issue 25: A1111, Forge and Fooocus write
 * their parameters there), found by walking the container's segments or chunks, never decoding
 * the image. Bounded: at most 64 KiB of text is read from either.
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
      return swapped.subarray(0, swapped.length & ~1).toString("utf16le").replace(/\0+$/, "");
    }
    return body.toString("utf8").replace(/\0+$/, "");
  } catch {
    return null; // a damaged EXIF block carries nothing we can read
  }
}

/** Parameters in XMP: an `sd:parameters`-like attribute or element, else the UserComment or description. */
export function xmpParameters(bytes: Uint8Array, mime: string): string | null {
  const xmp = blocks(bytes, mime).xmp;
  if (!xmp) return null;
  const decode = (s: string) =>
    s.replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&quot;/g, '"').replace(/&#10;/g, "\n").replace(/&#xA;/gi, "\n").replace(
      /&amp;/g,
      "&",
    );
  for (const name of ["parameters", "UserComment", "description"]) {
    const attr = xmp.match(new RegExp(`[\\w]+:${name}="([^"]*)"`));
    if (attr?.[1].trim()) return decode(attr[1]);
    const el = xmp.match(new RegExp(`<[\\w]+:${name}[^>]*>([\\s\\S]*?)</[\\w]+:${name}>`));
    if (el) {
      const inner = el[1].match(/<rdf:li[^>]*>([\s\S]*?)<\/rdf:li>/)?.[1] ?? el[1];
      if (inner.trim() && !inner.includes("<")) return decode(inner.trim());
    }
  }
  return null;
}
