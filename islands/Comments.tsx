import { useEffect, useRef, useState } from "react";
import { api, ApiError } from "../components/ui/api.ts";
import { ConfirmDialog } from "../components/ui/forum/ConfirmDialog.tsx";
import { COMMENT_LIST_LIMIT } from "../common/media_rules.ts";
import type { MediaComment } from "../common/api_types.ts";
import { firstError } from "../common/schemas/form.ts";
import { toast } from "../components/ui/toast.ts";
import { ReportPostDialog } from "../components/ui/ReportForm.tsx";
import { HELD_TOAST } from "../common/moderation.ts";
import { type CommentActions, CommentItem } from "../components/ui/comments/CommentItem.tsx";
import { CommentForm } from "../components/ui/comments/CommentForm.tsx";

/**
 * `count` is the item's comment count; the list holds at most the newest COMMENT_LIST_LIMIT top comments, each
 * followed in `initial` by its replies (issue 43). `viewer` and `ownerId` decide which comments show Delete:
 * one's own, all on one's own item, all for admins.
 */
type Props = {
  videoId: number;
  initial: MediaComment[];
  username: string | null;
  count?: number;
  viewer?: { id: number; isAdmin: boolean } | null;
  ownerId?: number;
};

type Sort = "newest" | "top";

const countText = (n: number) => `${n} ${n === 1 ? "comment" : "comments"}`;

/** The payload schema (and zod/mini, ~8 KB gzipped) is fetched when the visitor starts writing, not with the page. */
const loadSchema = () => import("../common/schemas/comments.ts");

export default function Comments({ videoId, initial, username, count: initialCount, viewer = null, ownerId }: Props) {
  const [list, setList] = useState(initial);
  const [count, setCount] = useState(initialCount ?? initial.length);
  const [sort, setSort] = useState<Sort>("newest");
  const [replyTo, setReplyTo] = useState<{ top: number; text: string } | null>(null);
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(new Set());
  const [deleting, setDeleting] = useState<MediaComment | null>(null);
  const [reporting, setReporting] = useState<MediaComment | null>(null);
  const shownCount = useRef(count);
  const base = `/api/videos/${videoId}/comments`;

  // The page's "N comments" line is server-rendered outside this island: keep it in step.
  useEffect(() => {
    if (shownCount.current === count) return;
    shownCount.current = count;
    const el = document.querySelector<HTMLElement>(`[data-testid="comment-count"][data-video-id="${videoId}"]`);
    if (el) el.textContent = countText(count);
  }, [count, videoId]);

  async function refresh(by: Sort = sort) {
    try {
      const fresh = await api<MediaComment[]>(`${base}?sort=${by}`);
      setList(fresh);
      // A shorter list than the server's page is complete, so its shown comments are the count
      // (one's own comments awaiting review are listed but not counted).
      const shown = fresh.filter((c) => !c.status).length;
      const tops = fresh.filter((c) => c.parentId === null).length;
      setCount((n) => tops < COMMENT_LIST_LIMIT ? shown : Math.max(n, shown));
    } catch {
      // The comment is saved and already shown; the next visit brings the full list.
    }
  }

  /** Posts a comment or a reply: true, or the error to show (the form keeps its text). */
  async function send(text: string, parentId: number | null): Promise<string | true> {
    const checked = (await loadSchema()).commentSchema.safeParse({ content: text });
    if (!checked.success) return firstError(checked) ?? "Comment cannot be empty";
    let added: MediaComment;
    try {
      added = await api<MediaComment>(base, {
        method: "POST",
        body: { videoId, content: checked.data, username: username ?? "Anonymous", ...(parentId ? { parentId } : {}) },
      });
    } catch (err) {
      const description = err instanceof ApiError && err.status < 500
        ? err.body?.error ?? err.message
        : "Could not add your comment. Please try again.";
      toast({ title: "Error adding comment", description, variant: "destructive" });
      return description;
    }
    // A comment held for review (issue 34) is shown to its writer only, marked, and not counted.
    toast(added?.status === "held" ? HELD_TOAST : { title: "Comment added", description: "Your comment has been added successfully" });
    if (added && typeof added.id === "number") {
      setList((l) => [...l.filter((c) => c.id !== added.id), added]);
      if (added.parentId) setExpanded((s) => new Set(s).add(added.parentId!));
    }
    if (!added?.status) setCount((n) => n + 1);
    setReplyTo(null);
    if (!parentId) await refresh();
    return true;
  }

  /** Deletes `c` (issue 27: own comments, and all on one's own item or as an admin); the count follows the server's. */
  async function remove(c: MediaComment) {
    try {
      const { commentCount } = await api<{ commentCount: number }>(`${base}/${c.id}`, { method: "DELETE" });
      setList((l) => l.filter((x) => x.id !== c.id && x.parentId !== c.id));
      setCount(commentCount);
      toast({ title: "Comment deleted", description: "The comment has been removed." });
    } catch (err) {
      const description = err instanceof ApiError ? err.body?.error ?? err.message : "Please check your connection and try again.";
      toast({ title: "Error deleting comment", description, variant: "destructive" });
      throw err;
    }
  }

  /** Likes or unlikes (issue 43 point 4): members only; the count shown is the server's answer. */
  async function like(c: MediaComment) {
    if (!viewer) {
      toast({ title: "Log in to like comments", description: "Likes need an account.", variant: "destructive" });
      return;
    }
    try {
      const res = await api<{ liked: boolean; likeCount: number }>(`${base}/${c.id}/like`, { method: c.liked ? "DELETE" : "POST" });
      setList((l) => l.map((x) => x.id === c.id ? { ...x, liked: res.liked, likeCount: res.likeCount } : x));
    } catch {
      toast({ title: "Could not update the like", description: "Please try again.", variant: "destructive" });
    }
  }

  /** Block or mute of a remote author (issue 40 point 5): their comments leave this member's view at once, as the server will. */
  async function silence(c: MediaComment, kind: "block" | "mute") {
    const remote = c.remote;
    if (!remote) return;
    try {
      await api(`/api/user/remote-actors/${remote.id}/${kind}`, { method: "POST" });
      setList((l) => l.filter((x) => x.remote?.id !== remote.id));
      toast({
        title: `${kind === "block" ? "Blocked" : "Muted"} ${remote.handle}`,
        description: "Undo it in your profile's Blocked and muted accounts section.",
      });
    } catch (err) {
      toast({ title: err instanceof ApiError ? err.message : "Something went wrong", variant: "destructive" });
    }
  }

  const actions: CommentActions = {
    canDelete: (c) => !!viewer && (viewer.isAdmin || viewer.id === ownerId || (c.userId !== null && c.userId === viewer.id)),
    /** Anyone may report a comment everyone sees (issue 34), but not their own. */
    canReport: (c) => !c.status && (!viewer || c.userId !== viewer.id),
    like,
    // A reply to a reply goes under the top comment and names the writer answered, as YouTube does.
    reply: (c) => setReplyTo({ top: c.parentId ?? c.id, text: c.parentId && c.userId !== null ? `@${c.username} ` : "" }),
    remove: setDeleting,
    report: setReporting,
    expanded: (c) => expanded.has(c.id),
    ...(viewer ? { silence } : {}),
    toggle: (c) => setExpanded((s) => s.has(c.id) ? new Set([...s].filter((id) => id !== c.id)) : new Set(s).add(c.id)),
  };
  const tops = list.filter((c) => c.parentId === null);

  return (
    <section aria-labelledby="comments-title" className="mt-8">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 id="comments-title" className="text-lg font-semibold">Comments ({count})</h2>
        {/* Sorting needs two comments or more (and the first screen stays within its budget without it). */}
        {tops.length > 1 && (
          <label className="flex items-center gap-2 text-sm text-neutral-300">
            Sort by
            <select
              className="field w-auto py-1"
              value={sort}
              onChange={(e) => {
                const by = e.target.value as Sort;
                setSort(by);
                void refresh(by);
              }}
            >
              <option value="newest">Newest</option>
              <option value="top">Top</option>
            </select>
          </label>
        )}
      </div>
      <CommentForm
        id="comment-text"
        label="Add a comment"
        placeholder={username ? `Comment as ${username}` : "Add a comment (posted as Anonymous)"}
        onSubmit={(text) => send(text, null)}
        onFocus={() => loadSchema().catch(() => {})}
      />
      {tops.length === 0
        ? <p className="text-sm text-neutral-400">No comments yet. Be the first to comment!</p>
        : (
          <ul className="flex flex-col gap-4" data-testid="comment-list">
            {tops.map((c) => (
              <CommentItem key={c.id} c={c} replies={list.filter((r) => r.parentId === c.id)} actions={actions}>
                {replyTo?.top === c.id && (
                  <div className="mt-3">
                    <CommentForm
                      id={`reply-text-${c.id}`}
                      label={`Reply to ${c.username || "Anonymous"}`}
                      placeholder="Add a reply"
                      initial={replyTo.text}
                      autoFocus
                      submitLabel="Reply"
                      onSubmit={(text) => send(text, c.id)}
                      onCancel={() => setReplyTo(null)}
                    />
                  </div>
                )}
              </CommentItem>
            ))}
          </ul>
        )}
      {reporting && (
        <ReportPostDialog
          title="Report Comment"
          url={`${base}/${reporting.id}/report`}
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
