/** Real media files for upload tests: made with sharp and (when present) ffmpeg, never mocked. */
import { Buffer } from "node:buffer";
import { crc32 } from "node:zlib";
import sharp from "sharp";
import { has } from "./_needs.ts";

/** Prefer `needs(import.meta.url, "ffmpeg")` (tests/_needs.ts), which says what to install. */
export const hasFfmpeg = () => has("ffmpeg");

/** A small JPEG; with `gps` it carries EXIF with a GPS block (London, 51°30'N 0°7'W). */
export function jpeg(opts: { gps?: boolean; color?: string; width?: number; height?: number } = {}) {
  const img = sharp({
    create: { width: opts.width ?? 64, height: opts.height ?? 48, channels: 3, background: opts.color ?? "#3a6" },
  }).jpeg();
  if (opts.gps) {
    img.withExif({
      IFD0: { Make: "TestCam", Model: "GPS-1" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "51/1 30/1 0/1", GPSLongitudeRef: "W", GPSLongitude: "0/1 7/1 0/1" },
    });
  }
  return img.toBuffer();
}

export function png(color = "#a36", width = 32, height = 32) {
  return sharp({ create: { width, height, channels: 3, background: color } }).png().toBuffer();
}

/** True when an EXIF block holds the GPS IFD pointer (tag 0x8825, either byte order). */
export function exifHasGps(exif: Uint8Array | undefined): boolean {
  if (!exif) return false;
  const b = Buffer.from(exif);
  return b.includes(Buffer.from([0x88, 0x25])) || b.includes(Buffer.from([0x25, 0x88]));
}

function chunk(type: string, data: Uint8Array): Buffer {
  const body = Buffer.concat([Buffer.from(type, "latin1"), Buffer.from(data)]);
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  body.copy(out, 4);
  out.writeUInt32BE(crc32(body) >>> 0, 8 + data.length);
  return out;
}

/** Inserts a tEXt chunk (keyword, text) right after IHDR, as Automatic1111 and ComfyUI do. */
export function withPngText(pngBytes: Uint8Array, keyword: string, text: string): Uint8Array {
  const b = Buffer.from(pngBytes);
  const ihdrEnd = 8 + 12 + b.readUInt32BE(8);
  const data = Buffer.concat([Buffer.from(keyword, "latin1"), Buffer.from([0]), Buffer.from(text, "latin1")]);
  return Buffer.concat([b.subarray(0, ihdrEnd), chunk("tEXt", data), b.subarray(ihdrEnd)]);
}

/** A short H.264 MP4 with the index at the end (no faststart), made by ffmpeg. */
export async function mp4(seconds = 3, size = "160x120", hue = 0): Promise<Uint8Array> {
  const out = await Deno.makeTempFile({ suffix: ".mp4" });
  const r = await new Deno.Command("ffmpeg", {
    args: [
      ...["-v", "error", "-y", "-f", "lavfi", "-i", `testsrc=duration=${seconds}:size=${size}:rate=10`],
      ...["-vf", `hue=h=${hue}`, "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", out],
    ],
  }).output();
  if (!r.success) throw new Error(new TextDecoder().decode(r.stderr));
  const bytes = await Deno.readFile(out);
  await Deno.remove(out);
  return bytes;
}

/** A short VP8 WebM (Chromium decodes it in every build), made by ffmpeg. */
export async function webm(seconds = 2): Promise<Uint8Array> {
  const out = await Deno.makeTempFile({ suffix: ".webm" });
  const r = await new Deno.Command("ffmpeg", {
    args: [
      "-v",
      "error",
      "-y",
      "-f",
      "lavfi",
      "-i",
      `testsrc=duration=${seconds}:size=160x120:rate=10`,
      "-c:v",
      "libvpx",
      "-b:v",
      "200k",
      out,
    ],
  }).output();
  if (!r.success) throw new Error(new TextDecoder().decode(r.stderr));
  const bytes = await Deno.readFile(out);
  await Deno.remove(out);
  return bytes;
}

/** Where the top-level `moov` and `mdat` boxes sit in an MP4 (faststart puts moov first). */
export function topBoxes(bytes: Uint8Array): string[] {
  const b = Buffer.from(bytes);
  const names: string[] = [];
  let off = 0;
  while (off + 8 <= b.length) {
    let size = b.readUInt32BE(off);
    const name = b.toString("latin1", off + 4, off + 8);
    if (size === 1) size = Number(b.readBigUInt64BE(off + 8));
    if (size < 8) break;
    names.push(name);
    off += size;
  }
  return names;
}

/** A multipart body with one file part, as bytes. */
export function multipart(filename: string, type: string, data: Uint8Array, field = "file") {
  const boundary = `----dreamreel${crypto.randomUUID().replaceAll("-", "")}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="note"\r\n\r\nhello\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    boundary,
    contentType: `multipart/form-data; boundary=${boundary}`,
    head,
    tail,
    body: Buffer.concat([head, Buffer.from(data), tail]),
  };
}

/** The same multipart body as a stream of 64 KB chunks, with no length known up front (chunked). */
export function multipartStream(head: Uint8Array, fileBytes: number, tail: Uint8Array, prefix: Uint8Array = new Uint8Array()) {
  let sent = 0;
  let stage = 0;
  const block = new Uint8Array(64 * 1024);
  return new ReadableStream<Uint8Array>({
    pull(ctrl) {
      if (stage === 0) {
        stage = 1;
        ctrl.enqueue(Buffer.concat([head, prefix]));
        sent = prefix.length;
        return;
      }
      if (stage === 1 && sent < fileBytes) {
        const n = Math.min(block.length, fileBytes - sent);
        sent += n;
        ctrl.enqueue(block.slice(0, n));
        return;
      }
      if (stage === 1) {
        stage = 2;
        ctrl.enqueue(tail);
        return;
      }
      ctrl.close();
    },
  });
}
