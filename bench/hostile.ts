/**
 * Hostile uploads (issue 31, decision 027): the corpus of tests/_hostile_files.ts uploaded and
 * published, one file at a time, to the real server (a subprocess pinned to core 0; this client
 * on core 1), while a visitor asks for /api/categories every 20 ms. Per file: what the server
 * answered, how long the upload and create took, the visitor's requests (count, p50, p99, worst
 * wait past when each was due) and the server's resident memory before and at its peak. Then the
 * peak memory of ffprobe on the 16,000x16,000 H.264 with and without the limits the server uses. Then
 * (issue 42) how long another member's 2 s clip takes to be ready while a still 4K clip transcodes,
 * and the visitor's waits meanwhile.
 *
 *   NODE_ENV=production deno run -A bench/hostile.ts [--before]
 *
 * `--before` also times, in this process, the regexes the XMP and EXIF readers used before issue 31
 * on the two bombs (tens of seconds on a busy machine).
 */
import { mp4, multipart } from "../tests/_media_fixtures.ts";
import * as hostile from "../tests/_hostile_files.ts";
import { scene } from "../tests/_similar_fixtures.ts";
import { allocLimit, decoderPixels } from "../lib/media/ffmpeg.ts";
import { printTable, rssMb, startBenchServer } from "./_lib.ts";

if (!Deno.env.get("BENCH_CHILD")) {
  const child = new Deno.Command("taskset", {
    args: ["-c", "1", Deno.execPath(), "run", "-A", new URL(import.meta.url).pathname, ...Deno.args],
    env: { BENCH_CHILD: "1", NODE_ENV: "production" },
    stdout: "inherit",
    stderr: "inherit",
  }).spawn();
  Deno.exit((await child.status).code);
}

type Case = { name: string; make: () => Promise<Uint8Array>; file: string; mime: string };
const CASES: Case[] = [
  { name: "XMP, 65,504 word characters", make: hostile.xmpBombJpeg, file: "x.jpg", mime: "image/jpeg" },
  { name: "XMP, 4,000 unclosed elements", make: hostile.xmpElementBombJpeg, file: "e.jpg", mime: "image/jpeg" },
  { name: "EXIF, 65,000 NULs", make: hostile.exifNulJpeg, file: "n.jpg", mime: "image/jpeg" },
  { name: "PNG text, 40 MiB inflated", make: hostile.pngTextBomb, file: "t.png", mime: "image/png" },
  { name: "PNG header 30,000x30,000", make: hostile.pngHeaderBomb, file: "p.png", mime: "image/png" },
  { name: "JPEG header 60,000x60,000", make: hostile.jpegHeaderBomb, file: "j.jpg", mime: "image/jpeg" },
  { name: "PNG of 600x80,000", make: hostile.tallPng, file: "tall.png", mime: "image/png" },
  { name: "PNG of 1x50,000,000 (97 KB)", make: hostile.threadPng, file: "thread.png", mime: "image/png" },
  { name: "GIF of 1,001 frames", make: hostile.gifManyFrames, file: "m.gif", mime: "image/gif" },
  { name: "GIF, grey first frame", make: hostile.greyFirstFrameGif, file: "g.gif", mime: "image/gif" },
  { name: "WebP, grey first frame", make: hostile.greyFirstFrameWebp, file: "g.webp", mime: "image/webp" },
  { name: "60% grey border", make: hostile.greyBorderPng, file: "b.png", mime: "image/png" },
  { name: "MP4, frame at 36,000 s", make: hostile.longTimestampMp4, file: "l.mp4", mime: "video/mp4" },
  { name: "MP4, headers say 1 s", make: hostile.lyingLongMp4, file: "l2.mp4", mime: "video/mp4" },
  { name: "H.264 16,000x16,000", make: hostile.hugeFrameMp4, file: "h.mp4", mime: "video/mp4" },
];

const server = await startBenchServer({ admin: true, members: 2, env: { RATE_UPLOADS_PER_USER: "10000" } });
const post = (path: string, init: RequestInit, cookie = server.cookie) =>
  fetch(`${server.url}${path}`, { ...init, method: "POST", headers: { ...init.headers, origin: server.url, cookie } });

/** Uploads and creates; the answer as a line, and the item's id when created. */
async function create(c: Case, bytes: Uint8Array, cookie = server.cookie): Promise<{ answer: string; id?: number }> {
  const mp = multipart(c.file, c.mime, bytes);
  const up = await post("/api/upload/file", { headers: { "content-type": mp.contentType }, body: mp.body }, cookie);
  const upBody = await up.json();
  if (up.status !== 201) return { answer: `upload ${up.status}: ${upBody.error}` };
  const kind = c.mime.startsWith("video/") ? "video" : "image";
  const created = await post("/api/videos", {
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ title: c.name, contentType: kind, [`${kind}Url`]: upBody.url, categoryId: 1, aiGenerator: "Bench" }),
  }, cookie);
  const body = await created.json();
  return created.status === 201 ? { answer: "created (201)", id: body.id } : { answer: `create ${created.status}: ${body.error}` };
}
const publish = async (c: Case, bytes: Uint8Array) => (await create(c, bytes)).answer;

/** An item's processing state as its owner sees it. */
async function stateOf(id: number, cookie: string): Promise<string> {
  const res = await fetch(`${server.url}/api/videos/${id}`, { headers: { cookie } });
  return res.ok ? (await res.json()).processing?.state ?? "ready" : `gone (${res.status})`;
}

/** The visitor's waits past each request's due time while `work` runs, and the server's peak RSS. */
async function measured(work: () => Promise<string>) {
  const waits: number[] = [];
  let stop = false;
  let peak = rssMb(server.pid);
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(server.pid))), 20);
  const visitor = (async () => {
    let due = performance.now();
    while (!stop) {
      await new Promise((r) => setTimeout(r, Math.max(0, due - performance.now())));
      await (await fetch(`${server.url}/api/categories`)).body?.cancel();
      waits.push(performance.now() - due);
      due = performance.now() + 20;
    }
  })();
  const t0 = performance.now();
  const answer = await work();
  const seconds = (performance.now() - t0) / 1000;
  stop = true;
  await visitor;
  clearInterval(sampler);
  waits.sort((a, b) => a - b);
  const at = (q: number) => waits[Math.min(waits.length - 1, Math.floor(q * waits.length))] ?? NaN;
  return { answer, seconds, count: waits.length, p50: at(0.5), p99: at(0.99), worst: waits[waits.length - 1] ?? NaN, peak };
}

try {
  // The blocklisted picture the look-alike dodges show.
  const mp = multipart("o.png", "image/png", await scene(hostile.BLOCKED_SCENE));
  const up = await (await post("/api/upload/file", { headers: { "content-type": mp.contentType }, body: mp.body })).json();
  const item = await (await post("/api/videos", {
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ title: "Original", contentType: "image", imageUrl: up.url, categoryId: 1, aiGenerator: "Bench" }),
  })).json();
  await (await post(`/api/admin/content/${item.id}/blocklist`, { headers: { "content-type": "application/json" }, body: "{}" })).body
    ?.cancel();

  const idle = await measured(() => new Promise((r) => setTimeout(() => r("(nothing)"), 2000)));
  const rows: (string | number)[][] = [[
    "idle, 2 s",
    idle.answer,
    idle.seconds.toFixed(2),
    idle.count,
    idle.p50,
    idle.p99,
    idle.worst,
    "-",
  ]];
  for (const c of CASES) {
    const bytes = await c.make();
    const before = rssMb(server.pid);
    const m = await measured(() => publish(c, bytes));
    rows.push([
      c.name,
      m.answer.slice(0, 60),
      m.seconds.toFixed(2),
      m.count,
      m.p50,
      m.p99,
      m.worst,
      `${before.toFixed(0)} > ${m.peak.toFixed(0)}`,
    ]);
  }
  printTable(
    "Hostile uploads: the visitor's wait (ms past due, one request every 20 ms) and the server's RSS (MB)",
    ["file", "answer", "upload+create s", "requests", "p50", "p99", "worst", "RSS before > peak"],
    rows,
  );

  // Issue 42 point 2: a long transcode (a still 4K clip, inside every limit) holds no one else's clip.
  const still = { name: "still 4K, 60 s at 30 fps", make: () => hostile.stillClip(60, 30), file: "s.mp4", mime: "video/mp4" };
  const clip = { name: "2 s clip", make: () => mp4(2, "640x360"), file: "c.mp4", mime: "video/mp4" };
  const [stillBytes, clipBytes] = [await still.make(), await clip.make()];
  const other = server.cookies[1];
  const long = await create(still, stillBytes);
  let waited = 0;
  while (long.id && (await stateOf(long.id, server.cookie)) === "queued" && waited++ < 600) await new Promise((r) => setTimeout(r, 100));
  const fair = await measured(async () => {
    const t0 = performance.now();
    const short = await create(clip, clipBytes, other);
    const end = performance.now() + 600_000;
    while (short.id && !["ready", "failed"].includes(await stateOf(short.id, other))) {
      if (performance.now() > end) return "not ready after 10 minutes";
      await new Promise((r) => setTimeout(r, 200));
    }
    const longState = long.id ? await stateOf(long.id, server.cookie) : long.answer;
    return `ready in ${((performance.now() - t0) / 1000).toFixed(1)} s; the 4K one: ${longState}`;
  });
  printTable(
    "A member's 2 s clip (640x360) while another's still 4K clip (60 s at 30 fps, a few MB) transcodes",
    ["4K clip", "the 2 s clip", "visitor requests", "p50", "p99", "worst (ms past due)"],
    [[long.answer, fair.answer, fair.count, fair.p50, fair.p99, fair.worst]],
  );
  if (long.id) {
    await fetch(`${server.url}/api/videos/${long.id}`, { method: "DELETE", headers: { origin: server.url, cookie: server.cookie } });
  }

  // What the 16,000x16,000 H.264 costs ffprobe, as the server runs it and bare.
  const huge = `${server.dataDir}/huge.mp4`;
  await Deno.writeFile(huge, await hostile.hugeFrameMp4());
  const peakOf = async (args: string[]) => {
    const r = await new Deno.Command("/usr/bin/time", { args: ["-f", "%M %e", "ffprobe", "-v", "quiet", ...args, huge], stderr: "piped" })
      .output().catch(() => null);
    const [kb, s] = new TextDecoder().decode(r?.stderr ?? new Uint8Array()).trim().split("\n").pop()!.split(" ");
    return [`${(Number(kb) / 1024).toFixed(0)} MB`, `${Number(s).toFixed(2)} s`];
  };
  const limits = [...allocLimit(server.config), "-max_pixels", String(decoderPixels(server.config))];
  printTable("ffprobe on the 16,000x16,000 H.264 (peak RSS, wall clock; /usr/bin/time)", ["ffprobe", "peak", "time"], [
    ["bare (before)", ...(await peakOf(["-show_streams"]))],
    [`with ${limits.join(" ")}`, ...(await peakOf([...limits, "-show_streams"]))],
  ]);

  if (Deno.args.includes("--before")) {
    const oldXmp = (xmp: string) => xmp.match(/[\w]+:parameters="([^"]*)"/);
    const oldNul = (text: string) => text.replace(/\0+$/, "");
    const time = (fn: () => unknown) => {
      const t = performance.now();
      fn();
      return (performance.now() - t).toFixed(0);
    };
    printTable("Before issue 31, in this process (one run each)", ["regex", "ms"], [
      ['`\\w+:parameters="` over 65,504 word characters', time(() => oldXmp("a".repeat(65_504)))],
      ["`\\0+$` over 65,000 NULs and a letter", time(() => oldNul("\0".repeat(65_000) + "x"))],
    ]);
  }
} finally {
  await server.stop();
}
