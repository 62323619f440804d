/** Notifications (issue 33): the kinds, their defaults and limits, what both the server and the islands use. */

export const NOTIFICATION_KINDS = [
  "upload_approved",
  "upload_rejected",
  "upload_hidden",
  "comment",
  "forum_reply",
  "new_follower",
  "followed_upload",
  "like_milestone",
  "processing_failed",
  "comment_reply",
  "mention",
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const isNotificationKind = (s: string): s is NotificationKind => (NOTIFICATION_KINDS as readonly string[]).includes(s);

/** What each kind is called on /profile and in mails. */
export const KIND_LABELS: Record<NotificationKind, string> = {
  upload_approved: "Your upload was approved",
  upload_rejected: "Your upload was rejected",
  upload_hidden: "Your upload was hidden after reports",
  comment: "Comments on your items",
  forum_reply: "Replies in forum threads you took part in",
  new_follower: "New followers",
  followed_upload: "New uploads by creators you follow (daily digest by email)",
  like_milestone: "Like milestones of your items",
  processing_failed: "A video could not be processed",
  comment_reply: "Replies to your comments",
  mention: "Mentions of you (@name) in comments and forum posts",
};

/** Email is on by default only for what a member must hear of about their own uploads. */
const EMAIL_BY_DEFAULT = new Set<NotificationKind>(["upload_approved", "upload_rejected", "upload_hidden", "processing_failed"]);

export type ChannelSetting = { web: boolean; email: boolean };
export type NotificationSettings = Record<NotificationKind, ChannelSetting>;

export const defaultSetting = (kind: NotificationKind): ChannelSetting => ({ web: true, email: EMAIL_BY_DEFAULT.has(kind) });
export const emailByDefault = (kind: NotificationKind) => EMAIL_BY_DEFAULT.has(kind);

/** Likes at which an item's owner hears of it (once each). */
export const LIKE_MILESTONES = [10, 50, 100, 500, 1_000] as const;

/** The milestone a like count has just reached, if any. */
export const milestoneAt = (likes: number): number | null => (LIKE_MILESTONES as readonly number[]).includes(likes) ? likes : null;

/** Entries per page of GET /api/notifications and /notifications. */
export const NOTIFICATION_PAGE_SIZE = 20;
/** Actors an entry names (the API's `actors`); ids beyond these are kept for the count of distinct actors, up to ACTORS_KEPT. */
export const ACTORS_SHOWN = 3;
export const ACTORS_KEPT = 50;
/** Retention: read entries older than this go, and a member keeps at most MAX_PER_MEMBER entries (issue 33 point 7). */
export const READ_KEEP_DAYS = 90;
export const MAX_PER_MEMBER = 1_000;
/** At most one mail per kind per member in this window; the followed uploads come as one daily digest. */
export const MAIL_WINDOW_MS = 3_600_000;
export const DIGEST_WINDOW_MS = 86_400_000;
export const mailWindow = (kind: NotificationKind) => (kind === "followed_upload" ? DIGEST_WINDOW_MS : MAIL_WINDOW_MS);

/** The bell's poll while the tab is visible. */
export const BELL_POLL_MS = 60_000;
/** The ids one POST /api/notifications/read may name. */
export const MAX_READ_IDS = 100;

/** Job kinds (lib/notify/jobs.ts handles them; lib/media enqueues the fan-out when an item is published). */
export const FANOUT_JOB = "notify.followed_upload";
export const MAIL_JOB = "notify.mail";

/** The one-click unsubscribe address's path (exempt from the same-origin check: its token is the proof). */
export const UNSUBSCRIBE_PATH = "/notifications/unsubscribe";
