/** `POST /api/admin/content/{id}/reject` (spec part 2 §7) and the Reject dialog; the member page's ban; bulk decisions. */
import * as z from "zod/mini";
import { REJECT_REASON_MAX } from "../admin_rules.ts";
import { BAN_LENGTH_VALUES, BAN_REASON_MAX } from "../ban_rules.ts";
import { BULK_MAX } from "../moderation.ts";

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

/** `POST /api/admin/users/{id}/ban` (issue 34 point 4): the reason the member reads at sign-in, and how long. */
export const banSchema = z.object({
  reason: z.string().check(
    z.trim(),
    z.minLength(1, "A reason is required to ban a member"),
    z.maxLength(BAN_REASON_MAX, `The reason must be at most ${BAN_REASON_MAX} characters`),
  ),
  length: z.enum(BAN_LENGTH_VALUES, `length must be one of: ${BAN_LENGTH_VALUES.join(", ")}`),
});

/**
 * `POST /api/admin/content/bulk` (issue 34 point 6): approve, reject (with one reason for all) or
 * delete up to BULK_MAX pending items at once.
 */
export const bulkContentSchema = z.object({
  action: z.enum(["approve", "reject", "delete"], "action must be approve, reject or delete"),
  ids: z.array(z.number().check(z.refine(Number.isSafeInteger, "ids must be item ids"), z.positive("ids must be item ids"))).check(
    z.minLength(1, "Select at least one item"),
    z.maxLength(BULK_MAX, `At most ${BULK_MAX} items at once`),
  ),
  reason: z.optional(
    z.string().check(z.trim(), z.maxLength(REJECT_REASON_MAX, `The reason must be at most ${REJECT_REASON_MAX} characters`)),
  ),
}).check(z.refine((b) => b.action !== "reject" || !!b.reason, { message: "A reason is required to reject content", path: ["reason"] }));
