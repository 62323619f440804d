/**
 * The hostile-file corpus (issue 31, decision 027): files a member could upload to stall the site
 * or get round its checks, each made here by the test (none is stored in the repository), each a
 * few KB, with what the server must answer. tests/hostile_files_test.ts uploads every one while
 * another visitor's requests are timed; bench/hostile.ts measures the same against a real server.
 */
import { Buffer } from "node:buffer";
import { crc32, deflateSync } from "node:zlib";
import sharp from "sharp";
import { claimFrameSize } from "./_hostile_h264.ts";
import { scene } from "./_similar_fixtures.ts";
import { makeVideo } from "./_video_sources.ts";

const XMP_NS = "http://ns.adobe.com/xap/1.0/\0";

/** A JPEG with an APP1 segment (EXIF or XMP) right after its start marker. */
function withApp1(jpeg: Uint8Array, payload: Buffer): Buffer {
  if (payload.length > 65533) throw new Error("an APP1 segment holds at most 65,533 bytes");
  const head = Buffer.from([0xff, 0xe1, 0, 0]);
  head.writeUInt16BE(payload.length + 2, 2);
  return Buffer.concat([jpeg.subarray(0, 2), head, payload, jpeg.subarray(2)]);
}

/** A plain 16x16 JPEG; each file gets its own colour, so the re-encoded ones are not duplicates of each other. */
const tinyJpeg = (background: string) => sharp({ create: { width: 16, height: 16, channels: 3, background } }).jpeg().toBuffer();
const tinyPng = () => sharp({ create: { width: 16, height: 16, channels: 3, background: "#753" } }).png().toBuffer();

/** The report's file: XMP of 65,504 word characters, where `\w+:parameters="` took 11 s. */
export async function xmpBombJpeg(): Promise<Buffer> {
  return withApp1(await tinyJpeg("#357"), Buffer.from(XMP_NS + "a".repeat(65533 - XMP_NS.length), "latin1"));
}

/** XMP of 4,000 opening `<a:description>` tags and no closing one (the element regex scanned to the end from each). */
export async function xmpElementBombJpeg(): Promise<Buffer> {
  const tag = "<a:description>";
  return withApp1(await tinyJpeg("#468"), Buffer.from(XMP_NS + tag.repeat(Math.floor((65533 - XMP_NS.length) / tag.length)), "latin1"));
}

/** An EXIF UserComment (ASCII) of 65,000 NULs and one letter: `\0+$` backtracked from every NUL. */
export async function exifNulJpeg(): Promise<Buffer> {
  const body = Buffer.concat([Buffer.from("ASCII\0\0\0", "latin1"), Buffer.alloc(65_000), Buffer.from("x")]);
  const tiff = Buffer.alloc(44);
  tiff.write("II", 0, "latin1");
  tiff.writeUInt16LE(42, 2);
  tiff.writeUInt32LE(8, 4); // IFD0
  tiff.writeUInt16LE(1, 8);
  tiff.writeUInt16LE(0x8769, 10); // Exif IFD pointer
  tiff.writeUInt16LE(4, 12);
  tiff.writeUInt32LE(1, 14);
  tiff.writeUInt32LE(26, 18);
  tiff.writeUInt16LE(1, 26);
  tiff.writeUInt16LE(0x9286, 28); // UserComment, UNDEFINED, at 44
  tiff.writeUInt16LE(7, 30);
  tiff.writeUInt32LE(body.length, 32);
  tiff.writeUInt32LE(44, 36);
  return withApp1(await tinyJpeg("#579"), Buffer.concat([Buffer.from("Exif\0\0", "latin1"), tiff, body]));
}

function pngChunk(type: string, data: Uint8Array): Buffer {
  const body = Buffer.concat([Buffer.from(type, "latin1"), Buffer.from(data)]);
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  body.copy(out, 4);
  out.writeUInt32BE(crc32(body) >>> 0, 8 + data.length);
  return out;
}

/**
 * A PNG whose text chunks inflate to 7 MiB each (three of them: just under what libpng itself
 * takes; 50 MiB ones make sharp refuse the file), then 300 just under our per-chunk cap.
 */
export async function pngTextBomb(): Promise<Buffer> {
  const b = await tinyPng();
  const ihdrEnd = 8 + 12 + b.readUInt32BE(8);
  const zTXt = (key: string, inflated: Buffer) =>
    pngChunk("zTXt", Buffer.concat([Buffer.from(`${key}\0\0`, "latin1"), deflateSync(inflated)]));
  const bomb = Buffer.alloc(7 * 1024 * 1024, 0x61);
  const chunks = [zTXt("parameters", bomb), zTXt("prompt", bomb), zTXt("workflow", bomb)];
  const justUnder = Buffer.alloc(64 * 1024 - 16, 0x62);
  for (let i = 0; i < 300; i++) chunks.push(zTXt(`k${i}`, justUnder));
  return Buffer.concat([b.subarray(0, ihdrEnd), ...chunks, b.subarray(ihdrEnd)]);
}

/** A 16x16 PNG whose header says 30,000x30,000 (900 megapixels to decode): refused from the header. */
export async function pngHeaderBomb(): Promise<Buffer> {
  const b = Buffer.from(await tinyPng());
  b.writeUInt32BE(30_000, 16);
  b.writeUInt32BE(30_000, 20);
  b.writeUInt32BE(crc32(b.subarray(12, 29)) >>> 0, 29);
  return b;
}

/**
 * A grey PNG of `width` x `height`, black, its rows deflated at once (issue 42 point 4): the
 * 1x50,000,000 one is the probe's 97 KB file, under the 50-megapixel cap, refused from its header.
 */
export function blackPng(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth; colour type 0 (grey), no interlace
  const rows = Buffer.alloc((width + 1) * height); // each row: filter 0, then zeros
  const signature = Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]);
  return Buffer.concat([
    signature,
    pngChunk("IHDR", ihdr),
    pngChunk("IDAT", deflateSync(rows, { level: 9 })),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}

/** The probe's 600x80,000 PNG (48 megapixels: under the cap; its WebP thumbnail failed, a 500). */
export const tallPng = () => Promise.resolve(blackPng(600, 80_000));
/** The probe's 1x50,000,000 PNG (97 KB; 30 CPU-seconds of decoding before its refusal). */
export const threadPng = () => Promise.resolve(blackPng(1, 50_000_000));

/**
 * The probe's kind of clip (issue 42 point 2): a still 4K picture for `seconds` at `fps`, tens of KB a
 * second (a still frame compresses to nothing), whose transcode is long all the same: every frame
 * is decoded, scaled to each rung and encoded. The probe's own was 882 s at 60 fps (13 MB, 3.8 hours).
 * One second is encoded, then repeated without encoding (`-stream_loop`, `-c copy`): making it is cheap.
 */
export async function stillClip(seconds: number, fps: number, size = "3840x2160"): Promise<Uint8Array> {
  const second = await Deno.makeTempFile({ suffix: ".mp4" });
  try {
    await Deno.writeFile(
      second,
      await makeVideo({
        ext: "mp4",
        args: [
          ...["-f", "lavfi", "-i", `color=c=0x336699:s=${size}:r=${fps}`, "-t", "1"],
          ...["-c:v", "libx264", "-preset", "ultrafast", "-tune", "stillimage", "-crf", "40", "-g", String(fps), "-pix_fmt", "yuv420p"],
        ],
      }),
    );
    return await makeVideo({ ext: "mp4", args: ["-stream_loop", String(seconds - 1), "-i", second, "-c", "copy"] });
  } finally {
    await Deno.remove(second).catch(() => {});
  }
}

/** A 16x16 JPEG whose frame header says 60,000x60,000. */
export async function jpegHeaderBomb(): Promise<Buffer> {
  const b = Buffer.from(await tinyJpeg("#68a"));
  const sof = b.indexOf(Buffer.from([0xff, 0xc0]));
  b.writeUInt16BE(60_000, sof + 5);
  b.writeUInt16BE(60_000, sof + 7);
  return b;
}

/** An animated GIF of 1,001 frames of 4x4 pixels (past MAX_IMAGE_FRAMES). */
export function gifManyFrames(): Promise<Buffer> {
  const frames = 1001;
  const raw = Buffer.alloc(4 * 4 * 3 * frames);
  for (let i = 0; i < raw.length; i++) raw[i] = (i * 37) & 0xff;
  return sharp(raw, { raw: { width: 4, height: 4 * frames, channels: 3, pageHeight: 4 } as sharp.CreateRaw }).gif().toBuffer();
}

// ---------------------------------------------------------------------------------------------
// Videos (need ffmpeg)

/** The report's MP4: 3 frames, then one at t = 36,000 s (the transcode filled 2.16 M frames a rendition). */
export function longTimestampMp4(): Promise<Uint8Array> {
  return makeVideo({
    ext: "mp4",
    args: [
      ...["-f", "lavfi", "-i", "testsrc2=size=64x64:rate=10:duration=0.4"],
      ...["-vf", "setpts='if(lt(N,3),N/10,36000)/TB'", "-fps_mode", "passthrough"],
      ...["-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p"],
    ],
  });
}

/** The same, its movie, track and media headers rewritten to say 1 s: only the packets tell. */
export async function lyingLongMp4(): Promise<Uint8Array> {
  const b = Buffer.from(await longTimestampMp4());
  const walk = (start: number, end: number) => {
    for (let off = start; off + 8 <= end;) {
      const size = b.readUInt32BE(off);
      const type = b.toString("latin1", off + 4, off + 8);
      if (size < 8) return;
      if (type === "moov" || type === "trak" || type === "mdia") walk(off + 8, off + size);
      const v0 = b[off + 8] === 0; // version 0 boxes: 32-bit times
      if (v0 && (type === "mvhd" || type === "mdhd")) b.writeUInt32BE(b.readUInt32BE(off + 20), off + 24); // duration = 1 s of its timescale
      if (v0 && type === "tkhd") b.writeUInt32BE(1000, off + 28);
      off += size;
    }
  };
  walk(0, b.length);
  return b;
}

/** A 2 KB H.264 MP4 whose frames are 16,000x16,000 (ffprobe and a decoder took 0.75 and 2 GB). */
export async function hugeFrameMp4(): Promise<Uint8Array> {
  const small = await makeVideo({
    ext: "mp4",
    args: [
      ...["-f", "lavfi", "-i", "testsrc2=size=64x64:rate=10:duration=0.3"],
      ...["-c:v", "libx264", "-profile:v", "baseline", "-preset", "ultrafast", "-pix_fmt", "yuv420p"],
    ],
  });
  return claimFrameSize(small, 16_000, 16_000);
}

// ---------------------------------------------------------------------------------------------
// Look-alike dodges (issue 31 point 5): the blocklisted picture is `scene(BLOCKED_SCENE)`.

export const BLOCKED_SCENE = 7;

/** Frames of `w` x `h` stacked for sharp's animated writers, the first plain grey. */
async function greyThenPicture(w: number, h: number): Promise<{ raw: Buffer; options: sharp.SharpOptions }> {
  const grey = await sharp({ create: { width: w, height: h, channels: 3, background: "#999999" } }).raw().toBuffer();
  const picture = await sharp(await scene(BLOCKED_SCENE)).resize(w, h).removeAlpha().raw().toBuffer();
  return {
    raw: Buffer.concat([grey, picture]),
    options: { raw: { width: w, height: h * 2, channels: 3, pageHeight: h } as sharp.CreateRaw },
  };
}

/** An animated GIF: a plain grey first frame (what was hashed, and shown to the reviewer), then the picture. */
export async function greyFirstFrameGif(): Promise<Buffer> {
  const { raw, options } = await greyThenPicture(320, 240);
  return sharp(raw, options).gif({ delay: [100, 2000] }).toBuffer();
}

/** The same as an animated WebP. */
export async function greyFirstFrameWebp(): Promise<Buffer> {
  const { raw, options } = await greyThenPicture(320, 240);
  return sharp(raw, options).webp({ delay: [100, 2000], quality: 80 }).toBuffer();
}

/** The picture at 40% of its size in a 60% grey border. */
export async function greyBorderPng(): Promise<Buffer> {
  const inner = await sharp(await scene(BLOCKED_SCENE)).resize(256, 192).png().toBuffer();
  return sharp({ create: { width: 640, height: 480, channels: 3, background: "#999999" } })
    .composite([{ input: inner, left: 192, top: 144 }]).png().toBuffer();
}

/** The picture with an (opaque) alpha channel: hashed as the picture (it was before too; kept so it stays so). */
export async function withAlphaPng(): Promise<Buffer> {
  return sharp(await scene(BLOCKED_SCENE)).ensureAlpha(1).png().toBuffer();
}
