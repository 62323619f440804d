import { type Context, Hono } from "hono";
import { writeTx } from "../../db/client.ts";
import { findPost, type PostRow } from "../../db/queries/posts.ts";
import type { AppEnv } from "../../lib/app_env.ts";
import { notFound } from "../../lib/http_error.ts";
import type { RateLimiter } from "../../lib/http/rate_limit.ts";
import { forgetItemRow } from "../../lib/feed/item_rows.ts";
import { viewerKey, visibleMediaOr404 } from "../../lib/media/media_access.ts";
import { reportCounts, reportPost } from "../../lib/community/reports.ts";
import { idOr400, jsonBody } from "../../lib/validate.ts";
import { postReportSchema } from "../../common/schemas/reports.ts";
import { FORUM_MSG } from "../../common/forum_rules.ts";
import { MODERATION_MSG } from "../../common/moderation.ts";

/** Only a post everyone sees can be reported: a held or hidden one is the same 404 as a missing one. */
function shownOr404(post: PostRow | null, message: string): PostRow {
  if (!post || post.status !== "shown") throw notFound(message);
  return post;
}

/**
 * Reports of comments and forum posts (issue 34 point 2), mounted at `/api`: `{ reason, details? }`
 * as for items (the same reasons, limits and rate limit), visitors included; one open report per
 * reporter and post (409 for a second); REPORT_HIDE_THRESHOLD members hide the post until an admin
 * decides, counting only verified, old enough members other than the writer (lib/community/reports.ts).
 */
export function postReportsApi(limiter: RateLimiter) {
  /** The rate limit first (as for items), then the body, then the post: `find` answers 404 for what this viewer may not report. */
  async function report(c: Context<AppEnv>, find: () => Promise<PostRow>) {
    const { rate, reportHideThreshold, reportMinAccountAgeMs } = c.var.config;
    const reporterKey = viewerKey(c);
    await limiter.hit(`report:${reporterKey}`, rate.reportsPerUser, rate.socialWindowSeconds);
    const { reason, details } = await jsonBody(c, postReportSchema);
    const found = await find();
    const user = c.var.user;
    const userId = user?.id ?? null;
    const { id, hidden } = await writeTx(c.var.db, async (tx) => {
      // Read again under the write lock: an admin may have deleted or hidden it meanwhile.
      const post = shownOr404(await findPost(tx, found), MODERATION_MSG.postNotFound);
      const counts = reportCounts(user, post.userId, reportMinAccountAgeMs);
      return await reportPost(tx, post, { userId, reporterKey, reason, details: details || null, counts }, reportHideThreshold);
    });
    if (found.kind === "comment" && found.parentId !== null) forgetItemRow(c.var.db, found.parentId);
    return c.json({ success: true, id, hidden }, 201);
  }

  const threadOr404 = async (c: Context<AppEnv>, id: number) =>
    shownOr404(await findPost(c.var.db, { kind: "thread", id }), FORUM_MSG.threadNotFound);

  return new Hono<AppEnv>()
    .post("/videos/:id{[^/]+}/comments/:commentId{[^/]+}/report", (c) => {
      const itemId = idOr400(c.req.param("id"));
      const commentId = idOr400(c.req.param("commentId"), "comment id");
      return report(c, async () => {
        const item = await visibleMediaOr404(c, itemId);
        const comment = await findPost(c.var.db, { kind: "comment", id: commentId });
        return shownOr404(comment?.parentId === item.id ? comment : null, FORUM_MSG.commentNotFound);
      });
    })
    .post("/forum/threads/:id/report", (c) => {
      const threadId = idOr400(c.req.param("id"), "thread id");
      return report(c, () => threadOr404(c, threadId));
    })
    .post("/forum/threads/:id/comments/:commentId/report", (c) => {
      const threadId = idOr400(c.req.param("id"), "thread id");
      const commentId = idOr400(c.req.param("commentId"), "comment id");
      return report(c, async () => {
        const thread = await threadOr404(c, threadId);
        const comment = await findPost(c.var.db, { kind: "forum-comment", id: commentId });
        return shownOr404(comment?.parentId === thread.id ? comment : null, FORUM_MSG.commentNotFound);
      });
    });
}
