/**
 * Issue 34: the moderation lists read their indexes. With 3,000 threads, their comments and 3,000
 * item comments, a few of them held or reported, the Held list and its count read the partial
 * `*_unshown` indexes (never a scan of the posts), the reports go by their target, and the public
 * lists keep the indexes they had.
 */
import assert from "node:assert/strict";
import { type SQL, sql } from "drizzle-orm";
import { SQLiteSyncDialect } from "drizzle-orm/sqlite-core";
import { seedForum } from "../bench/_seed_forum.ts";
import { countHeldSql, heldPostsSql } from "../db/queries/admin_posts.ts";
import { openReportsSql, reportedTargetsSql } from "../db/queries/post_reports.ts";
import { threadListQuery } from "../db/queries/forum_list.ts";
import { threadCommentsQuery } from "../db/queries/forum_comments.ts";
import { comments, threads } from "../db/schema/mod.ts";
import { commentListQuery } from "../db/queries/social.ts";
import { createMedia, createUser, makeTestEnv } from "./_helpers.ts";

const env = await makeTestEnv();
const { db } = env;
await seedForum(db, 3_000);
const user = await createUser(db);
const item = await createMedia(db, { userId: user.id });
await db.insert(comments).values(
  Array.from(
    { length: 3_000 },
    (_, i) => ({ mediaId: item.id, userId: user.id, content: `c${i}`, status: i % 500 ? "shown" : "held" } as const),
  ),
);
await db.update(threads).set({ status: "held" }).where(sql`${threads.id} % 700 = 0`);
await db.client.execute("ANALYZE");
Deno.test.afterAll(() => env.close());

const dialect = new SQLiteSyncDialect();

async function plan(query: SQL | { toSQL(): { sql: string; params: unknown[] } }): Promise<string> {
  const { sql: text, params } = "toSQL" in query ? query.toSQL() : dialect.sqlToQuery(query);
  const rs = await db.client.execute({ sql: `EXPLAIN QUERY PLAN ${text}`, args: params as never[] });
  return rs.rows.map((r) => String(r.detail)).join("\n");
}

const noScan = (text: string, label: string) =>
  assert.ok(!/^SCAN (comments|threads|thread_comments|post_reports|reports)\b/m.test(text), `${label}: a full scan\n${text}`);

Deno.test("[db] EXPLAIN the Held list and its count read the partial *_unshown indexes", async () => {
  for (const [label, query] of [["held list", heldPostsSql(0, 50)], ["held count", countHeldSql]] as const) {
    const text = await plan(query);
    noScan(text, label);
    for (const index of ["comments_unshown", "threads_unshown", "thread_comments_unshown"]) {
      assert.match(text, new RegExp(index), `${label}\n${text}`);
    }
  }
});

Deno.test("[db] EXPLAIN the reported posts and each target's reports go by index", async () => {
  const targets = await plan(reportedTargetsSql(100));
  noScan(targets, "reported targets");
  assert.match(targets, /post_reports_status_created/);
  for (const kind of ["comment", "thread", "forum-comment", "item"] as const) {
    const text = await plan(openReportsSql(kind, [1, 2, 3]));
    noScan(text, kind);
    assert.match(text, /USING INDEX (post_reports_|reports_media_status)/, `${kind}\n${text}`);
  }
});

Deno.test("[db] EXPLAIN the public thread and comment lists keep their indexes with the shown-or-own filter", async () => {
  for (const viewerId of [null, 5]) {
    const list = await plan(threadListQuery(db, { sort: "newest", filter: "all", categoryId: null, viewerId, limit: 30, offset: 0 }));
    assert.match(list, /threads_sticky_created/, list);
    assert.doesNotMatch(list, /TEMP B-TREE/, list);
    const forumComments = await plan(threadCommentsQuery(db, 10, 100, 0, viewerId));
    assert.match(forumComments, /thread_comments_thread_created/, forumComments);
  }
  const { sql: text } = commentListQuery(db, 200).toSQL();
  const rs = await db.client.execute({ sql: `EXPLAIN QUERY PLAN ${text}`, args: [item.id, 5, "k"] });
  const itemComments = rs.rows.map((r) => String(r.detail)).join("\n");
  assert.match(itemComments, /comments_media_created/, itemComments);
  assert.doesNotMatch(itemComments, /TEMP B-TREE/, itemComments);
});
