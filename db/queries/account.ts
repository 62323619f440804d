import { and, count, eq, inArray, ne, or, sql } from "drizzle-orm";
import type { Db, Tx } from "../client.ts";
import {
  blocks,
  comments,
  followingFeedTokens,
  likes,
  media,
  messages,
  passwordResetTokens,
  sessions,
  socialAccounts,
  threadComments,
  threads,
  uploads,
  users,
  views,
} from "../schema/mod.ts";
import type { MemberRow } from "./users.ts";
import { removeUpvotesOfUser } from "./forum.ts";
import { removeAllFollowsOf } from "./follows.ts";
import { listJobOutputsOfMedia } from "./jobs.ts";
import { listMediaFileKeys } from "./media_files.ts";
import { deleteHashesOfUser } from "./similar.ts";

type Conn = Db | Tx;

const publicColumns = {
  id: users.id,
  username: users.username,
  email: users.email,
  isAdmin: users.isAdmin,
  role: users.role,
  createdAt: users.createdAt,
  emailVerified: users.emailVerified,
};

/** The member's privacy switches (issue 43 points 2 and 5): follow lists shown to others, watch history paused. */
export async function findPrivacy(db: Conn, userId: number): Promise<{ showFollows: boolean; historyPaused: boolean }> {
  const row = await db.select({ showFollows: users.showFollows, historyPaused: users.historyPaused }).from(users)
    .where(eq(users.id, userId)).get();
  return row ?? { showFollows: true, historyPaused: false };
}

/** The member's About text (issue 27 point 14). */
export async function findAbout(db: Conn, userId: number): Promise<string> {
  return (await db.select({ about: users.about }).from(users).where(eq(users.id, userId)).get())?.about ?? "";
}

export async function setAbout(db: Conn, userId: number, about: string) {
  await db.update(users).set({ about }).where(eq(users.id, userId));
}

/** The stored password hash; null for members who signed up through Google or Facebook. */
export async function findPasswordHash(db: Conn, userId: number): Promise<string | null> {
  return (await db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, userId)).get())?.hash ?? null;
}

/** Whether another account already uses this username or email (both case-insensitive). */
export async function profileTakenByOther(db: Conn, userId: number, wanted: { username?: string; email?: string }) {
  const clash = (column: typeof users.username | typeof users.email, value?: string) =>
    value === undefined ? Promise.resolve(false) : db.select({ id: users.id }).from(users)
      .where(and(sql`lower(${column}) = lower(${value})`, ne(users.id, userId))).get().then((r) => !!r);
  return { username: await clash(users.username, wanted.username), email: await clash(users.email, wanted.email) };
}

/** Comments carry their author's name; a new username shows on the old comments too. */
/** A new address (`emailChanged`) is unproved until its own link is opened (issue 19). */
export async function updateProfile(
  tx: Tx,
  userId: number,
  patch: { username?: string; email?: string; showFollows?: boolean; historyPaused?: boolean },
  emailChanged = false,
): Promise<MemberRow> {
  if (Object.keys(patch).length === 0) {
    return (await tx.select(publicColumns).from(users).where(eq(users.id, userId)).get())!;
  }
  const set = emailChanged ? { ...patch, emailVerified: false } : patch;
  const [row] = await tx.update(users).set(set).where(eq(users.id, userId)).returning(publicColumns);
  if (patch.username !== undefined) await tx.update(comments).set({ username: patch.username }).where(eq(comments.userId, userId));
  return row;
}

export async function setPasswordHash(tx: Tx, userId: number, passwordHash: string) {
  await tx.update(users).set({ passwordHash }).where(eq(users.id, userId));
}

export async function countAdmins(db: Conn): Promise<number> {
  return (await db.select({ n: count() }).from(users).where(eq(users.isAdmin, true)).get())?.n ?? 0;
}

/**
 * Deletes a member and what is theirs, inside the caller's transaction, and returns the storage
 * keys of the files their items and uploads owned (the caller removes them after the commit).
 * Their likes and upvotes leave the counts they added; their forum threads and comments, and
 * their comments on others' items, stay without an author (shown as Anonymous).
 */
export async function deleteUserRows(tx: Tx, userId: number): Promise<string[]> {
  const owned = await tx.select({ fileKey: media.fileKey, thumbnailKey: media.thumbnailKey }).from(media).where(eq(media.userId, userId));
  const uploaded = await tx.select({ fileKey: uploads.fileKey }).from(uploads).where(eq(uploads.userId, userId));
  // Renditions, previews, posters, and what a job run was moving into place.
  const derived = [...(await listMediaFileKeys(tx, { userId })), ...(await listJobOutputsOfMedia(tx, { userId }))];
  const keys = new Set([...owned.flatMap((m) => [m.fileKey, m.thumbnailKey]), ...uploaded.map((u) => u.fileKey), ...derived]);

  const liked = tx.select({ id: likes.mediaId }).from(likes).where(eq(likes.userId, userId));
  await tx.update(media).set({ likes: sql`max(${media.likes} - 1, 0)` }).where(inArray(media.id, liked));
  await tx.delete(likes).where(eq(likes.userId, userId));
  await removeUpvotesOfUser(tx, userId);

  await tx.delete(messages).where(or(eq(messages.senderId, userId), eq(messages.receiverId, userId)));
  await tx.delete(blocks).where(or(eq(blocks.blockerId, userId), eq(blocks.blockedId, userId)));
  // Follows both ways, with the counts of the members on the other side (issue 32), and the feed address.
  await removeAllFollowsOf(tx, userId);
  await tx.delete(followingFeedTokens).where(eq(followingFeedTokens.userId, userId));
  await tx.delete(sessions).where(eq(sessions.userId, userId));
  await tx.delete(socialAccounts).where(eq(socialAccounts.userId, userId));
  await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, userId));
  await tx.delete(views).where(eq(views.viewerKey, `u:${userId}`));
  await tx.delete(uploads).where(eq(uploads.userId, userId));
  // Likes, comments, reports and views of the member's own items go with them (ON DELETE CASCADE); their
  // perceptual hashes name no item by a foreign key (an admin's removal keeps them), so they go here.
  await deleteHashesOfUser(tx, userId);
  await tx.delete(media).where(eq(media.userId, userId));

  await tx.update(threads).set({ userId: null }).where(eq(threads.userId, userId));
  await tx.update(threadComments).set({ userId: null }).where(eq(threadComments.userId, userId));
  await tx.update(comments).set({ userId: null, username: "Anonymous" }).where(eq(comments.userId, userId));
  await tx.delete(users).where(eq(users.id, userId));
  return [...keys].filter((k): k is string => !!k);
}

/** The providers a member signs in with (Google, Facebook), for the Security tab's note. */
export async function listSocialProviders(db: Conn, userId: number): Promise<string[]> {
  const rows = await db.select({ provider: socialAccounts.provider }).from(socialAccounts).where(eq(socialAccounts.userId, userId));
  return rows.map((r) => r.provider);
}
