import { integer, text } from "drizzle-orm/sqlite-core";
import { POST_STATUSES } from "../../common/moderation.ts";

/**
 * The columns every post (item comment, forum thread, forum comment) carries for moderation
 * (issue 34, decision 032, migration 0019): whether it is shown, held for review or hidden by
 * reports, why it was held, and how many members have an open report on it.
 */
export const moderatedColumns = () => ({
  status: text({ enum: POST_STATUSES }).notNull().default("shown"),
  /** 'link' (a visitor's post with an address) or 'word:<the watched entry it matched>'. */
  heldReason: text("held_reason"),
  /** Distinct members with an open report; at REPORT_HIDE_THRESHOLD the post is hidden, as items are. */
  openReports: integer("open_reports").notNull().default(0),
});
