/** RSS 2.0 with Media RSS (media:content, media:thumbnail, media:player) and an atom:link to itself. */
import type { FeedChannel, FeedEntry } from "./entry.ts";
import { ATOM_NS, el, MEDIA_NS, parent, XML_DECL } from "./xml.ts";

const rfc822 = (d: Date) => d.toUTCString();

function mediaParts(e: FeedEntry): string[] {
  const { content, player, thumbnail } = e.media;
  return [
    ...(content
      ? [
        el("enclosure", null, { url: content.url, type: content.type, length: content.size ?? 0 }),
        parent("media:content", [el("media:title", e.title, { type: "plain" })], {
          url: content.url,
          type: content.type,
          medium: content.medium,
          width: content.width,
          height: content.height,
          duration: content.duration === null ? null : Math.round(content.duration),
          fileSize: content.size,
          isDefault: "true",
        }),
      ]
      : []),
    el("media:player", null, { url: player.url, width: player.width, height: player.height }),
    el("media:thumbnail", null, { url: thumbnail.url, width: thumbnail.width, height: thumbnail.height }),
    el("media:description", e.summary, { type: "plain" }),
  ];
}

function item(e: FeedEntry): string {
  return parent("item", [
    el("title", e.title),
    el("link", e.link),
    el("guid", e.id, { isPermaLink: "true" }),
    el("pubDate", rfc822(e.published)),
    el("description", e.summary),
    el("dc:creator", e.author.name),
    ...e.categories.map((c) => el("category", c)),
    ...mediaParts(e),
  ]);
}

export function rssXml(ch: FeedChannel, generator: string): string {
  const channel = parent("channel", [
    el("title", ch.title),
    el("link", ch.link),
    el("description", ch.description),
    el("language", "en"),
    el("generator", generator),
    el("lastBuildDate", rfc822(ch.updated)),
    el("atom:link", null, { href: ch.self, rel: "self", type: "application/rss+xml" }),
    ...ch.entries.map(item),
  ]);
  return `${XML_DECL}\n${
    parent("rss", [channel], {
      version: "2.0",
      "xmlns:atom": ATOM_NS,
      "xmlns:media": MEDIA_NS,
      "xmlns:dc": "http://purl.org/dc/elements/1.1/",
    })
  }\n`;
}
