/** `POST /api/videos/{id}/comments` (spec part 1 §3, §7) and the comment form. */
import * as z from "zod/mini";
import { COMMENT_MAX, MEDIA_MSG } from "../media_rules.ts";

/** The id-like fields the spec's client sends along; the server takes them from the session and the path. */
const idLike = z.nullish(z.union([z.number(), z.string().check(z.maxLength(20))]));
const text = z.nullish(z.string().check(z.maxLength(COMMENT_MAX * 2, MEDIA_MSG.commentLong)));

/** The comment's text (`content`, or `text` as some clients send it), trimmed: not blank, at most 2,000 characters. */
export const commentSchema = z.pipe(
  z.pipe(
    z.object({ content: text, text, username: z.nullish(z.string().check(z.maxLength(200))), userId: idLike, videoId: idLike }),
    z.transform((body) => (body.content ?? body.text ?? "").trim()),
  ),
  z.string().check(z.minLength(1, MEDIA_MSG.commentEmpty), z.maxLength(COMMENT_MAX, MEDIA_MSG.commentLong)),
);

/** The comment it replies to (issue 43): a positive id, or none for a top comment. */
const parentIdField = z.nullish(z.int().check(z.positive("parentId must be a comment id"), z.lte(2 ** 53 - 1)));

/** The route's body: the checked text and the comment replied to, if any. */
export const commentPostSchema = z.pipe(
  z.pipe(
    z.object({
      content: text,
      text,
      username: z.nullish(z.string().check(z.maxLength(200))),
      userId: idLike,
      videoId: idLike,
      parentId: parentIdField,
    }),
    z.transform((body) => ({ content: (body.content ?? body.text ?? "").trim(), parentId: body.parentId ?? null })),
  ),
  z.object({
    content: z.string().check(z.minLength(1, MEDIA_MSG.commentEmpty), z.maxLength(COMMENT_MAX, MEDIA_MSG.commentLong)),
    parentId: z.nullable(z.number()),
  }),
);

export const COMMENT_SORTS = ["newest", "top"] as const;

/** `GET /api/videos/{id}/comments?sort=newest|top` (issue 43 point 4). */
export const commentListQuery = z.object({
  sort: z.optional(z.enum(COMMENT_SORTS, { error: "sort must be one of: newest, top" })),
});
