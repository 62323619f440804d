import { useState } from "react";
import { api } from "./api.ts";
import { COMMENT_MAX } from "./media_rules.ts";
import { toast } from "./toast.ts";

export type CommentView = { id: number; username: string; content: string; createdAt: string };

type Props = { videoId: number; initial: CommentView[]; username: string | null };

const dateFmt = (iso: string) =>
  new Date(iso).toLocaleDateString("en-US", { year: "numeric", month: "short", day: "numeric", timeZone: "UTC" });

export default function Comments({ videoId, initial, username }: Props) {
  const [list, setList] = useState(initial);
  const [text, setText] = useState("");
  const [posting, setPosting] = useState(false);

  async function post(e: React.FormEvent) {
    e.preventDefault();
    const content = text.trim();
    if (!content || posting) return;
    setPosting(true);
    try {
      await api(`/api/videos/${videoId}/comments`, { method: "POST", body: { videoId, content, username: username ?? "Anonymous" } });
      setText("");
      toast({ title: "Comment added", description: "Your comment has been added successfully" });
      setList(await api<CommentView[]>(`/api/videos/${videoId}/comments`));
    } catch {
      toast({ title: "Error adding comment", description: "Could not add your comment. Please try again.", variant: "destructive" });
    } finally {
      setPosting(false);
    }
  }

  return (
    <section aria-labelledby="comments-title" className="mt-8">
      <h2 id="comments-title" className="mb-3 text-lg font-semibold">Comments ({list.length})</h2>
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
                  <b>{c.username || "Anonymous"}</b> <span className="text-neutral-500">· {dateFmt(c.createdAt)}</span>
                </p>
                <p className="whitespace-pre-wrap break-words text-sm text-neutral-200">{c.content}</p>
              </li>
            ))}
          </ul>
        )}
    </section>
  );
}
