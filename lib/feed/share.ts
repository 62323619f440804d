/**
 * What a shared link shows: the item's image and player sizes, the same for the Open Graph and
 * Twitter tags (lib/render/media_meta.tsx), oEmbed (lib/render/oembed.ts) and the feeds (lib/feed/).
 */
import type { ContentItem } from "../../common/api_types.ts";
import { youtubeEmbedUrl, youtubeThumbnail } from "../../common/youtube.ts";
import { shareImageSource } from "../../common/image_sources.ts";

/** When an item has no recorded size (a YouTube embed, an old upload), players are 16:9 at this size. */
export const DEFAULT_SIZE = { width: 1280, height: 720 } as const;
/** Thumbnails are written at most this wide (lib/media/media_process.ts), keeping the aspect ratio. */
const THUMB_MAX_WIDTH = 640;
/** YouTube's hqdefault still, the one youtubeThumbnail gives by default. */
const YOUTUBE_THUMB = { width: 480, height: 360 } as const;
/** The generated placeholder's size (lib/media/placeholder.ts). */
const PLACEHOLDER = { width: 640, height: 360 } as const;

export type Size = { width: number; height: number };
export type ShareImage = Size & { url: string };

type Item = Pick<ContentItem, "id" | "contentType" | "thumbnail" | "imageUrl" | "imageSources" | "youtubeId" | "width" | "height">;

/** The item's own size, else 16:9. */
export const itemSize = (item: Pick<ContentItem, "width" | "height">): Size =>
  item.width && item.height ? { width: item.width, height: item.height } : { ...DEFAULT_SIZE };

/**
 * The poster (or, for an image, its 1600 px rendition, else the image itself before renditions
 * exist) with its size: always a URL that answers 200.
 */
export function shareImage(item: Item): ShareImage {
  if (item.contentType === "image") {
    const copy = shareImageSource(item.imageSources);
    if (copy) return { url: copy.url, width: copy.width, height: copy.height };
    if (item.imageUrl) return { url: item.imageUrl, ...itemSize(item) };
  }
  return posterImage(item);
}

/** The item's poster (its thumbnail) with its size. */
export const posterImage = (item: Item): ShareImage => ({ url: item.thumbnail, ...thumbnailSize(item) });

/** The size of what `thumbnail` points at: a stored thumbnail, a YouTube still or the placeholder. */
export function thumbnailSize(item: Item): Size {
  if (item.youtubeId && item.thumbnail === youtubeThumbnail(item.youtubeId)) return { ...YOUTUBE_THUMB };
  if (item.thumbnail.startsWith("/api/")) return { ...PLACEHOLDER };
  const { width, height } = itemSize(item);
  const w = Math.min(THUMB_MAX_WIDTH, width);
  const h = (height * w) / width;
  // sharp rounds the height; ffmpeg's scale=-2 (video posters) rounds it to an even number.
  return { width: w, height: item.contentType === "image" ? Math.round(h) : Math.max(2, Math.round(h / 2) * 2) };
}

/** Scales a size down (never up) to fit the bounds a consumer asked for, keeping the aspect ratio. */
export function fitWithin(size: Size, maxWidth?: number, maxHeight?: number): Size {
  const scale = Math.min(1, maxWidth ? maxWidth / size.width : 1, maxHeight ? maxHeight / size.height : 1);
  return { width: Math.max(1, Math.floor(size.width * scale)), height: Math.max(1, Math.floor(size.height * scale)) };
}

/** The player another site frames: YouTube's for embeds, ours (`/embed/{id}`) for the rest. */
export const framePlayerUrl = (item: Pick<ContentItem, "id" | "youtubeId" | "contentType">) =>
  item.contentType === "embed" && item.youtubeId ? youtubeEmbedUrl(item.youtubeId) : `/embed/${item.id}`;
