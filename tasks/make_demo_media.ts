/**
 * Regenerates the demo media in static/demo/ from ffmpeg's synthetic sources (our own pictures,
 * no third-party footage). The output is committed, so `deno task demo` never needs ffmpeg.
 *   deno run -A tasks/make_demo_media.ts [--force]
 */
import { existsSync, mkdirSync, readdirSync, statSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { DEMO_IMAGES, DEMO_VIDEOS } from "./demo_catalog.ts";

export const DEMO_DIR = fileURLToPath(new URL("../static/demo/", import.meta.url));
const SECONDS = 4;

async function ffmpeg(args: string[]) {
  const out = await new Deno.Command("ffmpeg", { args: ["-hide_banner", "-loglevel", "error", "-y", ...args], stderr: "piped" }).output();
  if (!out.success) throw new Error(`ffmpeg ${args.join(" ")}\n${new TextDecoder().decode(out.stderr)}`);
}

async function makeVideo(name: string, graph: string) {
  const mp4 = `${DEMO_DIR}${name}.mp4`;
  await ffmpeg([
    ...["-f", "lavfi", "-i", graph, "-t", String(SECONDS)],
    ...["-c:v", "libx264", "-preset", "slow", "-crf", "30", "-maxrate", "300k", "-bufsize", "600k"],
    ...["-pix_fmt", "yuv420p", "-profile:v", "main", "-g", "48", "-movflags", "+faststart", "-an", mp4],
  ]);
  // Poster: a frame from the middle of the clip, same size as the video.
  await ffmpeg(["-ss", "2", "-i", mp4, "-frames:v", "1", "-q:v", "5", `${DEMO_DIR}${name}.jpg`]);
}

async function makeImage(name: string, ext: "jpg" | "webp", graph: string, at: number) {
  const file = `${DEMO_DIR}${name}.${ext}`;
  const codec = ext === "jpg" ? ["-q:v", "4"] : ["-c:v", "libwebp", "-quality", "72"];
  await ffmpeg(["-f", "lavfi", "-i", graph, "-ss", String(at), "-frames:v", "1", ...codec, file]);
}

if (import.meta.main) {
  const force = Deno.args.includes("--force");
  mkdirSync(DEMO_DIR, { recursive: true });
  const jobs: (() => Promise<void>)[] = [];
  for (const v of DEMO_VIDEOS) {
    if (force || !existsSync(`${DEMO_DIR}${v.name}.mp4`)) jobs.push(() => makeVideo(v.name, v.graph));
  }
  for (const i of DEMO_IMAGES) {
    if (force || !existsSync(`${DEMO_DIR}${i.name}.${i.ext}`)) jobs.push(() => makeImage(i.name, i.ext, i.graph, i.at));
  }
  let done = 0;
  const worker = async () => {
    for (let job = jobs.shift(); job; job = jobs.shift()) {
      await job();
      console.log(`  ${++done} files made`);
    }
  };
  await Promise.all([worker(), worker()]);
  const total = readdirSync(DEMO_DIR).reduce((sum, f) => sum + statSync(DEMO_DIR + f).size, 0);
  console.log(`static/demo: ${readdirSync(DEMO_DIR).length} files, ${(total / 1024 / 1024).toFixed(2)} MB`);
}
