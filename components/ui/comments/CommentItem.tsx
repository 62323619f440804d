import type { ReactNode } from "react";
import type { MediaComment } from "../../../common/api_types.ts";
import { formatDate } from "../../../common/format.ts";
import { profileHref } from "../../../common/profile_rules.ts";
import { ReportLink } from "../ReportForm.tsx";
import { PostStatusNote } from "../PostStatusNote.tsx";
import { MentionText } from "./MentionText.tsx";
import { PopoverMenu } from "../PopoverMenu.tsx";

export type CommentActions = {
  canDelete: (c: MediaComment) => boolean;
  canReport: (c: MediaComment) => boolean;
  like: (c: MediaComment) => void;
  reply: (c: MediaComment) => void;
  remove: (c: MediaComment) => void;
  report: (c: MediaComment) => void;
  /** Whether a top comment's replies are unfolded, and the switch. */
  expanded: (c: MediaComment) => boolean;
  toggle: (c: MediaComment) => void;
  /** A member's block or mute of a remote comment's author (issue 40 point 5); absent for visitors. */
  silence?: (c: MediaComment, kind: "block" | "mute") => void;
};

const heart = (filled: boolean) => (
  <svg
    width="14"
    height="14"
    viewBox="0 0 24 24"
    fill={filled ? "currentColor" : "none"}
    stroke="currentColor"
    strokeWidth="2"
    aria-hidden="true"
  >
    <path d="M12 21s-7-4.5-9.5-9A5.5 5.5 0 0 1 12 6a5.5 5.5 0 0 1 9.5 6C19 16.5 12 21 12 21z" />
  </svg>
);

/** One comment: writer, date, text with @mentions linked, its like count and Reply; a top comment's replies fold under it. */
export function CommentItem(
  { c, replies = [], actions, children }: { c: MediaComment; replies?: MediaComment[]; actions: CommentActions; children?: ReactNode },
) {
  const open = actions.expanded(c);
  const name = c.username || "Anonymous";
  const n = replies.length;
  return (
    <li
      id={`comment-${c.id}`}
      data-status={c.status}
      data-comment-id={c.id}
      className={`scroll-mt-20 rounded-lg p-3 ${
        c.status ? "border border-dashed border-amber-700/60 bg-neutral-900/60" : "bg-neutral-900"
      }`}
    >
      <div className="mb-1 flex items-start justify-between gap-2 text-sm">
        <p className="min-w-0 wrap-anywhere">
          {c.remote
            ? (
              <a href={c.remote.url} rel="nofollow noopener ugc" className="font-bold hover:underline" data-remote-author>
                {c.remote.handle}
              </a>
            )
            : c.userId === null
            ? <b>{name}</b>
            : <a href={profileHref({ username: name })} className="font-bold hover:underline">{name}</a>}{" "}
          <span className="text-neutral-400">· {formatDate(c.createdAt, "short")}</span>
        </p>
        <span className="flex shrink-0 items-center gap-3">
          {c.remote && actions.silence && (
            <PopoverMenu
              id={`remote-menu-${c.id}`}
              testId="remote-author-menu"
              buttonClass="min-h-6 min-w-6 rounded px-1 text-base leading-none text-neutral-300 hover:bg-neutral-800 hover:text-white"
              buttonLabel={`More about ${c.remote.handle}`}
              entries={(["block", "mute"] as const).map((kind) => ({
                key: kind,
                label: `${kind === "block" ? "Block" : "Mute"} ${c.remote!.handle}`,
                onSelect: () => actions.silence!(c, kind),
              }))}
            >
              ⋯
            </PopoverMenu>
          )}
          {actions.canReport(c) && <ReportLink label={`Report comment by ${name}`} onClick={() => actions.report(c)} />}
          {actions.canDelete(c) && (
            <button type="button" className="text-xs text-red-300 hover:underline" onClick={() => actions.remove(c)}>Delete</button>
          )}
        </span>
      </div>
      <PostStatusNote status={c.status} />
      <p className="whitespace-pre-wrap wrap-anywhere text-sm text-neutral-200">
        <MentionText text={c.content} />
      </p>
      {!c.status && (
        <div className="mt-2 flex items-center gap-4 text-xs text-neutral-300">
          <button
            type="button"
            aria-pressed={c.liked}
            className={`inline-flex min-h-6 items-center gap-1 hover:text-white ${c.liked ? "text-orange-300" : ""}`}
            onClick={() => actions.like(c)}
            data-testid="comment-like"
          >
            {heart(c.liked)}
            {/* The name holds the count shown (axe: label-content-name-mismatch). */}
            <span className="sr-only">{`Like comment by ${name}, likes:`}</span>
            <span data-testid="comment-like-count">{c.likeCount}</span>
          </button>
          <button type="button" className="min-h-6 hover:text-white hover:underline" onClick={() => actions.reply(c)}>Reply</button>
          {n > 0 && (
            <button
              type="button"
              className="min-h-6 font-medium text-orange-300 hover:underline"
              aria-expanded={open}
              onClick={() => actions.toggle(c)}
            >
              {open ? "Hide replies" : `View ${n} ${n === 1 ? "reply" : "replies"}`}
            </button>
          )}
        </div>
      )}
      {children}
      {open && n > 0 && (
        <ul className="mt-3 flex flex-col gap-3 border-l border-neutral-700 pl-3" data-testid="reply-list">
          {replies.map((r) => <CommentItem key={r.id} c={r} actions={actions} />)}
        </ul>
      )}
    </li>
  );
}
