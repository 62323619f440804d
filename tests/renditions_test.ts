/**
 * Uploads through the HTTP API in the codecs people send (HEVC MP4, VP9 WebM, ProRes MOV, 4K
 * H.264), runs the job queue, and checks with ffprobe what is served: H.264 High/AAC yuv420p
 * renditions with the index first, never taller than the source (2160p for a 4K one), a short preview
 * clip keeping the sound (issue 35), WebP posters; the item stays out of public view until ready; deleting removes every file.
 */
import assert from "node:assert/strict";
import { readdirSync } from "node:fs";
import sharp from "sharp";
import { eq } from "drizzle-orm";
import { XMLParser } from "fast-xml-parser";
import { jobs, mediaFiles } from "../db/schema/mod.ts";
import { startJobs } from "../lib/boot/jobs.ts";
import { encodePreview } from "../lib/media/renditions.ts";
import { probeMedia } from "../lib/media/ffmpeg.ts";
import { categoryIds, createUser, json, loginCookie, makeTestEnv, until } from "./_helpers.ts";
import { multipart, topBoxes } from "./_media_fixtures.ts";
import { needs } from "./_needs.ts";
import { ffprobe, h264, makeVideo, SOURCES, type SourceSpec } from "./_video_sources.ts";

const FFMPEG = needs(import.meta.url, "ffmpeg");

const filesUnder = (dir: string) =>
  readdirSync(dir, { recursive: true }).map(String).filter((p) => /\.[a-z0-9]+$/.test(p) && !p.startsWith("tmp/")).sort();

Deno.test("[media] uploads in HEVC, VP9, ProRes and 4K H.264 become H.264/AAC renditions, a preview and posters", {
  ignore: !FFMPEG,
}, async () => {
  await using env = await makeTestEnv({ RATE_UPLOADS_PER_USER: "100", FFMPEG_THREADS: "2" });
  const { request, db, config } = env;
  const member = await createUser(db);
  const cookie = await loginCookie(db, member.id);
  const admin = await createUser(db, { isAdmin: true });
  const adminCookie = await loginCookie(db, admin.id);
  const [category] = await categoryIds(db);
  let runtime: Awaited<ReturnType<typeof startJobs>> | null = null;
  try {
    const made = await Promise.all(Object.values(SOURCES).map(async (spec: SourceSpec) => ({ spec, bytes: await makeVideo(spec) })));
    const ids: Record<string, number> = {};
    for (const { spec, bytes } of made) {
      const mp = multipart(spec.name, spec.mime, bytes);
      const up = await json(
        await request("/api/upload/file", { method: "POST", cookie, headers: { "content-type": mp.contentType }, body: mp.body }),
        201,
      );
      const item = await json(
        await request("/api/videos", {
          cookie,
          json: { title: spec.name, contentType: "video", videoUrl: up.url, categoryId: category.id, aiGenerator: "Sora", tags: "" },
        }),
        201,
      );
      assert.equal(item.processing.state, "queued");
      assert.deepEqual(item.sources, []);
      ids[spec.name] = item.id;
    }
    // Approved while processing: still shown nowhere publicly until ready.
    const hevcId = ids["phone.mp4"];
    await json(await request(`/api/admin/content/${hevcId}/approve`, { method: "POST", cookie: adminCookie }));
    assert.equal((await request(`/api/videos/${hevcId}`)).status, 404);
    const feed = await json(await request("/api/content/feed"));
    assert.ok(!feed.content.videos.some((v: { id: number }) => v.id === hevcId));
    runtime = await startJobs(db, config);

    await until(
      async () => {
        const mine = await json(await request("/api/user/videos", { cookie }));
        return mine.every((i: { processing: { state: string } }) => i.processing.state === "ready");
      },
      300_000,
      "every upload processed (the 4K one encodes a 2160p rung too)",
    ); // a state, not a time: four encodes on two shared cores can take minutes
    const mine: any[] = await json(await request("/api/user/videos", { cookie }));
    for (const item of mine) {
      const spec = made.find((m) => m.spec.name === item.title)!;
      const srcPath = `${config.dataDir}/src.${spec.spec.ext}`;
      await Deno.writeFile(srcPath, spec.bytes);
      const src = (await probeMedia(env.config, srcPath))!;
      const short = Math.min(src.width, src.height);
      assert.equal(item.processing.progress, 100);
      assert.ok(item.sources.length >= 1, item.title);
      const heights = item.sources.map((s: { height: number }) => s.height);
      assert.deepEqual(heights, [...heights].sort((a, b) => a - b), "smallest first");
      for (const s of item.sources) {
        const path = `${config.uploadsDir}/${s.url.replace("/uploads/", "")}`;
        const p = await ffprobe(path);
        const v = p.streams.find((x) => x.codec_type === "video")!;
        const a = p.streams.find((x) => x.codec_type === "audio");
        assert.equal(v.codec_name, "h264", item.title);
        assert.equal(v.profile, "High");
        assert.equal(v.pix_fmt, "yuv420p");
        assert.equal(a?.codec_name, "aac", `${item.title}: audio`);
        assert.ok(Math.min(v.width!, v.height!) <= short && Math.min(v.width!, v.height!) <= 2160, `${item.title} ${v.width}x${v.height}`);
        assert.equal(Math.min(v.width!, v.height!), s.height, "the rung is the short side");
        assert.equal(v.height! % 2 + v.width! % 2, 0, "even sizes");
        const boxes = topBoxes(await Deno.readFile(path));
        assert.ok(boxes.indexOf("moov") < boxes.indexOf("mdat"), `faststart: ${boxes}`);
        assert.equal(s.bytes, (await Deno.stat(path)).size);
        assert.equal(s.type, "video/mp4");
      }
      assert.ok(heights.every((h: number) => h <= 720) || item.videoUrl !== item.sources.at(-1).url);
      assert.ok(item.sources.some((s: { url: string }) => s.url === item.videoUrl), "videoUrl is a rendition");
      const preview = await ffprobe(`${config.uploadsDir}/${item.previewUrl.replace("/uploads/", "")}`);
      assert.ok(Number(preview.format.duration) <= 4.05);
      // Every source here has sound: so has its clip (issue 35), and the item says so for its card.
      assert.deepEqual(preview.streams.filter((x) => x.codec_type === "audio").map((x) => x.codec_name), ["aac"], item.title);
      assert.equal(item.previewSound, true, item.title);
      assert.ok(preview.streams[0].height! <= 360);
      for (const [url, width] of [[item.thumbnail, 400], [item.thumbnail2x, 800]]) {
        const meta = await sharp(`${config.uploadsDir}/${url.replace("/uploads/", "")}`).metadata();
        assert.equal(meta.format, "webp");
        assert.equal(meta.width, Math.min(width, src.width));
      }
    }
    const uhd = mine.find((i) => i.title === "uhd.mp4");
    // 4K is served (issue 35 point 4): a 2160p rung above 1080p, the file's own frame recorded.
    assert.deepEqual(uhd.sources.map((s: { height: number }) => s.height), [480, 720, 1080, 2160]);
    assert.deepEqual(uhd.sources[3].frame, { width: 3840, height: 2160 });
    assert.equal(uhd.videoUrl, uhd.sources[1].url, "a player knowing nothing starts at 720p");
    assert.equal(uhd.width, 3840);

    // Now ready: public; every new file answers Range with 206, and through a signed link.
    const hevc = await json(await request(`/api/videos/${hevcId}`));
    assert.equal(hevc.processing, undefined, "the public is not told about processing");
    const range = await request(hevc.videoUrl, { headers: { range: "bytes=0-99" } });
    assert.equal(range.status, 206);
    assert.equal((await range.arrayBuffer()).byteLength, 100);
    for (const url of [hevc.previewUrl, hevc.thumbnail2x]) assert.equal((await request(url)).status, 200);
    const signed = await json(await request(`/api/s3/${hevc.previewUrl.replace("/uploads/", "")}?getUrl=true`));
    const viaLink = await request(signed.url, { headers: { range: "bytes=10-19" } });
    assert.equal(viaLink.status, 206);
    // Feeds and og:video describe the file they link (issue 35 point 5): its bytes, type and pixels as ffprobe reads them.
    await enclosureIsTheFile(env, hevc.slug);
    // Another item, still pending: its rendition is private.
    const pending = mine.find((i) => i.title === "clip.webm");
    assert.equal((await request(pending.sources[0].url)).status, 404);
    assert.equal((await request(pending.sources[0].url, { cookie })).status, 200);

    // Deleting removes every file the item owned.
    const before = filesUnder(config.uploadsDir);
    const owned = await db.select({ key: mediaFiles.key }).from(mediaFiles).where(eq(mediaFiles.mediaId, uhd.id));
    assert.equal(owned.length, 7); // 4 renditions, preview, 2 posters
    await json(await request(`/api/videos/${uhd.id}`, { method: "DELETE", cookie }));
    const after = filesUnder(config.uploadsDir);
    assert.equal(before.length - after.length, 8, "renditions, preview, posters and the original");
    for (const { key } of owned) assert.ok(!after.includes(key));
    assert.equal((await db.select().from(jobs).where(eq(jobs.mediaId, uhd.id))).length, 0);
  } finally {
    await runtime?.stop();
  }
});

/** The RSS enclosure, media:content, the Atom enclosure and og:video of an item: the linked file's own numbers. */
async function enclosureIsTheFile(env: Awaited<ReturnType<typeof makeTestEnv>>, slug: string) {
  const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "" });
  const rss = parser.parse(await (await env.request("/feeds/latest.xml")).text());
  const entry = [rss.rss.channel.item].flat().find((i: { link: string }) => i.link.endsWith(`/media/${slug}`));
  const url: string = entry.enclosure.url;
  const path = `${env.config.uploadsDir}/${new URL(url).pathname.replace("/uploads/", "")}`;
  const probe = await ffprobe(path);
  const v = probe.streams.find((x) => x.codec_type === "video")!;
  const bytes = String((await Deno.stat(path)).size);
  assert.deepEqual(entry.enclosure, { url, type: "video/mp4", length: bytes });
  const content = entry["media:content"];
  assert.deepEqual([content.url, content.type, content.width, content.height, content.fileSize], [
    url,
    "video/mp4",
    String(v.width),
    String(v.height),
    bytes,
  ]);
  const atom = parser.parse(await (await env.request("/feeds/latest.xml?format=atom")).text());
  const atomEntry = [atom.feed.entry].flat().find((e: { id: string }) => JSON.stringify(e).includes(`/media/${slug}`));
  const link = [atomEntry.link].flat().find((l: { rel: string }) => l.rel === "enclosure");
  assert.deepEqual([link.href, link.type, link.length], [url, "video/mp4", bytes]);
  const html = await (await env.request(`/media/${slug}`)).text();
  assert.match(html, new RegExp(`<meta property="og:video" content="${url}"`));
  assert.match(html, new RegExp(`<meta property="og:video:width" content="${v.width}"`));
  assert.match(html, new RegExp(`<meta property="og:video:height" content="${v.height}"`));
}

/** The clip's first sound track decoded to 16-bit mono PCM at 8 kHz. */
async function decodedAudio(path: string): Promise<Int16Array> {
  const args = ["-v", "error", "-i", path, "-map", "0:a:0", "-f", "s16le", "-ac", "1", "-ar", "8000", "pipe:1"];
  const r = await new Deno.Command("ffmpeg", { args, stdout: "piped", stderr: "piped" }).output();
  assert.ok(r.success, new TextDecoder().decode(r.stderr));
  return new Int16Array(r.stdout.buffer, r.stdout.byteOffset, Math.floor(r.stdout.byteLength / 2));
}

Deno.test(
  "[media] the preview clip of a 10 s 1080p video: at most 4 s and 360p, under 300 KB, its sound kept at a low bitrate; a silent video's clip has none",
  {
    ignore: !FFMPEG,
  },
  async () => {
    await using env = await makeTestEnv();
    const src = `${env.config.dataDir}/tenth.mp4`;
    await Deno.writeFile(
      src,
      await makeVideo({
        ext: "mp4",
        args: [
          ...["-f", "lavfi", "-i", "testsrc2=size=1920x1080:rate=24:duration=10", "-f", "lavfi", "-i", "sine=duration=10"],
          ...["-c:v", "libx264", "-preset", "ultrafast", "-crf", "18", "-pix_fmt", "yuv420p", "-c:a", "aac", "-shortest"],
        ],
      }),
    );
    const out = `${env.config.dataDir}/preview.mp4`;
    assert.equal(await encodePreview(env.config, src, (await probeMedia(env.config, src))!, out), true, "it says it has sound");
    const p = await ffprobe(out);
    const size = (await Deno.stat(out)).size;
    assert.ok(Number(p.format.duration) <= 4.05, String(p.format.duration));
    assert.deepEqual(p.streams.map((s) => s.codec_type).sort(), ["audio", "video"]);
    const video = p.streams.find((s) => s.codec_type === "video")!;
    const audio = p.streams.find((s) => s.codec_type === "audio")!;
    assert.equal(video.height, 360);
    assert.equal(audio.codec_name, "aac");
    assert.ok(Number(audio.bit_rate) <= 64_000, `audio at ${audio.bit_rate} bit/s`);
    assert.ok(size < 300_000, `${size} bytes`);
    // The sound is there: the clips decoded to 0 bytes of audio. A 440 Hz sine is far from silence.
    const samples = await decodedAudio(out);
    assert.ok(samples.length >= 8000 * 3.5, `${samples.length} samples`);
    assert.ok(samples.reduce((m, s) => Math.max(m, Math.abs(s)), 0) > 1000, "not silence");

    const silentSrc = `${env.config.dataDir}/silent.mp4`;
    await Deno.writeFile(silentSrc, await makeVideo(h264("640x360", 6)));
    const silentOut = `${env.config.dataDir}/silent-preview.mp4`;
    assert.equal(await encodePreview(env.config, silentSrc, (await probeMedia(env.config, silentSrc))!, silentOut), false);
    assert.deepEqual((await ffprobe(silentOut)).streams.map((s) => s.codec_type), ["video"]);
  },
);
