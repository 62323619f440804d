/**
 * Codes the API puts next to its `error` text (`{ "error": "...", "code": "..." }`) where a
 * client must tell one answer from another: the text is for people and may change, the code not.
 */
export const ERROR_CODES = {
  /** `POST /api/videos`: the same file or YouTube video is already on the site (409). */
  duplicate: "duplicate",
  /** Sign-in (403): the account is banned; `ban` says until when and why (issue 34). */
  banned: "banned",
  /** `POST /api/upload/file` (413): the file would pass the member's total, or daily, upload quota (issue 41 point 3). */
  uploadQuota: "upload_quota",
  dailyUploadQuota: "daily_upload_quota",
} as const;

export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];
