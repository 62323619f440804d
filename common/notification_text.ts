/** The sentence and the link of a notification (issue 33), the same on the page, in the API and in mails. */
import { forumHref } from "./forum_rules.ts";
import { profileHref } from "./profile_rules.ts";
import type { NotificationKind } from "./notification_rules.ts";

export type NotificationFacts = {
  kind: NotificationKind;
  count: number;
  /** Usernames of the first actors, and how many distinct actors the entry holds (kept up to ACTORS_KEPT). */
  actors: string[];
  actorCount: number;
  mediaId: number | null;
  title: string | null;
  threadId: number | null;
  threadTitle: string | null;
  detail: string | null;
};

const quoted = (s: string | null) => `“${s ?? "an item"}”`;

/** "kenji_frames", "kenji_frames and 1 other", "kenji_frames and 4 others"; "Someone" when no member is named. */
function who(f: NotificationFacts): string {
  const first = f.actors[0];
  if (!first) return f.count > 1 ? `${f.count} visitors` : "Someone";
  const others = Math.max(f.actorCount, f.actors.length) - 1;
  return others > 0 ? `${first} and ${others} ${others === 1 ? "other" : "others"}` : first;
}

export function notificationText(f: NotificationFacts): string {
  switch (f.kind) {
    case "upload_approved":
      // Approved while the video is still processing: public only once that finishes, which sends a second entry.
      return f.detail === "processing"
        ? `Your upload ${quoted(f.title)} was approved; it will be public when processing finishes.`
        : f.detail === "public"
        ? `Your upload ${quoted(f.title)} finished processing and is now public.`
        : `Your upload ${quoted(f.title)} was approved and is public.`;
    case "upload_rejected":
      return `Your upload ${quoted(f.title)} was rejected${f.detail ? `: ${f.detail}` : "."}`;
    case "upload_hidden":
      return `Your upload ${quoted(f.title)} was hidden after reports, until an admin reviews it.`;
    case "processing_failed":
      return `Your video ${quoted(f.title)} could not be processed.${f.detail ? ` ${f.detail}` : ""}`;
    case "comment":
      return `${who(f)} commented on ${quoted(f.title)}${f.count > 1 ? ` (${f.count} comments)` : ""}.`;
    case "forum_reply":
      return `${who(f)} replied in ${quoted(f.threadTitle)}${f.count > 1 ? ` (${f.count} replies)` : ""}.`;
    case "new_follower":
      // A follower from another server (issue 40) is named by the handle kept in `detail`: name@host.
      return `${!f.actors[0] && f.detail ? f.detail : who(f)} started following you.`;
    case "followed_upload":
      return f.count > 1
        ? `${who(f)} published ${f.count} new items, the latest ${quoted(f.title)}.`
        : `${who(f)} published ${quoted(f.title)}.`;
    case "comment_reply":
      return `${who(f)} replied to your comment on ${quoted(f.title)}${f.count > 1 ? ` (${f.count} replies)` : ""}.`;
    case "mention":
      return f.threadId
        ? `${who(f)} mentioned you in ${quoted(f.threadTitle)}.`
        : `${who(f)} mentioned you in a comment on ${quoted(f.title)}.`;
    case "like_milestone":
      return `Your item ${quoted(f.title)} reached ${Number(f.detail ?? 0).toLocaleString("en-US")} likes.`;
  }
}

/** Where an entry leads: the item, the thread, the follower, or My Videos for what the public cannot see. */
export function notificationUrl(f: NotificationFacts): string {
  switch (f.kind) {
    case "upload_rejected":
    case "processing_failed":
    case "upload_hidden":
      return "/my-videos";
    case "forum_reply":
      return f.threadId ? forumHref({ thread: f.threadId }) : "/forum";
    case "comment_reply":
    case "mention":
      if (f.threadId) return forumHref({ thread: f.threadId });
      return f.mediaId ? `/media/${f.mediaId}${f.detail ? `#comment-${f.detail}` : ""}` : "/";
    case "new_follower":
      // "X and 3 others started following you" leads to one's list of followers (issue 43 point 2).
      if (Math.max(f.actorCount, f.actors.length) > 1) return "/profile/followers";
      return f.actors[0] ? profileHref({ username: f.actors[0] }) : "/profile";
    default:
      return f.mediaId ? `/media/${f.mediaId}` : "/";
  }
}
