/**
 * The forum's rules, texts and shapes (spec part 2 §2 "Forum", §3, §5, §8, §9), shared by the
 * `/forum` page, its island and `/api/forum`. Pure: no imports.
 */

export const FORUM_LIMITS = {
  title: 200,
  content: 20_000,
  comment: 5_000,
  /** At most this many tags on a thread... */
  tags: 10,
  /** ...each at most this long. */
  tag: 40,
} as const;

/** Thread preview truncated at 400 characters (spec part 2 §9). */
export const PREVIEW_CHARS = 400;

/**
 * The spec's client loads "the" thread list; on a forum with thousands of threads that is a
 * page: `limit` (default 30, at most 100) and `offset` (at most 100,000) on the list API.
 */
export const THREAD_PAGE = { size: 30, max: 100, maxOffset: 100_000 } as const;
/** Comments of one thread, oldest first, a page at a time. */
export const COMMENT_PAGE = { size: 100, max: 200, maxOffset: 100_000 } as const;

/** Active Users counts members seen within this window (decision 036). */
export const ACTIVE_WINDOW_MS = 15 * 60_000;

export const FORUM_SORTS = ["newest", "oldest", "popular", "comments"] as const;
export type ForumSort = (typeof FORUM_SORTS)[number];
export const SORT_LABELS: Record<ForumSort, string> = {
  newest: "Newest",
  oldest: "Oldest",
  popular: "Most Popular",
  comments: "Most Comments",
};

export const FORUM_FILTERS = ["all", "sticky"] as const;
export type ForumFilter = (typeof FORUM_FILTERS)[number];
export const FILTER_LABELS: Record<ForumFilter, string> = { all: "All Threads", sticky: "Sticky Threads" };

const thousands = (n: number) => n.toLocaleString("en-US");

/** The spec's wording (part 2 §5, §8) and our limits' messages. */
export const FORUM_MSG = {
  missingTitle: "Missing information",
  missing: "Please provide both a title and content for your thread.",
  missingSticky: "Please provide both a title and content for your sticky thread.",
  emptyCommentTitle: "Empty comment",
  emptyComment: "Please enter some content for your comment.",
  titleLong: `Title must be at most ${FORUM_LIMITS.title} characters`,
  contentLong: `Content must be at most ${thousands(FORUM_LIMITS.content)} characters`,
  commentLong: `Comment must be at most ${thousands(FORUM_LIMITS.comment)} characters`,
  tooManyTags: `At most ${FORUM_LIMITS.tags} tags`,
  tagLong: `Each tag must be at most ${FORUM_LIMITS.tag} characters`,
  tagsType: "tags must be a comma-separated string or an array of strings",
  categoryId: "categoryId must be a forum category id",
  unknownCategory: "Unknown forum category",
  stickyAdminOnly: "Only admins can create sticky threads",
  threadNotFound: "Thread not found",
  commentNotFound: "Comment not found",
  deleteThreadDenied: "You can only delete your own threads",
  deleteCommentDenied: "You can only delete your own comments",
  createError: "Error creating thread",
  commentError: "Error adding comment",
  deleteThreadError: "Error deleting thread",
  deleteCommentError: "Error deleting comment",
  fetchCommentsError: "Failed to fetch comments",
  loadThreadsError: "Failed to load threads",
} as const;

export type ForumCategory = { id: number; name: string; slug: string; count: number };

/** A thread as `GET /api/forum/threads` lists it (spec part 2 §3), plus whether the viewer upvoted it. */
export type ThreadView = {
  id: number;
  title: string;
  content: string;
  categoryId: number | null;
  tags: string[] | null;
  isSticky: boolean;
  upvotes: number;
  commentCount: number;
  createdAt: string;
  /** null once the author deleted their account: shown as Anonymous. */
  userId: number | null;
  user: { username: string } | null;
  upvoted: boolean;
  /** Only on the writer's own thread while it is held for review or hidden by reports (issue 34). */
  status?: "held" | "hidden";
};

export type ForumCommentView = {
  id: number;
  content: string;
  createdAt: string;
  userId: number | null;
  user: { username: string } | null;
  /** Only on the writer's own comment while it is held for review or hidden by reports (issue 34). */
  status?: "held" | "hidden";
};

export const authorName = (item: { user: { username: string } | null }) => item.user?.username || "Anonymous";

/**
 * Tags as entered, comma separated or as a list: trimmed, empties and repeats dropped; none
 * means null (spec part 2 §5).
 */
export function splitForumTags(input: string | readonly string[] | null | undefined): string[] | null {
  const list = typeof input === "string" ? input.split(",") : input ?? [];
  const tags = [...new Set(list.map((t) => t.trim()).filter(Boolean))];
  return tags.length ? tags : null;
}

/**
 * The order the server lists threads in: sticky ones first, each group by the chosen sort, ties
 * to the newer thread (the id breaks ties of the same millisecond). The island keeps its list in
 * the same order when it adds a thread.
 */
export function compareThreads(sort: ForumSort) {
  return (a: ThreadView, b: ThreadView): number => {
    if (a.isSticky !== b.isSticky) return a.isSticky ? -1 : 1;
    const age = (x: ThreadView) => [Date.parse(x.createdAt), x.id];
    const [at, ai] = age(a);
    const [bt, bi] = age(b);
    if (sort === "oldest") return at - bt || ai - bi;
    const key = sort === "popular" ? (x: ThreadView) => x.upvotes : sort === "comments" ? (x: ThreadView) => x.commentCount : null;
    return (key ? key(b) - key(a) : 0) || bt - at || bi - ai;
  };
}

/** The address of a forum view (spec part 2 §2): the category's slug and the sort, when not the defaults; a later page's key. */
export function forumHref(
  view: {
    category?: string | null;
    sort?: ForumSort;
    filter?: ForumFilter;
    thread?: number;
    after?: string | null;
    /** With `thread`: the thread's comments after this key (common/forum_cursor.ts). */
    comments?: string | null;
  },
): string {
  const u = new URLSearchParams();
  if (view.category) u.set("category", view.category);
  if (view.sort && view.sort !== "newest") u.set("sort", view.sort);
  if (view.filter && view.filter !== "all") u.set("filter", view.filter);
  if (view.thread) u.set("thread", String(view.thread));
  // The next page of the list, by the key of the last thread shown (common/forum_cursor.ts).
  if (view.after) u.set("after", view.after);
  if (view.comments) u.set("comments", view.comments);
  const s = u.toString();
  return s ? `/forum?${s}` : "/forum";
}

/** The fragment that opens a thread (`/forum#thread-{id}`). */
export const threadAnchor = (id: number) => `thread-${id}`;
export const threadIdFromHash = (hash: string): number | null => {
  const m = /^#thread-(\d{1,15})$/.exec(hash);
  return m ? Number(m[1]) : null;
};
