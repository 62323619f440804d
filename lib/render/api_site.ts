/**
 * The site's settings, sign-ups waiting for approval and invite codes (issue 41) for the OpenAPI document: operations
 * and answers, spread into lib/render/api_operations.ts's list and lib/render/api_responses.ts's names.
 */
import { z } from "zod";
import type { Operation } from "./api_operations.ts";
import { inviteSchema, settingsPatchSchema, signupRejectSchema } from "../../common/schemas/settings.ts";
import { REGISTRATION_MODES } from "../../common/site_settings.ts";
import { registerSchema } from "../../common/schemas/auth.ts";

/** `POST /api/register` by the site's `registrations` setting. */
export const REGISTER_EXTRA: Partial<Operation> = {
  body: registerSchema,
  description: "By the site's `registrations` setting (issue 41): `closed` answers 403; `invite` needs `inviteCode` (400 " +
    "missing, 403 unknown, used up, expired or revoked); `approval` needs `reason` (1-500 characters) unless an invite " +
    "code is given, and answers 202 `{ pending, username, message }` (SignupRequested) with no session until an admin " +
    "approves the account.",
  errors: [403, 409, 429],
};

const iso = z.string().describe("ISO 8601 date-time");
const bytes = z.number().int().describe("Bytes; -1: no limit");

const SiteSettings = z.strictObject({
  siteName: z.string(),
  siteDescription: z.string().describe("The line under the logo"),
  registrations: z.enum(REGISTRATION_MODES).describe("Who may sign up: anyone, after an admin's approval, with an invite code, or nobody"),
  uploadQuotaBytes: bytes.describe("A member's default total upload quota in bytes; -1: no limit"),
  dailyUploadQuotaBytes: bytes.describe("A member's default upload quota per day in bytes; -1: no limit"),
  operatorName: z.string().describe("The company named in the Terms, Privacy Policy and FAQ"),
  operatorAddress: z.string().describe("Its postal address; empty: none"),
  governingLaw: z.string(),
  supportEmail: z.string(),
  copyrightEmail: z.string(),
});
const Signup = z.strictObject({
  id: z.number().int().describe("The account's id"),
  username: z.string(),
  email: z.string().nullable(),
  reason: z.string().describe("The answer to “Why do you want to join?”"),
  createdAt: iso,
});
const SignupPage = z.strictObject({ signups: z.array(Signup).describe("Oldest first, at most 100"), total: z.number().int() });
const SignupDecided = z.strictObject({ ok: z.literal(true), id: z.number().int(), username: z.string() });
const limits = {
  code: z.string(),
  url: z.string().describe("The sign-up form with the code filled in (/auth?tab=register&invite=CODE)"),
  expiresAt: iso.nullable().describe("null: never"),
  maxUses: z.number().int().nullable().describe("null: no limit"),
};
const InviteMade = z.strictObject(limits);
const Invite = z.strictObject({
  ...limits,
  createdAt: iso,
  uses: z.number().int(),
  state: z.enum(["active", "used up", "expired", "revoked"]),
});
const InviteList = z.strictObject({ invites: z.array(Invite).describe("Newest first") });
const InviteRevoked = z.strictObject({ ok: z.literal(true), code: z.string() });
const SignupRequested = z.strictObject({
  pending: z.literal(true),
  username: z.string(),
  message: z.string(),
}).describe("202 from POST /api/register while sign-ups need approval: the account waits, with no session");

export const SITE_RESPONSES = {
  SiteSettings,
  SignupPage,
  SignupDecided,
  InviteMade,
  InviteList,
  InviteRevoked,
  SignupRequested,
} as const;

type Name = keyof typeof SITE_RESPONSES;
const op = (method: Operation["method"], path: string, summary: string, schema: Name, extra: Partial<Operation> = {}): Operation => ({
  method,
  path,
  tag: "admin",
  summary,
  ok: { schema },
  auth: "admin",
  ...extra,
});

export const SITE_OPERATIONS: Operation[] = [
  op("get", "/api/admin/settings", "The site's settings in force (the environment's until the first save)", "SiteSettings"),
  op("patch", "/api/admin/settings", "Change some of the site's settings (audited with before and after)", "SiteSettings", {
    description: "Name only what changes; an unknown name is refused (400). The whole set is then stored and wins over the " +
      "environment; every process applies it within about a second.",
    body: settingsPatchSchema,
  }),
  op("get", "/api/admin/registrations", "The sign-ups waiting for approval, oldest first", "SignupPage"),
  op("post", "/api/admin/registrations/{id}/approve", "Let a waiting sign-up in (they are mailed)", "SignupDecided"),
  op(
    "post",
    "/api/admin/registrations/{id}/reject",
    "Turn a waiting sign-up away: the account is deleted, the reason mailed",
    "SignupDecided",
    {
      body: signupRejectSchema,
    },
  ),
  op("get", "/api/admin/invites", "The invite codes with their uses", "InviteList"),
  op("post", "/api/admin/invites", "Make an invite code", "InviteMade", {
    ok: { schema: "InviteMade", status: 201 },
    description: "`maxUses` left out: 1; `expiresInDays` left out: 7; null: no limit. At most 500 codes are kept (409).",
    body: inviteSchema,
    errors: [409],
  }),
  op("delete", "/api/admin/invites/{code}", "Revoke an invite code", "InviteRevoked"),
];
