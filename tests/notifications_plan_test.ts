/** The notification reads go through their indexes (migration 0018): a member's page in order, the unread count, retention. */
import assert from "node:assert/strict";
import { type SQL, sql } from "drizzle-orm";
import { makeTestEnv, signedInMember } from "./_helpers.ts";
import { notificationPageSql, unreadCountQuery } from "../db/queries/notifications.ts";

const env = await makeTestEnv();
Deno.test.afterAll(() => env.close());
const member = await signedInMember(env.db);
await env.db.client.execute({
  sql: `WITH RECURSIVE s(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM s WHERE i < 3000)
    INSERT INTO notifications (user_id, kind, group_key, day, created_at, updated_at, read_at)
    SELECT ?, 'new_follower', 'g' || i, i, i, i, CASE WHEN i % 2 = 0 THEN i ELSE NULL END FROM s`,
  args: [member.id],
});

async function plan(query: SQL): Promise<string> {
  const rows = await env.db.all<{ detail: string }>(sql`EXPLAIN QUERY PLAN ${query}`);
  return rows.map((r) => r.detail).join("\n");
}

Deno.test("[db] EXPLAIN a member's notification page reads notifications_user_updated in order, items by key", async () => {
  const text = await plan(notificationPageSql(member.id, 21, 40));
  assert.match(text, /SEARCH n USING INDEX notifications_user_updated \(user_id=\?\)/, text);
  assert.doesNotMatch(text, /TEMP B-TREE/, text);
  assert.match(text, /SEARCH m USING INTEGER PRIMARY KEY/, text);
});

Deno.test("[db] EXPLAIN the unread count searches the member's unread rows only (notifications_unread_group)", async () => {
  const { sql: text, params } = unreadCountQuery(env.db, member.id).toSQL();
  const rs = await env.db.client.execute({ sql: `EXPLAIN QUERY PLAN ${text}`, args: params as never[] });
  const detail = rs.rows.map((r) => String(r.detail)).join("\n");
  assert.match(detail, /SEARCH n USING (COVERING )?INDEX notifications_unread_group \(user_id=\?\)/, detail);
  assert.match(detail, /SEARCH m USING INTEGER PRIMARY KEY/, detail);
});

Deno.test("[db] EXPLAIN retention finds old read rows by notifications_read_at", async () => {
  const text = await plan(sql`select id from notifications where read_at is not null and read_at < ${Date.now()} limit 5000`);
  assert.match(text, /SEARCH notifications USING (COVERING )?INDEX notifications_read_at \((read_at>\? AND )?read_at<\?\)/, text);
});
