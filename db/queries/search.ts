import type { Db } from "../client.ts";

export const SEARCH_TYPES = ["video", "image", "embed"] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];

/** At most this many words of a query are searched; the rest are left out. */
const MAX_WORDS = 8;

/**
 * The FTS5 query for what a visitor typed: each word becomes a quoted term, all of them
 * required, so quotes, stars and operators in the input are never FTS syntax. Only the last word
 * is a prefix (it is the one still being typed), and only from two letters: a prefix of 2 to 6
 * letters is one read of the index's own prefix tables, while a longer one, or a prefix on every
 * word, would merge the doclists of every matching term on each search. Null when the input
 * holds no word at all.
 */
export function ftsQuery(input: string): string | null {
  const words = input.toLowerCase().match(/[\p{L}\p{N}]+/gu)?.slice(0, MAX_WORDS) ?? [];
  if (!words.length) return null;
  return words.map((w, i) => (i === words.length - 1 && w.length > 1 ? `"${w}"*` : `"${w}"`)).join(" ");
}

/**
 * How many matches are ranked, newest first (decision 020): bm25 costs about a microsecond a
 * row, so ranking every match of a common word cost 80-115 ms at 100,000 items. The best of the
 * newest SEARCH_WINDOW matches are shown, and a larger total reads "1,000+".
 */
export const SEARCH_WINDOW = 1000;

/** The text columns a visitor's words are matched in (not `facets`). */
const TEXT_COLUMNS = "{title description prompt tags ai_generator uploader}";

export type SearchFilter = { match: string; type: SearchType | null; categoryId: number | null };
export type SearchPageQuery = SearchFilter & { limit: number; offset: number };

/**
 * The full MATCH expression: the words in the text columns, and the type and category as
 * `facets` terms (the index holds public items only, so visibility needs no term).
 */
export function matchExpression(f: SearchFilter): string {
  let expr = `${TEXT_COLUMNS} : (${f.match})`;
  if (f.type) expr += ` AND facets : "t${f.type}"`;
  if (f.categoryId !== null) expr += ` AND facets : "c${Math.trunc(f.categoryId)}"`;
  return expr;
}

type Raw = { toSQL(): { sql: string; params: unknown[] } };
const raw = (sql: string, params: unknown[]): Raw => ({ toSQL: () => ({ sql, params }) });

/** The newest SEARCH_WINDOW + 1 matches, each with its rank (the index's bm25), read in rowid order. */
const WINDOW = `SELECT rowid AS id, rank FROM media_fts WHERE media_fts MATCH ? ORDER BY rowid DESC LIMIT ${SEARCH_WINDOW + 1}`;

/**
 * One page of matching ids, best first (ties: newest first), with the number of matches in the
 * window (SEARCH_WINDOW + 1 means "more than SEARCH_WINDOW").
 */
export function searchIdsQuery(_db: Db, q: SearchFilter & { limit?: number; offset?: number }): Raw {
  return raw(
    `SELECT id, count(*) OVER () AS total FROM (${WINDOW}) ORDER BY rank, id DESC LIMIT ? OFFSET ?`,
    [matchExpression(q), q.limit ?? 48, q.offset ?? 0],
  );
}

/** The capped number of matches alone (SEARCH_WINDOW + 1 means more). */
export function searchCountQuery(_db: Db, q: SearchFilter): Raw {
  return raw(
    `SELECT count(*) AS total FROM (SELECT rowid FROM media_fts WHERE media_fts MATCH ? LIMIT ${SEARCH_WINDOW + 1})`,
    [matchExpression(q)],
  );
}

export type SearchIds = { ids: number[]; total: number };

function run(db: Db, query: Raw) {
  const { sql, params } = query.toSQL();
  return db.client.execute({ sql, args: params as never[] });
}

export async function searchIds(db: Db, q: SearchPageQuery): Promise<SearchIds> {
  const rs = await run(db, searchIdsQuery(db, q));
  const ids = rs.rows.map((r) => Number(r.id));
  if (ids.length) return { ids, total: Number(rs.rows[0].total) };
  // A page past the end still says how many there are.
  return { ids, total: Number((await run(db, searchCountQuery(db, q))).rows[0].total) };
}
