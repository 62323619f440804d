/** Watch history and resume (issue 43 point 5): limits, the resume rule and texts, both sides. */

/** Rows kept per member: the newest this many items; older ones are trimmed when a new item is watched. */
export const HISTORY_MAX = 1_000;
/** Entries per page of GET /api/user/history and /history. */
export const HISTORY_PAGE_SIZE = 24;
/** The player sends the position about this often while playing (and on pause and on leaving). */
export const PROGRESS_BEAT_MS = 10_000;
/** "Continue watching" on the home page: this many items at most. */
export const CONTINUE_COUNT = 6;
/** The longest position accepted, in seconds (a day; longer videos are not uploaded). */
export const MAX_PROGRESS_SECONDS = 86_400;

/**
 * Where the player starts: the saved position when it is past 5 s and not in the last 5% of the video
 * (then the viewer had finished it, or barely begun); otherwise null (from the start).
 */
export function resumeAt(saved: number | null | undefined, duration: number | null | undefined): number | null {
  if (saved === null || saved === undefined || !(saved > 5)) return null;
  if (duration && duration > 0 && saved >= duration * 0.95) return null;
  return saved;
}

/** Whether a history entry is unfinished, so "Continue watching" offers it. */
export const unfinished = (seconds: number, duration: number | null) => resumeAt(seconds, duration) !== null;

/** A "Continue watching" entry of the home page. */
export type ContinueItem = { id: number; slug: string; title: string; thumbnail: string; seconds: number; duration: number | null };

export const HISTORY_MSG = {
  notVideo: "Only videos have a position to resume",
  notFound: "Content not found",
  entryNotFound: "This item is not in your history",
  paused: "Watch history is paused: nothing is recorded",
} as const;
