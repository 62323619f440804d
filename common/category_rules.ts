/** Categories as admins manage them (issue 41 point 5): limits, words and the slug rule. Pure. */
export const CATEGORY_LIMITS = { nameMax: 40, count: 100 } as const;

export const CATEGORY_MSG = {
  name: "A category needs a name",
  nameLong: `A category name must be at most ${CATEGORY_LIMITS.nameMax} characters`,
  nameNoSlug: "A category name needs at least one letter or digit (a-z, 0-9)",
  taken: "A category with this name (or address) already exists",
  notFound: "Category not found",
  full: `A site can have at most ${CATEGORY_LIMITS.count} categories`,
  hasItems: (n: number) => `This category has ${n} ${n === 1 ? "item" : "items"}: choose a category to move them to (moveTo)`,
  moveToSelf: "Items cannot move to the category being deleted",
  moveToMissing: "The category to move the items to does not exist",
  position: "position must be a whole number from 0",
  nothing: "Send name or position",
} as const;

/**
 * "Sci-Fi & Fantasy" -> "sci-fi-fantasy": what `?category=` accepts (letters a-z, digits, single
 * dashes). Accents are dropped first ("Café" -> "cafe"); a name with nothing left has no slug ("").
 */
export function categorySlug(name: string): string {
  const ascii = name.normalize("NFKD").replace(/[\u0300-\u036f]/g, "").toLowerCase();
  let out = "";
  for (const ch of ascii) {
    if ((ch >= "a" && ch <= "z") || (ch >= "0" && ch <= "9")) out += ch;
    else if (out && !out.endsWith("-")) out += "-";
  }
  return out.slice(0, 60).replace(/-+$/, "");
}
