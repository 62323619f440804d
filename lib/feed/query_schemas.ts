/**
 * Request schemas that only the server reads (queries of the admin lists and the feed API, the
 * feed's like body), kept here rather than in their routes so the OpenAPI document
 * (lib/render/openapi.ts) is made from the very schemas the routes validate with.
 */
import { z } from "zod";
import { APPROVED_PAGE_SIZE } from "../../common/admin_rules.ts";
import { SORTS } from "../../common/feed_rules.ts";
import { foldTag } from "../../common/format.ts";
import { AUDIT_ACTIONS } from "../../common/audit_actions.ts";
import { categoryRefSchema, MAX_PAGE, seedSchema } from "./feed.ts";

/** `GET /api/admin/content/approved`. */
export const approvedQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(APPROVED_PAGE_SIZE),
});
/** `GET /api/admin/users`. */
export const usersQuery = z.object({ q: z.string().trim().max(100).optional() });
/** `GET /api/admin/audit`. */
export const auditQuery = z.object({
  limit: z.coerce.number().int().min(1).max(500).default(100),
  /** Entries older than this one (the id of the last entry of the page before). */
  before: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER).optional(),
  /** Entries newer than this one, oldest first (the Log's "Newer" page); not with `before`. */
  after: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER).optional(),
  /** `moderation` (admins' actions, the default), `edits` (owners' edits of published items) or `all`; ignored with `action`. */
  kind: z.enum(["moderation", "edits", "all"]).default("moderation"),
  /** Issue 34 point 7: by the admin who acted, by action, by the member it was about. */
  actorId: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER).optional(),
  action: z.enum(AUDIT_ACTIONS).optional(),
  subjectId: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER).optional(),
}).refine((q) => q.before === undefined || q.after === undefined, "before and after cannot be used together");

/** `GET /api/admin/users/{id}` (issue 34): a page of the member's uploads. */
export const memberPageQuery = z.object({ page: z.coerce.number().int().min(1).max(10_000).default(1) });

const intParam = (name: string, min: number, max: number) =>
  z.string().regex(/^\d{1,9}$/, `${name} must be a whole number`).transform(Number)
    .refine((n) => n >= min && n <= max, `${name} must be between ${min} and ${max}`);

/** A tag: 1-100 characters, no comma (tags are comma-separated) and no control character. */
// deno-lint-ignore no-control-regex -- control characters are what it refuses
export const tagParam = z.string().regex(/^[^,\u0000-\u001f\u007f]{1,100}$/, "tag must be 1-100 characters without commas")
  .transform(foldTag)
  .refine((t) => t.length > 0, "tag must not be empty");

/** `GET /api/content/feed` (spec part 1 §7). */
export const contentFeedQuery = z.strictObject({
  page: intParam("page", 1, MAX_PAGE).optional(),
  sortBy: z.enum(SORTS).optional(),
  category: categoryRefSchema.optional(),
  columnCount: intParam("columnCount", 1, 3).optional(),
  shuffleSeed: seedSchema.optional(),
  /** The Following tab (issue 32): the items of the members one follows, newest published first; members only. */
  following: z.enum(["true", "false"], "following must be true or false").optional(),
  /** Issue 43 point 1: only items carrying this tag (a leading # is dropped; case does not matter). */
  tag: tagParam.optional(),
  /** The spec's client sends a timestamp with page 1 to defeat caches; it changes nothing. */
  timestamp: z.string().regex(/^\d{1,15}$/, "timestamp must be a number of milliseconds").optional(),
});

/** `POST /api/like`: the feed's like of an item. */
export const likeBody = z.object({ videoId: z.union([z.number(), z.string().max(20)]) });

/** `GET /api/admin/posts/held` (issue 34): a page of the Held tab. */
export const heldQuery = z.object({ page: z.coerce.number().int().min(1).max(10_000).default(1) });
