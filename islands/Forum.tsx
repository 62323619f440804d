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
import { api } from "../components/ui/api.ts";
import { errorToast } from "../components/ui/forum/actions.ts";
import { ConfirmDialog } from "../components/ui/forum/ConfirmDialog.tsx";
import { ForumSidebar } from "../components/ui/forum/ForumSidebar.tsx";
import { ForumToolbar } from "../components/ui/forum/ForumToolbar.tsx";
import { useNow, useThreadFromHash } from "../components/ui/forum/hooks.ts";
import { ThreadCard } from "../components/ui/forum/ThreadCard.tsx";
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
  /** How many of `threads` came from the view's list (a thread opened by its address may be added). */
  listed: number;
  view: ForumView;
  viewer: Viewer | null;
  /** The server's clock when it rendered, so relative times hydrate as rendered. */
  renderedAt: number;
  /** A thread opened by its address (`/forum?thread=id`), with its first comments. */
  opened: { threadId: number; comments: ForumCommentView[] } | null;
};

const listUrl = (v: ForumView, offset: number) =>
  `/api/forum/threads?categoryId=${v.categoryId ?? ""}&sortBy=${v.sort}&filter=${v.filter}&limit=${THREAD_PAGE.size}&offset=${offset}`;

/** The forum (spec part 2 §2 "Forum"): categories and stats on the left, the threads on the right. */
export default function Forum(props: ForumProps) {
  const { viewer, categories: initialCategories } = props;
  const [categories, setCategories] = useState(initialCategories);
  const [totalThreads, setTotalThreads] = useState(props.totalThreads);
  const [totalComments, setTotalComments] = useState(props.totalComments);
  const [view, setView] = useState(props.view);
  const [threads, setThreads] = useState(props.threads);
  const [listed, setListed] = useState(props.listed);
  const [hasMore, setHasMore] = useState(props.listed >= THREAD_PAGE.size);
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

  async function load(next: ForumView, offset: number) {
    setLoading(true);
    setFailed(false);
    try {
      const page = await api<ThreadView[]>(listUrl(next, offset));
      setThreads((list) => (offset === 0 ? page : [...list, ...page.filter((t) => !list.some((x) => x.id === t.id))]));
      setListed((n) => (offset === 0 ? page.length : n + page.length));
      setHasMore(page.length === THREAD_PAGE.size);
    } catch {
      setFailed(true);
    } finally {
      setLoading(false);
    }
  }

  function change(patch: Partial<ForumView>) {
    const next = { ...view, ...patch };
    setView(next);
    setOpenId(null);
    const slug = categories.find((c) => c.id === next.categoryId)?.slug ?? null;
    history.replaceState(null, "", forumHref({ category: slug, sort: next.sort, filter: next.filter }));
    load(next, 0);
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
          categorySlug={categories.find((c) => c.id === view.categoryId)?.slug ?? null}
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
            {FORUM_MSG.loadThreadsError}. <button type="button" className="underline" onClick={() => load(view, 0)}>Try again</button>
          </p>
        )}
        <div className={`later-rows flex flex-col gap-3 ${loading ? "opacity-60" : ""}`} data-testid="thread-list" aria-busy={loading}>
          {shown.map((t) => (
            <ThreadCard
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
        {hasMore && !loading && (
          <div className="mt-4 flex justify-center">
            <button type="button" className="btn-secondary" onClick={() => load(view, listed)}>Load more threads</button>
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
