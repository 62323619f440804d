/** `generator`: the name an item stores for the tool (the upload form's choice), when shorter than `name`. */
export type AiTool = { name: string; description: string; url: string; generator?: string };
/** The Create dialog's list: built in (below) or the operator's `pages/tools.json` (lib/render/site_texts.ts). */
export type AiTools = { featured: AiTool; tools: AiTool[] };

/** The Create dialog: one featured generator and twelve others, with outside links. */
export const FEATURED_TOOL: AiTool = {
  name: "Google Veo",
  description: "Cinematic text-to-video with native sound, camera control and long takes.",
  url: "https://deepmind.google/models/veo/",
};

export const AI_TOOLS: AiTool[] = [
  { name: "Runway", description: "Gen-4 video, image-to-video and editing tools in the browser.", url: "https://runwayml.com/" },
  { name: "Kling", description: "Long, coherent clips with strong motion and lip sync.", url: "https://klingai.com/" },
  {
    name: "Luma Dream Machine",
    description: "Fast, realistic video from text or a still image.",
    url: "https://lumalabs.ai/dream-machine",
    generator: "Luma",
  },
  { name: "OpenAI Sora", description: "Text-to-video with storyboards, remixes and blends.", url: "https://openai.com/sora/" },
  { name: "Vidu", description: "Reference-to-video that keeps characters consistent.", url: "https://www.vidu.com/" },
  { name: "Higgsfield", description: "Camera-motion presets for dramatic, cinematic shots.", url: "https://higgsfield.ai/" },
  { name: "Midjourney", description: "Striking images and, now, animated clips from them.", url: "https://www.midjourney.com/" },
  { name: "Pika", description: "Playful effects and quick edits on short videos.", url: "https://pika.art/" },
  { name: "Hailuo", description: "MiniMax's expressive text-to-video model.", url: "https://hailuoai.video/" },
  { name: "Stable Diffusion", description: "Open image models you can run on your own machine.", url: "https://stability.ai/" },
  { name: "ComfyUI", description: "Node-based workflows for image and video generation.", url: "https://www.comfy.org/" },
  { name: "Leonardo", description: "Image generation with fine-tuned models and a canvas.", url: "https://leonardo.ai/" },
];

/**
 * The AI generator choices of the upload form and the admin's Edit Video (spec part 1 §9): every
 * tool the built-in Create dialog names, so the two lists agree on names and spelling ("OpenAI
 * Sora", where the spec's list writes "Open AI Sora"; issue 36 point 16, decision 036), then Other. An operator's
 * own `tools.json` changes the Create dialog only: items keep naming generators from this list.
 */
export const AI_GENERATORS = [...[FEATURED_TOOL, ...AI_TOOLS].map((t) => t.generator ?? t.name), "Other"];
