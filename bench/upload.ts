/**
 * Upload bench: streams a 750 MB video to POST /api/upload/file of the real server (a
 * subprocess pinned to core 0, the client on core 1) and prints the throughput and how much the
 * server's resident memory (VmRSS from /proc/<pid>/status) grew while it received the file.
 * Target (QUALITY.md): growth under 50 MB. Then times POST /api/videos (probe, faststart remux,
 * poster) on that file.
 *
 *   NODE_ENV=production deno run -A bench/upload.ts [--mb 750]
 *
 * The file is a real, decodable MP4 (a short clip made by ffmpeg) padded with a sparse `free`
 * box to the size asked, so the server's checks pass and the disk holds no random data.
 */
import { Buffer } from "node:buffer";
import { rssMb, startBenchServer } from "./_lib.ts";

const mbArg = Deno.args.indexOf("--mb");
const MB = mbArg >= 0 ? Number(Deno.args[mbArg + 1]) : 750;
const LIMIT_MB = 750;

// The client runs on core 1, away from the server's core 0.
if (!Deno.env.get("BENCH_CHILD")) {
  const child = new Deno.Command("taskset", {
    args: ["-c", "1", Deno.execPath(), "run", "-A", new URL(import.meta.url).pathname, ...Deno.args],
    env: { BENCH_CHILD: "1", NODE_ENV: "production" },
    stdout: "inherit",
    stderr: "inherit",
  }).spawn();
  Deno.exit((await child.status).code);
}

async function makeVideo(path: string, totalBytes: number) {
  const clip = `${dir}/clip.mp4`;
  const r = await new Deno.Command("ffmpeg", {
    args: [
      ...["-v", "error", "-y", "-f", "lavfi", "-i", "testsrc=duration=5:size=640x360:rate=25"],
      ...["-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-movflags", "+faststart", clip],
    ],
  }).output();
  if (!r.success) throw new Error(new TextDecoder().decode(r.stderr));
  const bytes = await Deno.readFile(clip);
  const pad = totalBytes - bytes.length;
  const header = Buffer.alloc(8);
  header.writeUInt32BE(pad, 0);
  header.write("free", 4, "latin1");
  const f = await Deno.open(path, { write: true, create: true, truncate: true });
  await f.write(bytes);
  await f.write(header);
  await f.truncate(totalBytes); // sparse: the rest of the free box reads as zeros
  f.close();
}

const server = await startBenchServer({ env: { MAX_VIDEO_MB: String(LIMIT_MB) } });
const base = server.url;
const cookie = server.cookie;
const dir = server.dataDir;

try {
  const categories = await (await fetch(`${base}/api/categories`)).json();

  const size = Math.min(MB, LIMIT_MB) * 1024 * 1024 - 64 * 1024; // just under the limit
  const file = `${dir}/upload.mp4`;
  await makeVideo(file, size);

  // Warm the upload path with a small file so the baseline includes the loaded code.
  await uploadTo(base, cookie, `${dir}/clip.mp4`, (await Deno.stat(`${dir}/clip.mp4`)).size);
  await new Promise((r) => setTimeout(r, 500));
  const before = rssMb(server.pid);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(server.pid))), 25);
  const t0 = performance.now();
  const res = await uploadTo(base, cookie, file, size);
  const seconds = (performance.now() - t0) / 1000;
  clearInterval(sampler);
  peak = Math.max(peak, rssMb(server.pid));
  const body = await res.json();
  if (res.status !== 201) throw new Error(`upload: ${res.status} ${JSON.stringify(body)}`);

  const t1 = performance.now();
  const created = await fetch(`${base}/api/videos`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base, cookie },
    body: JSON.stringify({
      title: "Bench upload",
      categoryId: categories[0].id,
      aiGenerator: "Runway",
      contentType: "video",
      videoUrl: body.url,
    }),
  });
  const createSeconds = (performance.now() - t1) / 1000;
  const item = await created.json();
  const after = rssMb(server.pid);

  const mb = size / 1048576;
  console.log(`upload bench: ${mb.toFixed(0)} MB video streamed to POST /api/upload/file`);
  console.log(`  transfer:        ${seconds.toFixed(2)} s, ${(mb / seconds).toFixed(0)} MB/s (loopback; server on core 0)`);
  console.log(`  server RSS:      ${before.toFixed(1)} MB before, ${peak.toFixed(1)} MB peak during the upload`);
  console.log(`  RSS growth:      ${(peak - before).toFixed(1)} MB (target < 50 MB) ${peak - before < 50 ? "OK" : "OVER"}`);
  console.log(
    `  POST /api/videos: ${created.status} in ${createSeconds.toFixed(2)} s (probe, faststart remux, poster); ` +
      `duration ${item.duration}s, stored ${(item.size / 1048576).toFixed(1)} MB; RSS after ${after.toFixed(1)} MB`,
  );
} finally {
  await server.stop();
}

async function uploadTo(base: string, cookie: string, path: string, bytes: number) {
  const boundary = `----bench${crypto.randomUUID().replaceAll("-", "")}`;
  const head = new TextEncoder().encode(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.mp4"\r\nContent-Type: video/mp4\r\n\r\n`,
  );
  const tail = new TextEncoder().encode(`\r\n--${boundary}--\r\n`);
  const reader = (await Deno.open(path, { read: true })).readable.getReader();
  let stage = 0;
  // Pull-based: the client reads the file only as fast as the server takes it.
  const stream = new ReadableStream<Uint8Array>({
    async pull(ctrl) {
      if (stage === 0) {
        stage = 1;
        ctrl.enqueue(head);
      } else if (stage === 1) {
        const { value, done } = await reader.read();
        if (!done) return ctrl.enqueue(value);
        stage = 2;
        ctrl.enqueue(tail);
      } else ctrl.close();
    },
  });
  return fetch(`${base}/api/upload/file`, {
    method: "POST",
    headers: {
      "content-type": `multipart/form-data; boundary=${boundary}`,
      "content-length": String(head.length + bytes + tail.length),
      origin: base,
      cookie,
    },
    body: stream,
  });
}
