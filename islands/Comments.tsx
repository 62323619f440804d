import { useEffect, useRef, useState } from "react";
import { api, ApiError } from "../components/ui/api.ts";
import { ConfirmDialog } from "../components/ui/forum/ConfirmDialog.tsx";
import { COMMENT_LIST_LIMIT, COMMENT_MAX } from "../common/media_rules.ts";
import type { MediaComment } from "../common/api_types.ts";
import { formatDate } from "../common/format.ts";
import { firstError } from "../common/schemas/form.ts";
import { toast } from "../components/ui/toast.ts";
import { ReportLink, ReportPostDialog } from "../components/ui/ReportForm.tsx";
import { PostStatusNote } from "../components/ui/PostStatusNote.tsx";
import { HELD_TOAST } from "../common/moderation.ts";

/**
 * `count` is the item's comment count; the list holds at most the newest COMMENT_LIST_LIMIT comments.
 * `viewer` and `ownerId` decide which comments show Delete: one's own, all on one's own item, all for admins.
 */
type Props = {
  videoId: number;
  initial: MediaComment[];
  username: string | null;
  count?: number;
  viewer?: { id: number; isAdmin: boolean } | null;
  ownerId?: number;
};

const countText = (n: number) => `${n} ${n === 1 ? "comment" : "comments"}`;

/** The payload schema (and zod/mini, ~8 KB gzipped) is fetched when the visitor starts writing, not with the page. */
const loadSchema = () => import("../common/schemas/comments.ts");

export default function Comments({ videoId, initial, username, count: initialCount, viewer = null, ownerId }: Props) {
  const [list, setList] = useState(initial);
  const [count, setCount] = useState(initialCount ?? initial.length);
  const [text, setText] = useState("");
  const [posting, setPosting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<MediaComment | null>(null);
  const [reporting, setReporting] = useState<MediaComment | null>(null);
  const canDelete = (c: MediaComment) =>
    !!viewer && (viewer.isAdmin || viewer.id === ownerId || (c.userId !== null && c.userId === viewer.id));
  /** Anyone may report a comment everyone sees (issue 34), but not their own. */
  const canReport = (c: MediaComment) => !c.status && (!viewer || c.userId !== viewer.id);

  /** Deletes `c` (issue 27: own comments, and all on one's own item or as an admin); the count follows the server's. */
  async function remove(c: MediaComment) {
    try {
      const { commentCount } = await api<{ commentCount: number }>(`/api/videos/${videoId}/comments/${c.id}`, { method: "DELETE" });
      setList((l) => l.filter((x) => x.id !== c.id));
      setCount(commentCount);
      toast({ title: "Comment deleted", description: "The comment has been removed." });
    } catch (err) {
      const description = err instanceof ApiError ? err.body?.error ?? err.message : "Please check your connection and try again.";
      toast({ title: "Error deleting comment", description, variant: "destructive" });
      throw err;
    }
  }
  const shownCount = useRef(count);

  // The page's "N comments" line is server-rendered outside this island: keep it in step.
  useEffect(() => {
    if (shownCount.current === count) return;
    shownCount.current = count;
    const el = document.querySelector<HTMLElement>(`[data-testid="comment-count"][data-video-id="${videoId}"]`);
    if (el) el.textContent = countText(count);
  }, [count, videoId]);

  async function refresh() {
    try {
      const fresh = await api<MediaComment[]>(`/api/videos/${videoId}/comments`);
      setList(fresh);
      // A shorter list than the server's page is complete, so its shown comments are the count
      // (one's own comments awaiting review are listed but not counted).
      const shown = fresh.filter((c) => !c.status).length;
      setCount((n) => fresh.length < COMMENT_LIST_LIMIT ? shown : Math.max(n, shown));
    } catch {
      // The comment is saved and already shown; the next visit brings the full list.
    }
  }

  async function post(e: React.FormEvent) {
    e.preventDefault();
    if (posting) return;
    setPosting(true);
    let added: MediaComment;
    try {
      const checked = (await loadSchema()).commentSchema.safeParse({ content: text });
      setError(firstError(checked));
      if (!checked.success) {
        setPosting(false);
        return;
      }
      const content = checked.data;
      added = await api<MediaComment>(`/api/videos/${videoId}/comments`, {
        method: "POST",
        body: { videoId, content, username: username ?? "Anonymous" },
      });
    } catch {
      toast({ title: "Error adding comment", description: "Could not add your comment. Please try again.", variant: "destructive" });
      setPosting(false);
      return;
    }
    setText("");
    // A comment held for review (issue 34) is shown to its writer only, marked, and not counted.
    toast(added?.status === "held" ? HELD_TOAST : { title: "Comment added", description: "Your comment has been added successfully" });
    if (added && typeof added.id === "number") setList((l) => [added, ...l.filter((c) => c.id !== added.id)]);
    if (!added?.status) setCount((n) => n + 1);
    setPosting(false);
    await refresh();
  }

  return (
    <section aria-labelledby="comments-title" className="mt-8">
      <h2 id="comments-title" className="mb-3 text-lg font-semibold">Comments ({count})</h2>
      <form onSubmit={post} className="mb-6 flex flex-col gap-2">
        <label htmlFor="comment-text" className="sr-only">Add a comment</label>
        <textarea
          id="comment-text"
          value={text}
          maxLength={COMMENT_MAX}
          onChange={(e) => setText(e.target.value)}
          onFocus={() => loadSchema().catch(() => {})}
          placeholder={username ? `Comment as ${username}` : "Add a comment (posted as Anonymous)"}
          className="field min-h-[100px]"
          aria-invalid={!!error}
        />
        {error && <p role="alert" className="field-error">{error}</p>}
        <div className="flex justify-end">
          <button type="submit" className="btn-primary" disabled={!text.trim() || posting}>{posting ? "Posting..." : "Post"}</button>
        </div>
      </form>
      {list.length === 0
        ? <p className="text-sm text-neutral-400">No comments yet. Be the first to comment!</p>
        : (
          <ul className="flex flex-col gap-4" data-testid="comment-list">
            {list.map((c) => (
              <li
                key={c.id}
                id={`comment-${c.id}`}
                data-status={c.status}
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
                      : <b>{c.username || "Anonymous"}</b>} <span className="text-neutral-400">· {formatDate(c.createdAt, "short")}</span>
                  </p>
                  <span className="flex shrink-0 gap-3">
                    {canReport(c) && (
                      <ReportLink
                        label={`Report comment by ${c.username || "Anonymous"}`}
                        onClick={() => setReporting(c)}
                      />
                    )}
                    {canDelete(c) && (
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
                <p className="whitespace-pre-wrap wrap-anywhere text-sm text-neutral-200">{c.content}</p>
              </li>
            ))}
          </ul>
        )}
      {reporting && (
        <ReportPostDialog
          title="Report Comment"
          url={`/api/videos/${videoId}/comments/${reporting.id}/report`}
          idPrefix={`report-comment-${reporting.id}`}
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
    </section>
  );
}
