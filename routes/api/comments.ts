import { Hono } from "hono";
import { z } from "zod";
import { writeTx } from "../../db/client.ts";
import { insertComment, listComments } from "../../db/queries/social.ts";
import type { AppEnv } from "../../lib/app_env.ts";
import { badRequest } from "../../lib/http_error.ts";
import { parseMediaId, viewerKey, visibleMediaOr404 } from "../../lib/media_access.ts";
import type { RateLimiter } from "../../lib/rate_limit.ts";
import { jsonBody } from "../../lib/validate.ts";
import { COMMENT_MAX, MEDIA_MSG } from "../../common/media_rules.ts";

// The client may send username/userId/videoId too (spec §3); the server takes those from the
// session and the path, never from the body.
const text = z.string().max(COMMENT_MAX * 2, MEDIA_MSG.commentLong).nullish();
const commentBody = z.object({
  content: text,
  text,
  username: z.string().max(200).nullish(),
  userId: z.union([z.number(), z.string().max(20)]).nullish(),
  videoId: z.union([z.number(), z.string().max(20)]).nullish(),
});

export type CommentOut = { id: number; username: string; content: string; createdAt: string; userId: number | null };

const toComment = (r: { id: number; userId: number | null; username: string; content: string; createdAt: number }): CommentOut => ({
  id: r.id,
  userId: r.userId,
  username: r.username || "Anonymous",
  content: r.content,
  createdAt: new Date(r.createdAt).toISOString(),
});

/** Visitors comment as Anonymous, members under their name; blank text is refused. */
export function commentsApi(limiter: RateLimiter) {
  return new Hono<AppEnv>()
    .get("/videos/:id{[^/]+}/comments", async (c) => {
      const item = await visibleMediaOr404(c, parseMediaId(c.req.param("id")));
      c.header("Cache-Control", "private, no-cache");
      return c.json((await listComments(c.var.db, item.id)).map(toComment));
    })
    .post("/videos/:id{[^/]+}/comments", async (c) => {
      const id = parseMediaId(c.req.param("id"));
      const { rate } = c.var.config;
      limiter.hit(`comment:${viewerKey(c)}`, rate.commentsPerUser, rate.socialWindowSeconds);
      const body = await jsonBody(c, commentBody);
      const content = (body.content ?? body.text ?? "").trim();
      if (!content) throw badRequest(MEDIA_MSG.commentEmpty);
      if (content.length > COMMENT_MAX) throw badRequest(MEDIA_MSG.commentLong);
      const item = await visibleMediaOr404(c, id);
      const user = c.var.user;
      const row = await writeTx(
        c.var.db,
        (tx) => insertComment(tx, { mediaId: item.id, userId: user?.id ?? null, username: user?.username ?? "Anonymous", content }),
      );
      return c.json(toComment(row), 201);
    });
}
