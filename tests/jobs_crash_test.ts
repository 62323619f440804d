/**
 * Bar 22: `kill -9` of the server during a transcode, then a restart: the job is taken again once
 * its lease runs out, finishes, the item becomes ready, and no file is left that no row owns.
 */
import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { eq } from "drizzle-orm";
import { jobs, media, mediaFiles } from "../db/schema/mod.ts";
import { prepareData } from "../lib/boot/bootstrap.ts";
import { createUser, loginCookie, tempDir, until } from "./_helpers.ts";
import { multipart } from "./_media_fixtures.ts";
import { needs } from "./_needs.ts";
import { h264, makeVideo } from "./_video_sources.ts";
import { parseConfig } from "../lib/config.ts";

const FFMPEG = needs(import.meta.url, "ffmpeg");

/**
 * A process and everything it started (Linux), deepest first. A crash under systemd or in a
 * container takes the service's whole process group down, ffmpeg included; killing the main
 * process alone would leave its ffmpeg running as an orphan that writes a temp file after the
 * restart's sweep.
 */
function processTree(pid: number): number[] {
  let children: number[] = [];
  try {
    children = readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number);
  } catch { /* gone already */ }
  return [...children.flatMap(processTree), pid];
}

function startServerProcess(dataDir: string) {
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", new URL("../main.ts", import.meta.url).pathname],
    env: {
      DATA_DIR: dataDir,
      PORT: "0",
      HOST: "127.0.0.1",
      JOB_LEASE_SECONDS: "2",
      FFMPEG_THREADS: "1",
      FFMPEG_NICE: "0", // as tests/_helpers.ts: beside the suite's browsers a niced transcode starves
      LOG_LEVEL: "info",
      NODE_ENV: "production",
      AGE_GATE: "false",
    },
    stdout: "piped",
    stderr: "null",
  }).spawn();
  const url = (async () => {
    let text = "";
    for await (const chunk of child.stdout.pipeThrough(new TextDecoderStream())) {
      text += chunk;
      const m = text.match(/"msg":"listening","url":"([^"]+)"/);
      if (m) {
        // Keep reading so the pipe never fills.
        (async () => {
          for await (const _ of child.stdout) { /* drain */ }
        })().catch(() => {});
        return m[1];
      }
    }
    throw new Error("the server exited before listening");
  })();
  return { child, url };
}

Deno.test({
  name: "[jobs] kill -9 during a transcode, then a restart: the job finishes, the item is ready, no orphan files",
  ignore: !FFMPEG,
  sanitizeResources: false,
  fn: async () => {
    const dataDir = tempDir();
    const config = parseConfig({ DATA_DIR: dataDir });
    const db = await prepareData(config);
    const member = await createUser(db);
    const cookie = await loginCookie(db, member.id);
    // Long enough at 480p that the kill lands mid-encode (about 2-4 s of work here).
    const bytes = await makeVideo(h264("854x480", 12, 25));
    let server = startServerProcess(dataDir);
    try {
      const url = await server.url;
      const headers = { cookie, origin: url };
      const mp = multipart("long.mp4", "video/mp4", bytes);
      const up = await (await fetch(`${url}/api/upload/file`, {
        method: "POST",
        headers: { ...headers, "content-type": mp.contentType },
        body: mp.body,
      })).json();
      const res = await fetch(`${url}/api/videos`, {
        method: "POST",
        headers: { ...headers, "content-type": "application/json" },
        body: JSON.stringify({ title: "Long", contentType: "video", videoUrl: up.url, categoryId: 1, aiGenerator: "Sora" }),
      });
      assert.equal(res.status, 201);
      const { id } = await res.json();
      await until(
        async () => {
          const row = await db.select().from(media).where(eq(media.id, id)).get();
          return row!.processingState === "processing" && row!.processingProgress > 0;
        },
        15_000,
        "the transcode to be under way",
      );
      for (const pid of processTree(server.child.pid)) {
        try {
          Deno.kill(pid, "SIGKILL");
        } catch { /* ended on its own */ }
      }
      await server.child.status;
      const [interrupted] = await db.select().from(jobs).where(eq(jobs.mediaId, id));
      assert.equal(interrupted.state, "running");
      assert.ok(interrupted.progress < 100);

      server = startServerProcess(dataDir);
      await server.url;
      await until(async () => (await db.select().from(jobs).where(eq(jobs.mediaId, id)))[0].state === "done", 60_000, "the job to finish");
      const [job] = await db.select().from(jobs).where(eq(jobs.mediaId, id));
      assert.equal(job.attempts, 2, "taken again after the lease ran out");
      assert.equal(job.outputs, "[]");
      const item = await db.select().from(media).where(eq(media.id, id)).get();
      assert.equal(item!.processingState, "ready");
      assert.equal(item!.processingProgress, 100);

      const owned = new Set([item!.fileKey!, ...(await db.select({ key: mediaFiles.key }).from(mediaFiles)).map((r) => r.key)]);
      const files = () =>
        readdirSync(config.uploadsDir, { recursive: true }).map(String)
          .filter((p) => existsSync(`${config.uploadsDir}/${p}`) && !Deno.statSync(`${config.uploadsDir}/${p}`).isDirectory);
      // The restarted server's start-up hash pass may hold a temp file of its own for a moment; an orphan's stays.
      await until(() => Promise.resolve(!files().some((p) => p.endsWith(".part"))), 20_000, "no temp files");
      const onDisk = files();
      assert.deepEqual(onDisk.sort(), [...owned].sort(), "every file on disk belongs to the item");
    } finally {
      server.child.kill("SIGTERM");
      await server.child.status;
      db.client.close();
    }
  },
});
