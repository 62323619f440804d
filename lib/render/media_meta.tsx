import type { PageMeta } from "../../components/Document.tsx";
import type { ContentItem } from "../../common/api_types.ts";
import { youtubeEmbedUrl } from "../../common/youtube.ts";

export const META_DESCRIPTION_MAX = 150;
export const KEYWORD_WORDS = 5;

/** ISO 8601 duration as minutes and seconds (PT3M7S), as the spec asks for structured data. */
export function isoDuration(seconds: number | null | undefined): string | undefined {
  if (!seconds || seconds < 0 || !Number.isFinite(seconds)) return undefined;
  const total = Math.round(seconds);
  return `PT${Math.floor(total / 60)}M${total % 60}S`;
}

export const metaDescription = (item: Pick<ContentItem, "description" | "title">) =>
  (item.description.trim() || `${item.title}: AI-generated content`).slice(0, META_DESCRIPTION_MAX);

export const promptKeywords = (prompt: string) => prompt.trim().split(/\s+/).filter(Boolean).slice(0, KEYWORD_WORDS);

/** Title, description, keywords, Open Graph video/image tags and JSON-LD for a media page. */
export function mediaPageMeta(item: ContentItem, siteUrl: string, siteName: string): PageMeta {
  const abs = (p: string) => new URL(p, siteUrl).href;
  const canonical = `/media/${item.slug}`;
  const description = metaDescription(item);
  const image = abs(item.thumbnail);
  const embedPage = abs(`/embed/${item.id}`);
  const isImage = item.contentType === "image";
  const videoUrl = item.videoUrl ? abs(item.videoUrl) : item.youtubeId ? youtubeEmbedUrl(item.youtubeId) : null;
  const w = item.width ?? 1280;
  const h = item.height ?? 720;
  const og = [
    ...(videoUrl
      ? [
        ["og:video", videoUrl],
        ["og:video:secure_url", videoUrl],
        ["og:video:type", item.videoUrl ? "video/mp4" : "text/html"],
        ["og:video:width", String(w)],
        ["og:video:height", String(h)],
      ]
      : []),
    ["og:image:alt", item.title],
    ...(isImage ? [["og:image:width", String(w)], ["og:image:height", String(h)]] : []),
  ];
  const common = {
    "@context": "https://schema.org",
    name: item.title,
    description,
    uploadDate: item.createdAt,
    author: { "@type": "Person", name: item.uploaderName },
    publisher: { "@type": "Organization", name: siteName },
    url: abs(canonical),
    keywords: item.tags || undefined,
  };
  const jsonLd = isImage
    ? { ...common, "@type": "ImageObject", contentUrl: item.imageUrl ? abs(item.imageUrl) : image, thumbnailUrl: image }
    : {
      ...common,
      "@type": "VideoObject",
      thumbnailUrl: [image],
      duration: isoDuration(item.duration),
      contentUrl: item.videoUrl ? abs(item.videoUrl) : undefined,
      embedUrl: embedPage,
      interactionStatistic: {
        "@type": "InteractionCounter",
        interactionType: { "@type": "WatchAction" },
        userInteractionCount: item.views,
      },
    };
  return {
    title: item.title,
    description,
    canonical,
    keywords: promptKeywords(item.prompt),
    image,
    type: isImage ? "article" : "video.other",
    jsonLd,
    extraHead: (
      <>
        {og.map(([property, content]) => <meta key={property} property={property} content={content} />)}
        {/* The player's poster or the image is the largest paint: fetch it before scripts. */}
        {item.contentType !== "embed" && (
          <link
            rel="preload"
            as="image"
            href={item.contentType === "image" ? item.imageUrl ?? item.thumbnail : item.thumbnail}
            fetchPriority="high"
          />
        )}
      </>
    ),
  };
}
