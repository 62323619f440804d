/**
 * The forum lists' page keys (issue 44, decision 047). A page after another is asked for by the
 * key of the last row shown, never by how many rows came before: a row added or deleted between
 * two pages then moves no row onto two pages or off both. The key is the list's whole order:
 * sticky or not, the sort's count (upvotes or comments, for those sorts), the date and the id
 * (unique, so ties of everything else still have one order).
 *
 * To API clients the cursor is opaque: base64url of `t1.<sort>.<sticky>.<count>.<ms>.<id>` (a
 * thread) or `c1.<ms>.<id>` (a comment). The island makes it from the last row it was sent with
 * the same functions. Pure: both sides run it.
 */
import type { ForumSort } from "./forum_rules.ts";

/** The response header that carries the next page's cursor; absent on the last page. */
export const NEXT_CURSOR = "X-Next-Cursor";

export type ThreadKey = { sort: ForumSort; sticky: boolean; value: number; createdAt: number; id: number };
export type CommentKey = { createdAt: number; id: number };

const SORT_CODES: Record<ForumSort, string> = { newest: "n", oldest: "o", popular: "p", comments: "c" };
const CODE_SORTS: Record<string, ForumSort> = { n: "newest", o: "oldest", p: "popular", c: "comments" };
/** A cursor is short: anything longer is not one of ours, and is refused before it is decoded. */
export const CURSOR_MAX = 80;

const toBase64Url = (text: string) => btoa(text).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");

function fromBase64Url(cursor: string): string | null {
  if (cursor.length === 0 || cursor.length > CURSOR_MAX || !/^[A-Za-z0-9_-]+$/.test(cursor)) return null;
  try {
    return atob(cursor.replace(/-/g, "+").replace(/_/g, "/"));
  } catch {
    return null;
  }
}

const ms = (date: string | number) => (typeof date === "number" ? date : Date.parse(date));

/** The count a sort orders by (none for the date sorts: 0 in the key). */
export function sortValue(sort: ForumSort, t: { upvotes: number; commentCount: number }): number {
  return sort === "popular" ? t.upvotes : sort === "comments" ? t.commentCount : 0;
}

/** The cursor of the page after this thread, in this sort. */
export function threadCursor(
  sort: ForumSort,
  t: { id: number; isSticky: boolean; upvotes: number; commentCount: number; createdAt: string | number },
): string {
  return toBase64Url(`t1.${SORT_CODES[sort]}.${t.isSticky ? 1 : 0}.${sortValue(sort, t)}.${ms(t.createdAt)}.${t.id}`);
}

/** The key a thread cursor holds, or null when it is not one. */
export function readThreadCursor(cursor: string): ThreadKey | null {
  const text = fromBase64Url(cursor);
  const m = text === null ? null : /^t1\.([nopc])\.([01])\.(\d{1,9})\.(\d{1,15})\.(\d{1,15})$/.exec(text);
  if (!m) return null;
  const [createdAt, id] = [Number(m[4]), Number(m[5])];
  if (!Number.isSafeInteger(createdAt) || !Number.isSafeInteger(id)) return null;
  return { sort: CODE_SORTS[m[1]], sticky: m[2] === "1", value: Number(m[3]), createdAt, id };
}

/** The cursor of the comments after this one (oldest first). */
export const commentCursor = (c: { id: number; createdAt: string | number }): string => toBase64Url(`c1.${ms(c.createdAt)}.${c.id}`);

export function readCommentCursor(cursor: string): CommentKey | null {
  const text = fromBase64Url(cursor);
  const m = text === null ? null : /^c1\.(\d{1,15})\.(\d{1,15})$/.exec(text);
  if (!m) return null;
  const [createdAt, id] = [Number(m[1]), Number(m[2])];
  return Number.isSafeInteger(createdAt) && Number.isSafeInteger(id) ? { createdAt, id } : null;
}
