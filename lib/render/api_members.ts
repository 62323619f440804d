/**
 * The OpenAPI operations of issue 34 points 4 to 7: the Pending list and its bulk decisions, the
 * Users tab, one member's page and its actions (bans with a reason and a length, the clean-up of
 * posts and pending uploads), and the audit log. Listed apart from lib/render/api_operations.ts, which spreads them in.
 */
import type { Operation } from "./api_operations.ts";
import { json, list, operation } from "./api_op.ts";
import { banSchema, bulkContentSchema, rejectSchema } from "../../common/schemas/admin.ts";
import { auditQuery, memberPageQuery, usersQuery } from "../feed/query_schemas.ts";

const admin = operation("admin", { auth: "admin" });
/** Oneself and other admins are refused (409). */
const NOT_ADMINS = "409 for oneself or another admin.";

export const MEMBER_OPERATIONS: Operation[] = [
  admin("get", "/api/admin/counts", "Items waiting for review and open reports", json("AdminCounts")),
  admin("get", "/api/admin/content/pending", "Items waiting for review, with their uploader and look-alikes", list("PendingItem")),
  admin("get", "/api/admin/users", "Members, optionally matching a text", list("AdminUser"), { query: usersQuery }),
  admin("get", "/api/admin/users/{id}", "One member: account, counts, uploads (paged), posts, reports, bans, log", json("MemberPage"), {
    query: memberPageQuery,
  }),
  admin("post", "/api/admin/users/{id}", "Ban a member until lifted (no reason), or lift the ban", json("Banned"), {
    description: NOT_ADMINS,
    errors: [409],
  }),
  admin("post", "/api/admin/users/{id}/ban", "Ban a member with a reason and a length (replaces a ban in force)", json("Banned"), {
    body: banSchema,
    description: `The member is signed out; the reason and the end are in the answer to their sign-in (403, code "banned"). ${NOT_ADMINS}`,
    errors: [409],
  }),
  admin("post", "/api/admin/users/{id}/unban", "Lift a member's ban", json("Banned"), {
    description: "409 when the member is not banned.",
    errors: [409],
  }),
  admin(
    "post",
    "/api/admin/users/{id}/delete-posts",
    "Delete every item comment, forum thread and forum comment of a member",
    json("PostsDeleted"),
    {
      description: `Audited once per batch with the counts. ${NOT_ADMINS}`,
      errors: [409],
    },
  ),
  admin(
    "post",
    "/api/admin/users/{id}/reject-pending",
    "Reject every pending upload of a member with one reason",
    json("PendingRejected"),
    {
      body: rejectSchema,
    },
  ),
  admin("post", "/api/admin/content/bulk", "Approve, reject (one reason) or delete several pending items at once", json("BulkItemsDone"), {
    body: bulkContentSchema,
    description: "Each item is audited on its own; items gone or no longer pending are skipped and named with the reason.",
  }),
  admin(
    "get",
    "/api/admin/audit",
    "Audit entries, newest first, paged by `before` (or `after`); by kind, admin, action, member",
    list("AuditEntry"),
    {
      query: auditQuery,
    },
  ),
];
