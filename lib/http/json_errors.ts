import type { Context } from "hono";
import type { AppEnv } from "../app_env.ts";
import { HttpError } from "../http_error.ts";

/**
 * A sub-app's onError for machine-read endpoints outside /api (oEmbed, feeds): the `{ error }`
 * JSON with the status, where app.ts would render the site's HTML error page for a GET.
 */
export function jsonErrors(err: Error, c: Context<AppEnv>) {
  if (err instanceof HttpError) return c.json({ error: err.message }, err.status);
  throw err;
}
