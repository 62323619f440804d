/**
 * Codes the API puts next to its `error` text (`{ "error": "...", "code": "..." }`) where a
 * client must tell one answer from another: the text is for people and may change, the code not.
 */
export const ERROR_CODES = {
  /** `POST /api/videos`: the same file or YouTube video is already on the site (409). */
  duplicate: "duplicate",
  /** Sign-in (403): the account is banned; `ban` says until when and why (issue 34). */
  banned: "banned",
} as const;

export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];
