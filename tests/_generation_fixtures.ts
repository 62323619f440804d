/** Files carrying generation metadata as A1111 and ComfyUI write it (issue 25), made in the test. */
import { Buffer } from "node:buffer";
import sharp from "sharp";

/** A TIFF (EXIF) block, big-endian, whose Exif IFD holds a UserComment: "UNICODE\0" + UTF-16BE, as piexif writes. */
export function exifWithUserComment(text: string): Buffer {
  const body = Buffer.from(text, "utf16le").swap16();
  const comment = Buffer.concat([Buffer.from("UNICODE\0", "latin1"), body]);
  const ifd0 = 8, exifIfd = ifd0 + 2 + 12 + 4, data = exifIfd + 2 + 12 + 4;
  const b = Buffer.alloc(data + comment.length);
  b.write("MM", 0, "latin1");
  b.writeUInt16BE(42, 2);
  b.writeUInt32BE(ifd0, 4);
  b.writeUInt16BE(1, ifd0); // IFD0: one entry, the Exif IFD pointer
  b.writeUInt16BE(0x8769, ifd0 + 2);
  b.writeUInt16BE(4, ifd0 + 4);
  b.writeUInt32BE(1, ifd0 + 6);
  b.writeUInt32BE(exifIfd, ifd0 + 10);
  b.writeUInt16BE(1, exifIfd); // Exif IFD: the UserComment, UNDEFINED bytes at `data`
  b.writeUInt16BE(0x9286, exifIfd + 2);
  b.writeUInt16BE(7, exifIfd + 4);
  b.writeUInt32BE(comment.length, exifIfd + 6);
  b.writeUInt32BE(data, exifIfd + 10);
  comment.copy(b, data);
  return b;
}

const picture = () => sharp({ create: { width: 64, height: 48, channels: 3, background: "#3a6" } });

/** A JPEG with the EXIF block in an APP1 segment right after its start marker. */
export async function jpegWithUserComment(text: string): Promise<Uint8Array> {
  const jpg = await picture().jpeg().toBuffer();
  const payload = Buffer.concat([Buffer.from("Exif\0\0", "latin1"), exifWithUserComment(text)]);
  const app1 = Buffer.alloc(4);
  app1.writeUInt16BE(0xffe1, 0);
  app1.writeUInt16BE(payload.length + 2, 2);
  return new Uint8Array(Buffer.concat([jpg.subarray(0, 2), app1, payload, jpg.subarray(2)]));
}

function riffChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.write(type, 0, "latin1");
  head.writeUInt32LE(data.length, 4);
  return Buffer.concat([head, data, data.length & 1 ? Buffer.alloc(1) : Buffer.alloc(0)]);
}

/** A lossy WebP in the extended format (VP8X) with an EXIF chunk. */
export async function webpWithUserComment(text: string): Promise<Uint8Array> {
  const webp = await picture().webp().toBuffer();
  const vp8 = webp.subarray(12); // the simple format: one VP8 chunk after the RIFF header
  const vp8x = Buffer.alloc(10);
  vp8x[0] = 0x08; // EXIF present
  vp8x.writeUIntLE(64 - 1, 4, 3);
  vp8x.writeUIntLE(48 - 1, 7, 3);
  const chunks = Buffer.concat([riffChunk("VP8X", vp8x), vp8, riffChunk("EXIF", exifWithUserComment(text))]);
  const head = Buffer.alloc(12);
  head.write("RIFF", 0, "latin1");
  head.writeUInt32LE(4 + chunks.length, 4);
  head.write("WEBP", 8, "latin1");
  return new Uint8Array(Buffer.concat([head, chunks]));
}

export const A1111 = "a lighthouse at dusk, \u202Eoil painting\nNegative prompt: blurry, lowres\n" +
  "Steps: 28, Sampler: DPM++ 2M Karras, CFG scale: 6.5, Seed: 1234567, Size: 832x1216, Model hash: abc, Model: sdxl_base_1.0";

/** A ComfyUI API graph: checkpoint, two text encoders, an empty latent and a KSampler. */
export const COMFY_GRAPH = {
  "4": { class_type: "CheckpointLoaderSimple", inputs: { ckpt_name: "juggernautXL.safetensors" } },
  "5": { class_type: "EmptyLatentImage", inputs: { width: 1024, height: 768, batch_size: 1 } },
  "6": { class_type: "CLIPTextEncode", inputs: { text: "a red fox in snow", clip: ["4", 1] } },
  "7": { class_type: "CLIPTextEncode", inputs: { text: "watermark, text", clip: ["4", 1] } },
  "3": {
    class_type: "KSampler",
    inputs: {
      seed: 42,
      steps: 20,
      cfg: 7,
      sampler_name: "euler",
      scheduler: "normal",
      positive: ["6", 0],
      negative: ["7", 0],
      model: ["4", 0],
    },
  },
};

/** An MP4 whose container carries ComfyUI's `prompt` graph and a `comment`, as its video nodes write them. */
/** `variant` changes the bytes (a title tag), so two such uploads are not exact duplicates. */
export async function mp4WithComfyTags(variant = 0): Promise<Uint8Array> {
  const out = await Deno.makeTempFile({ suffix: ".mp4" });
  const r = await new Deno.Command("ffmpeg", {
    args: [
      ...["-v", "error", "-y", "-f", "lavfi", "-i", "testsrc=duration=1:size=160x120:rate=10"],
      ...["-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-movflags", "use_metadata_tags"],
      ...["-metadata", `prompt=${JSON.stringify(COMFY_GRAPH)}`, "-metadata", `comment=${JSON.stringify({ prompt: COMFY_GRAPH })}`],
      ...(variant ? ["-metadata", `title=variant ${variant}`] : []),
      out,
    ],
  }).output();
  if (!r.success) throw new Error(new TextDecoder().decode(r.stderr));
  const bytes = await Deno.readFile(out);
  await Deno.remove(out);
  return bytes;
}
