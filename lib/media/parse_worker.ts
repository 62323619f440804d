/**
 * The parse worker (decision 027): a thread apart from the one serving requests, where the
 * metadata of uploads is parsed and their frames hashed. The host (lib/media/untrusted_parse.ts)
 * sends one task at a time and terminates this thread when a task passes its wall-clock limit,
 * so however a parser behaves on some file, the event loop that answers other visitors does not
 * wait for it. Imports only pure parsing code (no sharp, no database).
 */
import { parentPort } from "node:worker_threads";
import { readFile } from "node:fs/promises";
import { readImageGeneration, videoTagsGeneration } from "./generation.ts";
import { frameHashes } from "./phash.ts";

export type ParseTask =
  | { task: "imageGeneration"; path: string; mime: string }
  | { task: "videoGeneration"; json: string }
  | { task: "frameHashes"; pixels: Uint8Array };

async function run(t: ParseTask): Promise<unknown> {
  if (t.task === "imageGeneration") return readImageGeneration(await readFile(t.path), t.mime);
  if (t.task === "videoGeneration") return videoTagsGeneration(t.json);
  if (t.task === "frameHashes") return frameHashes(t.pixels);
  throw new Error("unknown task");
}

const port = parentPort;
if (port) {
  port.on("message", async (t: ParseTask) => {
    try {
      port.postMessage({ ok: true, result: await run(t) });
    } catch (e) {
      port.postMessage({ ok: false, error: e instanceof Error ? e.message : String(e) });
    }
  });
  port.postMessage({ ready: true });
}
