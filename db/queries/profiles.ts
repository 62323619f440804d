import { and, count, desc, eq, sql } from "drizzle-orm";
import type { Db } from "../client.ts";
import { categories, media, registrationRequests, users } from "../schema/mod.ts";
import { itemColumns, type ItemRow } from "./media.ts";
import { notMutedBy } from "./mutes.ts";

/** What a public profile may show of an account (never the email), plus `banned` for the visibility rule. */
const profileColumns = {
  id: users.id,
  username: users.username,
  createdAt: users.createdAt,
  isAdmin: users.isAdmin,
  banned: users.banned,
  about: users.about,
  followerCount: users.followerCount,
  followingCount: users.followingCount,
};

export type ProfileUser = {
  id: number;
  username: string;
  createdAt: number;
  isAdmin: boolean;
  banned: boolean;
  about: string;
  /** Issue 32: shown on the public profile and in its JSON. */
  followerCount: number;
  followingCount: number;
};

/** A sign-up waiting for approval (issue 41) has no public profile yet. */
const admitted = sql`not exists (select 1 from ${registrationRequests} where ${registrationRequests.userId} = ${users.id})`;

export function findProfileUserById(db: Db, id: number): Promise<ProfileUser | undefined> {
  return db.select(profileColumns).from(users).where(and(eq(users.id, id), admitted)).get();
}

/** Case-insensitive, as usernames are unique regardless of case. */
export function findProfileUserByUsername(db: Db, username: string): Promise<ProfileUser | undefined> {
  return db.select(profileColumns).from(users).where(and(sql`lower(${users.username}) = lower(${username})`, admitted)).get();
}

/** `mutedBy`: a viewer with mutes (issue 25), whose muted items leave the grid and its count in SQL, so pages stay full. */
const publicItemsOf = (userId: number, mutedBy?: number | null) =>
  and(
    eq(media.userId, userId),
    eq(media.reviewStatus, "approved"),
    eq(media.hidden, false),
    eq(media.playable, true),
    mutedBy ? notMutedBy(mutedBy) : undefined,
  );

/** One page of a member's public items (approved, not hidden by reports), newest first. */
export function listPublicItemsByUser(db: Db, userId: number, limit: number, offset: number, mutedBy?: number | null): Promise<ItemRow[]> {
  return publicItemsByUserQuery(db, userId, limit, offset, mutedBy) as Promise<ItemRow[]>;
}

/** The builder of listPublicItemsByUser (bench/_plans.ts EXPLAINs it). */
export function publicItemsByUserQuery(db: Db, userId: number, limit: number, offset: number, mutedBy?: number | null) {
  return db.select(itemColumns).from(media)
    .innerJoin(users, eq(users.id, media.userId))
    .leftJoin(categories, eq(categories.id, media.categoryId))
    .where(publicItemsOf(userId, mutedBy))
    .orderBy(desc(media.createdAt), desc(media.id))
    .limit(limit).offset(offset);
}

export async function countPublicItemsByUser(db: Db, userId: number, mutedBy?: number | null): Promise<number> {
  return (await publicItemsCountQuery(db, userId, mutedBy).get())?.n ?? 0;
}

export function publicItemsCountQuery(db: Db, userId: number, mutedBy?: number | null) {
  return db.select({ n: count() }).from(media).where(publicItemsOf(userId, mutedBy));
}

/**
 * Profiles worth listing in the sitemap: members in good standing with at least one public
 * item, the most recently active first, with the date of their newest item.
 */
export function listSitemapProfiles(db: Db, limit: number) {
  return db.select({ id: users.id, username: users.username, lastAt: sql<number>`max(${media.createdAt})` })
    .from(media).innerJoin(users, eq(users.id, media.userId))
    .where(and(eq(media.reviewStatus, "approved"), eq(media.hidden, false), eq(media.playable, true), eq(users.banned, false)))
    .groupBy(users.id).orderBy(desc(sql`max(${media.createdAt})`)).limit(limit);
}
