import type { CurrentUser } from "./app_env.ts";

type Reviewable = { userId: number; reviewStatus: string; hidden: boolean };

/**
 * The one rule for who sees an item: the public sees approved items that reports have not
 * hidden; the owner and admins see it in every state.
 */
export function canView(item: Reviewable, viewer: CurrentUser | null): boolean {
  if (item.reviewStatus === "approved" && !item.hidden) return true;
  return !!viewer && (viewer.isAdmin || viewer.id === item.userId);
}
