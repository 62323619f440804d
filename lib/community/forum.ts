/** Forum rows as the API and the page show them (spec part 2 §3). */
import type { ForumCommentView, ThreadView } from "../../common/forum_rules.ts";
import type { ThreadRow } from "../../db/queries/forum_list.ts";
import type { ThreadCommentRow } from "../../db/queries/forum_comments.ts";
import { unshown } from "./comments.ts";

function parseTags(raw: string | null): string[] | null {
  if (!raw) return null;
  try {
    const tags = JSON.parse(raw);
    return Array.isArray(tags) && tags.length ? tags.map(String) : null;
  } catch {
    return null;
  }
}

export const toThreadView = (r: ThreadRow): ThreadView => ({
  id: r.id,
  title: r.title,
  content: r.content,
  categoryId: r.categoryId,
  tags: parseTags(r.tags),
  isSticky: !!r.isSticky,
  upvotes: r.upvotes,
  commentCount: r.commentCount,
  createdAt: new Date(r.createdAt).toISOString(),
  userId: r.userId,
  user: r.userId !== null && r.username !== null ? { username: r.username } : null,
  upvoted: !!r.upvoted,
  ...unshown(r.status),
});

export const toCommentView = (r: ThreadCommentRow): ForumCommentView => ({
  id: r.id,
  content: r.content,
  createdAt: new Date(r.createdAt).toISOString(),
  userId: r.userId,
  user: r.userId !== null && r.username !== null ? { username: r.username } : null,
  ...unshown(r.status),
});
