import type { Db, Tx } from "../../db/client.ts";
import { type AuditTarget, insertAuditEntry } from "../../db/queries/admin.ts";

/** Every admin action, as written to `audit_log.action`. */
export const AUDIT_ACTIONS = [
  "content.approve",
  "content.reject",
  "content.feature",
  "content.unfeature",
  "content.delete",
  "content.dismiss_reports",
  /** An item's perceptual hashes added to the blocklist (issue 25): matching uploads are refused. */
  "content.blocklist",
  "content.edit",
  /** Not an admin's: an owner changed the title or description of an approved item (details: old and new values). */
  "content.owner_edit",
  /** A video's processing queued again by an admin (issue 31 point 9). */
  "content.reprocess",
  "user.ban",
  "user.unban",
  "forum.thread.delete",
  "forum.comment.delete",
  /** Issue 34: one report of an item dismissed (the others stay open). */
  "content.dismiss_report",
  /** A held comment or forum post shown (details: its kind; target: comment, thread or thread_comment). */
  "post.approve",
  "post.delete",
  "post.dismiss_reports",
  "post.dismiss_report",
  "watched_word.add",
  "watched_word.remove",
] as const;

export type AuditAction = (typeof AUDIT_ACTIONS)[number];
export type { AuditTarget };

type Entry = {
  /** The admin who acted. */
  actorId: number;
  action: AuditAction;
  targetType: AuditTarget;
  targetId: number;
  /** What a later reader needs to make sense of the entry (the title, the reason, the username). */
  details?: Record<string, unknown>;
};

/**
 * Records who did what, to what, and when. Call it inside the transaction that makes the change
 * when there is one, so an action and its record are committed together.
 */
export async function recordAudit(db: Db | Tx, entry: Entry, at = Date.now()) {
  await insertAuditEntry(db, entry, at);
}
