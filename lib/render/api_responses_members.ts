/**
 * The answers of the member page, bans, the Pending tab's look-alikes and bulk action, and the
 * Log (issue 34 points 4-7), as zod schemas for the OpenAPI document; lib/render/api_responses.ts
 * lists them with the others. They mirror common/member_page.ts and common/api_types.ts.
 */
import { z } from "zod";
import { AdminPost } from "./api_responses_moderation.ts";
import { LIKENESS } from "../../common/look_alikes.ts";
import { BAN_END_REASONS } from "../../common/ban_rules.ts";

const iso = z.string().describe("ISO 8601 date-time");
const member = z.strictObject({ id: z.number().int(), username: z.string() });
const count = z.number().int();

export const BanInfo = z.strictObject({ reason: z.string().nullable(), endsAt: iso.nullable() })
  .describe("code 'banned' (sign-in): the admin's reason and when the ban ends (null: until lifted)");

export const LookAlike = z.strictObject({
  id: z.number().int(),
  title: z.string().nullable(),
  thumbnail: z.string().nullable(),
  status: z.enum(["pending", "approved", "rejected", "removed"]),
  reason: z.string().nullable(),
  distance: z.number().int().describe("Hamming distance of the perceptual hashes (of 64 bits)"),
  likeness: z.enum(LIKENESS).describe("The distance in words: 0-4 bits 'same picture', 5-8 'very similar', more 'similar'"),
  href: z.string().nullable().describe("The admin view of the item; null once deleted"),
  uploader: member.nullable(),
  decidedBy: member.nullable().describe("Who approved, rejected or deleted it"),
  decidedAt: iso.nullable(),
});

const MemberReport = z.strictObject({
  id: z.number().int(),
  kind: z.enum(["item", "comment", "thread", "forum-comment"]),
  targetId: z.number().int(),
  context: z.string().nullable(),
  href: z.string(),
  reason: z.string(),
  details: z.string().nullable(),
  status: z.string(),
  createdAt: iso,
  reporter: member.nullable(),
  visitor: z.boolean(),
  owner: member.nullable(),
});

export const MemberAuditEntry = z.strictObject({
  id: z.number().int(),
  action: z.string(),
  actor: member.nullable().describe("null: the site itself (a ban ran out), or a deleted admin account"),
  targetType: z.string(),
  targetId: z.number().int().nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
  createdAt: iso,
});

/** Upload quota in bytes (issue 41 point 3): -1 limits are unlimited (admins). */
export const Quota = z.strictObject({
  used: z.number().int(),
  limit: z.number().int(),
  dailyUsed: z.number().int(),
  dailyLimit: z.number().int(),
});

export const MemberPage = z.strictObject({
  user: z.strictObject({
    id: z.number().int(),
    username: z.string(),
    email: z.string().nullable(),
    emailVerified: z.boolean(),
    isAdmin: z.boolean(),
    role: z.enum(["member", "moderator", "admin"]),
    uploadQuotaBytes: z.number().int().nullable().describe("Their own quota: null follows the site's default, -1 unlimited"),
    dailyUploadQuotaBytes: z.number().int().nullable(),
    banned: z.boolean(),
    about: z.string(),
    createdAt: iso,
    lastSeenAt: iso.nullable(),
  }),
  ban: z.strictObject({ reason: z.string().nullable(), createdAt: iso.nullable(), endsAt: iso.nullable(), by: member.nullable() })
    .nullable().describe("The ban in force"),
  quota: Quota.optional(),
  counts: z.strictObject({
    uploads: count,
    approved: count,
    pending: count,
    rejected: count,
    comments: count,
    threads: count,
    forumComments: count,
    reportsMade: count,
  }),
  uploads: z.strictObject({
    items: z.array(z.strictObject({
      id: z.number().int(),
      title: z.string(),
      contentType: z.enum(["video", "image", "embed"]),
      reviewStatus: z.enum(["pending", "approved", "rejected"]),
      rejectionReason: z.string().nullable(),
      hidden: z.boolean(),
      createdAt: iso,
      thumbnail: z.string(),
    })),
    page: count,
    pageSize: count,
    totalCount: count,
  }).describe("Every upload in every state, newest first, a page at a time"),
  comments: z.array(AdminPost).describe("The newest item comments"),
  forumPosts: z.array(AdminPost).describe("The newest forum threads and forum comments"),
  reportsMade: z.array(MemberReport),
  reportsAgainst: z.array(MemberReport).describe("Reports of their items, comments and forum posts"),
  bans: z.array(z.strictObject({
    id: z.number().int(),
    reason: z.string().nullable(),
    createdAt: iso,
    endsAt: iso.nullable(),
    endedAt: iso.nullable(),
    endReason: z.enum(BAN_END_REASONS).nullable(),
    by: member.nullable(),
    endedBy: member.nullable(),
  })).describe("Every ban, newest first"),
  audit: z.array(MemberAuditEntry).describe("The newest audit entries about them"),
}).describe("One member as an admin sees them");

/** A member as the Users tab lists them. */
export const AdminUser = z.strictObject({
  id: z.number().int(),
  username: z.string(),
  email: z.string().nullable(),
  isAdmin: z.boolean(),
  role: z.enum(["member", "moderator", "admin"]),
  banned: z.boolean(),
  createdAt: iso,
});

export const AdminCounts = z.strictObject({
  pendingCount: count,
  reportedCount: count.describe("Items and posts with open reports"),
  heldCount: count.describe("Comments and forum posts held for review"),
  totalCount: count,
});

export const Banned = z.strictObject({
  ok: z.literal(true),
  user: AdminUser,
  ban: z.strictObject({ reason: z.string().nullable(), createdAt: iso, endsAt: iso.nullable() }).optional(),
  message: z.string(),
});

export const PostsDeleted = z.strictObject({ ok: z.literal(true), comments: count, threads: count, forumComments: count });
export const PendingRejected = z.strictObject({ ok: z.literal(true), rejected: z.array(z.number().int()) });

export const BulkItemsDone = z.strictObject({
  ok: z.literal(true),
  action: z.enum(["approve", "reject", "delete"]),
  done: z.array(z.number().int()),
  skipped: z.array(z.strictObject({ id: z.number().int(), reason: z.string() })),
});

export const AuditEntryView = z.strictObject({
  id: z.number().int(),
  actorId: z.number().int().nullable(),
  actorName: z.string().nullable(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.number().int().nullable(),
  subjectId: z.number().int().nullable().describe("The member the entry is about"),
  subjectName: z.string().nullable(),
  details: z.unknown(),
  createdAt: iso,
});

export const MEMBER_RESPONSES = {
  MemberPage,
  Banned,
  PostsDeleted,
  PendingRejected,
  BulkItemsDone,
  AdminUser,
  AdminCounts,
  AuditEntry: AuditEntryView,
} as const;
