/**
 * `/media/{id}` as an ActivityPub object (issue 40 point 3): the Note of a public item to clients
 * asking for JSON (browsers get the page: app.ts hands them to Hono). Pending, rejected and hidden
 * items are not found; one that was sent and then deleted or withdrawn answers 410 with a Tombstone
 * (tombstoneResponse, from the mark publish.ts leaves in the key-value store).
 */
import { Note, Tombstone } from "@fedify/vocab";
import type { Federation } from "@fedify/fedify";
import type { Db } from "../../db/client.ts";
import { DbKvStore } from "./kv.ts";
import { findItemById } from "../../db/queries/media.ts";
import { isPublic } from "../media/visibility.ts";
import type { FedContext } from "./federation.ts";
import { activeMember } from "./actor.ts";
import { toNote } from "./post.ts";

const TOMBSTONE_KEY = "dreamreel-tombstone";

export function setupObjects(fed: Federation<FedContext>) {
  fed.setObjectDispatcher(Note, "/media/{id}", async (ctx, { id }) => {
    if (!/^\d{1,15}$/.test(id)) return null;
    const row = await findItemById(ctx.data.db, Number(id));
    if (!row || !isPublic(row) || !(await activeMember(ctx.data.db, String(row.userId)))) return null;
    return toNote(ctx, row);
  });
}

/** Marks an object sent and then withdrawn: it answers 410 from now on (until it is sent again). */
export async function markTombstone(db: Db, uri: URL) {
  await new DbKvStore(db).set([TOMBSTONE_KEY, uri.href], Date.now());
}

export async function clearTombstone(db: Db, uri: URL) {
  await new DbKvStore(db).delete([TOMBSTONE_KEY, uri.href]);
}

/** The 410 of a withdrawn object, for an ActivityPub client; null when the URL names none. */
export async function tombstoneResponse(db: Db, siteUrl: string, pathname: string): Promise<Response | null> {
  const uri = new URL(pathname, siteUrl);
  const at = await new DbKvStore(db).get<number>([TOMBSTONE_KEY, uri.href]);
  if (at === undefined) return null;
  const json = await new Tombstone({ id: uri, deleted: Temporal.Instant.fromEpochMilliseconds(at) }).toJsonLd();
  return new Response(JSON.stringify(json), {
    status: 410,
    headers: { "content-type": "application/activity+json", vary: "Accept" },
  });
}
