/**
 * The OpenAPI operations of the moderation of comments and forum posts (issue 34): reports of
 * posts, the Held and Reported lists, the decisions and the watched words. Listed apart from
 * lib/render/api_operations.ts, which spreads them into the document.
 */
import type { Operation } from "./api_operations.ts";
import type { ResponseName } from "./api_responses.ts";
import { postReportSchema } from "../../common/schemas/reports.ts";
import { bulkPostsSchema, watchedWordSchema } from "../../common/schemas/moderation.ts";
import { heldQuery } from "../feed/query_schemas.ts";

type Extra = Omit<Operation, "method" | "path" | "tag" | "summary" | "ok">;
const op =
  (tag: string) => (method: Operation["method"], path: string, summary: string, ok: Operation["ok"], extra: Extra = {}): Operation => ({
    method,
    path,
    tag,
    summary,
    ok,
    ...extra,
  });
const json = (schema: ResponseName, status?: 201): Operation["ok"] => ({ schema, status });
const list = (schema: ResponseName): Operation["ok"] => ({ schema, array: true });
const social = op("social");
const forum = op("forum");
const admin = op("admin");
const byAdmin = { auth: "admin" } as const;
const KIND = "{kind} is comment (an item's comment), thread or forum-comment.";

/** The item report's body, limits and rate limit; one open report per reporter and post (409 for a second). */
const report = { body: postReportSchema, errors: [409, 429] };

export const MODERATION_OPERATIONS: Operation[] = [
  social("post", "/api/videos/{id}/comments/{commentId}/report", "Report a comment (visitors too)", json("PostReported", 201), report),
  forum("post", "/api/forum/threads/{id}/report", "Report a forum thread (visitors too)", json("PostReported", 201), report),
  forum(
    "post",
    "/api/forum/threads/{id}/comments/{commentId}/report",
    "Report a forum comment (visitors too)",
    json("PostReported", 201),
    report,
  ),

  admin("get", "/api/admin/posts/held", "Comments and forum posts held for review, oldest first, paged", json("HeldPage"), {
    ...byAdmin,
    query: heldQuery,
  }),
  admin(
    "get",
    "/api/admin/posts/reported",
    "Comments and forum posts with open reports, each with its reports",
    list("ReportedPost"),
    byAdmin,
  ),
  admin("post", "/api/admin/posts/bulk", "Approve or delete several held posts at once (each audited)", json("BulkDone"), {
    ...byAdmin,
    body: bulkPostsSchema,
    description: "Posts gone or no longer held are skipped and named with the reason.",
  }),
  admin("post", "/api/admin/posts/{kind}/{id}/approve", "Show a held post", json("Done"), { ...byAdmin, description: KIND, errors: [409] }),
  admin("delete", "/api/admin/posts/{kind}/{id}", "Delete a post", json("Done"), { ...byAdmin, description: KIND }),
  admin("post", "/api/admin/posts/{kind}/{id}/dismiss-reports", "Dismiss a post's reports (and show it again)", json("Done"), {
    ...byAdmin,
    description: KIND,
  }),
  admin("post", "/api/admin/posts/{kind}/{id}/reports/{reportId}/dismiss", "Dismiss one report of a post", json("Done"), {
    ...byAdmin,
    description: KIND,
  }),
  admin("post", "/api/admin/content/{id}/reports/{reportId}/dismiss", "Dismiss one report of an item", json("Done"), byAdmin),
  admin("get", "/api/admin/watched-words", "The watched words and phrases", list("WatchedWord"), byAdmin),
  admin(
    "post",
    "/api/admin/watched-words",
    "Watch a word or phrase (case and accent insensitive, whole words, * a wildcard)",
    json("WatchedWord", 201),
    {
      ...byAdmin,
      body: watchedWordSchema,
      errors: [409],
    },
  ),
  admin("delete", "/api/admin/watched-words/{id}", "Stop watching a word or phrase", json("Done"), byAdmin),
];
