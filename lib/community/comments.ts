import type { MediaComment } from "../../common/api_types.ts";
import type { PostStatus } from "../../common/moderation.ts";
import type { Db } from "../../db/client.ts";
import { type CommentRow, type CommentSort, type CommentViewer, listComments } from "../../db/queries/social.ts";
import { likedCommentIds, listReplies } from "../../db/queries/comment_threads.ts";

/** `status` only on a post that is not shown, which only its writer is ever given (issue 34): the others' answers stay as they were. */
export const unshown = (status: PostStatus): { status?: Exclude<PostStatus, "shown"> } => status === "shown" ? {} : { status };

/** A remote profile address is linked only when it is a web address (never `javascript:`). */
const isWebUrl = (url: string) => url.startsWith("https://") || url.startsWith("http://");

/** A comment row as the API and the media page's island see it; a visitor's comment reads "Anonymous". */
export const toComment = (r: CommentRow, liked = false): MediaComment => ({
  id: r.id,
  userId: r.userId,
  username: r.username || "Anonymous",
  content: r.content,
  createdAt: new Date(r.createdAt).toISOString(),
  ...unshown(r.status),
  parentId: r.parentId ?? null,
  likeCount: r.likeCount ?? 0,
  liked,
  ...(r.remoteActorId && r.remoteHandle && r.remoteUrl && isWebUrl(r.remoteUrl)
    ? { remote: { id: r.remoteActorId, handle: r.remoteHandle, url: r.remoteUrl } }
    : {}),
});

/**
 * An item's comments as the API and the page give them (issue 43): the top comments in the chosen order,
 * each with its reply count, then their replies, oldest first; `liked` for a member.
 */
export async function itemComments(db: Db, mediaId: number, viewer: CommentViewer, sort: CommentSort = "newest"): Promise<MediaComment[]> {
  const top = await listComments(db, mediaId, viewer, undefined, sort);
  const replies = await listReplies(db, top.map((r) => r.id), viewer);
  const liked = viewer.userId === null
    ? new Set<number>()
    : await likedCommentIds(db, viewer.userId, [...top, ...replies].map((r) => r.id));
  const counts = new Map<number, number>();
  for (const r of replies) counts.set(r.parentId!, (counts.get(r.parentId!) ?? 0) + 1);
  return [
    ...top.map((r) => ({ ...toComment(r, liked.has(r.id)), replyCount: counts.get(r.id) ?? 0 })),
    ...replies.map((r) => toComment(r, liked.has(r.id))),
  ];
}
