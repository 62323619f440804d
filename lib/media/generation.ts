/**
 * Generation metadata from every format we accept (issue 25), read from the original before the
 * re-encode strips it: A1111/Forge/Fooocus `parameters` text (PNG tEXt, JPEG/WebP EXIF
 * UserComment or XMP), ComfyUI graphs (PNG `prompt`/`workflow`, video container tags read with
 * ffprobe). Every string passes the typed-input normaliser and its cap (common/text.ts,
 * common/upload_rules.ts): the file is the uploader's input too. Pure functions over bounded text
 * (no open-repetition regex, every block capped at 64 KiB), run in the parse worker for uploads
 * (lib/media/untrusted_parse.ts, decision 027), never on a request's event loop.
 */
import { normalizeText } from "../../common/text.ts";
import { UPLOAD_LIMITS } from "../../common/upload_rules.ts";
import type { GenerationSettings } from "../../common/api_types.ts";
import { comfyGeneration } from "./comfy_metadata.ts";
import { exifUserComment, xmpParameters } from "./exif_metadata.ts";
import { a1111Field, pngTextChunks } from "./png_metadata.ts";

export type GenerationData = { prompt: string; negativePrompt: string; aiGenerator: string; settings: GenerationSettings };

/** Longest setting value kept (a model file name, a sampler). */
const SETTING_MAX = 200;

/** "Steps: 20, Sampler: Euler a, CFG scale: 7, Seed: 1, Size: 512x768, Model: x" and the prompts above it. */
export function parseA1111(text: string, tool = "Automatic1111"): GenerationData | null {
  const lines = text.replace(/\r\n/g, "\n").split("\n");
  const neg = lines.findIndex((l) => l.startsWith("Negative prompt:"));
  const steps = lines.findIndex((l) => /^Steps: /.test(l));
  const promptEnd = [neg, steps].filter((i) => i >= 0)[0] ?? lines.length;
  const prompt = lines.slice(0, promptEnd).join("\n").trim();
  const negativePrompt = neg >= 0
    ? lines.slice(neg, steps > neg ? steps : lines.length).join("\n").replace(/^Negative prompt:\s*/, "").trim()
    : "";
  const tail = steps >= 0 ? lines.slice(steps).join("\n") : "";
  const field = (name: string) => a1111Field(tail, name);
  const num = (v: string | undefined) => (v !== undefined && Number.isFinite(Number(v)) ? Number(v) : undefined);
  const model = field("Model");
  if (!prompt && !tail) return null;
  const version = field("Version") ?? "";
  const name = /^f\d/.test(version) ? "Forge" : /fooocus/i.test(tail) ? "Fooocus" : tool;
  return {
    prompt,
    negativePrompt,
    aiGenerator: model ? `Stable Diffusion (${name}, ${model})` : `Stable Diffusion (${name})`,
    settings: {
      model,
      sampler: field("Sampler"),
      steps: num(field("Steps")),
      cfg: num(field("CFG scale")),
      seed: num(field("Seed")),
      size: field("Size"),
    },
  };
}

/** Fooocus writes JSON ({"prompt", "negative_prompt", "base_model", ...}) where A1111 writes text. */
function fromText(text: string): GenerationData | null {
  const t = text.trim();
  if (t.startsWith("{")) {
    try {
      const j = JSON.parse(t);
      if (typeof j.prompt === "string") {
        const size = typeof j.resolution === "string" ? j.resolution.replace(/[()\s]/g, "").replace(",", "x") : undefined;
        return {
          prompt: j.prompt,
          negativePrompt: String(j.negative_prompt ?? ""),
          aiGenerator: "Stable Diffusion (Fooocus)",
          settings: {
            model: j.base_model,
            sampler: j.sampler,
            steps: Number(j.steps) || undefined,
            cfg: Number(j.guidance_scale) || undefined,
            seed: Number(j.seed) || undefined,
            size,
          },
        };
      }
      return comfyGeneration(j);
    } catch { /* not JSON after all */ }
  }
  return parseA1111(t);
}

/** From an image's bytes by its type; null when it carries nothing usable. */
export function readImageGeneration(bytes: Uint8Array, mime: string): GenerationData | null {
  let found: GenerationData | null = null;
  if (mime === "image/png") {
    const chunks = pngTextChunks(bytes);
    const params = chunks.get("parameters");
    if (params?.trim()) found = fromText(params);
    for (const key of ["prompt", "workflow"]) {
      if (found?.prompt) break;
      const graph = chunks.get(key);
      if (graph) found = safeJson(graph, comfyGeneration);
    }
  } else if (mime === "image/jpeg" || mime === "image/webp") {
    const text = exifUserComment(bytes, mime) ?? xmpParameters(bytes, mime);
    if (text) found = fromText(text);
  }
  return found ? normalized(found) : null;
}

/** A metadata text longer than this is skipped, as a PNG text chunk is (png_metadata.ts): a prompt or a graph is far smaller. */
export const MAX_TAG_CHARS = 64 * 1024;

/** From a video's container tags as ffprobe prints them (`{"format":{"tags":{...}}}`; ComfyUI video nodes: `prompt`, `workflow`, `comment`). */
export function videoTagsGeneration(json: string): GenerationData | null {
  const tags: Record<string, string> = {};
  try {
    for (const [k, v] of Object.entries(JSON.parse(json).format?.tags ?? {})) {
      if (typeof v === "string" && v.length <= MAX_TAG_CHARS) tags[k.toLowerCase()] = v;
    }
  } catch {
    return null;
  }
  let found: GenerationData | null = null;
  for (const key of ["prompt", "workflow", "comment", "description"]) {
    if (found?.prompt || !tags[key]) continue;
    found = key === "prompt" || key === "workflow" ? safeJson(tags[key], comfyGeneration) ?? fromText(tags[key]) : fromText(tags[key]);
  }
  return found ? normalized(found) : null;
}

function safeJson<T>(text: string, read: (v: unknown) => T | null): T | null {
  try {
    return read(JSON.parse(text));
  } catch {
    return null;
  }
}

const clean = (v: unknown, max: number) => normalizeText(String(v ?? "")).trim().slice(0, max);

/** The typed-input normaliser and caps, and settings kept only when they are what they claim. */
function normalized(g: GenerationData): GenerationData | null {
  const prompt = clean(g.prompt, UPLOAD_LIMITS.prompt);
  if (!prompt) return null;
  const n = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? v : undefined);
  const s = (v: unknown) => (typeof v === "string" && clean(v, SETTING_MAX) ? clean(v, SETTING_MAX) : undefined);
  const settings = {
    model: s(g.settings.model),
    sampler: s(g.settings.sampler),
    steps: n(g.settings.steps),
    cfg: n(g.settings.cfg),
    seed: n(g.settings.seed),
    size: s(g.settings.size),
  };
  return {
    prompt,
    negativePrompt: clean(g.negativePrompt, UPLOAD_LIMITS.prompt),
    aiGenerator: clean(g.aiGenerator, UPLOAD_LIMITS.aiGenerator),
    settings: Object.fromEntries(Object.entries(settings).filter(([, v]) => v !== undefined)) as GenerationSettings,
  };
}

/** What the file's generation metadata adds: the typed prompt and generator win, the rest is kept beside. */
export function generationValues(row: { prompt: string; aiGenerator: string }, g: GenerationData | null) {
  return {
    prompt: row.prompt || g?.prompt || "",
    aiGenerator: row.aiGenerator || g?.aiGenerator || "",
    generation: g && (g.negativePrompt || Object.keys(g.settings).length)
      ? JSON.stringify({ negativePrompt: g.negativePrompt || undefined, settings: g.settings })
      : null,
  };
}
