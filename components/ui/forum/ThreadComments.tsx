import { useEffect, useRef, useState } from "react";
import {
  authorName,
  COMMENT_PAGE,
  FORUM_LIMITS,
  FORUM_MSG,
  type ForumCommentView,
  forumHref,
  threadAnchor,
} from "../../../common/forum_rules.ts";
import { formatRelativeTime } from "../../../common/format.ts";
import { commentCursor } from "../../../common/forum_cursor.ts";
import { api } from "../api.ts";
import { Spinner } from "../Spinner.tsx";
import { toast } from "../toast.ts";
import { errorToast, loadForumSchemas, prefetchForumSchemas } from "./actions.ts";
import { ConfirmDialog } from "./ConfirmDialog.tsx";
import { LinkedText } from "./LinkedText.tsx";
import { authHref } from "../../../common/return_to.ts";
import { HELD_TOAST } from "../../../common/moderation.ts";
import { ReportLink, ReportPostDialog } from "../ReportForm.tsx";
import { PostStatusNote } from "../PostStatusNote.tsx";

export type Viewer = { id: number; username: string; isAdmin: boolean };

type Props = {
  threadId: number;
  /** Comments the server rendered with the page (a thread opened by its address); otherwise they load now. */
  initial: ForumCommentView[] | null;
  viewer: Viewer | null;
  now: number;
  /** Opened by Reply: the text box takes the focus. */
  focusReply: boolean;
  countChanged: (delta: number) => void;
};

/** A thread's comments, oldest first, loaded when the thread is opened, with the reply box for members. */
export function ThreadComments({ threadId, initial, viewer, now, focusReply, countChanged }: Props) {
  const [list, setList] = useState<ForumCommentView[] | null>(initial);
  // The next page is asked for by the key of the last comment the server sent (decision 047), not by
  // how many are shown: a comment posted or deleted here meanwhile shifts nothing.
  const [next, setNext] = useState(initial && initial.length >= COMMENT_PAGE.size ? commentCursor(initial[initial.length - 1]) : null);
  const [failed, setFailed] = useState(false);
  const [text, setText] = useState("");
  const [posting, setPosting] = useState(false);
  const [deleting, setDeleting] = useState<ForumCommentView | null>(null);
  const [reporting, setReporting] = useState<ForumCommentView | null>(null);
  const replyRef = useRef<HTMLTextAreaElement>(null);
  const base = `/api/forum/threads/${threadId}/comments`;

  async function load(after: string | null) {
    setFailed(false);
    try {
      const page = await api<ForumCommentView[]>(`${base}?limit=${COMMENT_PAGE.size}${after ? `&after=${encodeURIComponent(after)}` : ""}`);
      setList((l) => (after === null ? page : [...(l ?? []), ...page.filter((c) => !l?.some((x) => x.id === c.id))]));
      setNext(page.length === COMMENT_PAGE.size ? commentCursor(page[page.length - 1]) : null);
    } catch {
      setFailed(true);
      toast({ title: FORUM_MSG.fetchCommentsError, description: "Please try again.", variant: "destructive" });
    }
  }

  useEffect(() => {
    if (!initial) load(null);
  }, []);

  // Opened by Reply: focus the box once the comments are in, since their arrival pushes it down
  // (out of sight, or under the sticky footer, had it been focused at once).
  const replyFocused = useRef(false);
  useEffect(() => {
    if (!focusReply || replyFocused.current || (list === null && !failed)) return;
    replyFocused.current = true;
    replyRef.current?.focus({ preventScroll: true });
    replyRef.current?.closest("form")?.scrollIntoView({ block: "nearest" });
  }, [list, failed]);

  async function post(e: React.FormEvent) {
    e.preventDefault();
    if (posting) return;
    setPosting(true);
    try {
      const checked = (await loadForumSchemas()).newCommentSchema.safeParse({ content: text });
      if (!checked.success) {
        const message = checked.error.issues[0]?.message ?? FORUM_MSG.emptyComment;
        const title = message === FORUM_MSG.emptyComment ? FORUM_MSG.emptyCommentTitle : FORUM_MSG.commentError;
        toast({ title, description: message, variant: "destructive" });
        return;
      }
      const added = await api<ForumCommentView>(base, { method: "POST", body: checked.data });
      setList((l) => [...(l ?? []), added]);
      setText("");
      // A comment held for review (issue 34) is shown to its writer only, marked, and not counted.
      if (added.status) toast(HELD_TOAST);
      else {
        countChanged(1);
        toast({ title: "Comment added", description: "Your comment has been posted." });
      }
    } catch (err) {
      errorToast(FORUM_MSG.commentError, err);
    } finally {
      setPosting(false);
    }
  }

  async function remove(comment: ForumCommentView) {
    try {
      await api(`${base}/${comment.id}`, { method: "DELETE" });
    } catch (err) {
      errorToast(FORUM_MSG.deleteCommentError, err);
      throw err;
    }
    setList((l) => (l ?? []).filter((c) => c.id !== comment.id));
    if (!comment.status) countChanged(-1);
    toast({ title: "Comment deleted" });
  }

  return (
    <div id={`comments-${threadId}`} className="mt-4 border-t border-neutral-800 pt-4" data-testid="thread-comments">
      {list === null && !failed && (
        <p className="flex items-center gap-2 text-sm text-neutral-400">
          <Spinner /> Loading comments…
        </p>
      )}
      {failed && (
        <p role="alert" className="text-sm text-red-300">
          {FORUM_MSG.fetchCommentsError}.{" "}
          <button type="button" className="underline" onClick={() => load(list ? next : null)}>Try again</button>
        </p>
      )}
      {list?.length === 0 && <p className="text-sm text-neutral-400">No comments yet.</p>}
      {list && list.length > 0 && (
        <ul className="flex flex-col gap-3" data-testid="comment-list">
          {list.map((c) => (
            <li key={c.id} className="rounded-lg bg-neutral-950/60 p-3" data-comment-id={c.id}>
              <div className="mb-1 flex items-center justify-between gap-2 text-sm">
                <p className="min-w-0 truncate">
                  <b>{authorName(c)}</b>{" "}
                  <time dateTime={c.createdAt} className="text-neutral-400">· {formatRelativeTime(c.createdAt, now)}</time>
                </p>
                <span className="flex shrink-0 gap-3">
                  {!c.status && viewer?.id !== c.userId && (
                    <ReportLink
                      label={`Report comment by ${authorName(c)}`}
                      onClick={() => setReporting(c)}
                    />
                  )}
                  {viewer && (viewer.isAdmin || viewer.id === c.userId) && (
                    <button
                      type="button"
                      className="text-xs text-red-300 hover:underline"
                      onClick={() => setDeleting(c)}
                    >
                      Delete
                    </button>
                  )}
                </span>
              </div>
              <PostStatusNote status={c.status} />
              <p className="whitespace-pre-wrap wrap-anywhere text-sm text-neutral-200">
                <LinkedText text={c.content} />
              </p>
            </li>
          ))}
        </ul>
      )}
      {next && list && (
        // A link, so a crawler (or a browser without script) reaches the next comments (decision 047).
        <a
          href={`${forumHref({ thread: threadId, comments: next })}#${threadAnchor(threadId)}`}
          className="btn-secondary mt-3 inline-block"
          data-testid="more-comments"
          onClick={(e) => {
            e.preventDefault();
            load(next);
          }}
        >
          Load more comments
        </a>
      )}
      {viewer
        ? (
          <form onSubmit={post} className="mt-4 flex scroll-mt-20 scroll-mb-20 flex-col gap-2">
            <label htmlFor={`reply-${threadId}`} className="sr-only">Write a comment</label>
            <textarea
              id={`reply-${threadId}`}
              ref={replyRef}
              value={text}
              maxLength={FORUM_LIMITS.comment}
              onChange={(e) => setText(e.target.value)}
              onFocus={prefetchForumSchemas}
              placeholder="Write a comment…"
              className="field min-h-[80px]"
            />
            <div className="flex justify-end">
              <button type="submit" className="btn-primary" disabled={posting}>{posting ? "Posting..." : "Post Comment"}</button>
            </div>
          </form>
        )
        : (
          <p className="mt-4 text-sm text-neutral-400">
            <a href={authHref(`/forum#thread-${threadId}`)} className="text-orange-300 underline">Log in</a> to join the discussion.
          </p>
        )}
      {reporting && (
        <ReportPostDialog
          title="Report Comment"
          url={`${base}/${reporting.id}/report`}
          idPrefix={`report-forum-comment-${reporting.id}`}
          close={() => setReporting(null)}
        />
      )}
      {deleting && (
        <ConfirmDialog
          title="Delete this comment?"
          message="The comment will be removed permanently."
          confirmLabel="Delete"
          onConfirm={() => remove(deleting)}
          close={() => setDeleting(null)}
        />
      )}
    </div>
  );
}
