/** A member's mutes (issue 25; lib/feed/mutes.ts). */
import { and, asc, eq, inArray, or, sql } from "drizzle-orm";
import type { Db, Tx } from "../client.ts";
import { media, userMutes, users } from "../schema/mod.ts";

type Conn = Db | Tx;
export type MuteType = (typeof userMutes.$inferSelect)["type"];

export function listMutes(db: Conn, userId: number) {
  return db.select({ type: userMutes.type, value: userMutes.value, createdAt: userMutes.createdAt, username: users.username })
    .from(userMutes)
    .leftJoin(users, and(eq(userMutes.type, "user"), sql`${users.id} = cast(${userMutes.value} as integer)`))
    .where(eq(userMutes.userId, userId)).orderBy(asc(userMutes.type), asc(userMutes.value)).all();
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

/** Ids of every item a set of mutes hides: by uploader, by generator (any case), by a tag in its comma-separated list. */
export async function mutedItemIds(db: Conn, m: { users: number[]; generators: string[]; tags: string[] }): Promise<number[]> {
  const conds = [];
  if (m.users.length) conds.push(inArray(media.userId, m.users));
  if (m.generators.length) conds.push(inArray(sql`lower(trim(${media.aiGenerator}))`, m.generators));
  for (const tag of m.tags) {
    conds.push(sql`(',' || replace(replace(lower(${media.tags}), ', ', ','), ' ,', ',') || ',') like ${`%,${tag},%`}`);
  }
  if (!conds.length) return [];
  return (await db.select({ id: media.id }).from(media).where(or(...conds)).all()).map((r) => r.id);
}

/** A member by id or username, for a user mute. */
export function findUserRef(db: Conn, ref: string) {
  const where = /^\d{1,9}$/.test(ref) ? eq(users.id, Number(ref)) : sql`lower(${users.username}) = ${ref.toLowerCase()}`;
  return db.select({ id: users.id, username: users.username }).from(users).where(where).get();
}
