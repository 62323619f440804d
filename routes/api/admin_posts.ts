import { type Context, Hono } from "hono";
import { type Tx, writeTx } from "../../db/client.ts";
import { countHeldPosts, listHeldPosts, listPostsByRefs } from "../../db/queries/admin_posts.ts";
import { listOpenReports, listReportedPostTargets } from "../../db/queries/post_reports.ts";
import type { PostRow } from "../../db/queries/posts.ts";
import type { AppEnv } from "../../lib/app_env.ts";
import { moderatorOnly, requireModerator } from "../../lib/auth/guards.ts";
import { toAdminPost } from "../../lib/community/admin_posts.ts";
import { approvePost, auditPost, bulkDecide, postOr404, removePost } from "../../lib/community/post_decisions.ts";
import { dismissPostReport, dismissPostReports, reportsByTarget } from "../../lib/community/reports.ts";
import { forgetItemRow } from "../../lib/feed/item_rows.ts";
import { badRequest } from "../../lib/http_error.ts";
import { heldQuery } from "../../lib/feed/query_schemas.ts";
import { idOr400, jsonBody, queryOr400 } from "../../lib/validate.ts";
import { queueCommentDelivery, queueCommentWithdrawal } from "../../lib/federation/outbound_comment.ts";
import { bulkPostsSchema } from "../../common/schemas/moderation.ts";
import { HELD_PAGE_SIZE, type HeldPage, POST_KINDS, type PostKind, type PostRef, type ReportedPost } from "../../common/moderation.ts";

/** Reported posts listed at once, most recently reported first (a backlog, not a page, as the item lists). */
const REPORTED_POSTS_MAX = 100;

function refOf(c: Context<AppEnv>): PostRef {
  const kind = c.req.param("kind") as PostKind;
  if (!POST_KINDS.includes(kind)) throw badRequest(`kind must be one of: ${POST_KINDS.join(", ")}`);
  return { kind, id: idOr400(c.req.param("id")) };
}

/** The item page of a comment shows its count from kept rows: forget them when a decision moved it. */
function forgetCounts(c: Context<AppEnv>, posts: { kind: PostKind; parentId: number | null }[]) {
  for (const p of posts) if (p.kind === "comment" && p.parentId !== null) forgetItemRow(c.var.db, p.parentId);
}

/**
 * The fediverse hears of a member's comment decided here (issue 40): an approved one goes out as a held one never did
 * (the job sends it only on an item that was sent), a deleted shown one is withdrawn. A forum post never federates.
 */
async function federateDecision(c: Context<AppEnv>, action: "approve" | "delete", posts: PostRow[]) {
  for (const p of posts) {
    if (p.kind !== "comment" || p.userId === null || p.parentId === null) continue;
    if (action === "approve") await queueCommentDelivery(c.var.db, c.var.config, p.id);
    else await queueCommentWithdrawal(c.var.db, c.var.config, { ...p, mediaId: p.parentId });
  }
}

/** One decision on one post, in a write transaction (404 when the post is gone). */
async function decide<T>(c: Context<AppEnv>, change: (tx: Tx, post: PostRow, adminId: number, at: number) => Promise<T>) {
  const ref = refOf(c);
  const admin = requireModerator(c);
  const now = Date.now();
  const { post, result } = await writeTx(c.var.db, async (tx) => {
    const post = await postOr404(tx, ref);
    return { post, result: await change(tx, post, admin.id, now) };
  });
  forgetCounts(c, [post]);
  return { ref, result, post };
}

/**
 * `/api/admin/posts` (issue 34): comments and forum posts held for review (the Held tab, with
 * bulk approve and delete) and those with open reports (the Reported tab's second list), and the
 * decisions on them, each audited.
 */
export const adminPostsApi = new Hono<AppEnv>()
  .use("*", moderatorOnly)
  .get("/held", async (c) => {
    const { page } = queryOr400(c, heldQuery);
    const [rows, totalCount] = await Promise.all([
      listHeldPosts(c.var.db, (page - 1) * HELD_PAGE_SIZE, HELD_PAGE_SIZE),
      countHeldPosts(c.var.db),
    ]);
    return c.json({ posts: rows.map(toAdminPost), totalCount, page, pageSize: HELD_PAGE_SIZE } satisfies HeldPage);
  })
  .get("/reported", async (c) => {
    const { db } = c.var;
    const targets = await listReportedPostTargets(db, REPORTED_POSTS_MAX);
    const [rows, ...reports] = await Promise.all([
      listPostsByRefs(db, targets),
      ...POST_KINDS.map((kind) => listOpenReports(db, kind, targets.filter((t) => t.kind === kind).map((t) => t.id))),
    ]);
    const posts = new Map(rows.map((r) => [`${r.kind}:${r.id}`, r]));
    const byKind = reports.map(reportsByTarget);
    const out: ReportedPost[] = targets.flatMap((t) => {
      const row = posts.get(`${t.kind}:${t.id}`);
      if (!row) return [];
      return [{
        ...toAdminPost(row),
        openReports: t.reporters,
        reportCount: t.reportCount,
        reportedAt: new Date(t.reportedAt).toISOString(),
        reports: byKind[POST_KINDS.indexOf(t.kind)].get(t.id) ?? [],
      }];
    });
    return c.json(out);
  })
  .post("/bulk", async (c) => {
    const admin = requireModerator(c);
    const { action, posts } = await jsonBody(c, bulkPostsSchema);
    const now = Date.now();
    const { result, decided } = await writeTx(c.var.db, (tx) => bulkDecide(tx, action, posts, admin.id, now));
    forgetCounts(c, decided);
    await federateDecision(c, action, decided);
    return c.json({ ok: true, action, ...result });
  })
  .post("/:kind/:id/approve", async (c) => {
    const { ref, post } = await decide(c, approvePost);
    await federateDecision(c, "approve", [post]);
    return c.json({ ok: true, ...ref, status: "shown" });
  })
  .delete("/:kind/:id", async (c) => {
    const { ref, post } = await decide(c, removePost);
    await federateDecision(c, "delete", [post]);
    return c.json({ ok: true, ...ref });
  })
  .post("/:kind/:id/dismiss-reports", async (c) => {
    const { ref, result } = await decide(c, async (tx, post, adminId, at) => {
      const resolved = await dismissPostReports(tx, post);
      await auditPost(tx, adminId, "post.dismiss_reports", post, { resolvedReports: resolved }, at);
      return resolved;
    });
    return c.json({ ok: true, ...ref, resolvedReports: result });
  })
  .post("/:kind/:id/reports/:reportId/dismiss", async (c) => {
    const reportId = idOr400(c.req.param("reportId"), "report id");
    const { ref, result } = await decide(c, async (tx, post, adminId, at) => {
      const hidden = await dismissPostReport(tx, post, reportId, c.var.config.reportHideThreshold);
      await auditPost(tx, adminId, "post.dismiss_report", post, { reportId }, at);
      return hidden;
    });
    return c.json({ ok: true, ...ref, reportId, hidden: result });
  });
