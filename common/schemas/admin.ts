/** `POST /api/admin/content/{id}/reject` (spec part 2 §7) and the Reject dialog. */
import * as z from "zod/mini";
import { REJECT_REASON_MAX } from "../admin_rules.ts";

/** `POST /api/admin/content/{id}/blocklist`: why, for the record (issue 25). */
export const blocklistSchema = z.object({
  reason: z.optional(
    z.string().check(z.trim(), z.maxLength(REJECT_REASON_MAX, `The reason must be at most ${REJECT_REASON_MAX} characters`)),
  ),
});

export const rejectSchema = z.object({
  reason: z.string().check(
    z.trim(),
    z.minLength(1, "A reason is required to reject content"),
    z.maxLength(REJECT_REASON_MAX, `The reason must be at most ${REJECT_REASON_MAX} characters`),
  ),
});
