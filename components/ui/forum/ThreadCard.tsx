import { useState } from "react";
import { authorName, type ForumCommentView, forumHref, threadAnchor, type ThreadView } from "../../../common/forum_rules.ts";
import { preview } from "../../../common/forum_text.ts";
import { formatRelativeTime } from "../../../common/format.ts";
import { LinkedText } from "./LinkedText.tsx";
import { ThreadComments, type Viewer } from "./ThreadComments.tsx";
import { ReportLink, ReportPostDialog } from "../ReportForm.tsx";
import { PostStatusNote } from "../PostStatusNote.tsx";

export type ThreadCardProps = {
  thread: ThreadView;
  categoryName: string | null;
  viewer: Viewer | null;
  now: number;
  open: boolean;
  /** Comments rendered with the page for the thread opened by its address. */
  initialComments: ForumCommentView[] | null;
  /** Opened by Reply rather than by the title: focus the reply box. */
  replying: boolean;
  toggle: () => void;
  reply: () => void;
  upvote: () => void;
  upvoting: boolean;
  remove: () => void;
  countChanged: (delta: number) => void;
};

const action = "inline-flex items-center gap-1.5 rounded-md border px-2.5 py-1 text-xs font-medium transition-colors";

/**
 * A thread card (spec part 2 §2): title (a click toggles the comments; without script it is a
 * link to the thread's own view), author or Anonymous, relative time, category badge, tags,
 * content cut at 400 characters with Show more / Show less, then upvote, Reply and Delete.
 */
export function ThreadCard(props: ThreadCardProps) {
  const { thread, categoryName, viewer, now, open } = props;
  const [expanded, setExpanded] = useState(open);
  const [reporting, setReporting] = useState(false);
  // Anyone may report a thread everyone sees (issue 34), but not their own.
  const canReport = !thread.status && (!viewer || viewer.id !== thread.userId);
  const cut = preview(thread.content);
  const canDelete = !!viewer && (viewer.isAdmin || viewer.id === thread.userId);
  const href = `${forumHref({ thread: thread.id })}#${threadAnchor(thread.id)}`;

  return (
    <article
      id={threadAnchor(thread.id)}
      data-thread-id={thread.id}
      data-sticky={thread.isSticky || undefined}
      className={`scroll-mt-20 rounded-xl border p-4 sm:p-5 ${
        thread.isSticky ? "border-amber-500/40 bg-amber-500/5" : "border-neutral-800 bg-neutral-900"
      }`}
    >
      <header className="mb-2">
        <PostStatusNote status={thread.status} />
        <div className="flex items-start gap-2">
          {thread.isSticky && (
            <span className="mt-0.5 shrink-0 rounded bg-amber-500/20 px-1.5 py-0.5 text-xs font-semibold text-amber-300">Sticky</span>
          )}
          <h2 className="min-w-0 flex-1 wrap-anywhere text-lg font-semibold leading-snug">
            <a
              href={href}
              aria-expanded={open}
              aria-controls={open ? `comments-${thread.id}` : undefined}
              onClick={(e) => {
                e.preventDefault();
                props.toggle();
              }}
              className="hover:text-orange-300"
              data-testid="thread-title"
            >
              {thread.title}
            </a>
          </h2>
        </div>
        <p className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-neutral-400">
          <span className="min-w-0 wrap-anywhere font-medium text-neutral-200" data-testid="thread-author">{authorName(thread)}</span>
          <span aria-hidden="true">·</span>
          <time dateTime={thread.createdAt} title={new Date(thread.createdAt).toUTCString()}>
            {formatRelativeTime(thread.createdAt, now)}
          </time>
          {categoryName && <span className="rounded-full border border-orange-500/40 px-2 py-0.5 text-orange-300">{categoryName}</span>}
        </p>
      </header>
      <div className="whitespace-pre-wrap wrap-anywhere text-sm leading-relaxed text-neutral-200" data-testid="thread-content">
        <LinkedText text={expanded || !cut.truncated ? thread.content : `${cut.text}…`} />
      </div>
      {cut.truncated && (
        <button
          type="button"
          className="mt-1 text-xs font-medium text-orange-300 hover:underline"
          onClick={() => setExpanded(!expanded)}
        >
          {expanded ? "Show less" : "Show more"}
        </button>
      )}
      {thread.tags && (
        <ul className="mt-3 flex flex-wrap gap-1.5" aria-label="Tags">
          {thread.tags.map((tag) => (
            <li key={tag} className="min-w-0 wrap-anywhere rounded bg-neutral-800 px-2 py-0.5 text-xs text-neutral-300">{`#${tag}`}</li>
          ))}
        </ul>
      )}
      <footer className="mt-3 flex flex-wrap items-center gap-2">
        <button
          type="button"
          aria-pressed={thread.upvoted}
          disabled={props.upvoting}
          onClick={viewer ? props.upvote : undefined}
          popoverTarget={viewer ? undefined : "login-required"}
          data-login-action="upvote threads"
          data-testid="upvote"
          className={`${action} ${
            thread.upvoted
              ? "border-orange-500 bg-orange-500/15 text-orange-300"
              : "border-neutral-700 text-neutral-200 hover:bg-neutral-800"
          }`}
        >
          <svg
            width="14"
            height="14"
            viewBox="0 0 24 24"
            fill={thread.upvoted ? "currentColor" : "none"}
            stroke="currentColor"
            strokeWidth="2"
            aria-hidden="true"
          >
            <path d="M12 4 4 14h5v6h6v-6h5z" />
          </svg>
          {/* Named "Upvote 3": the visible count is part of the name (WCAG 2.5.3; issue 36 point 17). */}
          <span className="sr-only">Upvote</span>
          <span data-testid="upvote-count" className="tabular-nums">{thread.upvotes}</span>
        </button>
        <button
          type="button"
          onClick={viewer ? props.reply : undefined}
          popoverTarget={viewer ? undefined : "login-required"}
          data-login-action="reply in the forum"
          className={`${action} border-neutral-700 text-neutral-200 hover:bg-neutral-800`}
        >
          Reply
        </button>
        <a
          href={href}
          onClick={(e) => (e.preventDefault(), props.toggle())}
          className="text-xs text-neutral-400 hover:text-white"
          data-testid="comment-count"
        >
          {`${thread.commentCount} ${thread.commentCount === 1 ? "comment" : "comments"}`}
        </a>
        <span className="ml-auto flex items-center gap-3">
          {canReport && <ReportLink label={`Report thread “${thread.title}”`} onClick={() => setReporting(true)} />}
          {canDelete && (
            <button type="button" onClick={props.remove} className={`${action} border-red-500/40 text-red-300 hover:bg-red-500/10`}>
              Delete
            </button>
          )}
        </span>
      </footer>
      {reporting && (
        <ReportPostDialog
          title="Report Thread"
          url={`/api/forum/threads/${thread.id}/report`}
          idPrefix={`report-thread-${thread.id}`}
          close={() => setReporting(false)}
        />
      )}
      {open && (
        <ThreadComments
          threadId={thread.id}
          initial={props.initialComments}
          viewer={viewer}
          now={now}
          focusReply={props.replying}
          countChanged={props.countChanged}
        />
      )}
    </article>
  );
}
