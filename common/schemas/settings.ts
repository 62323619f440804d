/** `PATCH /api/admin/settings`, the invites and sign-up decisions (issue 41), and the Settings tab's form. */
import * as z from "zod/mini";
import { EMAIL_MAX, EMAIL_RE } from "../auth_rules.ts";
import { INVITE_MAX_DAYS, INVITE_MAX_USES, REASON_MAX, REGISTRATION_MODES, SETTING_LIMITS as L } from "../site_settings.ts";

const text = (name: string, min: number, max: number) =>
  z.string(`${name} must be text`).check(
    z.trim(),
    ...(min > 0 ? [z.minLength(min, `${name} is required`)] : []),
    z.maxLength(max, `${name} must be at most ${max} characters`),
  );

const email = (name: string) =>
  z.string(`${name} must be text`).check(
    z.trim(),
    z.maxLength(EMAIL_MAX, `${name} is too long`),
    z.regex(EMAIL_RE, `${name} must be an email address`),
  );

const quota = (name: string) =>
  z.number(`${name} must be a number of bytes`).check(
    z.refine(Number.isSafeInteger, `${name} must be a whole number of bytes`),
    z.gte(-1, `${name} must be -1 (no limit) or more`),
    z.lte(L.quotaBytes, `${name} must be at most ${L.quotaBytes} bytes`),
  );

/** Every setting, each optional: a PATCH names only what changes; a name the server does not know is refused. */
export const settingsPatchSchema = z.strictObject({
  siteName: z.optional(text("siteName", 1, L.siteName)),
  siteDescription: z.optional(text("siteDescription", 0, L.siteDescription)),
  registrations: z.optional(z.enum(REGISTRATION_MODES, `registrations must be one of: ${REGISTRATION_MODES.join(", ")}`)),
  uploadQuotaBytes: z.optional(quota("uploadQuotaBytes")),
  dailyUploadQuotaBytes: z.optional(quota("dailyUploadQuotaBytes")),
  operatorName: z.optional(text("operatorName", 1, L.operatorName)),
  operatorAddress: z.optional(text("operatorAddress", 0, L.operatorAddress)),
  governingLaw: z.optional(text("governingLaw", 1, L.governingLaw)),
  supportEmail: z.optional(email("supportEmail")),
  copyrightEmail: z.optional(email("copyrightEmail")),
});

/** The whole set, as stored: what a row read back must be. */
export const settingsSchema = z.required(settingsPatchSchema);

const wholeDays = (name: string, max: number) =>
  z.nullable(z.optional(
    z.number(`${name} must be a number`).check(
      z.refine(Number.isSafeInteger, `${name} must be a whole number`),
      z.gte(1, `${name} must be at least 1`),
      z.lte(max, `${name} must be at most ${max}`),
    ),
  ));

/** `POST /api/admin/invites`: left out, one use and 7 days; null, no limit. */
export const inviteSchema = z.strictObject({
  maxUses: wholeDays("maxUses", INVITE_MAX_USES),
  expiresInDays: wholeDays("expiresInDays", INVITE_MAX_DAYS),
});

/** `POST /api/admin/registrations/{id}/reject`: the applicant reads the reason in the mail. */
export const signupRejectSchema = z.object({
  reason: z.string("reason must be text").check(
    z.trim(),
    z.minLength(1, "A reason is required to reject a sign-up"),
    z.maxLength(REASON_MAX, `The reason must be at most ${REASON_MAX} characters`),
  ),
});

/** The sign-up's answer to "Why do you want to join?" and the invite code (both optional in the payload; the mode decides). */
export const reasonField = z.string("reason must be text").check(
  z.trim(),
  z.maxLength(REASON_MAX, `reason must be at most ${REASON_MAX} characters`),
);
export const inviteCodeField = z.string("inviteCode must be text").check(z.trim(), z.maxLength(64, "This invite code is not valid."));
