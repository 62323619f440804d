import type { ErrorCode } from "../common/error_codes.ts";

/**
 * An error whose message is safe to show to the user; onError maps it to a status. `code`
 * (common/error_codes.ts) goes along in the JSON body for clients that act on it.
 */
export class HttpError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 408 | 409 | 410 | 413 | 415 | 422 | 429 | 500 | 501 | 503,
    message: string,
    readonly headers?: Record<string, string>,
    readonly code?: ErrorCode,
    /** More fields of the JSON answer, beside `error` and `code` (a ban's reason and end). */
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export const badRequest = (msg: string) => new HttpError(400, msg);
export const unauthorized = (msg = "You must be logged in") => new HttpError(401, msg);
export const forbidden = (msg = "You are not allowed to do that") => new HttpError(403, msg);
export const notFound = (msg = "Not found") => new HttpError(404, msg);
export const conflict = (msg: string, code?: ErrorCode) => new HttpError(409, msg, undefined, code);
