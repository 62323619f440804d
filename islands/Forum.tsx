import { useState } from "react";
import {
  compareThreads,
  FORUM_MSG,
  type ForumCategory,
  type ForumCommentView,
  type ForumFilter,
  forumHref,
  type ForumSort,
  THREAD_PAGE,
  type ThreadView,
} from "../common/forum_rules.ts";
import { threadCursor } from "../common/forum_cursor.ts";
import { api } from "../components/ui/api.ts";
import { errorToast } from "../components/ui/forum/actions.ts";
import { ConfirmDialog } from "../components/ui/forum/ConfirmDialog.tsx";
import { ForumSidebar } from "../components/ui/forum/ForumSidebar.tsx";
import { ForumToolbar } from "../components/ui/forum/ForumToolbar.tsx";
import { useNow, useThreadFromHash } from "../components/ui/forum/hooks.ts";
import { ThreadCardCell } from "../components/ui/forum/ThreadCardCell.tsx";
import type { Viewer } from "../components/ui/forum/ThreadComments.tsx";
import { ThreadDialog } from "../components/ui/forum/ThreadDialog.tsx";
import { Spinner } from "../components/ui/Spinner.tsx";
import { toast } from "../components/ui/toast.ts";

export type ForumView = { categoryId: number | null; sort: ForumSort; filter: ForumFilter };

export type ForumProps = {
  categories: ForumCategory[];
  totalThreads: number;
  /** Comments on every thread (the spec's stat counts only the opened thread's: decision 036). */
  totalComments: number;
  activeUsers: number;
  /** The first page of the view, in the server's order. */
  threads: ThreadView[];
  /** The cursor of the page after these (common/forum_cursor.ts), null on the last page. */
  next: string | null;
  view: ForumView;
  viewer: Viewer | null;
  /** The server's clock when it rendered, so relative times hydrate as rendered. */
  renderedAt: number;
  /** A thread opened by its address (`/forum?thread=id`), with its first comments. */
  opened: { threadId: number; comments: ForumCommentView[] } | null;
};

/** A page of the view: the first, or the one after a cursor (pages are asked for by key, decision 047). */
const listUrl = (v: ForumView, after: string | null) =>
  `/api/forum/threads?categoryId=${v.categoryId ?? ""}&sortBy=${v.sort}&filter=${v.filter}&limit=${THREAD_PAGE.size}${
    after ? `&after=${encodeURIComponent(after)}` : ""
  }`;

/** The forum (spec part 2 §2 "Forum"): categories and stats on the left, the threads on the right. */
export default function Forum(props: ForumProps) {
  const { viewer, categories: initialCategories } = props;
  const [categories, setCategories] = useState(initialCategories);
  const [totalThreads, setTotalThreads] = useState(props.totalThreads);
  const [totalComments, setTotalComments] = useState(props.totalComments);
  const [view, setView] = useState(props.view);
  const [threads, setThreads] = useState(props.threads);
  const [next, setNext] = useState(props.next);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const [search, setSearch] = useState("");
  const [openId, setOpenId] = useState<number | null>(props.opened?.threadId ?? null);
  const [replying, setReplying] = useState(false);
  const [dialog, setDialog] = useState<"thread" | "sticky" | null>(null);
  const [deleting, setDeleting] = useState<ThreadView | null>(null);
  const [upvoting, setUpvoting] = useState<number | null>(null);
  const now = useNow(props.renderedAt);
  useThreadFromHash(threads.map((t) => t.id), (id) => {
    setOpenId(id);
    setReplying(false);
  });

  async function load(v: ForumView, after: string | null) {
    setLoading(true);
    setFailed(false);
    try {
      const page = await api<ThreadView[]>(listUrl(v, after));
      setThreads((list) => (after === null ? page : [...list, ...page.filter((t) => !list.some((x) => x.id === t.id))]));
      // The key of the last thread as sent, before any upvote here changes its count.
      setNext(page.length === THREAD_PAGE.size ? threadCursor(v.sort, page[page.length - 1]) : null);
    } catch {
      setFailed(true);
    } finally {
      setLoading(false);
    }
  }

  const slugOf = (categoryId: number | null) => categories.find((c) => c.id === categoryId)?.slug ?? null;

  function change(patch: Partial<ForumView>) {
    const next = { ...view, ...patch };
    setView(next);
    setOpenId(null);
    history.replaceState(null, "", forumHref({ category: slugOf(next.categoryId), sort: next.sort, filter: next.filter }));
    load(next, null);
  }

  const patchThread = (id: number, patch: (t: ThreadView) => Partial<ThreadView>) =>
    setThreads((list) => list.map((t) => (t.id === id ? { ...t, ...patch(t) } : t)));

  function toggle(id: number, reply = false) {
    setReplying(reply);
    setOpenId((cur) => (cur === id && !reply ? null : id));
  }

  async function upvote(t: ThreadView) {
    setUpvoting(t.id);
    try {
      const res = await api<{ upvotes: number; upvoted: boolean }>(`/api/forum/threads/${t.id}/upvote`, {
        method: t.upvoted ? "DELETE" : "POST",
      });
      patchThread(t.id, () => res);
      toast({ title: res.upvoted ? "Thread upvoted" : "Upvote removed" });
    } catch (err) {
      errorToast("Error upvoting thread", err);
    } finally {
      setUpvoting(null);
    }
  }

  function created(t: ThreadView) {
    // A held thread (issue 34) is listed for its writer but counted once approved.
    if (!t.status) {
      setTotalThreads((n) => n + 1);
      setCategories((list) => list.map((c) => (c.id === t.categoryId ? { ...c, count: c.count + 1 } : c)));
    }
    const fits = (view.categoryId === null || view.categoryId === t.categoryId) && (view.filter === "all" || t.isSticky);
    if (fits) setThreads((list) => [...list, t].sort(compareThreads(view.sort)));
  }

  async function remove(t: ThreadView) {
    try {
      await api(`/api/forum/threads/${t.id}`, { method: "DELETE" });
    } catch (err) {
      errorToast(FORUM_MSG.deleteThreadError, err);
      throw err;
    }
    setThreads((list) => list.filter((x) => x.id !== t.id));
    if (!t.status) {
      setTotalThreads((n) => Math.max(0, n - 1));
      setTotalComments((n) => Math.max(0, n - t.commentCount));
      setCategories((list) => list.map((c) => (c.id === t.categoryId ? { ...c, count: Math.max(0, c.count - 1) } : c)));
    }
    if (openId === t.id) setOpenId(null);
    toast({ title: "Thread deleted" });
  }

  const q = search.trim().toLowerCase();
  const shown = q ? threads.filter((t) => t.title.toLowerCase().includes(q) || t.content.toLowerCase().includes(q)) : threads;
  const names = new Map(categories.map((c) => [c.id, c.name]));

  return (
    <div className="mx-auto grid max-w-[1400px] gap-6 px-3 py-6 sm:px-6 lg:grid-cols-[260px_minmax(0,1fr)]">
      <div className="lg:col-span-2">
        <h1 className="text-2xl font-bold">Community Forum</h1>
        <p className="mt-1 text-sm text-neutral-400">Talk about AI video and images: share work, prompts, tools and feedback.</p>
      </div>
      <ForumSidebar
        categories={categories}
        categoryId={view.categoryId}
        sort={view.sort}
        filter={view.filter}
        totalThreads={totalThreads}
        totalComments={totalComments}
        activeUsers={props.activeUsers}
        choose={(categoryId) => change({ categoryId })}
      />
      <section aria-label="Threads" className="min-w-0">
        <ForumToolbar
          search={search}
          setSearch={setSearch}
          categorySlug={slugOf(view.categoryId)}
          sort={view.sort}
          filter={view.filter}
          change={change}
          signedIn={!!viewer}
          isAdmin={!!viewer?.isAdmin}
          newThread={() => setDialog("thread")}
          newSticky={() => setDialog("sticky")}
        />
        {failed && (
          <p role="alert" className="mb-4 rounded-lg border border-red-500/40 bg-red-500/10 p-3 text-sm text-red-200">
            {FORUM_MSG.loadThreadsError}. <button type="button" className="underline" onClick={() => load(view, null)}>Try again</button>
          </p>
        )}
        <div className={`later-rows flex flex-col gap-3 ${loading ? "opacity-60" : ""}`} data-testid="thread-list" aria-busy={loading}>
          {shown.map((t) => (
            <ThreadCardCell
              key={t.id}
              thread={t}
              categoryName={t.categoryId === null ? null : names.get(t.categoryId) ?? null}
              viewer={viewer}
              now={now}
              open={openId === t.id}
              initialComments={props.opened?.threadId === t.id ? props.opened.comments : null}
              replying={replying}
              toggle={() => toggle(t.id)}
              reply={() => toggle(t.id, true)}
              upvote={() => upvote(t)}
              upvoting={upvoting === t.id}
              remove={() => setDeleting(t)}
              countChanged={(d) => {
                patchThread(t.id, (x) => ({ commentCount: Math.max(0, x.commentCount + d) }));
                setTotalComments((n) => Math.max(0, n + d));
              }}
            />
          ))}
        </div>
        {!loading && shown.length === 0 && !failed && (
          <p className="py-16 text-center text-neutral-400">
            {q
              ? "No threads match your search."
              : view.filter === "sticky"
              ? "No sticky threads here."
              : "No threads yet. Start the conversation!"}
          </p>
        )}
        {loading && (
          <p className="flex justify-center py-6 text-neutral-400">
            <Spinner size={20} />
          </p>
        )}
        {next && !loading && (
          <div className="mt-4 flex justify-center">
            {/* A link, so the next page is reachable without script (a crawler's walk, decision 047). */}
            <a
              href={forumHref({ category: slugOf(view.categoryId), sort: view.sort, filter: view.filter, after: next })}
              className="btn-secondary"
              data-testid="more-threads"
              onClick={(e) => {
                e.preventDefault();
                load(view, next);
              }}
            >
              Load more threads
            </a>
          </div>
        )}
      </section>
      {dialog && (
        <ThreadDialog
          sticky={dialog === "sticky"}
          categories={categories}
          defaultCategoryId={view.categoryId}
          close={() => setDialog(null)}
          created={created}
        />
      )}
      {deleting && (
        <ConfirmDialog
          title="Delete this thread?"
          message={`"${deleting.title}" and its comments will be removed permanently.`}
          confirmLabel="Delete"
          onConfirm={() => remove(deleting)}
          close={() => setDeleting(null)}
        />
      )}
    </div>
  );
}
