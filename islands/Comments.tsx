import { useEffect, useRef, useState } from "react";
import { api } from "../components/ui/api.ts";
import { COMMENT_MAX } from "../common/media_rules.ts";
import { toast } from "../components/ui/toast.ts";

export type CommentView = { id: number; username: string; content: string; createdAt: string };

/** `count` is the item's comment count; the list holds at most the newest LIST_LIMIT comments. */
type Props = { videoId: number; initial: CommentView[]; username: string | null; count?: number };

/** The server's list size (COMMENT_LIST_LIMIT): a shorter list is complete, so its length is the count. */
const LIST_LIMIT = 200;

const dateFmt = (iso: string) =>
  new Date(iso).toLocaleDateString("en-US", { year: "numeric", month: "short", day: "numeric", timeZone: "UTC" });

const countText = (n: number) => `${n} ${n === 1 ? "comment" : "comments"}`;

export default function Comments({ videoId, initial, username, count: initialCount }: Props) {
  const [list, setList] = useState(initial);
  const [count, setCount] = useState(initialCount ?? initial.length);
  const [text, setText] = useState("");
  const [posting, setPosting] = useState(false);
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
      const fresh = await api<CommentView[]>(`/api/videos/${videoId}/comments`);
      setList(fresh);
      setCount((n) => fresh.length < LIST_LIMIT ? fresh.length : Math.max(n, fresh.length));
    } catch {
      // The comment is saved and already shown; the next visit brings the full list.
    }
  }

  async function post(e: React.FormEvent) {
    e.preventDefault();
    const content = text.trim();
    if (!content || posting) return;
    setPosting(true);
    let added: CommentView;
    try {
      added = await api<CommentView>(`/api/videos/${videoId}/comments`, {
        method: "POST",
        body: { videoId, content, username: username ?? "Anonymous" },
      });
    } catch {
      toast({ title: "Error adding comment", description: "Could not add your comment. Please try again.", variant: "destructive" });
      setPosting(false);
      return;
    }
    setText("");
    toast({ title: "Comment added", description: "Your comment has been added successfully" });
    if (added && typeof added.id === "number") setList((l) => [added, ...l.filter((c) => c.id !== added.id)]);
    setCount((n) => n + 1);
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
          placeholder={username ? `Comment as ${username}` : "Add a comment (posted as Anonymous)"}
          className="field min-h-[100px]"
        />
        <div className="flex justify-end">
          <button type="submit" className="btn-primary" disabled={!text.trim() || posting}>{posting ? "Posting..." : "Post"}</button>
        </div>
      </form>
      {list.length === 0
        ? <p className="text-sm text-neutral-400">No comments yet. Be the first to comment!</p>
        : (
          <ul className="flex flex-col gap-4" data-testid="comment-list">
            {list.map((c) => (
              <li key={c.id} className="rounded-lg bg-neutral-900 p-3">
                <p className="mb-1 text-sm">
                  <b>{c.username || "Anonymous"}</b> <span className="text-neutral-400">· {dateFmt(c.createdAt)}</span>
                </p>
                <p className="whitespace-pre-wrap break-words text-sm text-neutral-200">{c.content}</p>
              </li>
            ))}
          </ul>
        )}
    </section>
  );
}
