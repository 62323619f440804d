/**
 * Who follows whom (issue 32). Each change moves the counts on both members and the follower's
 * follows_version in the same transaction, so a profile's counts are one row and the kept
 * Following window (lib/feed/following.ts) knows, in every process, that it is stale.
 */
import { and, desc, eq, inArray, or, sql } from "drizzle-orm";
import type { Db, Tx } from "../client.ts";
import { literalLimit, preparedOn } from "../prepared.ts";
import { followingFeedTokens, follows, users } from "../schema/mod.ts";

type Conn = Db | Tx;

/** A member as a follow target: whether they exist and are banned (a banned member is gone for following). */
export function findFollowTarget(db: Conn, id: number) {
  return db.select({ id: users.id, username: users.username, banned: users.banned, showFollows: users.showFollows }).from(users)
    .where(eq(users.id, id)).get();
}

/** Whether others may see the member's follow lists (issue 43 point 2). */
export async function showsFollows(db: Conn, id: number): Promise<boolean> {
  return (await db.select({ s: users.showFollows }).from(users).where(eq(users.id, id)).get())?.s ?? true;
}

export type FollowCounts = { followerCount: number; followingCount: number };

export async function findFollowCounts(db: Conn, id: number): Promise<FollowCounts> {
  const row = await db.select({ followerCount: users.followerCount, followingCount: users.followingCount }).from(users)
    .where(eq(users.id, id)).get();
  return row ?? { followerCount: 0, followingCount: 0 };
}

/** Moves with every change to whom the member follows (read on each Following request: one primary-key lookup). */
export async function findFollowsVersion(db: Conn, id: number): Promise<number> {
  const row = await preparedOn<{ v: number }>(
    db,
    "followsVersion",
    (d) => d.select({ v: users.followsVersion }).from(users).where(eq(users.id, sql.placeholder("id"))),
  ).get({ id });
  return row?.v ?? 0;
}

export async function isFollowing(db: Conn, followerId: number, followeeId: number): Promise<boolean> {
  const row = await preparedOn<{ one: number }>(db, "isFollowing", (d) =>
    d.select({ one: sql<number>`1` }).from(follows).where(
      and(eq(follows.followerId, sql.placeholder("a")), eq(follows.followeeId, sql.placeholder("b"))),
    )).get({ a: followerId, b: followeeId });
  return !!row;
}

/** The ids of everyone the member follows (at most MAX_FOLLOWS), read by the primary key's prefix. */
export async function listFolloweeIds(db: Conn, followerId: number): Promise<number[]> {
  const rows = await db.select({ id: follows.followeeId }).from(follows).where(eq(follows.followerId, followerId)).all();
  return rows.map((r) => r.id);
}

async function moveCounts(tx: Tx, followerId: number, followeeId: number, by: 1 | -1) {
  await tx.update(users).set({ followerCount: sql`max(${users.followerCount} + ${by}, 0)` }).where(eq(users.id, followeeId));
  await tx.update(users).set({
    followingCount: sql`max(${users.followingCount} + ${by}, 0)`,
    followsVersion: sql`${users.followsVersion} + 1`,
  }).where(eq(users.id, followerId));
}

/** Adds the follow if absent (counts move with it); true when a row was added. */
export async function insertFollow(tx: Tx, followerId: number, followeeId: number, now = Date.now()): Promise<boolean> {
  const added = await tx.insert(follows).values({ followerId, followeeId, createdAt: now }).onConflictDoNothing()
    .returning({ id: follows.followeeId });
  if (added.length) await moveCounts(tx, followerId, followeeId, 1);
  return added.length > 0;
}

/** Removes the follow if present (counts move with it); true when a row was removed. */
export async function deleteFollow(tx: Tx, followerId: number, followeeId: number): Promise<boolean> {
  const removed = await tx.delete(follows).where(and(eq(follows.followerId, followerId), eq(follows.followeeId, followeeId)))
    .returning({ id: follows.followeeId });
  if (removed.length) await moveCounts(tx, followerId, followeeId, -1);
  return removed.length > 0;
}

/** A block ends the follows of the pair, both ways. */
export async function removeFollowsBetween(tx: Tx, a: number, b: number) {
  await deleteFollow(tx, a, b);
  await deleteFollow(tx, b, a);
}

/**
 * A banned or deleted member leaves every follow, both ways, for good (an unban restores none): the
 * counts of the members on the other side move down, and those who followed them see a new window.
 */
export async function removeAllFollowsOf(tx: Tx, userId: number) {
  const followed = tx.select({ id: follows.followeeId }).from(follows).where(eq(follows.followerId, userId));
  const followers = tx.select({ id: follows.followerId }).from(follows).where(eq(follows.followeeId, userId));
  await tx.update(users).set({ followerCount: sql`max(${users.followerCount} - 1, 0)` }).where(inArray(users.id, followed));
  await tx.update(users).set({
    followingCount: sql`max(${users.followingCount} - 1, 0)`,
    followsVersion: sql`${users.followsVersion} + 1`,
  }).where(inArray(users.id, followers));
  await tx.delete(follows).where(or(eq(follows.followerId, userId), eq(follows.followeeId, userId)));
  await tx.update(users).set({ followerCount: 0, followingCount: 0, followsVersion: sql`${users.followsVersion} + 1` })
    .where(eq(users.id, userId));
}

export type FollowListRow = { id: number; username: string; createdAt: number; isAdmin: boolean; followedAt: number };

const summary = { id: users.id, username: users.username, createdAt: users.createdAt, isAdmin: users.isAdmin };

/** One page of whom the member follows (follows_follower_created) or of their followers (follows_followee_created), newest first. */
export function followListQuery(db: Db, which: "following" | "followers", userId: number, limit: number, offset: number) {
  const [mine, theirs] = which === "following" ? [follows.followerId, follows.followeeId] : [follows.followeeId, follows.followerId];
  return db.select({ ...summary, followedAt: follows.createdAt }).from(follows)
    .innerJoin(users, eq(users.id, theirs))
    .where(eq(mine, userId))
    .orderBy(desc(follows.createdAt), desc(theirs))
    .limit(literalLimit(limit)).offset(offset);
}

export function listFollows(
  db: Db,
  which: "following" | "followers",
  userId: number,
  limit: number,
  offset: number,
): Promise<FollowListRow[]> {
  return followListQuery(db, which, userId, limit, offset).all();
}

// ---- the private address of a member's Following feed ----

export async function findFollowingFeedToken(db: Conn, userId: number): Promise<string | null> {
  const row = await db.select({ token: followingFeedTokens.token }).from(followingFeedTokens)
    .where(eq(followingFeedTokens.userId, userId)).get();
  return row?.token ?? null;
}

/** Sets the member's token, replacing the old one (whose address then answers 404). */
export async function setFollowingFeedToken(db: Conn, userId: number, token: string, now = Date.now()) {
  await db.insert(followingFeedTokens).values({ userId, token, createdAt: now })
    .onConflictDoUpdate({ target: followingFeedTokens.userId, set: { token, createdAt: now } });
}

/** The member a feed token belongs to. */
export function findFollowingFeedOwner(db: Conn, token: string) {
  return db.select({ id: users.id, username: users.username, banned: users.banned }).from(followingFeedTokens)
    .innerJoin(users, eq(users.id, followingFeedTokens.userId)).where(eq(followingFeedTokens.token, token)).get();
}

// ---- creators to suggest (the Following tab's empty state) ----

export type CreatorSuggestion = { id: number; username: string; likes: number };

/**
 * Uploaders whose public items were liked most since `since`, from the newest `scan` likes of that time at
 * most (likes_created), so the cost is bounded however busy the site is. Banned members are left out.
 */
export async function listMostLikedCreators(db: Db, since: number, scan: number, limit: number): Promise<CreatorSuggestion[]> {
  const rs = await db.all<{ id: number; username: string; likes: number }>(mostLikedCreatorsSql(since, scan, limit));
  return rs.map((r) => ({ id: Number(r.id), username: String(r.username), likes: Number(r.likes) }));
}

/** The statement of listMostLikedCreators (tests/follows_db_test.ts EXPLAINs it). */
export function mostLikedCreatorsSql(since: number, scan: number, limit: number) {
  return sql`
    select u.id as id, u.username as username, count(*) as likes
    from (select media_id from likes where created_at >= ${since} order by created_at desc limit ${literalLimit(scan)}) l
    join media m on m.id = l.media_id and m.review_status = 'approved' and m.hidden = 0 and m.playable = 1
    join users u on u.id = m.user_id and u.banned = 0
    group by u.id order by likes desc, u.id desc limit ${literalLimit(limit)}`;
}
