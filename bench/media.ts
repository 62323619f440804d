/**
 * Media bench (standalone): `NODE_ENV=production deno run -A bench/media.ts`.
 * Seeds a fresh DATA_DIR, starts main.ts pinned to core 0, drives it with wrk from core 1
 * (-t1 -c32 -d5s --latency) and prints requests/s and p99 for a media page and for POST like,
 * plus the compressed bytes of a media page. Figures are printed, never asserted.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { fileURLToPath } from "node:url";
import { insertSession } from "../db/queries/sessions.ts";
import { insertUser } from "../db/queries/users.ts";
import { comments, media } from "../db/schema/mod.ts";
import { prepareData } from "../lib/bootstrap.ts";
import { parseConfig } from "../lib/config.ts";
import { randomToken, sha256Hex } from "../lib/crypto.ts";
import { sessionCookieName } from "../lib/session.ts";
import { mediaSlug } from "../lib/slug.ts";

const ROOT = fileURLToPath(new URL("../", import.meta.url));
const MEMBERS = 2000;
const LIKE_ITEMS = 20;

function freePort(): number {
  const l = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (l.addr as Deno.NetAddr).port;
  l.close();
  return port;
}

const dataDir = mkdtempSync(`${tmpdir()}/dreamreel-bench-media-`);
const port = freePort();
const env = {
  DATA_DIR: dataDir,
  PORT: String(port),
  HOST: "127.0.0.1",
  LOG_LEVEL: "warn",
  NODE_ENV: "production",
  SITE_URL: `http://127.0.0.1:${port}`,
};
const config = parseConfig(env);
const db = await prepareData(config);

// Seed: an uploader, 40 items in one category, 30 comments on the measured item, members with sessions.
const uploader = await insertUser(db, { username: "bench_uploader", email: null, passwordHash: null });
const ids: number[] = [];
for (let i = 0; i < 40; i++) {
  const [row] = await db.insert(media).values({
    userId: uploader.id,
    categoryId: 1,
    title: `Bench item ${i}: a neon city at night`,
    contentType: "video",
    fileKey: `v/${"0".repeat(31)}${i.toString(16)}.mp4`,
    reviewStatus: "approved",
    description: "A long description of an AI-generated clip. ".repeat(6),
    prompt: "a neon city at night seen from a car window in the rain, cinematic, 35mm",
    aiGenerator: "Runway",
    tags: "neon, city, night, rain",
    duration: 95,
  }).returning({ id: media.id });
  ids.push(row.id);
}
const target = ids[0];
for (let i = 0; i < 30; i++) {
  await db.insert(comments).values({ mediaId: target, username: "Anonymous", content: `Comment number ${i}, nicely done.` });
}
await db.update(media).set({ commentCount: 30 });
const cookieName = sessionCookieName(config);
const cookies: string[] = [];
for (let i = 0; i < MEMBERS; i++) {
  const u = await insertUser(db, { username: `bench_${i}`, email: null, passwordHash: null });
  const sid = randomToken();
  await insertSession(db, sha256Hex(sid), u.id, Date.now() + 86_400_000);
  cookies.push(`${cookieName}=${sid}`);
}
db.client.close();

const child = new Deno.Command("taskset", {
  args: ["-c", "0", Deno.execPath(), "run", "-A", `${ROOT}main.ts`],
  env,
  cwd: ROOT,
  stdout: "null",
  stderr: "inherit",
}).spawn();
const url = `http://127.0.0.1:${port}`;
for (let i = 0;; i++) {
  try {
    await (await fetch(`${url}/api/user`)).body?.cancel();
    break;
  } catch {
    if (i > 300) throw new Error("bench server did not start");
    await new Promise((r) => setTimeout(r, 100));
  }
}

type Result = { name: string; rps: number; p99: string; non2xx: number; errors: number };

async function wrk(name: string, target: string, lua?: string): Promise<Result> {
  const args = ["-c", "1", "wrk", "-t1", "-c32", "-d5s", "--latency"];
  if (lua) {
    const script = `${mkdtempSync(`${tmpdir()}/dreamreel-wrk-`)}/s.lua`;
    await Deno.writeTextFile(script, lua);
    args.push("-s", script);
  }
  args.push(target);
  const out = new TextDecoder().decode((await new Deno.Command("taskset", { args, stdout: "piped", stderr: "piped" }).output()).stdout);
  const sock = out.match(/Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/);
  return {
    name,
    rps: Number(out.match(/Requests\/sec:\s+([\d.]+)/)?.[1] ?? NaN),
    p99: out.match(/^\s+99%\s+(\S+)/m)?.[1] ?? "?",
    non2xx: Number(out.match(/Non-2xx or 3xx responses:\s+(\d+)/)?.[1] ?? 0),
    errors: sock ? sock.slice(1).reduce((s, n) => s + Number(n), 0) : 0,
  };
}

const pagePath = `/media/${mediaSlug(`Bench item 0: a neon city at night`, target)}`;
// Warm up (JIT, page cache) before measuring.
for (let i = 0; i < 50; i++) await (await fetch(url + pagePath)).body?.cancel();

const results: Result[] = [];
// Reference: the home page, so the figures can be read against the other benches' on a busy machine.
results.push(await wrk("GET / (reference)", url + "/"));
results.push(await wrk("GET media page (visitor)", url + pagePath));
results.push(
  await wrk(
    "GET media page (member)",
    url + pagePath,
    `wrk.headers["Cookie"] = "${cookies[0]}"`,
  ),
);

// POST like: each request a random member and item, so nearly every request inserts a row.
const lua = `
local cookies = { ${cookies.map((c) => `"${c}"`).join(",")} }
local items = { ${ids.slice(0, LIKE_ITEMS).join(",")} }
math.randomseed(42)
request = function()
  local c = cookies[math.random(#cookies)]
  local id = items[math.random(#items)]
  return wrk.format("POST", "/api/videos/" .. id .. "/like", { ["Cookie"] = c, ["Origin"] = "${url}" }, nil)
end`;
results.push(await wrk("POST /api/videos/{id}/like", url, lua));

const sizes: Record<string, number> = {};
for (const enc of ["br", "gzip", "identity"]) {
  const res = await fetch(url + pagePath, { headers: { "Accept-Encoding": enc } });
  sizes[enc] = (await res.arrayBuffer()).byteLength;
}
// fetch decodes transparently; measure the wire bytes with Content-Length of the encoded answer.
for (const enc of ["br", "gzip"]) {
  const res = await fetch(url + pagePath, { headers: { "Accept-Encoding": enc } });
  sizes[enc] = Number(res.headers.get("content-length") ?? sizes[enc]);
  await res.body?.cancel();
}

const { createClient } = await import("@libsql/client");
const check = createClient({ url: `file:${dataDir}/dreamreel.db` });
const likeRows = Number((await check.execute("select count(*) as n from likes")).rows[0].n);
const likeSum = Number((await check.execute("select sum(likes) as n from media")).rows[0].n);
check.close();

child.kill("SIGTERM");
await child.status;
await Deno.remove(dataDir, { recursive: true }).catch(() => {});

console.log("Media bench (server on core 0, wrk -t1 -c32 -d5s from core 1)");
for (const r of results) {
  console.log(
    `${r.name.padEnd(32)} ${r.rps.toFixed(0).padStart(7)} req/s   p99 ${
      r.p99.padStart(8)
    }   non-2xx ${r.non2xx}   socket errors ${r.errors}`,
  );
}
console.log(`media page bytes: brotli ${sizes.br}, gzip ${sizes.gzip}, raw ${sizes.identity}`);
console.log(`likes: ${likeRows} rows, sum of media.likes ${likeSum} (${likeRows === likeSum ? "consistent" : "MISMATCH"})`);
