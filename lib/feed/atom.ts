/** Atom (RFC 4287) with the same Media RSS elements as the RSS feed. */
import type { FeedChannel, FeedEntry } from "./entry.ts";
import { ATOM_NS, el, MEDIA_NS, parent, XML_DECL } from "./xml.ts";

function entry(e: FeedEntry): string {
  const { content, thumbnail } = e.media;
  return parent("entry", [
    el("id", e.id),
    el("title", e.title, { type: "text" }),
    el("link", null, { rel: "alternate", type: "text/html", href: e.link }),
    ...(content ? [el("link", null, { rel: "enclosure", type: content.type, href: content.url, length: content.size })] : []),
    el("published", e.published.toISOString()),
    el("updated", e.updated.toISOString()),
    parent("author", [el("name", e.author.name), el("uri", e.author.uri)]),
    el("summary", e.summary, { type: "text" }),
    ...e.categories.map((c) => el("category", null, { term: c })),
    ...(content
      ? [
        el("media:content", null, {
          url: content.url,
          type: content.type,
          medium: content.medium,
          width: content.width,
          height: content.height,
        }),
      ]
      : []),
    el("media:thumbnail", null, { url: thumbnail.url, width: thumbnail.width, height: thumbnail.height }),
  ]);
}

export function atomXml(ch: FeedChannel, generator: string): string {
  const feed = parent("feed", [
    el("id", ch.self),
    el("title", ch.title, { type: "text" }),
    el("subtitle", ch.description, { type: "text" }),
    el("updated", ch.updated.toISOString()),
    el("link", null, { rel: "self", type: "application/atom+xml", href: ch.self }),
    el("link", null, { rel: "alternate", type: "text/html", href: ch.link }),
    parent("author", [el("name", generator)]),
    el("generator", generator),
    ...ch.entries.map(entry),
  ], { xmlns: ATOM_NS, "xmlns:media": MEDIA_NS });
  return `${XML_DECL}\n${feed}\n`;
}
