import { HttpError } from "../http_error.ts";

/** What a failed check found: the endpoint does not answer, the credentials are refused, the bucket is missing, or else. */
export type StorageProblem = "unreachable" | "credentials" | "bucket" | "other";

/** The storage backend failed (down, refusing, misconfigured): 503, the rest of the site goes on. */
export class StorageError extends HttpError {
  constructor(detail: string, readonly problem: StorageProblem = "other") {
    super(503, "File storage is unavailable right now. Please try again later.");
    this.detail = detail;
  }
  detail: string;
}
