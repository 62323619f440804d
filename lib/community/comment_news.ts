/**
 * Who hears of a shown comment or forum post (issue 43 point 3, decision 046): an item's owner of a
 * comment on it, a top comment's writer of a reply under it, and the members named by `@username`
 * (at most MENTIONS_MAX, unknown and banned names ignored; blocks, mutes and settings as for every
 * kind in db/queries/notify.ts). Run in the transaction that shows the post: at posting when it is
 * shown at once, or when an admin approves it, so a held post tells no one until then.
 */
import type { Tx } from "../../db/client.ts";
import { findMembersByName, findReplyTarget } from "../../db/queries/comment_threads.ts";
import { notifyComment, notifyMentions, notifyReply, type PostPlace } from "../../db/queries/notify.ts";
import { mentionedNames } from "../../common/mentions.ts";

/** The members a text names, in the order of the text's first mention (at most MENTIONS_MAX). */
async function mentionedIds(tx: Tx, text: string): Promise<number[]> {
  const names = mentionedNames(text);
  return (await findMembersByName(tx, names)).map((m) => m.id);
}

/** Tells the named members, but not those in `told` (who already heard of this post another way). */
async function tellMentioned(tx: Tx, place: PostPlace, text: string, actorId: number | null, told: number[]) {
  const to = (await mentionedIds(tx, text)).filter((id) => !told.includes(id));
  await notifyMentions(tx, place, to, actorId);
}

/** A comment on an item shown now: the owner, the replied-to writer and the named members hear of it. */
export async function announceComment(
  tx: Tx,
  c: { mediaId: number; commentId: number; parentId: number | null; actorId: number | null; content: string },
) {
  const place = { mediaId: c.mediaId, commentId: c.commentId };
  const told: number[] = [];
  if (c.parentId !== null) {
    const parent = await findReplyTarget(tx, c.parentId);
    if (parent?.userId != null && parent.status === "shown") told.push(...await notifyReply(tx, place, parent.userId, c.actorId));
  }
  // The owner who heard of the reply already is not told twice of the same comment.
  const owner = await notifyComment(tx, c.mediaId, c.actorId, told);
  told.push(...owner);
  await tellMentioned(tx, place, c.content, c.actorId, told);
}

/** A forum thread or comment shown now: the named members hear of it (the thread's people hear as forum_reply). */
export async function announceForumPost(tx: Tx, c: { threadId: number; actorId: number | null; content: string; told?: number[] }) {
  await tellMentioned(tx, { threadId: c.threadId }, c.content, c.actorId, c.told ?? []);
}
