import MarkdownIt from "markdown-it";
import type Token from "markdown-it/lib/token.mjs";

/**
 * Markdown for the operator's own pages (`$DATA_DIR/pages/*.md`) and the built-in texts: raw HTML
 * is shown as text (`html: false`), links may only go to http(s), mail or this site.
 */
const md = new MarkdownIt({ html: false, linkify: true, typographer: false });

const SAFE_LINK = /^(?:https?:\/\/|mailto:|#|\/(?![/\\])|\.{0,2}\/?[\w-][^:]*$)/i;
// deno-lint-ignore no-control-regex -- control characters in a link are refused
md.validateLink = (url: string) => !/[\\\s\u0000-\u001f]/.test(url) && SAFE_LINK.test(url);

const defaultLinkOpen = md.renderer.rules.link_open ?? ((tokens, i, options, _env, self) => self.renderToken(tokens, i, options));
md.renderer.rules.link_open = (tokens, i, options, env, self) => {
  if (/^https?:\/\//i.test(tokens[i].attrGet("href") ?? "")) tokens[i].attrSet("rel", "nofollow noopener noreferrer");
  return defaultLinkOpen(tokens, i, options, env, self);
};

import type { Heading } from "../../common/legal/mod.ts";

export type { Heading };
export type RenderedMarkdown = { html: string; headings: Heading[] };

const slug = (text: string) =>
  text.normalize("NFKD").toLowerCase().replace(/[\u0300-\u036f]/g, "").replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "").slice(0, 60);

const plainText = (inline: Token | undefined) =>
  inline?.children?.filter((t) => t.type === "text" || t.type === "code_inline").map((t) => t.content).join("") ?? "";

/**
 * Renders Markdown to HTML. The page carries its own `<h1>`, so a `#` heading becomes a section
 * (`<h2>`) like `##`; every `##` and `###` gets an anchor id from its text, and the `##` ones are
 * returned for a table of contents.
 */
export function renderMarkdown(source: string): RenderedMarkdown {
  const tokens = md.parse(source, {});
  const used = new Set<string>();
  const headings: Heading[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const open = tokens[i];
    if (open.type !== "heading_open") continue;
    if (open.tag === "h1") open.tag = tokens[i + 2].tag = "h2";
    if (open.tag !== "h2" && open.tag !== "h3") continue;
    const text = plainText(tokens[i + 1]);
    let id = slug(text) || "section";
    for (let n = 2; used.has(id); n++) id = `${slug(text) || "section"}-${n}`;
    used.add(id);
    open.attrSet("id", id);
    if (open.tag === "h2") headings.push({ id, text });
  }
  return { html: md.renderer.render(tokens, md.options, {}), headings };
}
