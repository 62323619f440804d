/**
 * oEmbed responses (oembed.com, version 1.0): `video` for videos and YouTube embeds, `photo` for
 * images, each with the player iframe of `/embed/{id}` as `html`, in JSON or XML.
 */
import type { ContentItem } from "../../common/api_types.ts";
import { idFromSlug } from "../../common/ids.ts";
import { fitWithin, itemSize, posterImage } from "../feed/share.ts";
import { el, parent, xmlClean } from "../feed/xml.ts";

export type OembedResponse = {
  version: "1.0";
  type: "video" | "photo";
  title: string;
  author_name: string;
  author_url: string;
  provider_name: string;
  provider_url: string;
  cache_age: number;
  thumbnail_url: string;
  thumbnail_width: number;
  thumbnail_height: number;
  html: string;
  width: number;
  height: number;
  /** photo only: the image itself (required for the photo type). */
  url?: string;
};

/** An attribute of the player's HTML: escaped, and without what XML forbids (the XML form carries this HTML as text). */
const attr = (s: string) => xmlClean(s).replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** How long a consumer may keep an answer (seconds): an item taken down should stop unfurling within the hour. */
export const OEMBED_CACHE_AGE = 3600;

/**
 * The item id of a media or embed page URL of this site: "foreign" when the URL is not ours
 * (or not a URL), null when it is ours but names no item.
 */
export function itemIdFromUrl(raw: string, siteUrl: string): number | null | "foreign" {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return "foreign";
  }
  if (url.origin !== new URL(siteUrl).origin) return "foreign";
  const m = /^\/(?:media|embed)\/([^/]+)\/?$/.exec(url.pathname);
  return m ? idFromSlug(decodeURIComponent(m[1])) : null;
}

type Site = { siteUrl: string; siteName: string };
type Bounds = { maxwidth?: number; maxheight?: number };

export function oembedFor(item: ContentItem, site: Site, bounds: Bounds): OembedResponse {
  const abs = (p: string) => new URL(p, site.siteUrl).href;
  const { width, height } = fitWithin(itemSize(item), bounds.maxwidth, bounds.maxheight);
  const thumb = posterImage(item);
  const thumbSize = fitWithin(thumb, bounds.maxwidth, bounds.maxheight);
  const html = `<iframe src="${attr(abs(`/embed/${item.id}`))}" width="${width}" height="${height}" title="${
    attr(item.title)
  }" frameborder="0" allow="autoplay; fullscreen; picture-in-picture" allowfullscreen></iframe>`;
  const isImage = item.contentType === "image";
  return {
    version: "1.0",
    type: isImage ? "photo" : "video",
    title: item.title,
    author_name: item.uploaderName,
    author_url: abs(`/user/${item.userId}`),
    provider_name: site.siteName,
    provider_url: abs("/"),
    cache_age: OEMBED_CACHE_AGE,
    thumbnail_url: abs(thumb.url),
    thumbnail_width: thumbSize.width,
    thumbnail_height: thumbSize.height,
    html,
    width,
    height,
    ...(isImage ? { url: abs(item.imageUrl ?? item.thumbnail) } : {}),
  };
}

/**
 * The XML form (oembed.com §2.3.4): one element per field under `<oembed>`, escaped as the feeds
 * escape (lib/feed/xml.ts): a character XML forbids (a control in a title) is dropped, else the
 * document did not parse (issue 31 point 9).
 */
export function oembedXml(res: OembedResponse): string {
  const fields = Object.entries(res).map(([k, v]) => el(k, String(v)));
  return `<?xml version="1.0" encoding="utf-8" standalone="yes"?>\n${parent("oembed", fields)}\n`;
}
