import { and, count, desc, eq, type Placeholder, sql } from "drizzle-orm";
import type { Db } from "../client.ts";
import { literalLimit, prepared } from "../prepared.ts";
import { categories, media, registrationRequests, users } from "../schema/mod.ts";
import { itemColumns } from "./media.ts";
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
  showFollows: users.showFollows,
  federated: users.federated,
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
  /** Read with the row, so the profile page asks no more queries (issue 44): follow lists shown, fediverse switch. */
  showFollows: boolean;
  federated: boolean;
};

/** A sign-up waiting for approval (issue 41) has no public profile yet. */
const admitted = sql`not exists (select 1 from ${registrationRequests} where ${registrationRequests.userId} = ${users.id})`;

export function findProfileUserById(db: Db, id: number): Promise<ProfileUser | undefined> {
  return prepared<ProfileUser>(
    db,
    "profile:byId",
    () => db.select(profileColumns).from(users).where(and(eq(users.id, sql.placeholder("id")), admitted)),
  ).get({ id });
}

/** Case-insensitive, as usernames are unique regardless of case. */
export function findProfileUserByUsername(db: Db, username: string): Promise<ProfileUser | undefined> {
  return prepared<ProfileUser>(
    db,
    "profile:byName",
    () => db.select(profileColumns).from(users).where(and(sql`lower(${users.username}) = lower(${sql.placeholder("name")})`, admitted)),
  ).get({
    name: username,
  });
}

/** `mutedBy`: a viewer with mutes (issue 25), whose muted items leave the grid and its count in SQL, so pages stay full. */
const publicItemsOf = (userId: number | Placeholder, mutedBy?: number | Placeholder | null) =>
  and(
    eq(media.userId, userId),
    eq(media.reviewStatus, "approved"),
    eq(media.hidden, false),
    eq(media.playable, true),
    mutedBy ? notMutedBy(mutedBy) : undefined,
  );

/** A page of a member's public items with their rows by OFFSET: the grid before issue 44, kept for the plan tests of mutes and growth. */
export function publicItemsByUserQuery(db: Db, userId: number, limit: number, offset: number, mutedBy?: number | null) {
  return db.select(itemColumns).from(media)
    .innerJoin(users, eq(users.id, media.userId))
    .leftJoin(categories, eq(categories.id, media.categoryId))
    .where(publicItemsOf(userId, mutedBy))
    .orderBy(desc(media.createdAt), desc(media.id))
    .limit(limit).offset(offset);
}

export async function countPublicItemsByUser(db: Db, userId: number, mutedBy?: number | null): Promise<number> {
  const query = prepared<{ n: number }>(
    db,
    `profile:count:${!!mutedBy}`,
    () => publicItemsCountQuery(db, sql.placeholder("userId"), mutedBy ? sql.placeholder("mutedBy") : null),
  );
  return (await query.get({ userId, mutedBy: mutedBy ?? 0 }))?.n ?? 0;
}

export function publicItemsCountQuery(db: Db, userId: number | Placeholder, mutedBy?: number | Placeholder | null) {
  return db.select({ n: count() }).from(media).where(publicItemsOf(userId, mutedBy));
}

/** A place in a member's grid (newest first): the created_at and id of an item, the one before the page asked for. */
export type ProfileKey = { createdAt: number; id: number };

/**
 * The ids (and keys) of a page of a member's public items, newest first, read from the covering
 * index media_user_public alone: after `key` (keyset, issue 44), else from `offset` (the first
 * pages only: an OFFSET walks the index entries it skips).
 */
export function publicItemKeysQuery(
  db: Db,
  q: {
    userId: number | Placeholder;
    mutedBy: number | Placeholder | null;
    key: { createdAt: Placeholder | number; id: Placeholder | number } | null;
    limit: number;
    offset: number | Placeholder;
  },
) {
  return db.select({ id: media.id, createdAt: media.createdAt }).from(media)
    .where(and(
      publicItemsOf(q.userId, q.mutedBy),
      q.key ? sql`(${media.createdAt}, ${media.id}) < (${q.key.createdAt}, ${q.key.id})` : undefined,
    ))
    .orderBy(desc(media.createdAt), desc(media.id))
    .limit(literalLimit(q.limit)).offset(q.offset);
}

export function listPublicItemKeys(
  db: Db,
  q: { userId: number; mutedBy: number | null; key: ProfileKey | null; limit: number; offset: number },
): Promise<ProfileKey[]> {
  const query = prepared<ProfileKey>(db, `profile:keys:${!!q.mutedBy}:${!!q.key}:${q.limit}`, () =>
    publicItemKeysQuery(db, {
      userId: sql.placeholder("userId"),
      mutedBy: q.mutedBy ? sql.placeholder("mutedBy") : null,
      key: q.key ? { createdAt: sql.placeholder("createdAt"), id: sql.placeholder("id") } : null,
      limit: q.limit,
      offset: sql.placeholder("offset"),
    }));
  return query.all({ userId: q.userId, mutedBy: q.mutedBy ?? 0, createdAt: q.key?.createdAt ?? 0, id: q.key?.id ?? 0, offset: q.offset });
}

/** Every key of a member's public items, newest first, as arrays (lib/feed/profile_pages.ts keeps them for deep `page=` links). */
export async function allPublicItemKeys(db: Db, userId: number): Promise<{ ids: number[]; createdAt: number[] }> {
  const rows = await prepared<ProfileKey>(
    db,
    "profile:allKeys",
    () =>
      db.select({ id: media.id, createdAt: media.createdAt }).from(media).where(publicItemsOf(sql.placeholder("userId"), null))
        .orderBy(desc(media.createdAt), desc(media.id)),
  ).all({ userId });
  return { ids: rows.map((r) => r.id), createdAt: rows.map((r) => r.createdAt) };
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
