/** Rules and texts shared by the media islands and the server (pure: no imports). */

/** A content item is a video file, an image file or a YouTube embed (spec part 1 §3). */
export const CONTENT_TYPES = ["video", "image", "embed"] as const;
export type ContentType = (typeof CONTENT_TYPES)[number];

/** Review states: the spec's seen values plus the obvious third (decision 036). */
export const REVIEW_STATUSES = ["pending", "approved", "rejected"] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

/** The spec's missing-content texts: the API's 404 message and the page's title and text. */
export const CONTENT_NOT_FOUND = "Content Not Found";
export const CONTENT_NOT_FOUND_TEXT = "The content you're looking for doesn't exist or has been removed.";

/** Where an item's renditions stand (lib/media/process_job.ts); only `ready` items are ever public. */
export const PROCESSING_STATES = ["queued", "processing", "ready", "failed"] as const;
export type ProcessingState = (typeof PROCESSING_STATES)[number];

export const COMMENT_MAX = 2000;
/** The newest comments a media page lists (and the API returns). */
export const COMMENT_LIST_LIMIT = 200;
/** Related items on a media page (and `GET /api/videos/{id}/related`). */
export const RELATED_LIMIT = 6;
export const REPORT_DETAILS_MAX = 1000;

export const REPORT_REASONS = [
  { value: "inappropriate", label: "Inappropriate Content" },
  { value: "copyright", label: "Copyright Infringement" },
  { value: "explicit", label: "Explicit Content" },
  { value: "misinformation", label: "Misinformation" },
  { value: "other", label: "Other" },
] as const;

export type ReportReason = (typeof REPORT_REASONS)[number]["value"];

/** Open reports one reporter may have waiting for review (issue 31: every list a member grows has a cap). */
export const OPEN_REPORTS_MAX = 100;

export const MEDIA_MSG = {
  commentEmpty: "Comment cannot be empty",
  commentLong: `Comment is too long (at most ${COMMENT_MAX} characters)`,
  reasonRequired: "Please select a reason for reporting.",
  reasonUnknown: "reason must be one of: inappropriate, copyright, explicit, misinformation, other",
  detailsLong: `Details are too long (at most ${REPORT_DETAILS_MAX} characters)`,
  alreadyReported: "You have already reported this content. Our team will review it.",
  tooManyReports: `You have ${OPEN_REPORTS_MAX} reports waiting for review. Please wait until our team has looked at them.`,
} as const;

/** Replies and comment likes (issue 43 points 3 and 4). */
export const COMMENT_MSG = {
  notFound: "Comment not found",
  parentNotFound: "The comment you reply to was not found",
  parentNotShown: "You can only reply to a comment that is shown",
  loginToLike: "You must be logged in to like a comment",
} as const;

/** Share and embed (spec §2): popup size, 16:9 responsive snippet, confirmation time. */
export const SHARE_POPUP = "width=600,height=400";
export const COPY_CONFIRM_MS = 2000;

export function embedSnippet(embedUrl: string, title: string): string {
  const safeTitle = title.replace(/[&<>"]/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[ch]!);
  return `<div style="position:relative;padding-bottom:56.25%;height:0;overflow:hidden;"><iframe src="${embedUrl}" title="${safeTitle}" style="position:absolute;top:0;left:0;width:100%;height:100%;border:0;" allow="autoplay; fullscreen; picture-in-picture" allowfullscreen></iframe></div>`;
}

export function shareLinks(url: string, title: string) {
  const u = encodeURIComponent(url);
  const t = encodeURIComponent(title);
  return [
    { name: "Twitter", href: `https://twitter.com/intent/tweet?url=${u}&text=${t}` },
    { name: "Facebook", href: `https://www.facebook.com/sharer/sharer.php?u=${u}` },
    { name: "Reddit", href: `https://www.reddit.com/submit?url=${u}&title=${t}` },
    { name: "LinkedIn", href: `https://www.linkedin.com/sharing/share-offsite/?url=${u}` },
  ];
}
