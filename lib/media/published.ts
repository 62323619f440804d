/**
 * When an item first becomes public (approved, shown, processed), its creator's followers hear of it
 * (issue 33, `followed_upload`): in the publishing transaction the item's fan-out row is made once and
 * its job queued, so the approving request does no per-follower work (lib/notify/jobs.ts does it).
 */
import type { Tx } from "../../db/client.ts";
import { claimFanout } from "../../db/queries/notify_fanout.ts";
import type { Config } from "../config.ts";
import { enqueueJob } from "../jobs/enqueue.ts";
import { FANOUT_JOB } from "../../common/notification_rules.ts";

/** True when the item became public now (the first time). */
export async function queueFollowerNews(tx: Tx, config: Config, mediaId: number): Promise<boolean> {
  if (!(await claimFanout(tx, mediaId))) return false;
  await enqueueJob(tx, config, { kind: FANOUT_JOB, payload: { mediaId }, mediaId });
  return true;
}
