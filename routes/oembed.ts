import { type Context, Hono } from "hono";
import type { AppEnv } from "../lib/app_env.ts";
import { OEMBED_FORMATS, oembedQuery } from "../common/schemas/oembed.ts";
import { findItemById } from "../db/queries/media.ts";
import { toContentItem } from "../lib/media/content_item.ts";
import { itemIdFromUrl, OEMBED_CACHE_AGE, oembedFor, oembedXml } from "../lib/render/oembed.ts";
import { HttpError } from "../lib/http_error.ts";
import { jsonErrors } from "../lib/http/json_errors.ts";
import { queryOr400 } from "../lib/validate.ts";
import { isPublic } from "../lib/media/visibility.ts";

/**
 * `GET /oembed?url=...&format=json|xml` (oembed.com): the player of a public item for other sites.
 * Errors are the spec's statuses with our `{ error }` body: 400 for a URL that is not ours or a bad
 * bound, 404 for an unknown or non-public item (a signed-in owner gets 404 too: consumers fetch
 * without cookies and must never see a private item), 501 for a format other than json or xml.
 */
export const oembedRoutes = new Hono<AppEnv>().get("/", async (c) => {
  // Consumers in a browser (client-side unfurlers) may read it from any origin; it is public data.
  c.header("Access-Control-Allow-Origin", "*");
  return await answer(c);
}).onError(jsonErrors);

async function answer(c: Context<AppEnv>) {
  const q = queryOr400(c, oembedQuery);
  const format = q.format ?? "json";
  if (!(OEMBED_FORMATS as readonly string[]).includes(format)) throw new HttpError(501, "Only the json and xml formats are supported");
  const { siteUrl, siteName } = c.var.config;
  const id = itemIdFromUrl(q.url, siteUrl);
  if (id === "foreign") throw new HttpError(400, `url must be a media page of ${siteUrl}`);
  const row = id === null ? undefined : await findItemById(c.var.db, id);
  if (!row || !isPublic(row)) throw new HttpError(404, "No public media at this URL");
  const body = oembedFor(toContentItem(row), { siteUrl, siteName }, q);
  c.header("Cache-Control", `public, max-age=${OEMBED_CACHE_AGE}`);
  if (format === "xml") return c.body(oembedXml(body), 200, { "Content-Type": "text/xml; charset=utf-8" });
  return c.json(body);
}
