import { Hono } from "hono";
import { Island } from "../../components/Island.tsx";
import {
  ACTIVE_WINDOW_MS,
  COMMENT_PAGE,
  compareThreads,
  FORUM_FILTERS,
  FORUM_SORTS,
  type ForumFilter,
  forumHref,
  type ForumSort,
  THREAD_PAGE,
} from "../../common/forum_rules.ts";
import { preview } from "../../common/forum_text.ts";
import { parseId } from "../../common/ids.ts";
import { readCommentCursor, readThreadCursor, threadCursor } from "../../common/forum_cursor.ts";
import { countActiveUsers, countThreads, findThread, listForumCategories } from "../../db/queries/forum.ts";
import { listThreads } from "../../db/queries/forum_list.ts";
import { countThreadComments, listThreadComments } from "../../db/queries/forum_comments.ts";
import Forum, { type ForumProps } from "../../islands/Forum.tsx";
import type { AppEnv } from "../../lib/app_env.ts";
import { toCommentView, toThreadView } from "../../lib/community/forum.ts";
import { badRequest, notFound } from "../../lib/http_error.ts";
import { renderPage } from "../../lib/render/render.tsx";
import { threadCardHtml } from "../../lib/render/thread_card_html.tsx";
import { ThreadCardHtml } from "../../components/ui/forum/ThreadCardCell.tsx";

const pick = <T extends string>(options: readonly T[], value: string | undefined, fallback: T): T =>
  options.includes(value as T) ? value as T : fallback;

/**
 * `/forum?category=&sort=&filter=&thread=&after=` (spec part 2 §2 "Forum"): the first page of the
 * view in the HTML, so it reads and indexes without script; `thread` opens one thread with its
 * comments (the address the sitemap lists, and where `/forum#thread-{id}` lands when that
 * thread is not on the first page). `after` is the page after a thread's key: the "Load more"
 * link's address, so a crawler walks every page at the cost of the first (decision 047); `comments`
 * the same for an opened thread's comments.
 */
const BAD_LINK = "This link to a page of the forum is not valid.";

export const forumPage = new Hono<AppEnv>().get("/", async (c) => {
  const { db, user } = c.var;
  const query = c.req.query();
  const categories = await listForumCategories(db);
  const category = query.category ? categories.find((cat) => cat.slug === query.category || String(cat.id) === query.category) : null;
  if (query.category && !category) throw notFound("This forum category does not exist.");
  // A mistyped sort or filter falls back to the default view rather than failing the page.
  const sort: ForumSort = pick(FORUM_SORTS, query.sort, "newest");
  const filter: ForumFilter = pick(FORUM_FILTERS, query.filter, "all");
  const threadId = query.thread === undefined ? null : parseId(query.thread);
  if (query.thread !== undefined && threadId === null) throw notFound("Thread not found");

  const after = query.after === undefined ? null : readThreadCursor(query.after);
  if (query.after !== undefined && after?.sort !== sort) throw badRequest(BAD_LINK);
  // An opened thread's comments after a key: the address of its "Load more comments".
  const commentsAfter = query.comments === undefined ? null : readCommentCursor(query.comments);
  if (query.comments !== undefined && (!commentsAfter || threadId === null)) throw badRequest(BAD_LINK);

  const viewerId = user?.id ?? null;
  const size = THREAD_PAGE.size;
  const rows = await listThreads(db, { sort, filter, categoryId: category?.id ?? null, viewerId, limit: size + 1, offset: 0, after });
  const next = rows.length > size ? threadCursor(sort, rows[size - 1]) : null;
  const threads = rows.slice(0, size).map(toThreadView);
  let opened: ForumProps["opened"] = null;
  if (threadId !== null) {
    const row = await findThread(db, threadId, viewerId);
    // A held or hidden thread shows to its writer only (issue 34), like one that is not there to anyone else.
    if (!row || (row.status !== "shown" && row.userId !== viewerId)) throw notFound("Thread not found");
    const thread = toThreadView(row);
    if (!threads.some((t) => t.id === thread.id)) threads.push(thread), threads.sort(compareThreads(sort));
    const comments = await listThreadComments(db, threadId, { limit: COMMENT_PAGE.size, offset: 0, viewerId, after: commentsAfter });
    opened = { threadId, comments: comments.map(toCommentView) };
  }
  const now = Date.now();
  const props: ForumProps = {
    categories: categories.map(({ id, name, slug, count }) => ({ id, name, slug, count })),
    totalThreads: await countThreads(db),
    totalComments: await countThreadComments(db),
    activeUsers: await countActiveUsers(db, now - ACTIVE_WINDOW_MS),
    threads,
    next,
    view: { categoryId: category?.id ?? null, sort, filter },
    viewer: user ? { id: user.id, username: user.username, isAdmin: user.isAdmin } : null,
    renderedAt: now,
    opened,
  };

  const openThread = opened ? threads.find((t) => t.id === threadId)! : null;
  const title = openThread ? openThread.title : category ? `${category.name} · Forum` : "Community Forum";
  const description = openThread
    ? preview(openThread.content, 160).text
    : `Community forum${category ? ` · ${category.name}` : ""}: share AI videos and images, prompts, tools and feedback.`;
  c.header("Cache-Control", "private, no-cache");
  const island = (
    <ThreadCardHtml.Provider value={threadCardHtml}>
      <Island name="Forum" component={Forum} props={props} />
    </ThreadCardHtml.Provider>
  );
  return renderPage(c, island, {
    // The render clock changes on every request: a hole, so the rest of the page compresses once.
    holes: [String(now)],
    meta: {
      title,
      description,
      type: openThread ? "article" : "website",
      canonical: threadId ? forumHref({ thread: threadId }) : forumHref({ category: category?.slug, sort, filter, after: query.after }),
      // Other orders, the sticky filter and later pages repeat the same threads: only the default
      // order's first page is indexed (later pages are followed, to reach their threads).
      noindex: openThread ? commentsAfter !== null : sort !== "newest" || filter !== "all" || after !== null,
    },
  });
});
