/**
 * The forum's payloads (spec part 2 §5, §7): `/api/forum` validates with these and the island's
 * forms check with the same schemas, so both say the same thing.
 */
import * as z from "zod/mini";
import {
  COMMENT_PAGE,
  FORUM_FILTERS,
  FORUM_LIMITS,
  FORUM_MSG,
  FORUM_SORTS,
  type ForumFilter,
  type ForumSort,
  splitForumTags,
  THREAD_PAGE,
} from "../forum_rules.ts";
import { parseId } from "../ids.ts";
import { type CommentKey, CURSOR_MAX, readCommentCursor, readThreadCursor, type ThreadKey } from "../forum_cursor.ts";

/** What a transform's context needs to report one problem (zod's own issue list, as far as we use it). */
type Ctx = { issues: { push(issue: { code: "custom"; message: string; input: unknown; path: PropertyKey[] }): unknown } };
const fail = (ctx: Ctx, path: string, message: string, input: unknown) => {
  ctx.issues.push({ code: "custom", message, input, path: [path] });
  return z.NEVER;
};

const text = z.nullish(z.string());
const tagsInput = z.nullish(z.union([z.string(), z.array(z.string())], { error: FORUM_MSG.tagsType }));

export type NewThread = { title: string; content: string; categoryId: number | null; tags: string[] | null; isSticky: boolean };

/**
 * `POST /api/forum/threads` `{ title, content, categoryId, tags, isSticky }`: title and content
 * trimmed and both required (the sticky variant's message when `isSticky`), tags comma separated
 * or a list, a category id or none.
 */
export const newThreadSchema = z.pipe(
  z.object({
    title: text,
    content: text,
    categoryId: z.nullish(z.union([z.number(), z.string()], { error: FORUM_MSG.categoryId })),
    tags: tagsInput,
    isSticky: z.nullish(z.boolean()),
  }),
  z.transform((body, ctx): NewThread => {
    const isSticky = body.isSticky === true;
    const title = (body.title ?? "").trim();
    const content = (body.content ?? "").trim();
    if (!title) return fail(ctx, "title", isSticky ? FORUM_MSG.missingSticky : FORUM_MSG.missing, body.title);
    if (!content) return fail(ctx, "content", isSticky ? FORUM_MSG.missingSticky : FORUM_MSG.missing, body.content);
    if (title.length > FORUM_LIMITS.title) return fail(ctx, "title", FORUM_MSG.titleLong, body.title);
    if (content.length > FORUM_LIMITS.content) return fail(ctx, "content", FORUM_MSG.contentLong, body.content);
    const noCategory = body.categoryId === null || body.categoryId === undefined || body.categoryId === "";
    const categoryId = noCategory ? null : parseId(body.categoryId);
    if (!noCategory && categoryId === null) return fail(ctx, "categoryId", FORUM_MSG.categoryId, body.categoryId);
    const tags = splitForumTags(body.tags);
    if (tags && tags.length > FORUM_LIMITS.tags) return fail(ctx, "tags", FORUM_MSG.tooManyTags, body.tags);
    if (tags?.some((t) => t.length > FORUM_LIMITS.tag)) return fail(ctx, "tags", FORUM_MSG.tagLong, body.tags);
    return { title, content, categoryId, tags, isSticky };
  }),
);

/** `POST /api/forum/threads/{id}/comments` `{ content }`: trimmed, not blank, at most 5,000 characters. */
export const newCommentSchema = z.pipe(
  z.object({ content: text }),
  z.transform((body, ctx): { content: string } => {
    const content = (body.content ?? "").trim();
    if (!content) return fail(ctx, "content", FORUM_MSG.emptyComment, body.content);
    if (content.length > FORUM_LIMITS.comment) return fail(ctx, "content", FORUM_MSG.commentLong, body.content);
    return { content };
  }),
);

const pageNumber = (name: string, min: number, max: number) =>
  z.optional(z.pipe(
    z.string(),
    z.transform((v, ctx) => {
      const n = /^\d{1,7}$/.test(v) ? Number(v) : NaN;
      return n >= min && n <= max ? n : fail(ctx, name, `${name} must be a whole number from ${min} to ${max}`, v);
    }),
  ));

/** "All Categories" arrives as no value, an empty one, `all` or `null` (a client's unset variable). */
const ALL = new Set(["", "all", "null"]);

export type ThreadListQuery = {
  categoryId: number | null;
  sortBy: ForumSort;
  filter: ForumFilter;
  limit: number;
  offset: number;
  /** The page after this key (a cursor from the list's `X-Next-Cursor`), or null for the page at `offset`. */
  after: ThreadKey | null;
};

export const CURSOR_MSG = {
  bad: "after must be a cursor this list gave (X-Next-Cursor)",
  otherSort: "after is a cursor of another sortBy",
  withOffset: "Give either offset or after, not both",
} as const;

const cursorText = z.optional(z.string().check(z.maxLength(CURSOR_MAX, CURSOR_MSG.bad)));
const withOffset = (offset: number | undefined, after: string | undefined) => !!offset && after !== undefined;

/** `GET /api/forum/threads?categoryId=&sortBy=&filter=&limit=&offset=&after=`. */
export const threadListQuerySchema = z.pipe(
  z.object({
    categoryId: z.optional(z.string()),
    sortBy: z.optional(z.string()),
    filter: z.optional(z.string()),
    limit: pageNumber("limit", 1, THREAD_PAGE.max),
    offset: pageNumber("offset", 0, THREAD_PAGE.maxOffset),
    after: cursorText,
  }),
  z.transform((q, ctx): ThreadListQuery => {
    const rawCategory = q.categoryId?.trim() ?? "";
    const categoryId = ALL.has(rawCategory) ? null : parseId(rawCategory);
    if (categoryId === null && !ALL.has(rawCategory)) return fail(ctx, "categoryId", FORUM_MSG.categoryId, q.categoryId);
    const sortBy = (q.sortBy || "newest") as ForumSort;
    if (!FORUM_SORTS.includes(sortBy)) return fail(ctx, "sortBy", `sortBy must be one of: ${FORUM_SORTS.join(", ")}`, q.sortBy);
    const filter = (q.filter || "all") as ForumFilter;
    if (!FORUM_FILTERS.includes(filter)) return fail(ctx, "filter", `filter must be one of: ${FORUM_FILTERS.join(", ")}`, q.filter);
    if (withOffset(q.offset, q.after)) return fail(ctx, "after", CURSOR_MSG.withOffset, q.after);
    const after = q.after === undefined ? null : readThreadCursor(q.after);
    if (q.after !== undefined && !after) return fail(ctx, "after", CURSOR_MSG.bad, q.after);
    if (after && after.sort !== sortBy) return fail(ctx, "after", CURSOR_MSG.otherSort, q.after);
    return { categoryId, sortBy, filter, limit: q.limit ?? THREAD_PAGE.size, offset: q.offset ?? 0, after };
  }),
);

export type CommentListQuery = { limit: number; offset: number; after: CommentKey | null };

/** `GET /api/forum/threads/{id}/comments?limit=&offset=&after=`. */
export const commentListQuerySchema = z.pipe(
  z.object({
    limit: pageNumber("limit", 1, COMMENT_PAGE.max),
    offset: pageNumber("offset", 0, COMMENT_PAGE.maxOffset),
    after: cursorText,
  }),
  z.transform((q, ctx): CommentListQuery => {
    if (withOffset(q.offset, q.after)) return fail(ctx, "after", CURSOR_MSG.withOffset, q.after);
    const after = q.after === undefined ? null : readCommentCursor(q.after);
    if (q.after !== undefined && !after) return fail(ctx, "after", CURSOR_MSG.bad, q.after);
    return { limit: q.limit ?? COMMENT_PAGE.size, offset: q.offset ?? 0, after };
  }),
);
