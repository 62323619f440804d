/** Collections (issue 32 point 5): limits, texts, the page address and the owner's reordering. */

export const COLLECTION_VISIBILITIES = ["public", "unlisted", "private"] as const;
export type CollectionVisibility = (typeof COLLECTION_VISIBILITIES)[number];

export const COLLECTION_TITLE_MAX = 100;
export const COLLECTION_DESCRIPTION_MAX = 500;
/** Collections a member may keep besides Watch later. */
export const COLLECTIONS_MAX = 100;
export const COLLECTION_ITEMS_MAX = 1_000;
/** Cards per page of a collection (page and API). */
export const COLLECTION_PAGE_SIZE = 24;
export const WATCH_LATER_TITLE = "Watch later";

export const VISIBILITY_LABEL: Record<CollectionVisibility, string> = {
  public: "Public",
  unlisted: "Unlisted",
  private: "Private",
};

/** What each choice means, under the visibility field of the forms. */
export const VISIBILITY_HINT: Record<CollectionVisibility, string> = {
  public: "Anyone can see it; it is listed on your profile.",
  unlisted: "Anyone with the link can see it; it is listed nowhere.",
  private: "Only you can see it.",
};

export const COLLECTION_MSG = {
  notFound: "Collection not found",
  itemNotFound: "Content not found",
  notInCollection: "That item is not in this collection",
  notOwner: "Only its owner can change a collection",
  watchLaterFixed: "Watch later cannot be renamed, shared or deleted",
  tooMany: `You can keep at most ${COLLECTIONS_MAX} collections besides Watch later. Delete one to make another.`,
  tooManyItems: `A collection holds at most ${COLLECTION_ITEMS_MAX.toLocaleString("en")} items. Remove some to add more.`,
  orderMismatch: "order must list every item of the collection exactly once",
  orderDuplicate: "order lists an item twice",
  emptyEdit: "Nothing to change: send title, description or visibility",
  /** The cards' clock button (issue 43 point 6). */
  watchLaterAdded: "Saved to Watch later",
  watchLaterRemoved: "Removed from Watch later",
  watchLaterFailed: "Could not change Watch later",
  watchLaterMissing: "Your Watch later list was not found",
} as const;

/** The title as an address part: lower case, letters, digits and dashes, at most 50 characters (like an item's slug). */
function slugOf(title: string): string {
  return title.toLowerCase()
    .replace(/[^\p{L}\p{N}\s-]/gu, "")
    .trim()
    .replace(/\s+/g, "-")
    .slice(0, 50)
    .replace(/-+$/, "");
}

/** `/collections/{id}-{slug}`: the id first (a 16-digit random number), then the title for people to read. */
export function collectionPath(c: { id: number; title: string }): string {
  const slug = slugOf(c.title);
  return slug ? `/collections/${c.id}-${slug}` : `/collections/${c.id}`;
}

/** The id in a collection page's segment (digits, then optionally a dash and anything), else null. */
export function collectionIdOf(segment: string): number | null {
  const m = /^(\d{1,16})(?:-|$)/.exec(segment);
  if (!m) return null;
  const id = Number(m[1]);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/**
 * The whole order after the owner reordered the items they see: `full` is every item of the
 * collection (the API's `order`, items not shown to them included), `shown` the new order of the
 * ones they see. Items not shown keep their places; shown ones fill the other places in the new order.
 */
export function mergeOrder(full: number[], shown: number[]): number[] {
  const inShown = new Set(shown);
  let next = 0;
  return full.map((id) => (inShown.has(id) ? shown[next++] : id));
}

/** `list` with the element at `from` moved to `to`. */
export function moved<T>(list: T[], from: number, to: number): T[] {
  const out = [...list];
  const [x] = out.splice(from, 1);
  out.splice(to, 0, x);
  return out;
}

/** A collection as the API answers it (lib/feed/collections.ts toCollectionSummary). */
export type CollectionSummary = {
  id: number;
  title: string;
  description: string;
  visibility: CollectionVisibility;
  watchLater: boolean;
  /** Items the viewer is shown (items that are not public count only for their uploader and admins). */
  itemCount: number;
  /** The first shown item's thumbnail. */
  cover: string | null;
  url: string;
  owner: { id: number; username: string };
  createdAt: string;
  updatedAt: string;
};

/** The Save dialog's list (`GET /api/user/collections?contains=`). */
export type SaveTarget = CollectionSummary & { contains?: boolean };
