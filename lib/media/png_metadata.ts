/**
 * Generation metadata of PNG files (Automatic1111 `parameters`, ComfyUI `prompt`), read from
 * their text chunks with a cap on how much any chunk may inflate to (quality bar 19).
 */
import { Buffer } from "node:buffer";
import { inflateSync } from "node:zlib";
import { normalizeText } from "../../common/text.ts";

export type Generation = { prompt: string; aiGenerator: string };

/** A metadata chunk that inflates past this is skipped: a prompt or a workflow graph is far smaller. */
export const MAX_TEXT_CHUNK_BYTES = 64 * 1024;
/** All text chunks of one file together inflate to at most this; the rest are skipped. */
export const MAX_TEXT_TOTAL_BYTES = 512 * 1024;
/** At most this many text chunks are looked at per file. */
const MAX_TEXT_CHUNKS = 64;

/**
 * tEXt, zTXt and iTXt chunks of a PNG, keyword to text. Compressed chunks are inflated with a
 * cap on their output, so a small "zip bomb" chunk (51 KB inflating to 50 MiB) costs about a
 * millisecond and is skipped; the budget for the whole file bounds the work of many chunks.
 */
export function pngTextChunks(png: Uint8Array): Map<string, string> {
  const out = new Map<string, string>();
  const buf = Buffer.from(png.buffer, png.byteOffset, png.byteLength);
  let budget = MAX_TEXT_TOTAL_BYTES;
  let seen = 0;
  const limit = () => Math.min(MAX_TEXT_CHUNK_BYTES, budget);
  /** The chunk's text, counted against the budget; throws (the chunk is skipped) past the limit. */
  const take = (data: Uint8Array, compressed: boolean): Buffer => {
    if (!compressed && data.length > limit()) throw new RangeError("text chunk too large");
    const text = compressed ? inflateSync(data, { maxOutputLength: limit() }) : Buffer.from(data);
    budget -= text.length;
    return text;
  };
  let off = 8;
  while (off + 12 <= buf.length && budget > 0 && seen < MAX_TEXT_CHUNKS) {
    const len = buf.readUInt32BE(off);
    const type = buf.toString("latin1", off + 4, off + 8);
    const data = buf.subarray(off + 8, off + 8 + len);
    if (data.length < len || type === "IEND") break;
    try {
      const nul = data.indexOf(0);
      const isText = type === "tEXt" || type === "zTXt" || type === "iTXt";
      if (isText) seen++;
      if (isText && nul > 0) {
        const keyword = data.toString("latin1", 0, nul);
        if (type === "tEXt") out.set(keyword, take(data.subarray(nul + 1), false).toString("latin1"));
        else if (type === "zTXt") out.set(keyword, take(data.subarray(nul + 2), true).toString("latin1"));
        else {
          const compressed = data[nul + 1] === 1;
          let p = nul + 3;
          p = data.indexOf(0, p) + 1; // language tag
          p = data.indexOf(0, p) + 1; // translated keyword
          out.set(keyword, take(data.subarray(p), compressed).toString("utf8"));
        }
      }
    } catch { /* a damaged or oversized text chunk is skipped */ }
    off += 12 + len;
  }
  return out;
}

/**
 * Prompt and generator from Automatic1111's `parameters` or ComfyUI's `prompt` graph, normalised
 * like every text a member types (quality bar 18, issue 19): the file is the uploader's input too,
 * so a bidi override must not reach the public page nor a NUL cut the stored prompt.
 */
export function readPngGeneration(png: Uint8Array): Generation | null {
  const found = readRawGeneration(png);
  if (!found) return null;
  const prompt = normalizeText(found.prompt).trim().slice(0, 1000);
  const aiGenerator = normalizeText(found.aiGenerator).trim().slice(0, 100);
  return prompt ? { prompt, aiGenerator } : null;
}

function readRawGeneration(png: Uint8Array): Generation | null {
  const chunks = pngTextChunks(png);
  const params = chunks.get("parameters");
  if (params?.trim()) {
    const lines = params.replace(/\r\n/g, "\n").split("\n");
    const stop = lines.findIndex((l) => /^(Negative prompt:|Steps: )/.test(l));
    const prompt = lines.slice(0, stop < 0 ? lines.length : stop).join("\n").trim();
    const model = a1111Field(params, "Model");
    const aiGenerator = model ? `Stable Diffusion (Automatic1111, ${model})` : "Stable Diffusion (Automatic1111)";
    if (prompt) return { prompt: prompt.slice(0, 1000), aiGenerator: aiGenerator.slice(0, 100) };
  }
  const graph = chunks.get("prompt");
  if (graph) {
    try {
      const prompt = comfyPrompt(JSON.parse(graph));
      if (prompt) return { prompt: prompt.slice(0, 1000), aiGenerator: "ComfyUI" };
    } catch { /* not a ComfyUI graph */ }
  }
  return null;
}

/**
 * The value of `name: value` in Automatic1111's settings text: at its start or after a comma, up
 * to the next comma or line end. A scan of the split text, no regex (decision 027).
 */
export function a1111Field(text: string, name: string): string | undefined {
  const key = `${name}: `;
  const parts = text.split(",");
  for (let i = 0; i < parts.length; i++) {
    const part = i === 0 ? parts[0] : parts[i].trimStart();
    if (!part.startsWith(key)) continue;
    const end = part.indexOf("\n");
    const value = part.slice(key.length, end < 0 ? part.length : end).trim();
    if (value) return value;
  }
  return undefined;
}

type ComfyNode = { class_type?: string; inputs?: Record<string, unknown> };

/** The positive prompt: the text node a sampler's `positive` input links to, else the first text node. */
function comfyPrompt(graph: Record<string, ComfyNode>): string | null {
  const textOf = (id: unknown) => {
    const t = graph[String(id)]?.inputs?.text;
    return typeof t === "string" && t.trim() ? t.trim() : null;
  };
  for (const node of Object.values(graph)) {
    const positive = node?.inputs?.positive;
    if (Array.isArray(positive)) {
      const t = textOf(positive[0]);
      if (t) return t;
    }
  }
  for (const [id, node] of Object.entries(graph)) if (/TextEncode/i.test(node?.class_type ?? "") && textOf(id)) return textOf(id);
  return null;
}
