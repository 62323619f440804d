/** Helpers of the moderation tests (issue 34): the visitor cookie a comment sets, and rows read straight from the database. */
import assert from "node:assert/strict";
import { and, eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { auditLog, comments, media, postReports, threadComments, threads } from "../db/schema/mod.ts";

/** The visitor cookie (name=value) a response set (lib/auth/visitor_cookie.ts). */
export function visitorCookie(res: Response): string {
  const set = res.headers.getSetCookie().find((c) => /^(__Host-)?dr_visitor=/.test(c));
  assert.ok(set, "the response sets the visitor cookie");
  return set.split(";")[0];
}

export const commentRow = (db: Db, id: number) => db.select().from(comments).where(eq(comments.id, id)).get();
export const threadRowOf = (db: Db, id: number) => db.select().from(threads).where(eq(threads.id, id)).get();
export const forumCommentRow = (db: Db, id: number) => db.select().from(threadComments).where(eq(threadComments.id, id)).get();
export const commentCount = async (db: Db, mediaId: number) =>
  (await db.select({ n: media.commentCount }).from(media).where(eq(media.id, mediaId)).get())?.n;
export const reportsOfComment = (db: Db, commentId: number) =>
  db.select().from(postReports).where(eq(postReports.commentId, commentId)).all();
export const auditOf = (db: Db, action: string, targetType: string, targetId: number) =>
  db.select().from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.targetType, targetType), eq(auditLog.targetId, targetId))).all();
