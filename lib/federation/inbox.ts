/**
 * The inboxes (issue 40 point 4): `/user/{id}/inbox` and the shared `/inbox`. Fedify verifies every
 * activity's HTTP signature (draft-cavage and RFC 9421) and that the key is the actor's before a
 * listener runs (401 otherwise, nothing changes); app.ts refuses bodies over 1 MiB first. Listeners
 * run from the job queue (federation.ts gives Fedify our queue), never inside the request.
 *
 * Here: Follow of a member (Accept, a remote_follows row, the "new follower" notification) and
 * Undo of it. The inbound half of issue 40 adds its listeners with addInboxListeners().
 */
import { Accept, Follow, getActorHandle, isActor, Like, Reject, Undo } from "@fedify/vocab";
import type { Actor } from "@fedify/vocab";
import type { Federation, InboxContext, InboxListenerSetters } from "@fedify/fedify";
import { writeTx } from "../../db/client.ts";
import { addRemoteFollow, findRemoteActorByUri, removeRemoteFollow, upsertRemoteActor } from "../../db/queries/federation.ts";
import { notifyRemoteFollow } from "../../db/queries/notify.ts";
import { log } from "../log.ts";
import type { FedContext } from "./federation.ts";
import { activeMember } from "./actor.ts";
import { addInboundListeners, onUndoLike } from "./inbound.ts";
import { followRefused } from "./inbound_guard.ts";

export type InboxSetters = InboxListenerSetters<FedContext>;

export function setupInbox(fed: Federation<FedContext>): InboxSetters {
  return addInboundListeners(
    fed.setInboxListeners("/user/{identifier}/inbox", "/inbox")
      .on(Follow, onFollow)
      .on(Undo, onUndo),
  )
    .onError((_ctx, error) => log.warn("inbox activity failed", { error: String(error).slice(0, 300) }));
}

/** Stores (or refreshes) the sender of an activity as a remote actor; its row id, or null when it is no actor. */
export async function rememberActor(ctx: InboxContext<FedContext>, actor: Actor): Promise<{ id: number; handle: string } | null> {
  if (!actor.id || !actor.inboxId) return null;
  const handle = await getActorHandle(actor, { trimLeadingAt: true }).catch(() => null);
  if (!handle) return null;
  const id = await upsertRemoteActor(ctx.data.db, {
    uri: actor.id.href,
    handle: handle.slice(0, 300),
    domain: actor.id.host,
    name: actor.name?.toString().slice(0, 200) ?? null,
    url: actor.url instanceof URL ? actor.url.href : null,
    inbox: actor.inboxId.href,
    sharedInbox: actor.endpoints?.sharedInbox?.href ?? null,
  });
  return { id, handle };
}

async function onFollow(ctx: InboxContext<FedContext>, follow: Follow) {
  if (!follow.id || !follow.actorId || !follow.objectId) return;
  const target = ctx.parseUri(follow.objectId);
  if (target?.type !== "actor") return;
  const member = await activeMember(ctx.data.db, target.identifier);
  if (!member) return;
  const follower = await follow.getActor(ctx);
  if (!follower || !isActor(follower) || follower.id?.href !== follow.actorId.href) return;
  // Across a server block, or the member's block of the account, the answer is Reject (issue 40 point 5; inbound_guard.ts).
  if (await followRefused(ctx.data.db, follower.id!, member.id)) {
    const me = ctx.getActorUri(target.identifier);
    const id = new URL(`#reject/${encodeURIComponent(follow.id.href)}`, me);
    await ctx.sendActivity({ identifier: target.identifier }, follower, new Reject({ id, actor: me, object: follow }));
    return;
  }
  const remote = await rememberActor(ctx, follower);
  if (!remote) return;
  const banned = (await findRemoteActorByUri(ctx.data.db, follower.id!.href))?.bannedAt;
  if (banned) return;
  await writeTx(ctx.data.db, async (tx) => {
    if (await addRemoteFollow(tx, remote.id, member.id, follow.id!.href)) await notifyRemoteFollow(tx, member.id, remote.handle);
  });
  await ctx.sendActivity(
    { identifier: target.identifier },
    follower,
    new Accept({
      id: new URL(`#accept/${encodeURIComponent(follow.id.href)}`, ctx.getActorUri(target.identifier)),
      actor: ctx.getActorUri(target.identifier),
      object: follow,
    }),
  );
}

async function onUndo(ctx: InboxContext<FedContext>, undo: Undo) {
  if (!undo.actorId) return;
  const object = await undo.getObject({ documentLoader: ctx.documentLoader, contextLoader: ctx.contextLoader, suppressError: true })
    .catch(() => null);
  // Undo of a Like: the inbound half's (inbound_acts.ts).
  if (object instanceof Like) return await onUndoLike(ctx, undo, object);
  if (!(object instanceof Follow) || !object.objectId) return;
  // Only the follower may take its follow back.
  if (object.actorId?.href !== undo.actorId.href) return;
  const target = ctx.parseUri(object.objectId);
  if (target?.type !== "actor" || !/^\d{1,15}$/.test(target.identifier)) return;
  const remote = await findRemoteActorByUri(ctx.data.db, undo.actorId.href);
  if (!remote) return;
  await writeTx(ctx.data.db, (tx) => removeRemoteFollow(tx, remote.id, Number(target.identifier)));
}
