/**
 * The OpenAPI operations of an item's comments (issue 43: replies, comment likes, sorts). Listed apart from
 * lib/render/api_operations.ts, which spreads them in.
 */
import type { Operation } from "./api_operations.ts";
import { json, operation } from "./api_op.ts";
import { commentListQuery, commentPostSchema } from "../../common/schemas/comments.ts";

const social = operation("social");
const member = { auth: "member" } as const;

export const COMMENT_OPERATIONS: Operation[] = [
  social("get", "/api/videos/{id}/comments", "Top comments, then replies", { schema: "MediaComment", array: true }, {
    query: commentListQuery,
  }),
  social("post", "/api/videos/{id}/comments", "Comment, or reply (parentId)", json("MediaComment", 201), {
    ...member,
    body: commentPostSchema,
    errors: [404, 422, 429],
  }),
  ...(["post", "delete"] as const).map((m) =>
    social(m, "/api/videos/{id}/comments/{commentId}/like", `${m === "post" ? "Like" : "Unlike"} a comment`, json("CommentLike"), {
      ...member,
      errors: [404],
    })
  ),
  social(
    "delete",
    "/api/videos/{id}/comments/{commentId}",
    "Delete a comment (its writer, the item's owner or an admin)",
    json("CommentDeleted"),
    {
      ...member,
      errors: [403, 404],
    },
  ),
];
