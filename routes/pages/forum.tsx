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
import { countActiveUsers, countThreads, findThread, listForumCategories, listThreads } from "../../db/queries/forum.ts";
import { countThreadComments, listThreadComments } from "../../db/queries/forum_comments.ts";
import Forum, { type ForumProps } from "../../islands/Forum.tsx";
import type { AppEnv } from "../../lib/app_env.ts";
import { toCommentView, toThreadView } from "../../lib/community/forum.ts";
import { notFound } from "../../lib/http_error.ts";
import { renderPage } from "../../lib/render/render.tsx";

const pick = <T extends string>(options: readonly T[], value: string | undefined, fallback: T): T =>
  options.includes(value as T) ? value as T : fallback;

/**
 * `/forum?category=&sort=&filter=&thread=` (spec part 2 §2 "Forum"): the first page of the view
 * in the HTML, so it reads and indexes without script; `thread` opens one thread with its
 * comments (the address the sitemap lists, and where `/forum#thread-{id}` lands when that
 * thread is not on the first page).
 */
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

  const viewerId = user?.id ?? null;
  const rows = await listThreads(db, { sort, filter, categoryId: category?.id ?? null, viewerId, limit: THREAD_PAGE.size, offset: 0 });
  const threads = rows.map(toThreadView);
  const listed = threads.length;
  let opened: ForumProps["opened"] = null;
  if (threadId !== null) {
    const row = await findThread(db, threadId, viewerId);
    // A held or hidden thread shows to its writer only (issue 34), like one that is not there to anyone else.
    if (!row || (row.status !== "shown" && row.userId !== viewerId)) throw notFound("Thread not found");
    const thread = toThreadView(row);
    if (!threads.some((t) => t.id === thread.id)) threads.push(thread), threads.sort(compareThreads(sort));
    opened = { threadId, comments: (await listThreadComments(db, threadId, COMMENT_PAGE.size, 0, viewerId)).map(toCommentView) };
  }
  const now = Date.now();
  const props: ForumProps = {
    categories: categories.map(({ id, name, slug, count }) => ({ id, name, slug, count })),
    totalThreads: await countThreads(db),
    totalComments: await countThreadComments(db),
    activeUsers: await countActiveUsers(db, now - ACTIVE_WINDOW_MS),
    threads,
    listed,
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
  return renderPage(c, <Island name="Forum" component={Forum} props={props} />, {
    meta: {
      title,
      description,
      type: openThread ? "article" : "website",
      canonical: threadId ? forumHref({ thread: threadId }) : forumHref({ category: category?.slug, sort, filter }),
      // Other orders and the sticky filter repeat the same threads: only the default order is indexed.
      noindex: !openThread && (sort !== "newest" || filter !== "all"),
    },
  });
});
