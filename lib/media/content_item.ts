import type { ContentItem, Processing } from "../../common/api_types.ts";
import { cardPicture } from "../../common/image_sources.ts";
import { placeholderUrl } from "../../common/media_urls.ts";
import { YOUTUBE_ID_RE, youtubeEmbedUrl, youtubeThumbnail } from "../../common/youtube.ts";
import type { ItemRow } from "../../db/queries/media.ts";
import type { CardRow } from "../../db/queries/feed.ts";
import type { CardItem } from "../../components/ui/MediaCard.tsx";
import { mediaSlug } from "./slug.ts";
import { defaultSource, imageSourcesOf, sourcesOf, uploadUrl } from "./item_sources.ts";

export type { ContentItem };
export { DEFAULT_SOURCE_HEIGHT, defaultSource, sourcesOf } from "./item_sources.ts";

export { uploadUrl };

/** The stored thumbnail, else an image item's own file, the YouTube still, or the generated placeholder. */
export const thumbnailUrl = (row: Pick<CardRow, "id" | "thumbnailKey" | "youtubeId" | "fileKey" | "contentType">) =>
  row.thumbnailKey
    ? uploadUrl(row.thumbnailKey)
    : row.contentType === "image" && row.fileKey
    ? uploadUrl(row.fileKey)
    : row.youtubeId
    ? youtubeThumbnail(row.youtubeId)
    : placeholderUrl(row.id);

/** A video's playable URL: its default rendition, or the original until renditions exist. */
function videoUrlOf(row: { contentType: string; fileKey: string | null; sources: string }): string | null {
  if (row.contentType !== "video") return null;
  return defaultSource(sourcesOf(row.sources))?.url ?? (row.fileKey ? uploadUrl(row.fileKey) : null);
}

/** The owner's and admins' view of processing. */
export function processingOf(row: Pick<ItemRow, "processingState" | "processingProgress" | "processingError">): Processing {
  const p: Processing = { state: row.processingState, progress: row.processingProgress };
  if (row.processingError) p.error = row.processingError;
  return p;
}

/** What a card shows, from the card columns alone (the home page reads no more). */
export function toCardItemFromRow(row: CardRow): CardItem {
  const picture = row.contentType === "image" ? cardPicture(imageSourcesOf(row.sources)) : null;
  return {
    id: row.id,
    slug: mediaSlug(row.title, row.id),
    title: row.title,
    contentType: row.contentType,
    thumbnail: picture?.thumbnail ?? thumbnailUrl(row),
    ...(picture ? { thumbnailSet: picture.thumbnailSet } : {}),
    thumbnail2x: row.poster2xKey ? uploadUrl(row.poster2xKey) : null,
    videoUrl: videoUrlOf(row),
    previewUrl: row.previewKey ? uploadUrl(row.previewKey) : null,
    previewSound: !!row.previewKey && row.previewSound,
    youtubeId: row.youtubeId,
    duration: row.duration,
    tags: row.tags,
    categoryName: row.categoryName,
    aiGenerator: row.aiGenerator,
    uploaderId: row.userId,
    uploaderName: row.uploaderName,
    likes: row.likes,
  };
}

/** The spec's content item (part 1 §3), as the API returns it to the public. */
export const toContentItem = (row: ItemRow): ContentItem => buildItem(row, false);

/**
 * The item as this viewer may read it: its owner and admins also see its processing state (the
 * public only ever sees ready items).
 */
export function toItemFor(row: ItemRow, viewer: { id: number; isAdmin: boolean } | null): ContentItem {
  return buildItem(row, !!viewer && (viewer.isAdmin || viewer.id === row.userId));
}

/** With processing state: for lists only the owner or an admin reads (My Videos, the admin queue). */
export const toOwnerItem = (row: ItemRow): ContentItem => buildItem(row, true);

function buildItem(row: ItemRow, withProcessing: boolean): ContentItem {
  const file = row.fileKey ? uploadUrl(row.fileKey) : null;
  return {
    id: row.id,
    slug: mediaSlug(row.title, row.id),
    title: row.title,
    description: row.description,
    prompt: row.prompt,
    aiGenerator: row.aiGenerator,
    resolution: row.resolution,
    tags: row.tags,
    contentType: row.contentType,
    videoUrl: videoUrlOf(row),
    previewUrl: row.previewKey ? uploadUrl(row.previewKey) : null,
    previewSound: !!row.previewKey && row.previewSound,
    sources: row.contentType === "video" ? sourcesOf(row.sources) : [],
    imageUrl: row.contentType === "image" ? file : null,
    imageSources: row.contentType === "image" ? imageSourcesOf(row.sources) : [],
    embedCode: row.youtubeId ? youtubeEmbedCode(row.youtubeId) : null,
    youtubeId: row.youtubeId,
    thumbnail: thumbnailUrl(row),
    thumbnail2x: row.poster2xKey ? uploadUrl(row.poster2xKey) : null,
    duration: row.duration,
    size: row.size,
    width: row.width,
    height: row.height,
    userId: row.userId,
    uploaderName: row.uploaderName,
    uploaderId: row.userId,
    categoryId: row.categoryId,
    categoryName: row.categoryName,
    categorySlug: row.categorySlug,
    category: row.categoryName ? { name: row.categoryName, slug: row.categorySlug } : null,
    views: row.views,
    likes: row.likes,
    commentCount: row.commentCount,
    createdAt: new Date(row.createdAt).toISOString(),
    adminNotice: row.adminNotice,
    reviewStatus: row.reviewStatus,
    rejectionReason: row.rejectionReason,
    featured: row.featured,
    preview: false,
    credits: row.credits,
    vimeoId: null,
    reviewedAt: row.reviewedAt ? new Date(row.reviewedAt).toISOString() : null,
    reviewedBy: row.reviewedBy,
    ...generationOf(row.generation),
    ...(withProcessing && row.contentType === "video" ? { processing: processingOf(row) } : {}),
  };
}

/** The stored generation metadata as the item's fields; nothing when the file had none. */
function generationOf(json: string | null): Pick<ContentItem, "negativePrompt" | "generation"> {
  if (!json) return {};
  try {
    const g = JSON.parse(json) as { negativePrompt?: string; settings?: ContentItem["generation"] };
    return { ...(g.negativePrompt ? { negativePrompt: g.negativePrompt } : {}), ...(g.settings ? { generation: g.settings } : {}) };
  } catch {
    return {};
  }
}

/** Embed HTML is rebuilt from a validated 11-character id, never stored or echoed. */
export function youtubeEmbedCode(id: string): string {
  if (!YOUTUBE_ID_RE.test(id)) throw new Error("invalid YouTube id");
  return `<iframe src="${
    youtubeEmbedUrl(id)
  }" title="YouTube video player" allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture" allowfullscreen></iframe>`;
}
