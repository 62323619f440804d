import type { ContentItem } from "../../common/api_types.ts";
import { placeholderUrl } from "../../common/media_urls.ts";
import { YOUTUBE_ID_RE, youtubeEmbedUrl, youtubeThumbnail } from "../../common/youtube.ts";
import type { ItemRow } from "../../db/queries/media.ts";
import type { CardRow } from "../../db/queries/feed.ts";
import type { CardItem } from "../../components/ui/MediaCard.tsx";
import { mediaSlug } from "./slug.ts";

export type { ContentItem };

/** Public URL of a stored upload (served by routes/uploads.ts with the visibility rule). */
export const uploadUrl = (key: string) => `/uploads/${key}`;

/** The stored thumbnail, else an image item's own file, the YouTube still, or the generated placeholder. */
export const thumbnailUrl = (row: Pick<CardRow, "id" | "thumbnailKey" | "youtubeId" | "fileKey" | "contentType">) =>
  row.thumbnailKey
    ? uploadUrl(row.thumbnailKey)
    : row.contentType === "image" && row.fileKey
    ? uploadUrl(row.fileKey)
    : row.youtubeId
    ? youtubeThumbnail(row.youtubeId)
    : placeholderUrl(row.id);

/** What a card shows, from the card columns alone (the home page reads no more). */
export function toCardItemFromRow(row: CardRow): CardItem {
  return {
    id: row.id,
    slug: mediaSlug(row.title, row.id),
    title: row.title,
    contentType: row.contentType,
    thumbnail: thumbnailUrl(row),
    videoUrl: row.contentType === "video" && row.fileKey ? uploadUrl(row.fileKey) : null,
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

/** The spec's content item (part 1 §3), as the API returns it. */
export function toContentItem(row: ItemRow): ContentItem {
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
    videoUrl: row.contentType === "video" ? file : null,
    imageUrl: row.contentType === "image" ? file : null,
    embedCode: row.youtubeId ? youtubeEmbedCode(row.youtubeId) : null,
    youtubeId: row.youtubeId,
    thumbnail: thumbnailUrl(row),
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
  };
}

/** Embed HTML is rebuilt from a validated 11-character id, never stored or echoed. */
export function youtubeEmbedCode(id: string): string {
  if (!YOUTUBE_ID_RE.test(id)) throw new Error("invalid YouTube id");
  return `<iframe src="${
    youtubeEmbedUrl(id)
  }" title="YouTube video player" allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture" allowfullscreen></iframe>`;
}
