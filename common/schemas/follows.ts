/** Queries of the follow lists and liked items (issue 32), checked by the routes and named in the OpenAPI document. */
import * as z from "zod/mini";

/** `?page=`: a whole number from 1 to 10,000 (the lists are read by OFFSET; deeper is refused, not slow). */
export const listPageQuery = z.object({
  page: z.optional(
    z.pipe(
      z.string().check(z.regex(/^\d{1,9}$/, "page must be a whole number")),
      z.transform((s) => Number(s)),
    ).check(z.refine((n) => n >= 1 && n <= 10_000, "page must be between 1 and 10000")),
  ),
});

/** The answer of POST and DELETE /api/users/{id}/follow. */
export type FollowState = { following: boolean; followerCount: number };

/** A member as the follow lists show them (the public profile's summary). */
export type FollowListEntry = { id: number; username: string; createdAt: string; isAdmin: boolean };
