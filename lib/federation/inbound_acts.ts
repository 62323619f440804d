/**
 * Likes and reports from the fediverse (issue 40 point 4, decision 042). A Like of a public item counts once per remote
 * account in the item's likes (a second changes nothing) and Undo takes it back; a Flag is a report in the Reported tab
 * naming `name@host` with its words, like a visitor's (never counted toward hiding), one open per account and target,
 * at most REMOTE_OPEN_REPORTS open per account.
 */
import type { Flag, Like, Undo } from "@fedify/vocab";
import type { InboxContext } from "@fedify/fedify";
import { writeTx } from "../../db/client.ts";
import { findItemById } from "../../db/queries/media.ts";
import { countOpenReportsBy } from "../../db/queries/social.ts";
import { findRemoteActorByUri } from "../../db/queries/federation.ts";
import {
  addRemoteLike,
  commentItem,
  findRemoteComment,
  insertRemoteCommentReport,
  insertRemoteItemReport,
  removeRemoteLike,
} from "../../db/queries/remote_inbound.ts";
import { ownerBlocksActor } from "../../db/queries/remote_actor_blocks.ts";
import { forgetItemRow } from "../feed/item_rows.ts";
import { isPublic } from "../media/visibility.ts";
import { REPORT_DETAILS_MAX } from "../../common/media_rules.ts";
import type { FedContext } from "./federation.ts";
import { htmlToText } from "./html_text.ts";
import { localTarget, senderOf } from "./inbound_guard.ts";

type Ctx = InboxContext<FedContext>;

/** Open reports one remote account may have at once (as a member's cap). */
export const REMOTE_OPEN_REPORTS = 100;
/** The objects of one Flag looked at (Mastodon sends the account and the reported posts). */
const FLAG_OBJECTS_MAX = 20;

/** The public item a Like names: only ours, by its URL. */
async function likedItem(ctx: Ctx, objectId: URL | null): Promise<number | null> {
  const target = localTarget(ctx.data.config.siteUrl, objectId);
  if (!target || target.commentId) return null;
  const item = await findItemById(ctx.data.db, target.mediaId);
  return item && isPublic(item) ? item.id : null;
}

export async function onLike(ctx: Ctx, like: Like) {
  const mediaId = await likedItem(ctx, like.objectId);
  if (mediaId === null) return;
  const sender = await senderOf(ctx, like);
  if (!sender) return;
  const db = ctx.data.db;
  if (await ownerBlocksActor(db, mediaId, sender.id)) return;
  const added = await writeTx(db, (tx) => addRemoteLike(tx, mediaId, sender.id, like.id?.href ?? null, Date.now()));
  if (added) forgetItemRow(db, mediaId);
}

/** Undo of a Like (i40a's Undo listener hands us what is not a Follow); only its own author may take it back. */
export async function onUndoLike(ctx: Ctx, undo: Undo, like: Like) {
  if (!undo.actorId || like.actorId?.href !== undo.actorId.href) return;
  const target = localTarget(ctx.data.config.siteUrl, like.objectId);
  if (!target || target.commentId) return;
  const db = ctx.data.db;
  const known = await findRemoteActorByUri(db, undo.actorId.href);
  if (!known) return;
  const removed = await writeTx(db, (tx) => removeRemoteLike(tx, target.mediaId, known.id));
  if (removed) forgetItemRow(db, target.mediaId);
}

export async function onFlag(ctx: Ctx, flag: Flag) {
  const sender = await senderOf(ctx, flag);
  if (!sender) return;
  const db = ctx.data.db;
  const words = htmlToText(flag.content?.toString() ?? "", REPORT_DETAILS_MAX).text || null;
  const items = new Set<number>();
  const comments = new Set<number>();
  for (const id of flag.objectIds.slice(0, FLAG_OBJECTS_MAX)) {
    const local = localTarget(ctx.data.config.siteUrl, id);
    if (local?.commentId) {
      if ((await commentItem(db, local.commentId))?.mediaId === local.mediaId) comments.add(local.commentId);
    } else if (local) {
      if (await findItemById(db, local.mediaId)) items.add(local.mediaId);
    } else {
      const remote = await findRemoteComment(db, id.href);
      if (remote) comments.add(remote.id);
    }
  }
  if (!items.size && !comments.size) return;
  await writeTx(db, async (tx) => {
    let open = await countOpenReportsBy(tx, `r:${sender.id}`);
    for (const mediaId of items) {
      if (open >= REMOTE_OPEN_REPORTS) return;
      if (await insertRemoteItemReport(tx, mediaId, sender.id, words)) open++;
    }
    for (const commentId of comments) {
      if (open >= REMOTE_OPEN_REPORTS) return;
      if (await insertRemoteCommentReport(tx, commentId, sender.id, words)) open++;
    }
  });
}
