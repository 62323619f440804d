/** With 10,000 seeded items every feed and search query is answered through an index. */
import assert from "node:assert/strict";
import { seedItems } from "../bench/_seed.ts";
import { featuredQuery, feedPageQuery, itemsByIdsQuery, rankChunkQuery } from "../db/queries/feed.ts";
import { ftsQuery, searchIds, searchIdsQuery, searchTexts } from "../db/queries/search.ts";
import { feedItemsQuery } from "../db/queries/feeds.ts";
import { perDayQuery } from "../db/queries/overview.ts";
import { comments, likes, media, reports, users, views } from "../db/schema/mod.ts";
import { makeTestEnv } from "./_helpers.ts";

const env = await makeTestEnv();
await seedItems(env.db, 10_000);

async function plan(query: { toSQL(): { sql: string; params: unknown[] } }): Promise<string[]> {
  const { sql, params } = query.toSQL();
  const rs = await env.db.client.execute({ sql: `EXPLAIN QUERY PLAN ${sql}`, args: params as never[] });
  return rs.rows.map((r) => String(r.detail));
}

/** media is reached through an index (never a full table scan); users and categories by key. */
function assertIndexed(lines: string[], label: string) {
  const text = lines.join("\n");
  assert.ok(!lines.some((l) => /^SCAN (media|users|categories)\b/.test(l)), `${label}: full scan\n${text}`);
  assert.match(text, /(SEARCH|SCAN) media USING (COVERING )?INDEX media_|SEARCH media USING INTEGER PRIMARY KEY/, `${label}\n${text}`);
  assert.match(text, /SEARCH users USING INTEGER PRIMARY KEY/, `${label}\n${text}`);
}

Deno.test("[db] seeding made 10,000 items", async () => {
  const rs = await env.db.client.execute("SELECT count(*) AS n FROM media");
  assert.equal(Number(rs.rows[0].n), 10_000);
});

for (const sort of ["newest", "oldest", "most-viewed", "popular"] as const) {
  for (const categoryId of [null, 3]) {
    for (const stream of ["videos", "images"] as const) {
      const label = `${sort} ${stream}${categoryId ? " in a category" : ""}`;
      Deno.test(`[db] EXPLAIN feed query ${label} uses an index`, async () => {
        const lines = await plan(feedPageQuery(env.db, { sort, stream, categoryId, limit: 13, offset: 26, excludeId: 5 }));
        assertIndexed(lines, label);
        if (categoryId && /newest|oldest/.test(sort)) assert.match(lines.join("\n"), /media_category_status_created/, label);
        if (/newest|oldest/.test(sort) && !categoryId) assert.doesNotMatch(lines.join("\n"), /TEMP B-TREE/, "reads in index order");
      });
    }
  }
}

Deno.test("[db] EXPLAIN the kept rankings read a chunk from the covering index alone", async () => {
  const text = (await plan(rankChunkQuery(env.db, 4000, 4000))).join("\n");
  assert.match(
    text,
    /SEARCH media USING COVERING INDEX media_public_rank \(review_status=\? AND hidden=\? AND playable=\? AND id>\?\)/,
    text,
  );
  assert.doesNotMatch(text, /TEMP B-TREE/, text);
});

Deno.test("[db] EXPLAIN a ranked page read by ids uses the primary key", async () => {
  const text = (await plan(itemsByIdsQuery(env.db, [5, 9, 200, 4000]))).join("\n");
  assert.match(text, /SEARCH media USING INTEGER PRIMARY KEY \(rowid=\?\)/, text);
});

Deno.test("[db] EXPLAIN featured query uses the featured index, with or without a category", async () => {
  for (const categoryId of [null, 3]) {
    const lines = await plan(featuredQuery(env.db, categoryId));
    assert.match(lines.join("\n"), /media_featured/, String(categoryId));
  }
});

for (const [type, categoryId] of [[null, null], ["video", 3]] as const) {
  Deno.test(`[db] EXPLAIN search query (type ${type}, category ${categoryId}) reads the FTS index only`, async () => {
    const lines = await plan(searchIdsQuery(env.db, { match: ftsQuery("neon dragon")!, type, categoryId }, 1001));
    const text = lines.join("\n");
    assert.match(text, /SCAN media_fts VIRTUAL TABLE INDEX/, text);
    assert.ok(!lines.some((l) => /^SCAN media\b(?!_fts)/.test(l)), text);
  });
}

for (const scope of [{ all: true as const }, { categoryId: 3 }, { userId: 1 }, { tagWords: ["neon"] }]) {
  Deno.test(`[db] EXPLAIN subscription feed ${JSON.stringify(scope)} never scans media`, async () => {
    const lines = await plan(feedItemsQuery(env.db, scope, 30));
    const text = lines.join("\n");
    assert.ok(!lines.some((l) => /^SCAN (media|users|categories)\b(?!_fts)/.test(l)), text);
    if ("tagWords" in scope) assert.match(text, /SCAN media_fts VIRTUAL TABLE INDEX/, text);
    else assert.match(text, /media USING (COVERING )?INDEX media_/, text);
  });
}

for (
  const [name, table, column] of [
    ["users", users, users.createdAt],
    ["media", media, media.createdAt],
    ["views", views, views.createdAt],
    ["likes", likes, likes.createdAt],
    ["comments", comments, comments.createdAt],
    ["reports", reports, reports.createdAt],
  ] as const
) {
  Deno.test(`[db] EXPLAIN the admin overview's ${name} per day reads its created_at index over the range`, async () => {
    const lines = await plan(perDayQuery(env.db, table, column, Date.now() - 30 * 86_400_000));
    const text = lines.join("\n");
    assert.match(text, new RegExp(`SEARCH ${name} USING COVERING INDEX ${name}_created \\(created_at>\\?\\)`), text);
  });
}

Deno.test("[db] a seeded search reads its newest matches, and the texts they are ranked by", async () => {
  const ids = await searchIds(env.db, { match: ftsQuery("neon")!, type: null, categoryId: null }, 1001);
  assert.ok(ids.length > 5);
  const rows = await searchTexts(env.db, ids);
  assert.deepEqual(rows.map((r) => Number(r.id)).sort(), [...ids].sort());
  for (const r of rows) {
    assert.match(`${r.title} ${r.tags} ${r.prompt} ${r.description} ${r.aiGenerator} ${r.username}`.toLowerCase(), /neon/);
  }
});
