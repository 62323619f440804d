import type { Db } from "../../db/client.ts";
import { findProfileUserById, findProfileUserByUsername, type ProfileUser } from "../../db/queries/profiles.ts";
import type { PublicProfile } from "../../common/schemas/messages.ts";
import type { CurrentUser } from "../app_env.ts";

/** Banned members' profiles are gone for the public (spec part 2 §8 "User Not Found"); admins still see them. */
export function canSeeProfile(user: ProfileUser, viewer: CurrentUser | null): boolean {
  return !user.banned || !!viewer?.isAdmin;
}

/**
 * `/user/{username or userId}` (spec part 1 §2): digits name an id first (the media page links
 * that way), then a username; anything else is a username.
 */
export async function findProfileByRef(db: Db, ref: string): Promise<ProfileUser | undefined> {
  if (/^\d{1,15}$/.test(ref)) {
    const byId = await findProfileUserById(db, Number(ref));
    if (byId) return byId;
  }
  return ref.length <= 100 ? await findProfileUserByUsername(db, ref) : undefined;
}

/** The profile JSON: id, username, join date, role and follow counts; never the email. `isFollowing` for a signed-in viewer. */
export const toPublicProfile = (u: ProfileUser, isFollowing?: boolean): PublicProfile => ({
  id: u.id,
  username: u.username,
  createdAt: new Date(u.createdAt).toISOString(),
  isAdmin: u.isAdmin,
  followerCount: u.followerCount,
  followingCount: u.followingCount,
  ...(isFollowing === undefined ? {} : { isFollowing }),
});
