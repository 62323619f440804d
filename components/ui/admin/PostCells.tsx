/** The cells of a comment or forum post in the Held and Reported tabs (issue 34). */
import type { AdminPost } from "../../../common/moderation.ts";
import { POST_KIND_LABEL } from "../../../common/moderation.ts";
import { profileHref } from "../../../common/profile_rules.ts";
import { Cell } from "./parts.tsx";

/** Where it was posted (linked) and what it says, cut to a few lines; a thread's title first. */
export function PostCell({ post, label }: { post: AdminPost; label?: string }) {
  return (
    <Cell label={label} stack>
      <span className="flex min-w-0 flex-col gap-0.5">
        <span className="text-xs text-neutral-300">
          {POST_KIND_LABEL[post.kind]} on{" "}
          <a href={post.href} target="_blank" rel="noopener" className="text-orange-300 underline">{post.context ?? "a deleted place"}</a>
        </span>
        {post.title && <span className="font-medium wrap-anywhere">{post.title}</span>}
        <span className="line-clamp-4 whitespace-pre-wrap wrap-anywhere text-neutral-100" data-testid="post-content">{post.content}</span>
      </span>
    </Cell>
  );
}

/** Who wrote it: a member (linked to their profile), a visitor, or an account since deleted. */
export function WriterCell({ post, label }: { post: AdminPost; label?: string }) {
  return (
    <Cell label={label}>
      {post.writer
        ? <MemberLink user={post.writer} />
        : <span className="text-neutral-300">{post.kind === "comment" ? "Visitor" : "Deleted account"}</span>}
    </Cell>
  );
}

export const MemberLink = ({ user }: { user: { id: number; username: string } }) => (
  <a href={profileHref(user)} target="_blank" rel="noopener" className="wrap-anywhere text-orange-300 underline">{user.username}</a>
);
