import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { media } from "./media.ts";

export const JOB_STATES = ["queued", "running", "done", "failed"] as const;
export type JobState = (typeof JOB_STATES)[number];

/**
 * The durable job queue (lib/jobs/): work that outlives a request. A worker takes a job by
 * setting its lease (owner and expiry) in one UPDATE; a lease that runs out (the process died)
 * makes the job claimable again. Deleting an item deletes its jobs (cancel).
 */
export const jobs = sqliteTable("jobs", {
  id: integer().primaryKey({ autoIncrement: true }),
  kind: text().notNull(),
  payload: text().notNull().default("{}"),
  mediaId: integer("media_id").references(() => media.id, { onDelete: "cascade" }),
  state: text({ enum: JOB_STATES }).notNull().default("queued"),
  attempts: integer().notNull().default(0),
  maxAttempts: integer("max_attempts").notNull().default(3),
  runAfter: integer("run_after").notNull(),
  progress: integer().notNull().default(0),
  error: text(),
  leaseOwner: text("lease_owner"),
  leaseUntil: integer("lease_until"),
  /** Storage keys a run is about to move into place (JSON array): removed if the run never commits. */
  outputs: text().notNull().default("[]"),
  createdAt: integer("created_at").notNull(),
  updatedAt: integer("updated_at").notNull(),
  /** The member the work is for (the item's owner; null for the site's own jobs): owners are taken in turn (decision 040). */
  userId: integer("user_id"),
  /** Known cost: a video's output frames x pixels; 0 for small work; null when unknown (treated as long). */
  cost: integer().default(0),
  /** Increases with each claim: the owner whose last claim is the oldest goes next. */
  claimSeq: integer("claim_seq"),
}, (t) => [
  index("jobs_state_run_after").on(t.state, t.runAfter),
  index("jobs_media").on(t.mediaId),
  index("jobs_user_claim").on(t.userId, t.claimSeq),
  index("jobs_claim_seq").on(t.claimSeq),
]);
