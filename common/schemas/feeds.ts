/** The subscription feeds (`/feeds/...xml`): the path's name and the `format` query. */
import * as z from "zod/mini";

export const FEED_FORMATS = ["rss", "atom"] as const;
export type FeedFormat = (typeof FEED_FORMATS)[number];

export const feedQuery = z.object({
  format: z.optional(z.enum(FEED_FORMATS, { error: "format must be rss or atom" })),
});

/** A category slug, a username or a tag, as the path names it (before `.xml`). */
export const feedNameParam = z.string().check(
  z.minLength(1, "The feed name is required"),
  z.maxLength(100, "The feed name is too long (at most 100)"),
);
