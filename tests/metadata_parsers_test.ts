/**
 * Issue 31 point 1: the metadata parsers read what they read before, without a regex that can
 * backtrack over the file's text (decision 027). The XMP reader is compared with the regexes it
 * replaced, kept here as the reference, on the packets A1111, Forge and other writers make; the
 * hostile packets are in tests/hostile_files_test.ts, which times another visitor around them.
 */
import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import sharp from "sharp";
import { comfyGeneration } from "../lib/media/comfy_metadata.ts";
import { exifUserComment, xmpParameters } from "../lib/media/exif_metadata.ts";
import { MAX_TAG_CHARS, parseA1111, videoTagsGeneration } from "../lib/media/generation.ts";
import { a1111Field } from "../lib/media/png_metadata.ts";
import { exifNulJpeg } from "./_hostile_files.ts";

/** The reading before issue 31, as the reference for ordinary packets. */
function regexXmpParameters(xmp: string): string | null {
  const decode = (s: string) =>
    s.replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&quot;/g, '"').replace(/&#10;/g, "\n").replace(/&#xA;/gi, "\n")
      .replace(/&amp;/g, "&");
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

const packet = (body: string) =>
  `<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?><x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">` +
  `<rdf:Description rdf:about="" xmlns:sd="http://example.com/sd/" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:exif="http://ns.adobe.com/exif/1.0/"` +
  body + `</rdf:Description></rdf:RDF></x:xmpmeta><?xpacket end="w"?>`;

const PACKETS = [
  packet(` sd:parameters="a cat &amp; a dog&#10;Negative prompt: blur&#10;Steps: 20, Sampler: Euler a, Model: v1"/>`),
  packet(`><dc:description><rdf:Alt><rdf:li xml:lang="x-default">a &lt;red&gt; fox&#xA;Steps: 30</rdf:li></rdf:Alt></dc:description>`),
  packet(
    `><exif:UserComment><rdf:Alt><rdf:li xml:lang="x-default">Forge text&#xa;Steps: 8, Version: f2.0</rdf:li></rdf:Alt></exif:UserComment>`,
  ),
  packet(` sd:parameters="  "><sd:parameters>element text, Steps: 4</sd:parameters>`),
  packet(`><dc:description>  plain description  </dc:description>`),
  packet(
    `><dc:description><rdf:Alt><rdf:li>nested <b>markup</b></rdf:li></rdf:Alt></dc:description><exif:UserComment>second choice</exif:UserComment>`,
  ),
  packet(`><dc:title>no parameters here</dc:title>`),
  packet(` dc:description="&amp;lt; stays escaped once"/>`),
];

const XMP_NS = "http://ns.adobe.com/xap/1.0/\0";

async function jpegWithXmp(xmp: string): Promise<Uint8Array> {
  const jpg = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#246" } }).jpeg().toBuffer();
  const payload = Buffer.concat([Buffer.from(XMP_NS, "latin1"), Buffer.from(xmp, "utf8")]);
  const head = Buffer.from([0xff, 0xe1, 0, 0]);
  head.writeUInt16BE(payload.length + 2, 2);
  return Buffer.concat([jpg.subarray(0, 2), head, payload, jpg.subarray(2)]);
}

Deno.test("[metadata] XMP is read as the regexes read it, by a scan that does not backtrack", async () => {
  const read = await Promise.all(PACKETS.map(async (p) => xmpParameters(await jpegWithXmp(p), "image/jpeg")));
  assert.deepEqual(read, PACKETS.map(regexXmpParameters));
  assert.deepEqual(read.slice(0, 5), [
    "a cat & a dog\nNegative prompt: blur\nSteps: 20, Sampler: Euler a, Model: v1",
    "a <red> fox\nSteps: 30",
    "Forge text\nSteps: 8, Version: f2.0",
    "element text, Steps: 4",
    "plain description",
  ]);
  assert.equal(read[6], null);
  // One difference, on purpose: an empty element no longer swallows the next one as its text.
  const afterEmpty = packet(`><dc:description/><dc:description>after an empty one</dc:description>`);
  assert.equal(regexXmpParameters(afterEmpty), null);
  assert.equal(xmpParameters(await jpegWithXmp(afterEmpty), "image/jpeg"), "after an empty one");
});

Deno.test("[metadata] a UserComment ending in NULs loses only those; one of 65,000 NULs and a letter is read", async () => {
  const bytes = await exifNulJpeg();
  const text = exifUserComment(bytes, "image/jpeg");
  assert.equal(text?.length, 65_001);
  assert.ok(text?.endsWith("\0x"));
});

Deno.test("[metadata] A1111 settings are read field by field as before", () => {
  const tail = "Steps: 28, Sampler: DPM++ 2M Karras, CFG scale: 6.5, Seed: 1234567, Size: 832x1216, Model: sdxl, Version: f1.7";
  assert.equal(a1111Field(tail, "Steps"), "28");
  assert.equal(a1111Field(tail, "CFG scale"), "6.5");
  assert.equal(a1111Field(tail, "Model"), "sdxl");
  assert.equal(a1111Field(tail, "Version"), "f1.7");
  assert.equal(a1111Field(tail, "Missing"), undefined);
  assert.equal(a1111Field("Steps: 5,\n  Model: two lines\nnext", "Model"), "two lines");
  assert.equal(parseA1111(`fox\n${tail}`)?.aiGenerator, "Stable Diffusion (Forge, sdxl)");
  // 60,000 spaces after a comma, no field: found nothing, at once.
  assert.equal(a1111Field(`Steps: 1,${" ".repeat(60_000)}`, "Model"), undefined);
});

Deno.test("[metadata] a video tag past 64 KiB is skipped; a graph wrapped four deep is not a graph", () => {
  const big = `${"x".repeat(MAX_TAG_CHARS)}\nSteps: 20`;
  assert.equal(videoTagsGeneration(JSON.stringify({ format: { tags: { comment: big } } })), null);
  assert.equal(videoTagsGeneration(JSON.stringify({ format: { tags: { comment: "a fox\nSteps: 20" } } }))?.prompt, "a fox");
  const graph = {
    "3": { class_type: "KSampler", inputs: { positive: ["6", 0] } },
    "6": { class_type: "CLIPTextEncode", inputs: { text: "fox" } },
  };
  assert.equal(comfyGeneration({ prompt: graph })?.prompt, "fox");
  let wrapped: unknown = graph;
  for (let i = 0; i < 5; i++) wrapped = { prompt: wrapped };
  assert.equal(comfyGeneration(wrapped), null);
  assert.equal(videoTagsGeneration("not json"), null);
});

/** The server's source files under `dir` (lib/, routes/). */
async function sources(dir: string): Promise<{ file: string; text: string }[]> {
  const out: { file: string; text: string }[] = [];
  for await (const e of Deno.readDir(new URL(`../${dir}/`, import.meta.url))) {
    const path = `${dir}/${e.name}`;
    if (e.isDirectory) out.push(...await sources(path));
    else if (/\.tsx?$/.test(e.name)) out.push({ file: path, text: await Deno.readTextFile(new URL(`../${path}`, import.meta.url)) });
  }
  return out;
}

Deno.test("[rule] every sharp call has a pixel limit (never false); ffmpeg and ffprobe run only through lib/media/bounded_run.ts", async () => {
  const wrong: string[] = [];
  for (const { file, text } of [...await sources("lib"), ...await sources("routes")]) {
    text.split("\n").forEach((line, i) => {
      if (/limitInputPixels:\s*false/.test(line)) wrong.push(`${file}:${i + 1} limitInputPixels: false`);
      if (/\bsharp\(/.test(line) && !/limitInputPixels/.test(line)) wrong.push(`${file}:${i + 1} sharp() without limitInputPixels`);
      if (/Deno\.Command\(\s*"ff(mpeg|probe)"/.test(line)) wrong.push(`${file}:${i + 1} ffmpeg or ffprobe outside bounded_run.ts`);
    });
  }
  assert.deepEqual(wrong, []);
});
