/**
 * The fan-out of a published item to its creator's followers (issue 33): a job (lib/notify/jobs.ts) walks
 * the followers in batches, each batch one transaction that writes its notifications and moves the
 * cursor in notification_fanouts, so a job that dies half way resumes where it stopped and a retry
 * doubles nothing. The row is made once per item, in the transaction that published it.
 */
import { sql } from "drizzle-orm";
import type { Tx } from "../client.ts";
import { notify } from "./notify.ts";

const PUBLIC = sql`review_status = 'approved' and hidden = 0 and playable = 1`;

/** In the publishing transaction: true the first time this item is public (its fan-out is then to be queued). */
export async function claimFanout(tx: Tx, mediaId: number): Promise<boolean> {
  const rows = await tx.all(sql`insert into notification_fanouts (media_id)
    select id from media where id = ${mediaId} and ${PUBLIC} on conflict do nothing returning media_id`);
  return rows.length > 0;
}

/**
 * One batch of followers (follows_followee_created, after the cursor): notified, the cursor moved. True when
 * the fan-out is over (all followers told, or the item is no longer public or gone: those left are not told).
 */
export async function fanoutBatch(tx: Tx, mediaId: number, size: number): Promise<boolean> {
  const [state] = await tx.all<{ creator: number; ac: number; au: number; done: number }>(sql`
    select m.user_id as creator, f.after_created as ac, f.after_user as au, f.done as done
    from notification_fanouts f join media m on m.id = f.media_id join users u on u.id = m.user_id
    where f.media_id = ${mediaId} and m.review_status = 'approved' and m.hidden = 0 and m.playable = 1 and u.banned = 0`);
  if (!state || state.done) {
    await tx.run(sql`update notification_fanouts set done = 1 where media_id = ${mediaId}`);
    return true;
  }
  const batch = await tx.all<{ id: number; followedAt: number }>(sql`
    select follower_id as id, created_at as followedAt from follows
    where followee_id = ${state.creator} and (created_at, follower_id) > (${state.ac}, ${state.au})
    order by created_at, follower_id limit ${size}`);
  if (batch.length) {
    await notify(tx, {
      kind: "followed_upload",
      to: batch.map((b) => b.id),
      actorId: state.creator,
      groupKey: `u:${state.creator}`,
      mediaId,
      itemMutes: true,
    });
  }
  const last = batch.at(-1);
  const done = batch.length < size;
  await tx.run(sql`update notification_fanouts set after_created = ${last?.followedAt ?? state.ac}, after_user = ${last?.id ?? state.au},
    done = ${done ? 1 : 0} where media_id = ${mediaId}`);
  return done;
}
