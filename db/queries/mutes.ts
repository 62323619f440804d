/** A member's mutes (issue 25; lib/feed/mutes.ts). */
import { and, asc, eq, inArray, isNull, type Placeholder, type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "../client.ts";
import { media, mediaTags, tagFolds, userMutes, users } from "../schema/mod.ts";

type Conn = Db | Tx;
export type MuteType = (typeof userMutes.$inferSelect)["type"];

export function listMutes(db: Conn, userId: number) {
  return db.select({ type: userMutes.type, value: userMutes.value, createdAt: userMutes.createdAt, username: users.username })
    .from(userMutes)
    .leftJoin(users, and(eq(userMutes.type, "user"), sql`${users.id} = cast(${userMutes.value} as integer)`))
    .where(eq(userMutes.userId, userId)).orderBy(asc(userMutes.type), asc(userMutes.value)).all();
}

/** The kinds of mute a member has (each once). */
export async function listMuteTypes(db: Conn, userId: number): Promise<MuteType[]> {
  return (await db.selectDistinct({ type: userMutes.type }).from(userMutes).where(eq(userMutes.userId, userId)).all()).map((r) => r.type);
}

/** Whether a member has this mute. */
export async function hasMute(db: Conn, userId: number, type: MuteType, value: string): Promise<boolean> {
  const row = await db.select({ id: userMutes.id }).from(userMutes)
    .where(and(eq(userMutes.userId, userId), eq(userMutes.type, type), eq(userMutes.value, value))).get();
  return !!row;
}

/** Whether it was new. */
export async function insertMute(db: Conn, userId: number, type: MuteType, value: string): Promise<boolean> {
  const rows = await db.insert(userMutes).values({ userId, type, value }).onConflictDoNothing().returning({ id: userMutes.id });
  return rows.length > 0;
}

/** Whether there was one. */
export async function deleteMute(db: Conn, userId: number, type: MuteType, value: string): Promise<boolean> {
  const rows = await db.delete(userMutes).where(and(eq(userMutes.userId, userId), eq(userMutes.type, type), eq(userMutes.value, value)))
    .returning({ id: userMutes.id });
  return rows.length > 0;
}

/** How many mutes a member has, all kinds together (the cap of issue 31 point 2). */
export async function countMutes(db: Conn, userId: number): Promise<number> {
  const row = await db.select({ n: sql<number>`count(*)` }).from(userMutes).where(eq(userMutes.userId, userId)).get();
  return row?.n ?? 0;
}

/**
 * Ids of every item a member's mutes hide: by uploader (media_user_created), by generator (the
 * media_generator expression index) and by tag (media_tags, kept by triggers; a non-ASCII tag also by
 * its fold in tag_folds, which the caller fills first): index searches only, never a scan of media
 * (tests/mutes_plan_test.ts asserts the plan). The mutes are read by subqueries of user_mutes, so the
 * statement binds one variable however many the member has: one per mute went past SQLite's
 * 32,766-variable limit at 34,000 tag mutes and every page of that member failed (issue 31 point 2).
 */
export async function mutedItemIds(db: Conn, userId: number): Promise<number[]> {
  return (await mutedItemIdsQuery(db, userId).all()).map((r) => r.id);
}

/** The builder of mutedItemIds, for its plan test and bench/mutes.ts. */
export function mutedItemIdsQuery(db: Conn, userId: number) {
  // `+value` has no affinity, as a bound value has none: the media_generator expression index is
  // used only then (value's TEXT affinity made SQLite scan it).
  const values = (type: MuteType) =>
    db.select({ value: sql`+${userMutes.value}` }).from(userMutes).where(and(eq(userMutes.userId, userId), eq(userMutes.type, type)));
  const mutedUsers = db.select({ id: sql`cast(${userMutes.value} as integer)` }).from(userMutes)
    .where(and(eq(userMutes.userId, userId), eq(userMutes.type, "user")));
  const folded = db.select({ tag: tagFolds.tag }).from(tagFolds).where(inArray(tagFolds.folded, values("tag")));
  return db.select({ id: media.id }).from(media).where(inArray(media.userId, mutedUsers))
    .union(db.select({ id: media.id }).from(media).where(inArray(sql`lower(trim(${media.aiGenerator}))`, values("generator"))))
    .union(db.select({ id: mediaTags.mediaId }).from(mediaTags).where(inArray(mediaTags.tag, values("tag"))))
    .union(db.select({ id: mediaTags.mediaId }).from(mediaTags).where(inArray(mediaTags.tag, folded)));
}

/**
 * SQL: the media row of the outer query is not hidden by this member's mutes. Three index
 * probes into user_mutes (user_mutes_once) per row, so a grid filtered by it pages in SQL with full
 * pages however much the member muted. Add it only for a member who has mutes.
 */
export function notMutedBy(userId: number | Placeholder): SQL {
  return sql`not exists (select 1 from ${userMutes} um where um.user_id = ${userId} and um.type = 'user'
      and um.value = cast(${media.userId} as text))
    and not exists (select 1 from ${userMutes} um where um.user_id = ${userId} and um.type = 'generator'
      and um.value = lower(trim(${media.aiGenerator})))
    and not exists (select 1 from ${mediaTags} mt join ${userMutes} um on um.user_id = ${userId} and um.type = 'tag'
      and um.value = coalesce((select tf.folded from ${tagFolds} tf where tf.tag = mt.tag), mt.tag) where mt.media_id = ${media.id})`;
}

/** Up to `limit` tags of tag_folds not folded yet (the trigger of migration 0013 lists them). */
export async function unfoldedTags(db: Conn, limit: number): Promise<string[]> {
  return (await db.select({ tag: tagFolds.tag }).from(tagFolds).where(isNull(tagFolds.folded)).limit(limit).all()).map((r) => r.tag);
}

/** Stores the folds of tags, in one statement: `[tag, folded]` pairs. */
export async function setTagFolds(db: Conn, pairs: [string, string][]): Promise<void> {
  if (!pairs.length) return;
  const json = JSON.stringify(pairs);
  await db.run(sql`update ${tagFolds} set folded = (select json_extract(j.value, '$[1]') from json_each(${json}) j
    where json_extract(j.value, '$[0]') = ${tagFolds.tag}) where ${tagFolds.tag} in (select json_extract(value, '$[0]') from json_each(${json}))`);
}

/** Whether a member muted this user. */
export async function mutesUser(db: Conn, userId: number, mutedUserId: number): Promise<boolean> {
  const row = await db.select({ id: userMutes.id }).from(userMutes)
    .where(and(eq(userMutes.userId, userId), eq(userMutes.type, "user"), eq(userMutes.value, String(mutedUserId)))).get();
  return !!row;
}

/** A member by id or username, for a user mute. */
export function findUserRef(db: Conn, ref: string) {
  const where = /^\d{1,9}$/.test(ref) ? eq(users.id, Number(ref)) : sql`lower(${users.username}) = ${ref.toLowerCase()}`;
  return db.select({ id: users.id, username: users.username }).from(users).where(where).get();
}
