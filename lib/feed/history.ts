/** "Continue watching" (issue 43 point 5): a member's unfinished videos, newest watched first. */
import type { Db } from "../../db/client.ts";
import { listHistory } from "../../db/queries/history.ts";
import { CONTINUE_COUNT, type ContinueItem, unfinished } from "../../common/history_rules.ts";
import { toContentItem } from "../media/content_item.ts";

/** Reads a few more than shown: finished ones are skipped. */
export async function continueWatching(db: Db, userId: number): Promise<ContinueItem[]> {
  const rows = await listHistory(db, userId, CONTINUE_COUNT * 3, 0);
  return rows.filter((r) => unfinished(r.seconds, r.duration)).slice(0, CONTINUE_COUNT).map((r) => {
    const item = toContentItem(r);
    return { id: item.id, slug: item.slug, title: item.title, thumbnail: item.thumbnail, seconds: r.seconds, duration: r.duration };
  });
}
