/**
 * The public items carrying a tag (issue 43 point 1), found through media_tags' primary key (tag, media_id):
 * the tag as media_tags holds it (lower() folds ASCII only), or any spelling tag_folds folds to it ("Élan").
 */
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../client.ts";
import { literalLimit } from "../prepared.ts";
import { media, mediaTags, tagFolds } from "../schema/mod.ts";
import { publicWhere } from "./media.ts";

export type TagRankRow = { id: number; contentType: string; categoryId: number | null; likes: number; views: number; createdAt: number };

/** The builder, so tests can EXPLAIN it. */
export function tagRankRowsQuery(db: Db, folded: string, limit: number) {
  return db.select({
    id: media.id,
    contentType: media.contentType,
    categoryId: media.categoryId,
    likes: media.likes,
    views: media.views,
    createdAt: media.createdAt,
  }).from(mediaTags)
    .innerJoin(media, eq(media.id, mediaTags.mediaId))
    .where(and(
      sql`(${mediaTags.tag} = ${folded} or ${
        inArray(mediaTags.tag, db.select({ tag: tagFolds.tag }).from(tagFolds).where(eq(tagFolds.folded, folded)))
      })`,
      publicWhere,
    ))
    .orderBy(desc(media.createdAt), desc(media.id))
    .limit(literalLimit(limit));
}

/** The newest `limit` public items with the tag (`folded`: common/format.ts foldTag), with what the sorts rank by. */
export function listTagRankRows(db: Db, folded: string, limit: number): Promise<TagRankRow[]> {
  return tagRankRowsQuery(db, folded, limit).all();
}
