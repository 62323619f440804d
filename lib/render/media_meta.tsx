import type { PageMeta } from "../../components/Document.tsx";
import type { ContentItem } from "../../common/api_types.ts";
import { playableVideo } from "../feed/playable.ts";
import { splitTags } from "../../common/format.ts";
import { categoryFeed, FeedLinks, tagFeed, userFeed } from "./feed_links.tsx";
import { framePlayerUrl, itemSize, shareImage } from "../feed/share.ts";
import { defaultImage, mediaPageSizes, PHONE_MEDIA, phoneImages, srcSetOf, WIDE_MEDIA } from "../../common/image_sources.ts";

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

/** The Open Graph and Twitter tags of an item's player or image (as [attribute, name, content] triples). */
export function playerCardTags(item: ContentItem, siteUrl: string): [string, string, string][] {
  const abs = (p: string) => new URL(p, siteUrl).href;
  const image = shareImage(item);
  const video = playableVideo(item);
  const player = abs(framePlayerUrl(item));
  const size = itemSize(item);
  const og = (name: string, content: string): [string, string, string] => ["property", name, content];
  const tw = (name: string, content: string): [string, string, string] => ["name", name, content];
  // og:video describes the file it names (issue 35 point 5): a rendition's own pixels, not the original's.
  const ogVideo = video
    ? { url: abs(video.url), type: video.type, width: video.width ?? size.width, height: video.height ?? size.height }
    : item.contentType === "embed" && item.youtubeId
    ? { url: player, type: "text/html", ...size }
    : null;
  const tags: [string, string, string][] = [
    og("og:image:width", String(image.width)),
    og("og:image:height", String(image.height)),
    og("og:image:alt", item.title),
  ];
  if (ogVideo) {
    tags.push(
      og("og:video", ogVideo.url),
      og("og:video:secure_url", ogVideo.url),
      og("og:video:type", ogVideo.type),
      og("og:video:width", String(ogVideo.width)),
      og("og:video:height", String(ogVideo.height)),
      tw("twitter:player", player),
      tw("twitter:player:width", String(size.width)),
      tw("twitter:player:height", String(size.height)),
    );
    if (video) tags.push(tw("twitter:player:stream", abs(video.url)), tw("twitter:player:stream:content_type", video.type));
  }
  tags.push(tw("twitter:image", abs(image.url)));
  return tags;
}

/** The oEmbed discovery links (oembed.com §4) of a media page. */
export function oembedLinks(item: Pick<ContentItem, "slug" | "title">, siteUrl: string) {
  const page = new URL(`/media/${item.slug}`, siteUrl).href;
  const href = (format: string) => new URL(`/oembed?url=${encodeURIComponent(page)}&format=${format}`, siteUrl).href;
  return [
    { type: "application/json+oembed", href: href("json"), title: item.title },
    { type: "text/xml+oembed", href: href("xml"), title: item.title },
  ];
}

/** The feeds a media page belongs to: its category's, its uploader's and those of its first tags. */
const MEDIA_TAG_FEEDS = 3;
const mediaFeeds = (item: ContentItem) => [
  ...(item.categoryName && item.categorySlug ? [categoryFeed({ name: item.categoryName, slug: item.categorySlug })] : []),
  userFeed(item.uploaderName),
  ...splitTags(item.tags).slice(0, MEDIA_TAG_FEEDS).map(tagFeed),
];

/** Title, description, keywords, Open Graph video/image tags, the Twitter player card, oEmbed links and JSON-LD for a media page. */
export function mediaPageMeta(item: ContentItem, siteUrl: string, siteName: string): PageMeta {
  const abs = (p: string) => new URL(p, siteUrl).href;
  const canonical = `/media/${item.slug}`;
  const description = metaDescription(item);
  const image = abs(item.thumbnail);
  const embedPage = abs(`/embed/${item.id}`);
  const isImage = item.contentType === "image";
  const cards = playerCardTags(item, siteUrl);
  const player = cards.some(([, name]) => name === "twitter:player");
  const video = playableVideo(item);
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
      contentUrl: video ? abs(video.url) : undefined,
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
    image: shareImage(item).url,
    twitterCard: player ? "player" : "summary_large_image",
    type: isImage ? "article" : "video.other",
    jsonLd,
    extraHead: (
      <>
        {cards.map(([attr, name, content]) => <meta key={name} {...{ [attr]: name }} content={content} />)}
        {oembedLinks(item, siteUrl).map((l) => <link key={l.type} rel="alternate" {...l} />)}
        <FeedLinks feeds={mediaFeeds(item)} rssOnly />
        {/* The player's poster or the image is the largest paint: fetch it before scripts. */}
        {item.contentType !== "embed" && <PreloadPicture item={item} />}
      </>
    ),
  };
}

/**
 * The preload of the media page's picture: an image's renditions by the same `srcset` and `sizes` as
 * its `<img>` (else the browser fetches two copies), the original only before renditions exist.
 */
function PreloadPicture({ item }: { item: ContentItem }) {
  if (item.contentType === "image" && item.imageSources.length) {
    // One per screen class, as the page's <picture> offers them (its <source> for wide screens, its <img> for phones).
    const sizes = mediaPageSizes(item.width && item.height ? item.width / item.height : null);
    const sets = [[WIDE_MEDIA, item.imageSources], [PHONE_MEDIA, phoneImages(item.imageSources)]] as const;
    return (
      <>
        {sets.map(([media, list]) => (
          <link
            key={media}
            rel="preload"
            as="image"
            media={media}
            href={defaultImage(list)!.url}
            imageSrcSet={srcSetOf(list)}
            imageSizes={sizes}
            fetchPriority="high"
          />
        ))}
      </>
    );
  }
  const href = item.contentType === "image" ? item.imageUrl ?? item.thumbnail : item.thumbnail;
  return <link rel="preload" as="image" href={href} fetchPriority="high" />;
}
