import type { Db } from "../client.ts";

export const SEARCH_TYPES = ["video", "image", "embed"] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];

/** At most this many words of a query are searched; the rest are left out. */
const MAX_WORDS = 8;

/** The words of what a visitor typed, lower case (at most MAX_WORDS); the last is a prefix from two letters. */
export function searchWords(input: string): { words: string[]; lastIsPrefix: boolean } {
  const words = input.toLowerCase().match(/[\p{L}\p{N}]+/gu)?.slice(0, MAX_WORDS) ?? [];
  return { words, lastIsPrefix: (words.at(-1)?.length ?? 0) > 1 };
}

/**
 * The FTS5 query for what a visitor typed: each word becomes a quoted term, all of them
 * required, so quotes, stars and operators in the input are never FTS syntax. Only the last word
 * is a prefix (it is the one still being typed), and only from two letters: a prefix of 2 to 6
 * letters is one read of the index's own prefix tables, while a longer one, or a prefix on every
 * word, would merge the doclists of every matching term on each search. Null when the input
 * holds no word at all.
 */
export function ftsQuery(input: string): string | null {
  const { words, lastIsPrefix } = searchWords(input);
  if (!words.length) return null;
  return words.map((w, i) => (i === words.length - 1 && lastIsPrefix ? `"${w}"*` : `"${w}"`)).join(" ");
}

/**
 * How many matches a search reads at most: the newest SEARCH_WINDOW + 1, in the index's own rowid
 * order; a larger total reads "1,000+" (decision 020).
 */
export const SEARCH_WINDOW = 1000;

/** How many of them are ranked by where the words are (lib/feed/search_rank.ts): the rest follow, newest first. */
export const RANKED_MATCHES = 240;

/** The text columns a visitor's words are matched in (not `facets`). */
const TEXT_COLUMNS = "{title description prompt tags ai_generator uploader}";

export type SearchFilter = { match: string; type: SearchType | null; categoryId: number | null };

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

/** The ids of the newest `limit` matches, in the index's own order (rowid descending: no sort). */
export function searchIdsQuery(_db: Db, f: SearchFilter, limit: number): Raw {
  return raw(`SELECT rowid AS id FROM media_fts WHERE media_fts MATCH ? ORDER BY rowid DESC LIMIT ?`, [matchExpression(f), limit]);
}

/**
 * The texts matches are ranked by, for a list of ids. No bm25: its document-frequency pass reads
 * every match of each word (2-3 ms for a word every item has, at 100,000 items), while this reads
 * the ranked rows only (decision 020).
 */
export function searchTextsQuery(_db: Db, ids: number[]): Raw {
  return raw(
    `SELECT m.id, m.title, m.tags, m.ai_generator AS aiGenerator, m.prompt, m.description, u.username
     FROM media m JOIN users u ON u.id = m.user_id WHERE m.id IN (SELECT value FROM json_each(?))`,
    [JSON.stringify(ids)],
  );
}

export type SearchRow = {
  id: number;
  title: string;
  tags: string | null;
  aiGenerator: string | null;
  prompt: string | null;
  description: string | null;
  username: string;
};

async function run(db: Db, query: Raw) {
  const { sql, params } = query.toSQL();
  return (await db.client.execute({ sql, args: params as never[] })).rows;
}

export async function searchIds(db: Db, f: SearchFilter, limit: number): Promise<number[]> {
  return (await run(db, searchIdsQuery(db, f, limit))).map((r) => Number(r.id));
}

export async function searchTexts(db: Db, ids: number[]): Promise<SearchRow[]> {
  return ids.length ? (await run(db, searchTextsQuery(db, ids))) as unknown as SearchRow[] : [];
}
