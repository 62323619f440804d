/**
 * Parsing what a member uploaded, off the event loop (decision 027): generation metadata (PNG
 * text, EXIF, XMP, ComfyUI graphs, a video's container tags) and the perceptual hashes of an
 * image's frames are computed in one worker thread (lib/media/parse_worker.ts), one task at a
 * time, each with a wall-clock limit. A task past it has the worker terminated (a new one starts
 * for the next task) and fails: metadata then counts as absent, hashing refuses the upload. The
 * parsers are linear and capped besides; the worker is what holds when one of them is not.
 * Started on first use (about 24 MB of RSS), stopped after IDLE_MS without a task; while idle it
 * does not keep the process alive.
 */
import { Worker } from "node:worker_threads";
import type { Config } from "../config.ts";
import { log } from "../log.ts";
import { runBounded } from "./bounded_run.ts";
import { allocLimit, decoderPixels, PROBE_TIMEOUT_MS } from "./ffmpeg.ts";
import type { GenerationData } from "./generation.ts";
import type { ParseTask } from "./parse_worker.ts";

const WORKER_URL = new URL("./parse_worker.ts", import.meta.url);
/** A task's wall clock once the worker is up (a 64 KiB metadata block or 1,000 frames take milliseconds). */
export const PARSE_TIMEOUT_MS = 5_000;
/** Starting the worker loads its modules (and type-checks them under `deno test`): slow on a busy machine, once. */
const START_TIMEOUT_MS = 120_000;
/** A worker with no task for this long is stopped; the next task starts another (a few hundred ms). */
const IDLE_MS = 60_000;

export class ParseTimeout extends Error {
  constructor() {
    super(`parsing took longer than ${PARSE_TIMEOUT_MS / 1000} s`);
  }
}

type Queued = { task: ParseTask; resolve: (v: unknown) => void; reject: (e: unknown) => void };

let current: Promise<Worker> | null = null;
const queue: Queued[] = [];
let busy = false;
let idleTimer: ReturnType<typeof setTimeout> | undefined;

function start(): Promise<Worker> {
  const w = new Worker(WORKER_URL);
  return new Promise<Worker>((resolve, reject) => {
    const fail = (e: unknown) => {
      clearTimeout(timer);
      void w.terminate();
      reject(e);
    };
    const timer = setTimeout(() => fail(new Error("the parse worker did not start")), START_TIMEOUT_MS);
    w.once("error", fail);
    w.once("message", (m: { ready?: boolean }) => {
      clearTimeout(timer);
      w.off("error", fail);
      if (m?.ready) resolve(w);
      else fail(new Error("the parse worker did not start"));
    });
  });
}

/** One task on the worker; the worker is dropped (terminated) when it fails to answer in time or dies. */
async function runOne(task: ParseTask): Promise<unknown> {
  current ??= start();
  let w: Worker;
  try {
    w = await current;
  } catch (e) {
    current = null;
    throw e;
  }
  w.ref();
  try {
    return await new Promise((resolve, reject) => {
      const done = () => {
        clearTimeout(timer);
        w.off("message", onMessage).off("error", onError).off("exit", onExit);
      };
      const drop = (e: unknown) => {
        done();
        current = null;
        void w.terminate();
        reject(e);
      };
      const onMessage = (m: { ok: boolean; result?: unknown; error?: string }) => {
        done();
        if (m.ok) resolve(m.result);
        else reject(new Error(m.error));
      };
      const onError = (e: unknown) => drop(e);
      const onExit = () => drop(new Error("the parse worker stopped"));
      const timer = setTimeout(() => drop(new ParseTimeout()), PARSE_TIMEOUT_MS);
      w.on("message", onMessage).on("error", onError).on("exit", onExit);
      w.postMessage(task);
    });
  } finally {
    w.unref();
  }
}

async function pump() {
  if (busy) return;
  busy = true;
  clearTimeout(idleTimer);
  try {
    for (let next = queue.shift(); next; next = queue.shift()) {
      await runOne(next.task).then(next.resolve, next.reject);
    }
  } finally {
    busy = false;
    const timer = setTimeout(stopWhenIdle, IDLE_MS);
    Deno.unrefTimer(timer); // an idle worker's timer keeps nothing alive either
    idleTimer = timer;
  }
}

function stopWhenIdle() {
  if (busy || queue.length || !current) return;
  const stopping = current;
  current = null;
  void stopping.then((w) => w.terminate()).catch(() => {});
}

/** Runs a task in the parse worker, after those queued before it. */
export function parseOffLoop<T>(task: ParseTask): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    queue.push({ task, resolve: resolve as (v: unknown) => void, reject });
    void pump();
  });
}

/** An image's generation metadata; null when it has none, or when reading it failed or took too long (logged). */
export async function readImageGenerationOffLoop(path: string, mime: string): Promise<GenerationData | null> {
  try {
    return await parseOffLoop<GenerationData | null>({ task: "imageGeneration", path, mime });
  } catch (e) {
    log.warn("an upload's metadata could not be read", { mime, reason: e instanceof Error ? e.message : String(e) });
    return null;
  }
}

/** The hashes of 32x32 grey frames and the most detailed one (lib/media/phash.ts frameHashes); throws when it fails. */
export function hashFramesOffLoop(pixels: Uint8Array): Promise<{ hashes: string[]; detailed: number }> {
  return parseOffLoop({ task: "frameHashes", pixels: pixels.slice() }); // its own buffer: a view would clone what it views
}

/** Generation data from a video's container tags (ComfyUI video nodes: `prompt`, `workflow`, `comment`). */
export async function readVideoGeneration(config: Config, path: string, signal?: AbortSignal): Promise<GenerationData | null> {
  // Only the container's tags are printed; more than 1 MiB of them is not metadata we read.
  const out = await runBounded("ffprobe", [
    ...["-v", "error", ...allocLimit(config), "-max_pixels", String(decoderPixels(config))],
    ...["-print_format", "json", "-show_entries", "format_tags", path],
  ], { timeoutMs: PROBE_TIMEOUT_MS, maxStdoutBytes: 1024 * 1024, signal }).catch(() => null);
  if (!out?.success) return null;
  try {
    return await parseOffLoop<GenerationData | null>({ task: "videoGeneration", json: out.stdout });
  } catch (e) {
    log.warn("a video's metadata could not be read", { reason: e instanceof Error ? e.message : String(e) });
    return null;
  }
}
