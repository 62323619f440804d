/**
 * Generation metadata from every format (issue 25): a JPEG and a WebP with an A1111-style EXIF
 * UserComment, a ComfyUI PNG and an MP4 whose container carries ComfyUI's tags, all made here;
 * read through the real upload and create calls, normalised like typed input (the bidi override
 * is gone), shown in the item's JSON and on the media page with copy buttons.
 */
import assert from "node:assert/strict";
import { readImageGeneration } from "../lib/media/generation.ts";
import { startJobs } from "../lib/boot/jobs.ts";
import { createUser, json, loginCookie, makeTestEnv, type TestEnv } from "./_helpers.ts";
import { multipart, png, withPngText } from "./_media_fixtures.ts";
import { needs } from "./_needs.ts";
import { A1111, COMFY_GRAPH, jpegWithUserComment, mp4WithComfyTags, webpWithUserComment } from "./_generation_fixtures.ts";

const FFMPEG = needs(import.meta.url, "ffmpeg");

const A1111_READ = {
  prompt: "a lighthouse at dusk, oil painting",
  negativePrompt: "blurry, lowres",
  aiGenerator: "Stable Diffusion (Automatic1111, sdxl_base_1.0)",
  settings: { model: "sdxl_base_1.0", sampler: "DPM++ 2M Karras", steps: 28, cfg: 6.5, seed: 1234567, size: "832x1216" },
};
const COMFY_READ = {
  prompt: "a red fox in snow",
  negativePrompt: "watermark, text",
  aiGenerator: "ComfyUI",
  settings: { model: "juggernautXL.safetensors", sampler: "euler", steps: 20, cfg: 7, seed: 42, size: "1024x768" },
};

async function create(
  env: TestEnv,
  cookie: string,
  file: { name: string; mime: string; bytes: Uint8Array },
  kind: "image" | "video",
  extra: Record<string, string> = {},
) {
  const mp = multipart(file.name, file.mime, file.bytes);
  const up = await json(
    await env.request("/api/upload/file", { method: "POST", cookie, headers: { "content-type": mp.contentType }, body: mp.body }),
    201,
  );
  const body = kind === "image"
    ? { title: file.name, contentType: "image", imageUrl: up.url, categoryId: 1 }
    : { title: file.name, contentType: "video", videoUrl: up.url, categoryId: 1, aiGenerator: "ComfyUI video", ...extra };
  return json(await env.request("/api/videos", { cookie, json: body }), 201);
}

Deno.test("[generation] JPEG and WebP EXIF UserComment and a ComfyUI PNG are read, normalised and kept", async () => {
  assert.deepEqual(readImageGeneration(await jpegWithUserComment(A1111), "image/jpeg"), A1111_READ);
  assert.deepEqual(readImageGeneration(await webpWithUserComment(A1111), "image/webp"), A1111_READ);
  const comfyPng = withPngText(await png("#357", 64, 48), "prompt", JSON.stringify(COMFY_GRAPH));
  assert.deepEqual(readImageGeneration(comfyPng, "image/png"), COMFY_READ);

  await using env = await makeTestEnv();
  const member = await createUser(env.db);
  const cookie = await loginCookie(env.db, member.id);
  for (
    const [file, want] of [
      [{ name: "a.jpg", mime: "image/jpeg", bytes: await jpegWithUserComment(A1111) }, A1111_READ],
      [{ name: "a.webp", mime: "image/webp", bytes: await webpWithUserComment(A1111) }, A1111_READ],
      [{ name: "a.png", mime: "image/png", bytes: comfyPng }, COMFY_READ],
    ] as const
  ) {
    // No generator typed: the file's metadata names it (an image without either is refused).
    const item = await create(env, cookie, file, "image");
    assert.equal(item.prompt, want.prompt, file.name);
    assert.equal(item.aiGenerator, want.aiGenerator);
    assert.equal(item.negativePrompt, want.negativePrompt);
    assert.deepEqual(item.generation, want.settings);
  }
});

Deno.test(
  "[generation] an MP4 with ComfyUI's container tags gives the video its prompt and settings in the job",
  { ignore: !FFMPEG },
  async () => {
    await using env = await makeTestEnv();
    const member = await createUser(env.db);
    const cookie = await loginCookie(env.db, member.id);
    const bytes = await mp4WithComfyTags();
    const item = await create(env, cookie, { name: "v.mp4", mime: "video/mp4", bytes }, "video");
    // The request does not read the file (in S3 mode that copied the whole video): the job does.
    assert.equal(item.prompt, "");
    assert.equal(item.processing.state, "queued");
    const typed = await create(env, cookie, { name: "w.mp4", mime: "video/mp4", bytes: await mp4WithComfyTags(1) }, "video", {
      prompt: "my own words",
    });
    const runtime = await startJobs(env.db, env.config);
    try {
      const ready = async (id: number) => {
        const end = Date.now() + 120_000;
        for (;;) {
          const got = await json(await env.request(`/api/videos/${id}`, { cookie }));
          if (got.processing.state === "ready") return got;
          assert.notEqual(got.processing.state, "failed", JSON.stringify(got.processing));
          if (Date.now() > end) throw new Error(`item ${id} not ready: ${got.processing.state}`);
          await new Promise((r) => setTimeout(r, 100));
        }
      };
      const done = await ready(item.id);
      assert.equal(done.prompt, COMFY_READ.prompt);
      assert.equal(done.aiGenerator, "ComfyUI video"); // what the member typed wins
      assert.equal(done.negativePrompt, COMFY_READ.negativePrompt);
      assert.deepEqual(done.generation, COMFY_READ.settings);
      // A typed prompt wins over the file's; the settings still come from the file.
      const mine = await ready(typed.id);
      assert.equal(mine.prompt, "my own words");
      assert.equal(mine.aiGenerator, "ComfyUI video");
      assert.deepEqual(mine.generation, COMFY_READ.settings);
    } finally {
      await runtime.stop();
    }
  },
);

Deno.test("[page] the media page shows prompt, negative prompt and settings from the file, each with a copy button", async () => {
  await using env = await makeTestEnv();
  const member = await createUser(env.db);
  const cookie = await loginCookie(env.db, member.id);
  const item = await create(env, cookie, { name: "a.jpg", mime: "image/jpeg", bytes: await jpegWithUserComment(A1111) }, "image");
  const html = await (await env.request(`/media/${item.slug}`, { cookie })).text();
  for (
    const text of ["a lighthouse at dusk, oil painting", "Negative prompt", "blurry, lowres", "DPM++ 2M Karras", "832x1216", "1234567"]
  ) {
    assert.ok(html.includes(text), text);
  }
  for (const label of ["prompt", "negative prompt", "Model", "Sampler", "Steps", "CFG scale", "Seed", "Size"]) {
    assert.ok(html.includes(`aria-label="Copy ${label}"`), label);
  }
  assert.ok(!html.includes("\u202E"));
});
