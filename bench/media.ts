/**
 * Media bench: `NODE_ENV=production deno run -A bench/media.ts`.
 * Seeds a fresh DATA_DIR, starts main.ts pinned to core 0, drives it with wrk from core 1
 * (-t1 -c32 -d5s --latency) and prints requests/s and p99 for a media page and for POST like,
 * plus the compressed bytes of a media page. Figures are printed, never asserted.
 */
import { createClient } from "@libsql/client";
import { insertUser } from "../db/queries/users.ts";
import { comments, media } from "../db/schema/mod.ts";
import { mediaSlug } from "../lib/media/slug.ts";
import { compressedSize, measure, printTable, startBenchServer, withAgeCookie, WRK, WRK_HEADER, wrkRows } from "./_lib.ts";

const MEMBERS = 2000;
const LIKE_ITEMS = 20;
const ids: number[] = [];

// Seed: an uploader, 40 items in one category, 30 comments on the measured item, members with sessions.
const server = await startBenchServer({
  members: MEMBERS,
  seed: async (db) => {
    const uploader = await insertUser(db, { username: "bench_uploader", email: null, passwordHash: null });
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
    for (let i = 0; i < 30; i++) {
      await db.insert(comments).values({ mediaId: ids[0], username: "Anonymous", content: `Comment number ${i}, nicely done.` });
    }
    await db.update(media).set({ commentCount: 30 });
  },
});
const url = server.url;

try {
  const pagePath = `/media/${mediaSlug(`Bench item 0: a neon city at night`, ids[0])}`;
  // Warm up (JIT, page cache) before measuring.
  for (let i = 0; i < 50; i++) await (await fetch(url + pagePath, { headers: withAgeCookie() })).body?.cancel();

  // POST like: each request a random member and item, so nearly every request inserts a row.
  const likeLua = `
local cookies = { ${server.cookies.map((c) => `"${c}"`).join(",")} }
local items = { ${ids.slice(0, LIKE_ITEMS).join(",")} }
math.randomseed(42)
request = function()
  local c = cookies[math.random(#cookies)]
  local id = items[math.random(#items)]
  return wrk.format("POST", "/api/videos/" .. id .. "/like", { ["Cookie"] = c, ["Origin"] = "${url}" }, nil)
end`;
  const results = [
    // Reference: the home page, so the figures can be read against the other benches' on a busy machine.
    await measure("GET / (reference)", url + "/"),
    await measure("GET media page (visitor)", url + pagePath),
    await measure("GET media page (member)", url + pagePath, { headers: { Cookie: server.cookie } }),
    await measure("POST /api/videos/{id}/like", url, { lua: likeLua }),
  ];

  const sizes: Record<string, number> = {};
  for (const enc of ["br", "gzip", "identity"]) sizes[enc] = (await compressedSize(url + pagePath, { "accept-encoding": enc })).bytes;

  const check = createClient({ url: server.config.databaseUrl });
  const likeRows = Number((await check.execute("select count(*) as n from likes")).rows[0].n);
  const likeSum = Number((await check.execute("select sum(likes) as n from media")).rows[0].n);
  check.close();

  printTable(
    `Media bench (server on core 0, wrk -t${WRK.threads} -c${WRK.connections} -d${WRK.seconds}s from core 1)`,
    WRK_HEADER,
    wrkRows(results),
  );
  console.log(`media page bytes: brotli ${sizes.br}, gzip ${sizes.gzip}, raw ${sizes.identity}`);
  console.log(`likes: ${likeRows} rows, sum of media.likes ${likeSum} (${likeRows === likeSum ? "consistent" : "MISMATCH"})`);
} finally {
  await server.stop();
}
