/** Comments and forum posts as the admin's Held and Reported tabs show them (issue 34). */
import type { AdminPostRow } from "../../db/queries/admin_posts.ts";
import type { AdminPost, PostKind } from "../../common/moderation.ts";
import { forumHref, threadAnchor } from "../../common/forum_rules.ts";

/** Where a post lives: the item's page at the comment, or the forum thread. */
export function postHref(kind: PostKind, id: number, parentId: number): string {
  if (kind === "comment") return `/media/${parentId}#comment-${id}`;
  return `${forumHref({ thread: parentId })}#${threadAnchor(parentId)}`;
}

export const toAdminPost = (r: AdminPostRow): AdminPost => ({
  kind: r.kind,
  id: r.id,
  status: r.status,
  heldReason: r.heldReason,
  title: r.title,
  content: r.content,
  writer: r.userId !== null && r.username !== null ? { id: r.userId, username: r.username } : null,
  createdAt: new Date(r.createdAt).toISOString(),
  href: postHref(r.kind, r.id, r.parentId),
  context: r.context,
});
