/**
 * Every action the audit log records (`audit_log.action`), with the words the Log tab and the
 * member page show for it (issue 34 point 7). Shared by the server (lib/community/audit.ts writes
 * them, the Log's filter validates against them) and the pages. Pure: no imports.
 */
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
  /** Not an admin's: an owner edited an approved item (details: old and new values of each field changed). */
  "content.owner_edit",
  /** A video's processing queued again by an admin (issue 31 point 9). */
  "content.reprocess",
  "user.ban",
  "user.unban",
  /** Not an admin's: a temporary ban ran out (the sweep, or the member's sign-in after its end; no actor). */
  "user.ban_expired",
  /** Every item comment, forum thread and forum comment of a member deleted at once (details: the counts). */
  "user.delete_posts",
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
  /** Issue 41: the site's settings saved (details: `before` and `after`, the changed settings only). */
  "settings.update",
  /** A sign-up waiting for approval let in, or turned away (the account is then deleted; details: username, reason). */
  "signup.approve",
  "signup.reject",
  /** An invite code made or revoked (details: code, maxUses, expiresAt). */
  "invite.create",
  "invite.revoke",
  /** Issue 40 point 5: a server refused (details: domain, reason, what of it was removed) and accepted again. */
  "federation.block",
  "federation.unblock",
  /** A remote actor's activities ignored and comments hidden (details: handle). */
  "remote_actor.ban",
  "remote_actor.unban",
  /** Issue 41: a member's role changed (details: from, to) or their upload quotas (details: before, after). */
  "user.role",
  "user.quota",
  /** Issue 41 point 5: categories added, renamed or moved, deleted (details: where its items went). */
  "category.create",
  "category.update",
  "category.delete",
] as const;

export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** What each action did, as the Log reads ("Rejected an item"). */
export const AUDIT_ACTION_LABEL: Record<AuditAction, string> = {
  "content.approve": "Approved an item",
  "content.reject": "Rejected an item",
  "content.feature": "Featured an item",
  "content.unfeature": "Unfeatured an item",
  "content.delete": "Deleted an item",
  "content.dismiss_reports": "Dismissed an item's reports",
  "content.blocklist": "Blocklisted an item's look",
  "content.edit": "Edited an item",
  "content.owner_edit": "Edited their own item",
  "content.reprocess": "Queued a video's processing again",
  "user.ban": "Banned a member",
  "user.unban": "Lifted a ban",
  "user.ban_expired": "A ban ran out",
  "user.delete_posts": "Deleted a member's posts",
  "forum.thread.delete": "Deleted a forum thread",
  "forum.comment.delete": "Deleted a forum comment",
  "content.dismiss_report": "Dismissed a report of an item",
  "post.approve": "Approved a held post",
  "post.delete": "Deleted a post",
  "post.dismiss_reports": "Dismissed a post's reports",
  "post.dismiss_report": "Dismissed a report of a post",
  "watched_word.add": "Watched a word",
  "watched_word.remove": "Stopped watching a word",
  "settings.update": "Changed the site's settings",
  "signup.approve": "Approved a sign-up",
  "signup.reject": "Rejected a sign-up",
  "invite.create": "Made an invite code",
  "invite.revoke": "Revoked an invite code",
  "federation.block": "Blocked a server",
  "federation.unblock": "Unblocked a server",
  "remote_actor.ban": "Banned a remote account",
  "remote_actor.unban": "Lifted a remote account's ban",
  "user.role": "Changed a member's role",
  "user.quota": "Changed a member's upload quota",
  "category.create": "Added a category",
  "category.update": "Changed a category",
  "category.delete": "Deleted a category",
};

/** Actions the site takes by itself: their entries have no actor. */
export const SITE_ACTIONS: readonly AuditAction[] = ["user.ban_expired"];

export const auditActionLabel = (action: string): string => AUDIT_ACTION_LABEL[action as AuditAction] ?? action;

/** The Log tab's page (newest first, by id) and the member page's share of it. */
export const LOG_PAGE_SIZE = 50;

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
const text = (d: Record<string, unknown>, key: string): string | null => (typeof d[key] === "string" && d[key] ? d[key] as string : null);
const cut = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

/** One line of what an entry's details say (the item's title, the reason, the length of a ban, the counts). */
export function auditSummary(action: string, details: Record<string, unknown> | null): string {
  if (!details) return "";
  const d = details;
  const parts: string[] = [];
  const title = text(d, "title") ?? text(d, "word") ?? text(d, "domain") ?? text(d, "handle");
  if (title) parts.push(`“${cut(title, 80)}”`);
  else if (text(d, "content")) parts.push(`“${cut(text(d, "content")!, 80)}”`);
  if (action === "user.ban") {
    const ends = text(d, "endsAt");
    parts.push(ends ? `until ${ends.slice(0, 16).replace("T", " ")} UTC` : "until lifted");
  }
  if (action === "user.delete_posts") {
    const n = (k: string) => (typeof d[k] === "number" ? d[k] as number : 0);
    parts.push(
      `${plural(n("comments"), "comment", "comments")}, ${plural(n("threads"), "thread", "threads")}, ${
        plural(n("forumComments"), "forum comment", "forum comments")
      }`,
    );
  }
  if (action === "settings.update" && d.after && typeof d.after === "object") parts.push(`changed: ${Object.keys(d.after).join(", ")}`);
  if (action.startsWith("invite.") && text(d, "code")) parts.push(`code ${text(d, "code")}`);
  if (action.startsWith("signup.") && text(d, "username")) parts.push(`@${text(d, "username")}`);
  if (typeof d.resolvedReports === "number") parts.push(plural(d.resolvedReports, "report", "reports"));
  const reason = text(d, "reason");
  if (reason) parts.push(`reason: ${cut(reason, 120)}`);
  return parts.join(" · ");
}

/** Where the thing an entry is about can be seen, while it exists (a deletion's target is gone). */
export function auditTargetHref(action: string, targetType: string, targetId: number | null, details: Record<string, unknown> | null) {
  if (targetId === null || action.includes("delete")) return null;
  const parent = typeof details?.parentId === "number" ? details.parentId : typeof details?.threadId === "number" ? details.threadId : null;
  switch (targetType) {
    case "media":
      return `/media/${targetId}`;
    case "user":
      return `/admin/users/${targetId}`;
    case "thread":
      return `/forum?thread=${targetId}`;
    case "comment":
      return parent === null ? null : `/media/${parent}#comment-${targetId}`;
    case "thread_comment":
      return parent === null ? null : `/forum?thread=${parent}`;
    default:
      return null;
  }
}
