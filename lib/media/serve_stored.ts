import type { Config } from "../config.ts";
import { notFound } from "../http_error.ts";
import { storeFor } from "./storage.ts";
import { isPublic, mediaCacheControl } from "./visibility.ts";

type Reviewable = Parameters<typeof isPublic>[0];

/**
 * Answers a stored file of `item` for a viewer already allowed to see it. A public item's file,
 * when the backend has a direct URL (a presigned GET, or MEDIA_BASE_URL before a CDN), is a
 * redirect there: the bytes, Range and seeking go between the player and the bucket. Pending,
 * rejected and hidden items never get a bucket URL: their bytes come through the app, which
 * checked the session. `orThrow` false: null instead of 404 when there is no such object.
 */
export async function serveStored(req: Request, config: Config, key: string, item: Reviewable, orThrow: false): Promise<Response | null>;
export async function serveStored(
  req: Request,
  config: Config,
  key: string,
  item: Reviewable,
  orThrow?: true,
  cache?: string,
): Promise<Response>;
export async function serveStored(req: Request, config: Config, key: string, item: Reviewable, orThrow = true, cache?: string) {
  const store = storeFor(config);
  if (isPublic(item)) {
    const url = await store.directUrl(key);
    if (url) {
      // The redirect is kept less long than the presigned URL it names lives.
      const maxAge = config.storage.mediaBaseUrl ? 600 : Math.floor(config.storage.urlSeconds / 2);
      return new Response(null, { status: 302, headers: { Location: url, "Cache-Control": `private, max-age=${maxAge}` } });
    }
  }
  const res = await store.respond(req, key, { cacheControl: cache ?? mediaCacheControl(item) });
  if (!res && orThrow) throw notFound("File not found");
  return res;
}
