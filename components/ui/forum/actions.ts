/** What the forum's buttons do when the server says no. */
import { ApiError } from "../api.ts";
import { toast } from "../toast.ts";
import { authHrefHere } from "../../../common/return_to.ts";

/** A session that ended while the page was open: sign in again. Returns true when it handled the error. */
export function signInAgain(err: unknown): boolean {
  if (err instanceof ApiError && err.status === 401) {
    location.assign(authHrefHere());
    return true;
  }
  return false;
}

/** The spec's error toast: its title and the server's message (spec part 2 §8). */
export function errorToast(title: string, err: unknown) {
  if (signInAgain(err)) return;
  const description = err instanceof ApiError ? err.body?.error ?? err.message : "Please check your connection and try again.";
  toast({ title, description, variant: "destructive" });
}

/**
 * The forum's payload schemas (and zod/mini with them, ~8 KB brotli): fetched when a member starts
 * a thread or a reply, not with every reader's page; a dynamic import is fetched once, then shared.
 */
export const loadForumSchemas = () => import("../../../common/schemas/forum.ts");

/** Starts that fetch early (a form shown or a field focused); a failure shows when the form is sent. */
export const prefetchForumSchemas = () => void loadForumSchemas().catch(() => {});
