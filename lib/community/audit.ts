import type { Db, Tx } from "../../db/client.ts";
import { type AuditTarget, insertAuditEntry } from "../../db/queries/audit.ts";
import { AUDIT_ACTIONS, type AuditAction } from "../../common/audit_actions.ts";

/** Every admin action, as written to `audit_log.action` (common/audit_actions.ts, with the Log's words for each). */
export { AUDIT_ACTIONS };
export type { AuditAction, AuditTarget };

type Entry = {
  /** The admin who acted; null for what the site does by itself (a ban running out). */
  actorId: number | null;
  action: AuditAction;
  targetType: AuditTarget;
  targetId: number;
  /** What a later reader needs to make sense of the entry (the title, the reason, the username). */
  details?: Record<string, unknown>;
  /**
   * The member the entry is about. Left out, it is read from the target as the entry is written (the
   * member for a user, the uploader of an item, the writer of a post); a caller that deleted the
   * target first names it.
   */
  subjectId?: number | null;
};

/**
 * Records who did what, to what, and when. Call it inside the transaction that makes the change
 * when there is one, so an action and its record are committed together.
 */
export async function recordAudit(db: Db | Tx, entry: Entry, at = Date.now()) {
  await insertAuditEntry(db, entry, at);
}
