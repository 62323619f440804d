/**
 * ComfyUI graphs (issue 25): the API graph (`prompt`: node id to `{class_type, inputs}`) and the
 * UI workflow (`workflow`: `{nodes: [{type, widgets_values}]}`), read into prompt, negative prompt
 * and settings from the sampler, the checkpoint loader and the latent size.
 */
import type { GenerationData } from "./generation.ts";

type Node = { class_type?: string; inputs?: Record<string, unknown> };

export function comfyGeneration(value: unknown, depth = 0): GenerationData | null {
  // A graph wrapped in a wrapper is one level; 64 KiB of {"prompt": ...} is not a graph.
  if (!value || typeof value !== "object" || depth > 3) return null;
  const v = value as Record<string, unknown>;
  // A video node's `comment` may wrap both: {"prompt": graph, "workflow": ...}.
  if (v.prompt && typeof v.prompt === "object") return comfyGeneration(v.prompt, depth + 1);
  if (typeof v.prompt === "string") {
    try {
      return comfyGeneration(JSON.parse(v.prompt), depth + 1);
    } catch {
      return null;
    }
  }
  if (Array.isArray(v.nodes)) return fromWorkflow(v.nodes as { type?: string; widgets_values?: unknown[] }[]);
  return fromGraph(v as Record<string, Node>);
}

function fromGraph(graph: Record<string, Node>): GenerationData | null {
  const nodes = Object.values(graph).filter((n) => n && typeof n === "object");
  const text = (link: unknown) => {
    const t = Array.isArray(link) ? graph[String(link[0])]?.inputs?.text : undefined;
    return typeof t === "string" ? t.trim() : "";
  };
  const sampler = nodes.find((n) => Array.isArray(n.inputs?.positive));
  const encoders = Object.entries(graph).filter(([, n]) => /TextEncode/i.test(n?.class_type ?? ""));
  const prompt = text(sampler?.inputs?.positive) ||
    (encoders.map(([, n]) => n.inputs?.text).find((t) => typeof t === "string" && t.trim()) as string | undefined)?.trim() || "";
  if (!prompt) return null;
  const input = (pred: (n: Node) => boolean, key: string) => nodes.find(pred)?.inputs?.[key];
  const ckpt = input((n) => /CheckpointLoader|UNETLoader/i.test(n.class_type ?? ""), "ckpt_name") ??
    input((n) => /UNETLoader/i.test(n.class_type ?? ""), "unet_name");
  const w = input((n) => /EmptyLatent/i.test(n.class_type ?? ""), "width");
  const h = input((n) => /EmptyLatent/i.test(n.class_type ?? ""), "height");
  const si = sampler?.inputs ?? {};
  const num = (x: unknown) => (typeof x === "number" ? x : undefined);
  return {
    prompt,
    negativePrompt: text(si.negative),
    aiGenerator: "ComfyUI",
    settings: {
      model: typeof ckpt === "string" ? ckpt : undefined,
      sampler: typeof si.sampler_name === "string" ? si.sampler_name : undefined,
      steps: num(si.steps),
      cfg: num(si.cfg),
      seed: num(si.seed ?? si.noise_seed),
      size: typeof w === "number" && typeof h === "number" ? `${w}x${h}` : undefined,
    },
  };
}

/** The UI workflow keeps no links by name: the first text encoder is the prompt, the second the negative. */
function fromWorkflow(nodes: { type?: string; widgets_values?: unknown[] }[]): GenerationData | null {
  const texts = nodes.filter((n) => /TextEncode/i.test(n.type ?? "")).map((n) => n.widgets_values?.[0]).filter((t) =>
    typeof t === "string"
  );
  const prompt = (texts[0] as string | undefined)?.trim();
  if (!prompt) return null;
  const ks = nodes.find((n) => /KSampler/i.test(n.type ?? ""))?.widgets_values ?? [];
  const ckpt = nodes.find((n) => /CheckpointLoader/i.test(n.type ?? ""))?.widgets_values?.[0];
  return {
    prompt,
    negativePrompt: ((texts[1] as string | undefined) ?? "").trim(),
    aiGenerator: "ComfyUI",
    // KSampler's widgets: seed, control, steps, cfg, sampler, scheduler, denoise.
    settings: {
      model: typeof ckpt === "string" ? ckpt : undefined,
      seed: typeof ks[0] === "number" ? ks[0] : undefined,
      steps: typeof ks[2] === "number" ? ks[2] : undefined,
      cfg: typeof ks[3] === "number" ? ks[3] : undefined,
      sampler: typeof ks[4] === "string" ? ks[4] : undefined,
    },
  };
}
