/** `GET /oembed` (oembed.com §2.2): the query a consumer sends. The format is checked by the route (501, not 400). */
import * as z from "zod/mini";

/** A bound a consumer asks for: 1 to 10,000 pixels, written in digits. */
const dimension = z.optional(
  z.pipe(
    z.string().check(z.regex(/^\d{1,5}$/, "maxwidth and maxheight must be whole numbers of pixels")),
    z.transform(Number),
  ).check(z.refine((n) => n >= 1 && n <= 10_000, "maxwidth and maxheight must be between 1 and 10000")),
);

export const oembedQuery = z.object({
  url: z.string().check(z.minLength(1, "url is required"), z.maxLength(2000, "url is too long (at most 2000)")),
  format: z.optional(z.string().check(z.maxLength(20))),
  maxwidth: dimension,
  maxheight: dimension,
});

export const OEMBED_FORMATS = ["json", "xml"] as const;
