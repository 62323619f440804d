import type { CurrentUser } from "../app_env.ts";
import { canModerate } from "../../common/roles.ts";

type Reviewable = { userId: number; reviewStatus: string; hidden: boolean; playable: boolean };

/**
 * The one rule for who sees an item: the public sees approved items that reports have not
 * hidden and whose processing is ready (or that predate renditions: `playable`); the owner and
 * admins see it in every state.
 */
export function canView(item: Reviewable, viewer: CurrentUser | null): boolean {
  if (item.reviewStatus === "approved" && !item.hidden && item.playable) return true;
  // Moderators too: the review queue plays what it reviews (issue 41 point 4).
  return !!viewer && (canModerate(viewer.role) || viewer.id === item.userId);
}

/** Public: approved and not hidden, what a visitor (or a signed link, which carries no session) may see. */
export const isPublic = (item: Reviewable) => canView(item, null);

/** Cache-Control for publicly visible media files and thumbnails. */
export const PUBLIC_MEDIA_CACHE = "public, max-age=600, must-revalidate";

/**
 * Shared caches may keep a public item's file for minutes (not immutable: a reject, hide or
 * delete must stop them serving it; revalidation is a cheap ETag 304); anything else is private.
 */
export const mediaCacheControl = (item: Reviewable) => (isPublic(item) ? PUBLIC_MEDIA_CACHE : "private, no-store");
