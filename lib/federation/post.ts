/**
 * An item as the fediverse sees it (issue 40 point 3, decision 041): a `Note`, as Pixelfed and Loops
 * publish, which Mastodon shows inline: title and description as escaped HTML with a link to the page,
 * the media as `attachment`, tags as `Hashtag`, public, and behind a content warning naming the site
 * (FEDERATION_SENSITIVE: the site is 18+).
 */
import { Hashtag, Image, Note, PUBLIC_COLLECTION, Video } from "@fedify/vocab";
import type { Context } from "@fedify/fedify";
import type { ItemRow } from "../../db/queries/media.ts";
import { splitTags } from "../../common/format.ts";
import { toContentItem } from "../media/content_item.ts";
import type { FedContext } from "./federation.ts";
import { escapeHtml, textToHtml } from "./html.ts";

/** The largest video a fediverse server is sure to fetch (GoToSocial and older Mastodon stop at 40 MB). */
export const VIDEO_MAX_BYTES = 40 * 1024 * 1024;
export const VIDEO_MAX_HEIGHT = 720;

export const noteUri = (ctx: Context<FedContext>, mediaId: number) => ctx.getObjectUri(Note, { id: String(mediaId) });

/** The content warning: the site's name, so a reader knows where it comes from before opening it. */
export const contentWarning = (siteName: string) => `${siteName}: adult AI-generated media (18+)`;

export function toNote(ctx: Context<FedContext>, row: ItemRow): Note {
  const { siteUrl, siteName, federation } = ctx.data.config;
  const item = toContentItem(row);
  const abs = (u: string) => new URL(u, siteUrl);
  const page = abs(`/media/${encodeURIComponent(item.slug)}`);
  const tags = splitTags(row.tags);
  const poster = item.thumbnail ? new Image({ url: abs(item.thumbnail), mediaType: posterType(item.thumbnail) }) : null;
  const attachment = attachmentOf(item, abs, poster);
  const tagLinks = tags.map((t) =>
    `<a href="${escapeHtml(abs(`/search?q=${encodeURIComponent(t)}`).href)}" class="mention hashtag" rel="tag">#${escapeHtml(t)}</a>`
  );
  const content = [
    `<p><strong>${escapeHtml(item.title)}</strong></p>`,
    item.description ? textToHtml(item.description) : "",
    `<p><a href="${escapeHtml(page.href)}">${escapeHtml(page.href)}</a></p>`,
    tagLinks.length ? `<p>${tagLinks.join(" ")}</p>` : "",
  ].join("");
  return new Note({
    id: noteUri(ctx, row.id),
    attribution: ctx.getActorUri(String(row.userId)),
    to: PUBLIC_COLLECTION,
    cc: ctx.getFollowersUri(String(row.userId)),
    published: Temporal.Instant.fromEpochMilliseconds(row.createdAt),
    url: page,
    content,
    summary: federation.sensitive ? contentWarning(siteName) : null,
    sensitive: federation.sensitive,
    attachments: attachment ? [attachment] : [],
    tags: tags.map((t) => new Hashtag({ href: abs(`/search?q=${encodeURIComponent(t)}`), name: `#${t}` })),
  });
}

type Item = ReturnType<typeof toContentItem>;

/** The image's largest WebP, the largest H.264 rendition a server will fetch, or the poster alone (a longer video, an embed). */
function attachmentOf(item: Item, abs: (u: string) => URL, poster: Image | null): Image | Video | null {
  if (item.contentType === "image") {
    const webp = item.imageSources.filter((s) => s.type === "image/webp");
    const best = webp[webp.length - 1];
    if (best) return new Image({ url: abs(best.url), mediaType: best.type, width: best.width, height: best.height, name: item.title });
    return item.imageUrl
      ? new Image({ url: abs(item.imageUrl), width: item.width ?? null, height: item.height ?? null, name: item.title })
      : null;
  }
  if (item.contentType === "video") {
    const fit = item.sources.filter((s) => s.height <= VIDEO_MAX_HEIGHT && (s.bytes ?? Infinity) < VIDEO_MAX_BYTES);
    const best = fit[fit.length - 1];
    if (best) {
      return new Video({
        url: abs(best.url),
        mediaType: "video/mp4",
        width: best.frame?.width ?? item.width ?? null,
        height: best.frame?.height ?? best.height,
        name: item.title,
        icon: poster,
      });
    }
  }
  return poster ? new Image({ url: poster.url, mediaType: poster.mediaType, name: item.title }) : null;
}

function posterType(url: string): string | null {
  const ext = url.slice(url.lastIndexOf(".") + 1).toLowerCase();
  return ({ jpg: "image/jpeg", jpeg: "image/jpeg", webp: "image/webp", png: "image/png", svg: "image/svg+xml" } as Record<string, string>)[
    ext
  ] ??
    null;
}
