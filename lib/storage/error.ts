import { HttpError } from "../http_error.ts";

/** The storage backend failed (down, refusing, misconfigured): 503, the rest of the site goes on. */
export class StorageError extends HttpError {
  constructor(detail: string) {
    super(503, "File storage is unavailable right now. Please try again later.");
    this.detail = detail;
  }
  detail: string;
}
