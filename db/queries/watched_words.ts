/** The admins' watched words and phrases (issue 34), stored folded (common/watched_words.ts). */
import { asc, count, eq } from "drizzle-orm";
import type { Db, Tx } from "../client.ts";
import { watchedWords } from "../schema/mod.ts";

type Conn = Db | Tx;

/** Every entry, oldest first (the list is capped at WATCHED_LIMITS.entries). */
export function listWatchedWords(db: Conn) {
  return db.select({ id: watchedWords.id, pattern: watchedWords.pattern, createdAt: watchedWords.createdAt })
    .from(watchedWords).orderBy(asc(watchedWords.id)).all();
}

export async function countWatchedWords(db: Conn): Promise<number> {
  return (await db.select({ n: count() }).from(watchedWords).get())?.n ?? 0;
}

/** Adds an entry; null when it is already on the list. */
export async function insertWatchedWord(tx: Tx, pattern: string, createdBy: number, at: number) {
  const [row] = await tx.insert(watchedWords).values({ pattern, createdBy, createdAt: at }).onConflictDoNothing()
    .returning({ id: watchedWords.id, pattern: watchedWords.pattern, createdAt: watchedWords.createdAt });
  return row ?? null;
}

/** Removes an entry; what it was, or null when there was none. */
export async function deleteWatchedWord(tx: Tx, id: number) {
  const [row] = await tx.delete(watchedWords).where(eq(watchedWords.id, id)).returning({ pattern: watchedWords.pattern });
  return row ?? null;
}
