/** One item of a subscription feed, the same for RSS and Atom: links, dates, author and its media. */
import { splitTags } from "../../common/format.ts";
import type { FeedRow } from "../../db/queries/feeds.ts";
import { toContentItem } from "../media/content_item.ts";
import { playableVideo } from "./playable.ts";
import { framePlayerUrl, itemSize, posterImage } from "./share.ts";
import { shareImageSource } from "../../common/image_sources.ts";
import type { ContentItem } from "../../common/api_types.ts";

/** How many items a feed carries: readers poll, so the newest few are enough. */
export const FEED_LIMIT = 30;

export type FeedMedia = {
  /**
   * The file itself (Media RSS media:content, RSS enclosure, Atom enclosure link), with its own type,
   * pixels and bytes: a video's default rendition, an image's 1600 px one (the originals before
   * renditions exist); null for YouTube embeds.
   */
  content: {
    url: string;
    type: string;
    medium: "video" | "image";
    width: number;
    height: number;
    duration: number | null;
    size: number | null;
  } | null;
  player: { url: string; width: number; height: number };
  thumbnail: { url: string; width: number; height: number };
};

export type FeedEntry = {
  id: string;
  title: string;
  link: string;
  published: Date;
  updated: Date;
  summary: string;
  author: { name: string; uri: string };
  categories: string[];
  media: FeedMedia;
};

export type FeedChannel = {
  title: string;
  description: string;
  /** The page the feed follows (home, category, profile, search). */
  link: string;
  /** The feed's own URL (rel="self"). */
  self: string;
  updated: Date;
  entries: FeedEntry[];
};

export function feedEntry(row: FeedRow, siteUrl: string): FeedEntry {
  const abs = (p: string) => new URL(p, siteUrl).href;
  const item = toContentItem(row);
  const size = itemSize(item);
  const content = fileOf(item);
  const thumb = posterImage(item);
  const link = abs(`/media/${item.slug}`);
  return {
    id: link,
    title: item.title,
    link,
    published: new Date(row.createdAt),
    updated: new Date(Math.max(row.updatedAt, row.createdAt)),
    summary: item.description.trim() || item.prompt.trim() || item.title,
    author: { name: item.uploaderName, uri: abs(`/user/${item.userId}`) },
    categories: [...(item.categoryName ? [item.categoryName] : []), ...splitTags(item.tags)],
    media: {
      content: content && { ...content, url: abs(content.url) },
      player: { url: abs(framePlayerUrl(item)), ...size },
      thumbnail: { ...thumb, url: abs(thumb.url) },
    },
  };
}

/** The linked file of an item and what it is. */
function fileOf(item: ContentItem): FeedMedia["content"] {
  const size = itemSize(item);
  const video = playableVideo(item);
  if (video) {
    const { url, type, bytes } = video;
    const frame = video.width && video.height ? { width: video.width, height: video.height } : size;
    return { url, type, medium: "video", ...frame, duration: item.duration, size: bytes };
  }
  if (item.contentType !== "image") return null;
  const copy = shareImageSource(item.imageSources);
  if (copy) {
    return { url: copy.url, type: copy.type, medium: "image", width: copy.width, height: copy.height, duration: null, size: copy.bytes };
  }
  return item.imageUrl
    ? { url: item.imageUrl, type: imageType(item.imageUrl), medium: "image", ...size, duration: null, size: item.size }
    : null;
}

const IMAGE_TYPES: Record<string, string> = {
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
  gif: "image/gif",
};
const imageType = (url: string) => IMAGE_TYPES[url.split(".").pop()?.toLowerCase() ?? ""] ?? "image/jpeg";
