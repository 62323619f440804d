/**
 * The queries behind the growth bench's requests, with their EXPLAIN QUERY PLAN: printed by
 * bench/growth.ts and asserted by tests/growth_query_plan_test.ts (no full scan of media, threads,
 * messages or the users and categories joined to them, on any request path).
 */
import { FORUM_SORTS } from "../common/forum_rules.ts";
import type { Db } from "../db/client.ts";
import { featuredQuery, feedPageQuery, itemsByIdsQuery, rankChunkQuery } from "../db/queries/feed.ts";
import { threadKeyAtQuery, threadListQuery } from "../db/queries/forum_list.ts";
import { commentKeyAtQuery, threadCommentsQuery } from "../db/queries/forum_comments.ts";
import { publicItemKeysQuery, publicItemsByUserQuery, publicItemsCountQuery } from "../db/queries/profiles.ts";
import { ftsQuery, searchIdsQuery, searchTextsQuery } from "../db/queries/search.ts";

type Query = { toSQL(): { sql: string; params: unknown[] } };
export type Plan = { label: string; plan: string[]; fullScan: boolean };

/** A full scan of a table that grows with the site (an FTS5 virtual-table scan is an index read). */
export const FULL_SCAN = /^SCAN (media|threads|thread_comments|messages|conversations|users|categories)\b(?! USING)/;

export async function planOf(db: Db, query: Query): Promise<string[]> {
  const { sql, params } = query.toSQL();
  const rs = await db.client.execute({ sql: `EXPLAIN QUERY PLAN ${sql}`, args: params as never[] });
  return rs.rows.map((r) => String(r.detail));
}

export function growthQueries(db: Db): [string, Query][] {
  const match = ftsQuery("dragon")!;
  const out: [string, Query][] = [
    ["search: the newest matches", searchIdsQuery(db, { match, type: null, categoryId: null }, 1001)],
    ["search: the newest matches in a category, videos", searchIdsQuery(db, { match, type: "video", categoryId: 3 }, 1001)],
    ["search: the texts of the ranked matches", searchTextsQuery(db, [5, 9, 200, 4000])],
    ["items of a ranked page by id (trending, shuffle, deep pages, search)", itemsByIdsQuery(db, [5, 9, 200, 4000])],
    ["kept rankings: a chunk of public items in id order", rankChunkQuery(db, 40_000, 4_000)],
    ["featured item", featuredQuery(db, null, "card")],
    ["featured item of a category", featuredQuery(db, 3, "card")],
  ];
  for (const sort of ["newest", "oldest", "most-viewed", "popular"] as const) {
    for (const categoryId of [null, 3]) {
      for (const stream of ["videos", "images"] as const) {
        out.push([
          `feed ${sort}${categoryId ? " in a category" : ""}, ${stream} (pages before the kept order)`,
          feedPageQuery(db, { sort, stream, categoryId, limit: 13, offset: 108, excludeId: 7 }),
        ]);
      }
    }
  }
  out.push(["profile: public items of a member", publicItemsByUserQuery(db, 3, 24, 0)]);
  out.push(["profile: count of a member's public items", publicItemsCountQuery(db, 3)]);
  // Issue 44: a grid page's ids after a key (the cursor, or a deep page's kept key), index only; and with a viewer's mutes.
  const key = { createdAt: 1_700_000_000_000, id: 50_000 };
  out.push(["profile: a page's ids after a key", publicItemKeysQuery(db, { userId: 3, mutedBy: null, key, limit: 25, offset: 0 })]);
  out.push([
    "profile: a page's ids after a key, muting viewer",
    publicItemKeysQuery(db, { userId: 3, mutedBy: 7, key, limit: 25, offset: 0 }),
  ]);
  for (const sort of FORUM_SORTS) {
    out.push([
      `forum threads ${sort}`,
      threadListQuery(db, { sort, filter: "all", categoryId: null, viewerId: 5, limit: 30, offset: 0 }),
    ]);
  }
  for (const sort of FORUM_SORTS) {
    const q = { sort, filter: "all" as const, categoryId: null, viewerId: 5, limit: 31, offset: 0 };
    out.push([
      `forum threads ${sort}, the page after a key`,
      threadListQuery(db, { ...q, group: 0, after: { value: 3, createdAt: 5, id: 9 } }),
    ]);
    out.push([`forum threads ${sort}, the key at an offset (covering walk)`, threadKeyAtQuery(db, { ...q, limit: 1, offset: 2_999 })]);
  }
  out.push(["forum: a thread's comments", threadCommentsQuery(db, 10, 100, 0)]);
  out.push(["forum: a thread's comments after a key", threadCommentsQuery(db, 10, 100, 0, 5, { createdAt: 5, id: 9 })]);
  out.push(["forum: the key of a thread's comment at an offset (covering walk)", commentKeyAtQuery(db, 10, 2_999, 5)]);
  return out;
}

export async function growthPlans(db: Db): Promise<Plan[]> {
  const out: Plan[] = [];
  for (const [label, query] of growthQueries(db)) {
    const plan = await planOf(db, query);
    out.push({ label, plan, fullScan: plan.some((l) => FULL_SCAN.test(l)) });
  }
  return out;
}
