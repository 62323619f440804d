/** `PATCH /api/admin/users/{id}` (issue 41 points 3 and 4): a member's role and their own upload quotas. */
import * as z from "zod/mini";
import { ROLES } from "../roles.ts";
import { QUOTA_MSG } from "../quota_rules.ts";

/** Bytes, -1 unlimited, null back to the site's default. */
const quotaBytes = z.nullable(
  z.number(QUOTA_MSG.quotaInvalid).check(
    z.refine(Number.isSafeInteger, QUOTA_MSG.quotaInvalid),
    z.gte(-1, QUOTA_MSG.quotaInvalid),
  ),
);

export const memberPatchSchema = z.strictObject({
  role: z.optional(z.enum(ROLES, `role must be one of: ${ROLES.join(", ")}`)),
  uploadQuotaBytes: z.optional(quotaBytes),
  dailyUploadQuotaBytes: z.optional(quotaBytes),
}).check(
  z.refine((b) => b.role !== undefined || b.uploadQuotaBytes !== undefined || b.dailyUploadQuotaBytes !== undefined, {
    message: "Send role, uploadQuotaBytes or dailyUploadQuotaBytes",
  }),
);

export type MemberPatch = z.infer<typeof memberPatchSchema>;
