/** Public profiles (spec part 2 "Public profile", §8): texts, paging and the profile address. */

/** Approved items per page of a public profile's grid. */
export const PROFILE_PAGE_SIZE = 24;
export const PROFILE_PAGE_MAX = 48;

/** The member's About text (issue 27 point 14): plain text, links shown as text. */
export const ABOUT_MAX = 500;

/** The About line of a member who wrote none (the spec's fixed line; members write their own: decision 036). */
export const aboutPlaceholder = (siteName: string) => `AI creator sharing videos and images on ${siteName}.`;

/** What an opaque grid cursor (issue 44) may look like before it is decoded: base64url, bounded. */
export const PROFILE_CURSOR_RE = /^[A-Za-z0-9_-]{4,80}$/;

export const PROFILE_MSG = {
  badCursor: "cursor is not valid (use the next value of an earlier answer)",
  aboutLong: `About must be at most ${ABOUT_MAX} characters`,
  aboutSaved: "Your About text has been saved.",
  notFoundTitle: "User Not Found",
  notFoundText: "The user you're looking for doesn't exist or has been removed.",
  contentError: "Error loading content. Please try again.",
  noMore: "There are no more items here.",
  firstPage: "Back to the first page",
} as const;

/**
 * A member's profile address: by username (the spec's `/user/{username}`), except for an
 * all-digit username, which `/user/{digits}` would read as an id: that one goes by id.
 */
export function profileHref(user: { id?: number; username: string }): string {
  const byId = user.id !== undefined && (/^\d+$/.test(user.username) || !user.username);
  return byId ? `/user/${user.id}` : `/user/${encodeURIComponent(user.username)}`;
}
