import type { MediaComment } from "../../common/api_types.ts";
import type { PostStatus } from "../../common/moderation.ts";

type CommentRow = {
  id: number;
  userId: number | null;
  username: string;
  content: string;
  createdAt: number;
  status: PostStatus;
  remoteHandle?: string | null;
  remoteUrl?: string | null;
};

/** `status` only on a post that is not shown, which only its writer is ever given (issue 34): the others' answers stay as they were. */
export const unshown = (status: PostStatus): { status?: Exclude<PostStatus, "shown"> } => status === "shown" ? {} : { status };

/** A remote profile address is linked only when it is a web address (never `javascript:`). */
const isWebUrl = (url: string) => url.startsWith("https://") || url.startsWith("http://");

/** A comment row as the API and the media page's island see it; a visitor's comment reads "Anonymous". */
export const toComment = (r: CommentRow): MediaComment => ({
  id: r.id,
  userId: r.userId,
  username: r.username || "Anonymous",
  content: r.content,
  createdAt: new Date(r.createdAt).toISOString(),
  ...unshown(r.status),
  ...(r.remoteHandle && r.remoteUrl && isWebUrl(r.remoteUrl) ? { remote: { handle: r.remoteHandle, url: r.remoteUrl } } : {}),
});
