/**
 * Whether a new comment or forum post is held for review (issue 34 point 3, decision 032): a
 * visitor's that holds a web address, or anyone's that holds a watched word or phrase. The list
 * is read from the database each time (a few hundred short rows at most), so every process holds
 * posts by the same list the moment an admin changes it.
 */
import type { Db, Tx } from "../../db/client.ts";
import { listWatchedWords } from "../../db/queries/watched_words.ts";
import { compileWatchList, findWatched, type WatchList } from "../../common/watched_words.ts";
import { skeleton } from "./skeleton.ts";
import type { HeldReason } from "../../common/moderation.ts";
import { hasLink } from "./links.ts";

export async function loadWatchList(db: Db | Tx): Promise<WatchList> {
  // Matched on skeletons: what members see, not the code points they typed (issue 42 point 3).
  return compileWatchList((await listWatchedWords(db)).map((w) => w.pattern), skeleton);
}

/** Why these texts (a post's title, body and tags) are held, or null when they show at once. */
export async function holdReason(db: Db | Tx, texts: string[], by: { visitor: boolean }): Promise<HeldReason | null> {
  if (by.visitor && texts.some(hasLink)) return "link";
  const [word] = findWatched(await loadWatchList(db), texts, 1);
  return word ? `word:${word}` : null;
}

/** Pending items flagged with the watched words their title, description, tags or prompt hold (issue 34). */
export async function withWatchedWords<T extends { title: string; description: string; tags: string; prompt: string }>(
  db: Db,
  items: T[],
): Promise<(T & { watchedWords: string[] })[]> {
  const list = await loadWatchList(db);
  return items.map((item) => ({ ...item, watchedWords: findWatched(list, [item.title, item.description, item.tags, item.prompt]) }));
}
