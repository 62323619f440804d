const SLUG_MAX = 50;

/**
 * The spec's slug: the lower-cased title with punctuation removed, spaces turned into dashes,
 * cut to 50 characters, then a dash and the id.
 */
export function mediaSlug(title: string, id: number): string {
  const base = title.toLowerCase()
    .replace(/[^\p{L}\p{N}\s-]/gu, "")
    .trim()
    .replace(/\s+/g, "-")
    .slice(0, SLUG_MAX)
    .replace(/-+$/, "");
  return base ? `${base}-${id}` : String(id);
}
