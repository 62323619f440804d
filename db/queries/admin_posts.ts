/**
 * Comments and forum posts as the admin's Held and Reported tabs list them (issue 34): each with
 * its writer and what it belongs to (the item, or the thread). Held posts come oldest first from
 * the partial `*_unshown` indexes (migration 0019), so the queue costs what it holds.
 */
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../client.ts";
import type { PostKind, PostRef, PostStatus } from "../../common/moderation.ts";

export type AdminPostRow = {
  kind: PostKind;
  id: number;
  status: PostStatus;
  heldReason: string | null;
  title: string | null;
  content: string;
  userId: number | null;
  username: string | null;
  createdAt: number;
  /** The item of a comment, or the thread of a forum post. */
  parentId: number;
  context: string | null;
};

/** One kind's rows, `where` naming its table as `p`. A visitor's comment has no writer. */
function selectKind(kind: PostKind, where: SQL): SQL {
  if (kind === "comment") {
    return sql`SELECT 'comment' AS kind, p.id, p.status, p.held_reason AS heldReason, NULL AS title, p.content,
      p.user_id AS userId, u.username, p.created_at AS createdAt, p.media_id AS parentId, m.title AS context
      FROM comments p LEFT JOIN users u ON u.id = p.user_id JOIN media m ON m.id = p.media_id WHERE ${where}`;
  }
  if (kind === "thread") {
    return sql`SELECT 'thread' AS kind, p.id, p.status, p.held_reason AS heldReason, p.title, p.content,
      p.user_id AS userId, u.username, p.created_at AS createdAt, p.id AS parentId, p.title AS context
      FROM threads p LEFT JOIN users u ON u.id = p.user_id WHERE ${where}`;
  }
  return sql`SELECT 'forum-comment' AS kind, p.id, p.status, p.held_reason AS heldReason, NULL AS title, p.content,
    p.user_id AS userId, u.username, p.created_at AS createdAt, p.thread_id AS parentId, t.title AS context
    FROM thread_comments p LEFT JOIN users u ON u.id = p.user_id JOIN threads t ON t.id = p.thread_id WHERE ${where}`;
}

const KINDS: PostKind[] = ["comment", "thread", "forum-comment"];

const toRow = (r: AdminPostRow): AdminPostRow => ({
  ...r,
  id: Number(r.id),
  userId: r.userId === null ? null : Number(r.userId),
  createdAt: Number(r.createdAt),
  parentId: Number(r.parentId),
});

/** `status <> 'shown'` word for word, as the partial indexes are written, so the planner uses them. */
const HELD = sql.raw("p.status <> 'shown' AND p.status = 'held'");

/** One page of held posts of every kind, oldest first (the statement, so tests can EXPLAIN it). */
export function heldPostsSql(offset: number, limit: number): SQL {
  const union = sql.join(KINDS.map((k) => selectKind(k, HELD)), sql` UNION ALL `);
  return sql`SELECT * FROM (${union}) ORDER BY createdAt, kind, id LIMIT ${limit} OFFSET ${offset}`;
}

export async function listHeldPosts(db: Db, offset: number, limit: number): Promise<AdminPostRow[]> {
  return (await db.all<AdminPostRow>(heldPostsSql(offset, limit))).map(toRow);
}

export const countHeldSql = sql`SELECT
    (SELECT count(*) FROM comments p WHERE ${HELD}) + (SELECT count(*) FROM threads p WHERE ${HELD})
    + (SELECT count(*) FROM thread_comments p WHERE ${HELD}) AS n`;

export async function countHeldPosts(db: Db): Promise<number> {
  return Number((await db.get<{ n: number }>(countHeldSql))?.n ?? 0);
}

/** The posts named, in any status (the ones gone are left out). */
export async function listPostsByRefs(db: Db, refs: PostRef[]): Promise<AdminPostRow[]> {
  const parts = KINDS.map((kind) => {
    const ids = refs.filter((r) => r.kind === kind).map((r) => sql`${r.id}`);
    return ids.length ? selectKind(kind, sql`p.id IN (${sql.join(ids, sql`, `)})`) : null;
  }).filter((p): p is SQL => p !== null);
  if (!parts.length) return [];
  return (await db.all<AdminPostRow>(sql.join(parts, sql` UNION ALL `))).map(toRow);
}
