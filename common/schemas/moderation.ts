/** The admin's moderation payloads (issue 34): watched words and the Held tab's bulk actions. */
import * as z from "zod/mini";
import { BULK_MAX, POST_KINDS } from "../moderation.ts";
import { parseWatchedEntry } from "../watched_words.ts";

/** `POST /api/admin/watched-words` `{ word }`: a word or phrase, checked and folded (common/watched_words.ts). */
export const watchedWordSchema = z.object({
  word: z.pipe(
    z.string().check(z.maxLength(200, "An entry is at most 60 characters")),
    z.transform((input, ctx) => {
      const parsed = parseWatchedEntry(input);
      if ("pattern" in parsed) return parsed.pattern;
      ctx.issues.push({ code: "custom", message: parsed.error, input, path: [] });
      return z.NEVER;
    }),
  ),
});

const postRef = z.object({
  kind: z.enum(POST_KINDS, `kind must be one of: ${POST_KINDS.join(", ")}`),
  id: z.number().check(z.refine(Number.isSafeInteger, "id must be a post id"), z.positive("id must be a post id")),
});

/** `POST /api/admin/posts/bulk` `{ action, posts: [{ kind, id }] }`: approve or delete up to BULK_MAX held posts at once. */
export const bulkPostsSchema = z.object({
  action: z.enum(["approve", "delete"], "action must be approve or delete"),
  posts: z.array(postRef).check(
    z.minLength(1, "Select at least one post"),
    z.maxLength(BULK_MAX, `At most ${BULK_MAX} posts at once`),
  ),
});
