/**
 * Replies from the fediverse (issue 40 point 4, decision 042): a Create(Note) answering a public item here, or a comment
 * on it, becomes a comment by `name@host` under the rules of a visitor's (a link or a watched word holds it); Update
 * edits it, Delete removes it; a Delete of the actor itself removes all it left. A reply to an item that is not public
 * (pending, rejected, hidden), or whose owner blocked the account or left the fediverse, is refused: nothing is stored.
 */
import { Create, Delete, Note, Update } from "@fedify/vocab";
import type { InboxContext } from "@fedify/fedify";
import { writeTx } from "../../db/client.ts";
import { deleteItemComment } from "../../db/queries/social.ts";
import { notifyComment } from "../../db/queries/notify.ts";
import { findItemById } from "../../db/queries/media.ts";
import { findRemoteActorByUri } from "../../db/queries/federation.ts";
import {
  commentItem,
  deleteRemoteActor,
  editRemoteComment,
  findRemoteComment,
  insertRemoteComment,
} from "../../db/queries/remote_inbound.ts";
import { ownerBlocksActor } from "../../db/queries/remote_actor_blocks.ts";
import { holdReason } from "../community/hold.ts";
import { forgetItemRow } from "../feed/item_rows.ts";
import { isPublic } from "../media/visibility.ts";
import { COMMENT_MAX } from "../../common/media_rules.ts";
import type { FedContext } from "./federation.ts";
import { activeMember } from "./actor.ts";
import { htmlToText } from "./html_text.ts";
import { localTarget, type Sender, senderOf } from "./inbound_guard.ts";

type Ctx = InboxContext<FedContext>;
const loaderOf = (ctx: Ctx) => ({ documentLoader: ctx.documentLoader, contextLoader: ctx.contextLoader, suppressError: true });

/** The note's text and whether it holds a link (an anchor, or an address in its words). */
function noteText(note: Note): { text: string; links: number } {
  const raw = note.content?.toString() ?? "";
  return htmlToText(raw, COMMENT_MAX);
}

/** The public item a reply answers (ours, or one a stored remote comment is on), when its owner still federates. */
async function repliedItem(ctx: Ctx, inReplyTo: URL | null): Promise<number | null> {
  if (!inReplyTo) return null;
  const db = ctx.data.db;
  const local = localTarget(ctx.data.config.siteUrl, inReplyTo);
  let mediaId = local?.mediaId ?? null;
  if (local?.commentId) mediaId = (await commentItem(db, local.commentId))?.mediaId === local.mediaId ? local.mediaId : null;
  if (!local) mediaId = (await findRemoteComment(db, inReplyTo.href))?.mediaId ?? null;
  if (mediaId === null) return null;
  const item = await findItemById(db, mediaId);
  if (!item || !isPublic(item) || !(await activeMember(db, String(item.userId)))) return null;
  return mediaId;
}

/** A note the sender may speak for: its id on the sender's server and attributed to it. */
function ownNote(note: Note, sender: Sender): boolean {
  if (!note.id) return false;
  const actor = new URL(sender.uri);
  return note.id.origin === actor.origin && (!note.attributionId || note.attributionId.href === sender.uri);
}

export async function onCreateNote(ctx: Ctx, create: Create) {
  const note = await create.getObject(loaderOf(ctx)).catch(() => null);
  if (!(note instanceof Note)) return;
  const sender = await senderOf(ctx, create);
  if (!sender || !ownNote(note, sender)) return;
  const mediaId = await repliedItem(ctx, note.replyTargetId);
  if (mediaId === null) return;
  const db = ctx.data.db;
  if (await ownerBlocksActor(db, mediaId, sender.id)) return;
  const { text, links } = noteText(note);
  if (!text) return;
  const heldReason = links > 0 ? "link" : await holdReason(db, [text], { visitor: true });
  const stored = await writeTx(db, async (tx) => {
    const row = await insertRemoteComment(tx, {
      mediaId,
      remoteActorId: sender.id,
      apId: note.id!.href,
      username: sender.handle,
      content: text,
      heldReason,
      at: Date.now(),
    });
    if (row && !heldReason) await notifyComment(tx, mediaId, null);
    return row;
  });
  if (stored && !heldReason) forgetItemRow(db, mediaId);
}

export async function onUpdateNote(ctx: Ctx, update: Update) {
  const note = await update.getObject(loaderOf(ctx)).catch(() => null);
  if (!(note instanceof Note) || !note.id) return;
  const sender = await senderOf(ctx, update);
  if (!sender || !ownNote(note, sender)) return;
  const db = ctx.data.db;
  const comment = await findRemoteComment(db, note.id.href);
  if (!comment || comment.remoteActorId !== sender.id) return;
  const { text, links } = noteText(note);
  if (!text) return;
  const heldReason = links > 0 ? "link" : await holdReason(db, [text], { visitor: true });
  await writeTx(db, (tx) => editRemoteComment(tx, comment.id, text, heldReason));
  forgetItemRow(db, comment.mediaId);
}

/** Delete of a note (its comment goes) or of the sender itself (all it left goes, and its row). */
export async function onDelete(ctx: Ctx, del: Delete) {
  const objectId = del.objectId;
  const actorId = del.actorId;
  if (!objectId || !actorId) return;
  const db = ctx.data.db;
  if (objectId.href === actorId.href) {
    const known = await findRemoteActorByUri(db, actorId.href);
    if (known) await writeTx(db, (tx) => deleteRemoteActor(tx, known.id));
    return;
  }
  const comment = await findRemoteComment(db, objectId.href);
  if (!comment) return;
  const known = await findRemoteActorByUri(db, actorId.href);
  if (!known || comment.remoteActorId !== known.id) return;
  await writeTx(db, (tx) => deleteItemComment(tx, comment.mediaId, comment.id));
  forgetItemRow(db, comment.mediaId);
}

/** Create or Update of something else than a Note (a Question, an Article) is left alone. */
