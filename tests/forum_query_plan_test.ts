/** With 5,000 seeded threads every forum list is read through an index, in index order, stopping at its LIMIT. */
import assert from "node:assert/strict";
import { seedForum } from "../bench/_seed_forum.ts";
import { FORUM_FILTERS, FORUM_SORTS } from "../common/forum_rules.ts";
import { threadKeyAtQuery, threadListQuery } from "../db/queries/forum_list.ts";
import { commentKeyAtQuery, threadCommentsQuery } from "../db/queries/forum_comments.ts";
import { makeTestEnv } from "./_helpers.ts";

const env = await makeTestEnv();
await seedForum(env.db, 5_000);
Deno.test.afterAll(() => env.close());

async function plan(query: { toSQL(): { sql: string; params: unknown[] } }): Promise<string> {
  const { sql, params } = query.toSQL();
  const rs = await env.db.client.execute({ sql: `EXPLAIN QUERY PLAN ${sql}`, args: params as never[] });
  return rs.rows.map((r) => String(r.detail)).join("\n");
}

Deno.test("[db] seeding made 5,000 threads with the rows behind their counts", async () => {
  const one = async (sql: string) => Number((await env.db.client.execute(sql)).rows[0][0]);
  assert.equal(await one("SELECT count(*) FROM threads"), 5_000);
  assert.equal(await one("SELECT sum(upvotes) FROM threads"), await one("SELECT count(*) FROM thread_upvotes"));
  assert.equal(await one("SELECT sum(comment_count) FROM threads"), await one("SELECT count(*) FROM thread_comments"));
});

const INDEX = { newest: "created", oldest: "oldest", popular: "upvotes", comments: "comments" } as const;

for (const sort of FORUM_SORTS) {
  for (const filter of FORUM_FILTERS) {
    for (const categoryId of [null, 2]) {
      for (const viewerId of [null, 7]) {
        const label = `${sort} ${filter}${categoryId ? " in a category" : ""}${viewerId ? " for a member" : ""}`;
        Deno.test(`[db] EXPLAIN thread list ${label} reads an index in order`, async () => {
          const text = await plan(threadListQuery(env.db, { sort, filter, categoryId, viewerId, limit: 30, offset: 60 }));
          assert.doesNotMatch(text, /^SCAN threads$/m, `${label}: full scan\n${text}`);
          assert.doesNotMatch(text, /TEMP B-TREE/, `${label}: sorts instead of reading in order\n${text}`);
          const prefix = `threads_${categoryId ? "category" : "sticky"}_`;
          // With the sticky filter is_sticky is fixed: newest and oldest read either date index, one way or the other.
          const index = filter === "sticky" && (sort === "newest" || sort === "oldest") ? "(created|oldest)" : INDEX[sort];
          assert.match(text, new RegExp(`^(SEARCH|SCAN) threads USING INDEX ${prefix}${index}\\b`, "m"), `${label}\n${text}`);
          assert.match(text, /SEARCH users USING INTEGER PRIMARY KEY/, text);
          if (viewerId) {
            assert.match(text, /SEARCH u USING COVERING INDEX sqlite_autoindex_thread_upvotes_1 \(thread_id=\? AND user_id=\?\)/, text);
          }
        });
      }
    }
  }
}

// Pages by key (issue 44, decision 047): a seek is one range of the sort's index; an offset's key
// is found by walking a covering index, which reads no table row for the rows it skips.
for (const sort of FORUM_SORTS) {
  for (const categoryId of [null, 2]) {
    for (const viewerId of [null, 7]) {
      const label = `${sort}${categoryId ? " in a category" : ""}${viewerId ? " for a member" : ""}`;
      Deno.test(`[db] EXPLAIN the page after a key, ${label}, is a range of an index; an offset's key a covering walk`, async () => {
        const q = { sort, filter: "all" as const, categoryId, viewerId, limit: 31, offset: 0 };
        const seek = await plan(threadListQuery(env.db, { ...q, group: 0, after: { value: 3, createdAt: 5, id: 9 } }));
        const prefix = categoryId ? "category_id=\\? AND " : "";
        assert.match(
          seek,
          new RegExp(
            `^SEARCH threads USING INDEX threads_\\w+ \\(${prefix}is_sticky=\\? AND \\(?(upvotes,|comment_count,)?created_at`,
            "m",
          ),
          seek,
        );
        assert.doesNotMatch(seek, /TEMP B-TREE/, seek);
        const keyAt = await plan(threadKeyAtQuery(env.db, { ...q, limit: 1, offset: 300 }));
        assert.match(keyAt, /^(SCAN|SEARCH) threads USING COVERING INDEX threads_/m, keyAt);
        assert.doesNotMatch(keyAt, /TEMP B-TREE/, keyAt);
      });
    }
  }
}

Deno.test("[db] EXPLAIN a thread's comments after a key seek the index; an offset's key is a covering walk", async () => {
  const seek = await plan(threadCommentsQuery(env.db, 10, 100, 0, 7, { createdAt: 1, id: 2 }));
  assert.match(seek, /SEARCH thread_comments USING INDEX thread_comments_thread_created \(thread_id=\? AND created_at>\?\)/, seek);
  assert.doesNotMatch(seek, /TEMP B-TREE/, seek);
  const keyAt = await plan(commentKeyAtQuery(env.db, 10, 100, 7));
  assert.match(keyAt, /SEARCH thread_comments USING COVERING INDEX thread_comments_thread_created \(thread_id=\?\)/, keyAt);
});

Deno.test("[db] EXPLAIN a thread's comments use the (thread, created) index", async () => {
  const text = await plan(threadCommentsQuery(env.db, 10, 100, 0));
  assert.match(text, /SEARCH thread_comments USING INDEX thread_comments_thread_created \(thread_id=\?\)/, text);
  assert.doesNotMatch(text, /TEMP B-TREE/, text);
});
