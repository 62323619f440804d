import { formatCount } from "./format.ts";

/** Following members, the Following tab and liked items (issue 32): limits and texts both sides use. */

/** A member follows at most this many members (every list a member can grow has a cap). */
export const MAX_FOLLOWS = 5_000;

/** Members per page of GET /api/user/following and /followers. */
export const FOLLOW_PAGE_SIZE = 50;

/** Items per page of GET /api/user/likes and /liked. */
export const LIKED_PAGE_SIZE = 24;

/** Creators the Following tab's empty state suggests, and how far back their likes count. */
export const SUGGESTED_CREATORS = 6;
export const SUGGESTION_DAYS = 30;

export const FOLLOW_MSG = {
  self: "You cannot follow yourself",
  notFound: "User not found",
  blocked: "You cannot follow this member",
  tooMany: `You can follow at most ${MAX_FOLLOWS.toLocaleString("en-US")} members. Unfollow someone to follow another.`,
  loginAction: "follow members",
  listsHidden: "This member keeps their followers and following private",
  followFailed: "Could not follow this member. Please try again.",
  unfollowFailed: "Could not unfollow this member. Please try again.",
} as const;

/** "1 follower", "12 followers". */
export const followersText = (n: number) => `${formatCount(n)} ${n === 1 ? "follower" : "followers"}`;
export const followingText = (n: number) => `${formatCount(n)} following`;
