/** Tag pages (issue 43 point 1): their address and when search engines may index them, both sides. */
import { foldTag } from "./format.ts";

/** A tag page with fewer public items than this is `noindex` (a thin page). */
export const TAG_INDEX_MIN = 3;

/** `/tags/{tag}`, the tag folded as the page reads it (so "Neon" and "neon" share one address). */
export const tagHref = (tag: string) => `/tags/${encodeURIComponent(foldTag(tag))}`;
