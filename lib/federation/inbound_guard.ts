/**
 * Who may act here (issue 40 points 4 and 5, decision 042): an activity from a blocked server or a banned remote
 * account is refused, and what it names on this site is found only by our own URLs. The inbox's HTTP answer refuses
 * a blocked server before Fedify reads the body (refusedSender, from the signature's key id); every listener checks
 * again by the activity's actor (senderOf), since a key may live on another host than its actor.
 */
import type { Actor } from "@fedify/vocab";
import { isActor } from "@fedify/vocab";
import type { Activity } from "@fedify/vocab";
import type { InboxContext } from "@fedify/fedify";
import type { Db } from "../../db/client.ts";
import { isHostBlocked, listFederationBlocks } from "../../db/queries/federation_blocks.ts";
import { findRemoteActorByUri } from "../../db/queries/federation.ts";
import { memberBlocksActor } from "../../db/queries/remote_actor_blocks.ts";
import { domainAndParents } from "../../common/federation_rules.ts";
import type { FedContext } from "./federation.ts";
import { rememberActor } from "./inbox.ts";

const HEADER_MAX = 4096;

/** The key id a request's HTTP signature names (draft-cavage `keyId="..."`, RFC 9421 `keyid="..."`), or null. */
export function signatureKeyId(headers: Headers): string | null {
  for (const name of ["signature", "signature-input"]) {
    const value = headers.get(name)?.slice(0, HEADER_MAX);
    if (!value) continue;
    const lower = value.toLowerCase();
    const at = lower.indexOf('keyid="');
    if (at < 0) continue;
    const end = value.indexOf('"', at + 7);
    if (end > at + 7) return value.slice(at + 7, end);
  }
  return null;
}

/** Whether an inbox request is signed by a key on a blocked server: it is answered 403 and never read. */
export async function refusedSender(db: Db, headers: Headers): Promise<boolean> {
  const keyId = signatureKeyId(headers);
  if (!keyId) return false;
  try {
    return await isHostBlocked(db, new URL(keyId).host);
  } catch {
    return false;
  }
}

/** A test for inbox URLs on blocked servers, with the block list read once (a delivery batch checks many). */
export async function blockedInboxFilter(db: Db): Promise<(url: string) => boolean> {
  const blocked = new Set((await listFederationBlocks(db)).map((b) => b.domain));
  if (!blocked.size) return () => false;
  return (url: string) => {
    try {
      return domainAndParents(new URL(url).hostname).some((d) => blocked.has(d));
    } catch {
      return true;
    }
  };
}

/** Whether a Follow of this member by this account is answered with Reject: its server is blocked, or the member blocked it. */
export async function followRefused(db: Db, actor: URL, memberId: number): Promise<boolean> {
  if (await isHostBlocked(db, actor.host)) return true;
  const known = await findRemoteActorByUri(db, actor.href);
  return !!known && await memberBlocksActor(db, memberId, known.id);
}

export type Sender = { id: number; handle: string; uri: string };

/**
 * The remote account behind an activity, stored or refreshed: null (the activity is ignored) when it has no actor, its
 * server is blocked, it is banned, or its actor document does not name itself.
 */
export async function senderOf(ctx: InboxContext<FedContext>, activity: Activity): Promise<Sender | null> {
  const actorId = activity.actorId;
  if (!actorId) return null;
  const db = ctx.data.db;
  if (await isHostBlocked(db, actorId.host)) return null;
  const known = await findRemoteActorByUri(db, actorId.href);
  if (known?.bannedAt) return null;
  if (known) return { id: known.id, handle: known.handle, uri: known.uri };
  const actor = await activity.getActor(ctx).catch(() => null) as Actor | null;
  if (!actor || !isActor(actor) || actor.id?.href !== actorId.href) return null;
  const remote = await rememberActor(ctx, actor);
  return remote ? { ...remote, uri: actorId.href } : null;
}

/** What one of our URLs names: an item (`/media/{id}`), or a comment on it (`/media/{id}#comment-{cid}`). */
export function localTarget(siteUrl: string, url: URL | null | undefined): { mediaId: number; commentId: number | null } | null {
  if (!url || url.origin !== new URL(siteUrl).origin || !url.pathname.startsWith("/media/")) return null;
  const id = url.pathname.slice(7);
  if (!id || id.length > 15 || ![...id].every((ch) => ch >= "0" && ch <= "9")) return null;
  const hash = url.hash.startsWith("#comment-") ? url.hash.slice(9) : "";
  const commentId = hash && hash.length <= 15 && [...hash].every((ch) => ch >= "0" && ch <= "9") ? Number(hash) : null;
  return { mediaId: Number(id), commentId };
}

/** Whether an inbox body is a Follow: read as JSON (already bounded to 1 MiB), only its top-level `type`. */
export function isFollow(body: Uint8Array): boolean {
  try {
    const json = JSON.parse(new TextDecoder().decode(body)) as { type?: unknown };
    return json?.type === "Follow";
  } catch {
    return false;
  }
}
