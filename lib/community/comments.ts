import type { MediaComment } from "../../common/api_types.ts";

type CommentRow = { id: number; userId: number | null; username: string; content: string; createdAt: number };

/** A comment row as the API and the media page's island see it; a visitor's comment reads "Anonymous". */
export const toComment = (r: CommentRow): MediaComment => ({
  id: r.id,
  userId: r.userId,
  username: r.username || "Anonymous",
  content: r.content,
  createdAt: new Date(r.createdAt).toISOString(),
});
