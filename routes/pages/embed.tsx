import { Hono } from "hono";
import { defaultImage, srcSetOf } from "../../common/image_sources.ts";
import type { AppEnv } from "../../lib/app_env.ts";
import { YouTubeEmbed } from "../../components/ui/YouTubeEmbed.tsx";
import { findItemById } from "../../db/queries/media.ts";
import { toContentItem } from "../../lib/media/content_item.ts";
import { renderPage } from "../../lib/render/render.tsx";
import { idFromSlug } from "../../common/ids.ts";
import { mediaFileUrl } from "../../common/media_urls.ts";
import { contentNotFound } from "../../lib/render/error_pages.tsx";
import { canView } from "../../lib/media/visibility.ts";

/**
 * `/embed/{id}`: a bare player for other sites' iframes (the only frameable page, see
 * lib/http/security_headers.ts). No header, no footer, no script.
 */
export const embedPage = new Hono<AppEnv>().get("/:segment", async (c) => {
  const id = idFromSlug(c.req.param("segment"));
  const row = id === null ? undefined : await findItemById(c.var.db, id);
  if (!row || !canView(row, c.var.user)) return contentNotFound(c, true);
  const item = toContentItem(row);
  const { siteName } = c.var.config;
  return renderPage(
    c,
    (
      <div className="fixed inset-0 flex items-center justify-center bg-black">
        {item.contentType === "embed"
          ? <YouTubeEmbed youtubeId={item.youtubeId} title={item.title} />
          : item.contentType === "video"
          ? (
            <video
              src={mediaFileUrl(item)}
              poster={item.thumbnail}
              controls
              playsInline
              preload="metadata"
              className="h-full w-full"
              aria-label={item.title}
            />
          )
          : (
            // Another site's frame of any size: the renditions for its width (the original before they exist).
            <img
              src={defaultImage(item.imageSources)?.url ?? item.imageUrl ?? item.thumbnail}
              srcSet={item.imageSources.length ? srcSetOf(item.imageSources) : undefined}
              sizes={item.imageSources.length ? "100vw" : undefined}
              alt={item.title}
              className="h-full w-full object-contain"
            />
          )}
        <a
          href={`/media/${item.slug}`}
          target="_top"
          className="absolute left-3 top-3 max-w-[80%] truncate rounded bg-black/60 px-2 py-1 text-sm text-white hover:underline"
        >
          {item.title} · {siteName}
        </a>
      </div>
    ),
    { meta: { title: item.title, canonical: `/media/${item.slug}`, noindex: true }, bare: true },
  );
});
