/**
 * File types are decided from the first bytes of the file, never from its name or the
 * client's Content-Type. Only the formats below are accepted; SVG, HTML and everything else
 * are refused. The server decides with it (lib/media/upload_stream.ts); the upload dialog asks
 * the same before it sends a byte (issue 36 point 15), so a text file named .mp4 is refused at once.
 */
export type Sniffed = { kind: "video" | "image"; mime: string; ext: string };

/** How many leading bytes `sniff` wants to see (it also works with fewer at the end of a file). */
export const SNIFF_BYTES = 4096;

const ascii = (b: Uint8Array, start: number, end: number) => String.fromCharCode(...b.subarray(start, end));
const startsWith = (b: Uint8Array, sig: number[], at = 0) => b.length >= at + sig.length && sig.every((v, i) => b[at + i] === v);

const MP4_BRANDS = new Set([
  "isom",
  "iso2",
  "iso3",
  "iso4",
  "iso5",
  "iso6",
  "mp41",
  "mp42",
  "avc1",
  "M4V ",
  "M4VH",
  "M4VP",
  "mmp4",
  "MSNV",
  "dash",
  "3gp4",
  "3gp5",
  "3gp6",
  "3g2a",
  "f4v ",
  "XAVC",
]);
const AVIF_BRANDS = new Set(["avif", "avis"]);
const AUDIO_BRANDS = new Set(["M4A ", "M4B ", "M4P "]);

/** The ftyp box: major brand at 8..12, compatible brands from 16 to the end of the box. */
function sniffFtyp(b: Uint8Array): Sniffed | null {
  if (b.length < 12 || ascii(b, 4, 8) !== "ftyp") return null;
  const boxSize = (b[0] << 24 | b[1] << 16 | b[2] << 8 | b[3]) >>> 0;
  const major = ascii(b, 8, 12);
  const compatible: string[] = [];
  for (let i = 16; i + 4 <= Math.min(boxSize, b.length, 256); i += 4) compatible.push(ascii(b, i, i + 4));
  if (AVIF_BRANDS.has(major) || (["mif1", "msf1"].includes(major) && compatible.some((c) => AVIF_BRANDS.has(c)))) {
    return { kind: "image", mime: "image/avif", ext: "avif" };
  }
  // Audio-only MP4 (iTunes audio, audiobook, protected audio) is not a video, whatever it lists.
  if (AUDIO_BRANDS.has(major)) return null;
  if (major === "qt  ") return { kind: "video", mime: "video/quicktime", ext: "mov" };
  if (MP4_BRANDS.has(major) || compatible.some((c) => MP4_BRANDS.has(c))) return { kind: "video", mime: "video/mp4", ext: "mp4" };
  return null;
}

/** EBML header with the DocType "webm" (plain Matroska is not accepted). */
function sniffWebm(b: Uint8Array): Sniffed | null {
  if (!startsWith(b, [0x1a, 0x45, 0xdf, 0xa3])) return null;
  const head = ascii(b, 0, Math.min(b.length, 64));
  return head.includes("webm") ? { kind: "video", mime: "video/webm", ext: "webm" } : null;
}

export function sniff(b: Uint8Array): Sniffed | null {
  if (startsWith(b, [0xff, 0xd8, 0xff])) return { kind: "image", mime: "image/jpeg", ext: "jpg" };
  if (startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { kind: "image", mime: "image/png", ext: "png" };
  if (b.length >= 12 && ascii(b, 0, 4) === "RIFF" && ascii(b, 8, 12) === "WEBP") return { kind: "image", mime: "image/webp", ext: "webp" };
  if (b.length >= 6 && /^GIF8[79]a$/.test(ascii(b, 0, 6))) return { kind: "image", mime: "image/gif", ext: "gif" };
  return sniffFtyp(b) ?? sniffWebm(b);
}
