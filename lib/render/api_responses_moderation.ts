/**
 * The answers of the moderation endpoints (issue 34), as zod schemas for the OpenAPI document;
 * lib/render/api_responses.ts lists them with the others. They mirror common/moderation.ts.
 */
import { z } from "zod";
import { POST_KINDS, POST_STATUSES } from "../../common/moderation.ts";

const iso = z.string().describe("ISO 8601 date-time");
const ref = { kind: z.enum(POST_KINDS), id: z.number().int() };

export const ReportView = z.strictObject({
  id: z.number().int(),
  reason: z.string(),
  details: z.string().nullable(),
  reporter: z.strictObject({ id: z.number().int(), username: z.string() }).nullable()
    .describe("The member who reported; null for a visitor or a deleted account"),
  visitor: z.boolean(),
  counts: z.boolean().describe(
    "Whether it counts toward REPORT_HIDE_THRESHOLD: a member with a verified email, older than REPORT_MIN_ACCOUNT_AGE_HOURS, not the owner",
  ),
  reporterAgeHours: z.number().int().nullable().describe("The reporter's account age when they reported, in hours; null for a visitor"),
  reporterVerified: z.boolean().nullable().describe("Whether the reporter's email is verified; null for a visitor"),
  createdAt: iso,
  remote: z.strictObject({ handle: z.string().describe("name@host"), url: z.string() }).optional()
    .describe("A report from another server (an ActivityPub Flag)"),
}).describe("One report: the reporter's reason and words");

/** A post's status in the answers of comments and forum lists: only on the writer's own post that others do not see. */
export const UnshownStatus = z.enum(["held", "hidden"]).optional()
  .describe("Only on the viewer's own post while it waits for review or is hidden by reports");

export const PostReported = z.strictObject({
  success: z.literal(true),
  id: z.number().int().describe("The report"),
  hidden: z.boolean().describe("Whether the post is hidden now (REPORT_HIDE_THRESHOLD members reported it)"),
});

export const AdminPost = z.strictObject({
  ...ref,
  status: z.enum(POST_STATUSES),
  heldReason: z.string().nullable().describe("'link' or 'word:<the watched entry>'"),
  title: z.string().nullable(),
  content: z.string(),
  writer: z.strictObject({ id: z.number().int(), username: z.string() }).nullable().describe("null for a visitor"),
  createdAt: iso,
  href: z.string().describe("Where the post is shown"),
  context: z.string().nullable().describe("The item's or the thread's title"),
});

export const HeldPage = z.strictObject({
  posts: z.array(AdminPost),
  totalCount: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

export const ReportedPost = AdminPost.extend({
  openReports: z.number().int().describe("Distinct reporters"),
  reportCount: z.number().int(),
  reportedAt: iso,
  reports: z.array(ReportView).describe("The newest reports"),
});

export const BulkDone = z.strictObject({
  ok: z.literal(true),
  action: z.enum(["approve", "delete"]),
  done: z.array(z.strictObject(ref)),
  skipped: z.array(z.strictObject({ ...ref, reason: z.string() })),
});

export const WatchedWord = z.strictObject({
  id: z.number().int(),
  pattern: z.string().describe("Folded: lower case, no accents, words separated by one space"),
  createdAt: iso,
});

export const MODERATION_RESPONSES = { ReportView, PostReported, HeldPage, ReportedPost, BulkDone, WatchedWord } as const;
