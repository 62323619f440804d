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
