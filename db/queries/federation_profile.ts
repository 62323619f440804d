/** The member a "Follow from your server" names (issue 40 point 2): followable only when federated and not banned. */
import { eq, sql } from "drizzle-orm";
import type { Db } from "../client.ts";
import { media, users } from "../schema/mod.ts";

export function findFollowableMember(db: Db, username: string) {
  return db.select({ id: users.id, username: users.username }).from(users)
    .where(sql`lower(${users.username}) = lower(${username}) AND ${users.federated} = 1 AND ${users.banned} = 0`).get();
}

/** Whether the member takes part in the fediverse (their `federated` switch on /profile). */
export async function isFederated(db: Db, userId: number): Promise<boolean> {
  const row = await db.select({ federated: users.federated }).from(users).where(sql`${users.id} = ${userId}`).get();
  return row?.federated ?? false;
}

/** When the item was sent out (media.federated_at), null when it never was or no longer is. */
export async function itemSentAt(db: Db, mediaId: number): Promise<number | null> {
  return (await db.select({ at: media.federatedAt }).from(media).where(eq(media.id, mediaId)).get())?.at ?? null;
}
