/**
 * Following (issue 32): the secret address of a member's Following feed, and the creators the Following
 * tab's empty state suggests (most-liked uploaders of the last 30 days, kept a few minutes for everyone,
 * then filtered for the viewer).
 */
import { randomBytes } from "node:crypto";
import type { Db } from "../../db/client.ts";
import { blockedEitherWay } from "../../db/queries/blocks.ts";
import {
  type CreatorSuggestion,
  findFollowCounts,
  findFollowingFeedToken,
  listFolloweeIds,
  listFollows,
  listMostLikedCreators,
  setFollowingFeedToken,
} from "../../db/queries/follows.ts";
import { FOLLOW_PAGE_SIZE, SUGGESTED_CREATORS, SUGGESTION_DAYS } from "../../common/follow_rules.ts";
import type { FollowListEntry } from "../../common/schemas/follows.ts";

/** The feed's path for a token: `/feeds/following/{token}.xml` (RSS; `?format=atom` for Atom). */
export const followingFeedPath = (token: string) => `/feeds/following/${token}.xml`;

/** What a token looks like (256 random bits, base64url): anything else is no token, so no lookup. */
export const FEED_TOKEN_RE = /^[A-Za-z0-9_-]{43}$/;

const newToken = () => randomBytes(32).toString("base64url");

/** The member's feed token, made on first use (the /profile page shows it). */
export async function followingFeedToken(db: Db, userId: number): Promise<string> {
  const token = await findFollowingFeedToken(db, userId);
  if (token) return token;
  const made = newToken();
  await setFollowingFeedToken(db, userId, made);
  return made;
}

/** A new token for the member: the old address answers 404 from now on. */
export async function renewFollowingFeedToken(db: Db, userId: number): Promise<string> {
  const made = newToken();
  await setFollowingFeedToken(db, userId, made);
  return made;
}

/** How long the site-wide list of most-liked creators is kept, and how many likes it reads at most. */
const SUGGESTIONS_TTL_MS = 5 * 60_000;
const LIKES_SCANNED = 50_000;
const KEPT_CREATORS = 40;
const suggestions = new WeakMap<Db, { at: number; list: Promise<CreatorSuggestion[]> }>();

/** Creators to suggest to `viewerId`: not themself, not followed already, no block either way. */
export async function suggestedCreators(db: Db, viewerId: number, now = Date.now()): Promise<CreatorSuggestion[]> {
  let kept = suggestions.get(db);
  if (!kept || now - kept.at > SUGGESTIONS_TTL_MS) {
    const list = listMostLikedCreators(db, now - SUGGESTION_DAYS * 86_400_000, LIKES_SCANNED, KEPT_CREATORS);
    list.catch(() => suggestions.delete(db));
    suggestions.set(db, kept = { at: now, list });
  }
  const [all, followed] = await Promise.all([kept.list, listFolloweeIds(db, viewerId)]);
  const followedSet = new Set(followed);
  const candidates = all.filter((c) => c.id !== viewerId && !followedSet.has(c.id));
  const blocked = await blockedEitherWay(db, viewerId, candidates.map((c) => c.id));
  return candidates.filter((c) => !blocked.has(c.id)).slice(0, SUGGESTED_CREATORS);
}

/** One page of a member's list with its total (the own lists and others' share it). */
export async function followPage(db: Db, which: "following" | "followers", userId: number, page: number) {
  const [rows, counts] = await Promise.all([
    listFollows(db, which, userId, FOLLOW_PAGE_SIZE, (page - 1) * FOLLOW_PAGE_SIZE),
    findFollowCounts(db, userId),
  ]);
  const totalCount = which === "following" ? counts.followingCount : counts.followerCount;
  return { users: rows.map(toEntry), totalCount, page, pageSize: FOLLOW_PAGE_SIZE };
}

const toEntry = (r: { id: number; username: string; createdAt: number; isAdmin: boolean }): FollowListEntry => ({
  id: r.id,
  username: r.username,
  createdAt: new Date(r.createdAt).toISOString(),
  isAdmin: r.isAdmin,
});
