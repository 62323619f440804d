/**
 * The collections an actor names (issue 40 point 2): `followers` (the member's remote followers, paged
 * by follow order), `following` (counted only: local follows are not fediverse accounts) and the
 * `outbox` (Create of each public item, newest first, paged).
 */
import { Create, PUBLIC_COLLECTION } from "@fedify/vocab";
import type { Federation } from "@fedify/fedify";
import { listRemoteFollowers } from "../../db/queries/federation.ts";
import { decodeCursor, profilePage, publicItemCount } from "../feed/profile_pages.ts";
import { itemRowsByIds } from "../feed/item_rows.ts";
import type { FedContext } from "./federation.ts";
import { activeMember } from "./actor.ts";
import { toNote } from "./post.ts";

export const FOLLOWERS_PAGE = 100;
export const OUTBOX_PAGE = 20;
const CURSOR_RE = /^(\d{1,15})\.(\d{1,15})$/;

export function setupCollections(fed: Federation<FedContext>) {
  fed.setFollowersDispatcher("/user/{identifier}/followers", async (ctx, identifier, cursor) => {
    const m = await activeMember(ctx.data.db, identifier);
    if (!m || cursor === null) return m ? { items: [] } : null;
    const at = CURSOR_RE.exec(cursor);
    const rows = await listRemoteFollowers(
      ctx.data.db,
      m.id,
      FOLLOWERS_PAGE + 1,
      at ? { createdAt: Number(at[1]), id: Number(at[2]) } : undefined,
    );
    const page = rows.slice(0, FOLLOWERS_PAGE);
    const last = page[page.length - 1];
    return {
      items: page.map((r) => ({
        id: new URL(r.uri),
        inboxId: new URL(r.inbox),
        endpoints: r.sharedInbox ? { sharedInbox: new URL(r.sharedInbox) } : null,
      })),
      nextCursor: rows.length > FOLLOWERS_PAGE && last ? `${last.createdAt}.${last.id}` : null,
    };
  })
    .setFirstCursor(() => "")
    .setCounter(async (ctx, identifier) => (await activeMember(ctx.data.db, identifier))?.remoteFollowerCount ?? null);

  fed.setFollowingDispatcher("/user/{identifier}/following", async (ctx, identifier) => {
    return (await activeMember(ctx.data.db, identifier)) ? { items: [] } : null;
  }).setCounter(async (ctx, identifier) => (await activeMember(ctx.data.db, identifier)) ? 0 : null);

  fed.setOutboxDispatcher("/user/{identifier}/outbox", async (ctx, identifier, cursor) => {
    const m = await activeMember(ctx.data.db, identifier);
    if (!m || cursor === null) return m ? { items: [] } : null;
    // Issue 44: pages by the grid's keyset cursor; an old page-number cursor still works (deep ones from the kept keys).
    const decoded = decodeCursor(cursor);
    const start = decoded?.userId === m.id
      ? { cursor: decoded }
      : { offset: (/^\d{1,6}$/.test(cursor) ? Number(cursor) : 0) * OUTBOX_PAGE };
    const found = await profilePage(ctx.data.db, { userId: m.id, limit: OUTBOX_PAGE, start, mutedBy: null, muted: null });
    const rows = await itemRowsByIds(ctx.data.db, found.ids, "item");
    const items = rows.map((row) => {
      const note = toNote(ctx, row);
      return new Create({
        id: new URL(`${note.id!.href}#create`),
        actor: ctx.getActorUri(identifier),
        object: note,
        published: note.published,
        to: PUBLIC_COLLECTION,
        cc: ctx.getFollowersUri(identifier),
      });
    });
    return { items, nextCursor: found.next };
  })
    .setFirstCursor(() => "0")
    .setCounter(async (ctx, identifier) => {
      const m = await activeMember(ctx.data.db, identifier);
      return m ? await publicItemCount(ctx.data.db, m.id) : null;
    });
}
