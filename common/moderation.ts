/**
 * Moderation of what members and visitors write (issue 34, decision 032): comments on items, forum
 * threads and forum comments are "posts"; each is shown, held for review or hidden by reports.
 * Shared by the routes, the comment and forum islands and the admin dashboard. Pure: no imports.
 */

/** The three kinds of post, as they appear in admin paths (`/api/admin/posts/{kind}/{id}`). */
export const POST_KINDS = ["comment", "thread", "forum-comment"] as const;
export type PostKind = (typeof POST_KINDS)[number];
export const POST_KIND_LABEL: Record<PostKind, string> = {
  comment: "Comment",
  thread: "Forum thread",
  "forum-comment": "Forum comment",
};

/**
 * `shown` to everyone; `held` for review and `hidden` by reports are shown to their writer only
 * (a visitor's held comment to the browser that wrote it), marked, until an admin decides.
 */
export const POST_STATUSES = ["shown", "held", "hidden"] as const;
export type PostStatus = (typeof POST_STATUSES)[number];

/** What a writer reads on their own post that others do not see. */
export const POST_STATUS_NOTE: Record<Exclude<PostStatus, "shown">, string> = {
  held: "Awaiting review",
  hidden: "Hidden while reports are reviewed",
};

/** The toast after posting something that was held. */
export const HELD_TOAST = {
  title: "Awaiting review",
  description: "Your post will show to others once a moderator approves it.",
} as const;

/** Why a post was held, as stored (`held_reason`): a visitor's link, or the watched entry it matched. */
export type HeldReason = "link" | `word:${string}`;

export function heldReasonText(reason: string | null): string {
  if (!reason) return "Held for review";
  if (reason === "link") return "A visitor's post with a link";
  return reason.startsWith("word:") ? `Watched word: “${reason.slice(5)}”` : reason;
}

/** Watched words (issue 34 point 3): a bounded list of short entries, each a word or a phrase of a few words. */
export const WATCHED_LIMITS = { entries: 300, length: 60, words: 5, starsPerWord: 3 } as const;

/** The Held tab's page, and how many rows one bulk action may name. */
export const HELD_PAGE_SIZE = 50;
export const BULK_MAX = 100;
/** Reports listed with each reported item or post (the newest; the count says how many there are). */
export const REPORTS_SHOWN_PER_TARGET = 20;

export const MODERATION_MSG = {
  postNotFound: "Post not found",
  reportNotFound: "Report not found",
  notHeld: "This post is not awaiting review",
  alreadyWatched: "This word is already on the list",
  watchedFull: `The list holds at most ${WATCHED_LIMITS.entries} entries; remove one first`,
  watchedNotFound: "Watched word not found",
} as const;

/** One report as the Reported tab lists it: the reporter's words and who they are ("visitor" when not signed in). */
export type ReportView = {
  id: number;
  reason: string;
  details: string | null;
  /** The member who reported; null for a visitor, or for a member whose account is gone. */
  reporter: { id: number; username: string } | null;
  visitor: boolean;
  /** Whether it counts toward hiding: a verified member whose account is old enough, not the owner (issue 42 point 1). */
  counts: boolean;
  /** How old the reporter's account was when they reported, in whole hours; null for a visitor or a deleted account. */
  reporterAgeHours: number | null;
  /** Whether the reporter's email is verified; null for a visitor or a deleted account. */
  reporterVerified: boolean | null;
  createdAt: string;
  /** A report from another server (an ActivityPub Flag, issue 40): the reporter's `name@host` and profile address. */
  remote?: { handle: string; url: string };
};

/** An account's age as the Reported tab shows it beside a report ("5 h", "3 d"). */
export const accountAgeText = (hours: number) => (hours < 48 ? `${hours} h` : `${Math.floor(hours / 24)} d`);

/** Who wrote a post: a member (null once the account is gone), or a visitor. */
export type PostWriter = { id: number; username: string } | null;

/** A held, hidden or reported post as the admin lists show it. */
export type AdminPost = {
  kind: PostKind;
  id: number;
  status: PostStatus;
  heldReason: string | null;
  /** The thread's title, for a thread; the text of the post for every kind. */
  title: string | null;
  content: string;
  writer: PostWriter;
  createdAt: string;
  /** Where the post lives: the item's page or the forum thread. */
  href: string;
  /** What it belongs to: the item's title, or the thread's. */
  context: string | null;
};

/** `GET /api/admin/posts/held`. */
export type HeldPage = { posts: AdminPost[]; totalCount: number; page: number; pageSize: number };

/** `GET /api/admin/posts/reported`: a post with its open reports. */
export type ReportedPost = AdminPost & { openReports: number; reportCount: number; reportedAt: string; reports: ReportView[] };

/** `GET /api/admin/watched-words`. */
export type WatchedWord = { id: number; pattern: string; createdAt: string };

/** A post's address in admin paths and in bulk bodies. */
export type PostRef = { kind: PostKind; id: number };
