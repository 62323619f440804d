/**
 * Remote HTML (a Note's `content`, a Flag's words) reduced to plain text (issue 40 point 4, quality bar 27): one pass
 * over at most MAX_INPUT characters, each tag found with indexOf from where the scan stands, no regular expression. Line
 * breaks are kept for <br> and the ends of blocks; entities decoded; mentions (`<a class="mention">`, Mastodon's and
 * Pixelfed's `@name` links) dropped, as the item's owner is who every reply names; hashtags kept as `#tag`. `links` counts
 * the other anchors, so a reply with a link is held like a visitor's comment even when its text shows no address.
 */

const MAX_INPUT = 64 * 1024;
const BLOCKS = new Set(["p", "div", "li", "blockquote", "pre", "h1", "h2", "h3", "h4", "h5", "h6", "ul", "ol", "tr"]);
const SKIP = new Set(["script", "style", "template", "svg", "math"]);
const NAMED: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

function tagName(tag: string): string {
  let i = tag[0] === "/" ? 1 : 0;
  let name = "";
  while (i < tag.length && name.length < 12) {
    const ch = tag[i].toLowerCase();
    if (!((ch >= "a" && ch <= "z") || (ch >= "0" && ch <= "9"))) break;
    name += ch;
    i++;
  }
  return name;
}

/** The value of `class="..."` in a tag's text, lower case ("" when none). */
function classOf(tag: string): string {
  const lower = tag.toLowerCase();
  const at = lower.indexOf("class=");
  if (at < 0) return "";
  const quote = lower[at + 6];
  if (quote !== '"' && quote !== "'") return "";
  const end = lower.indexOf(quote, at + 7);
  return end < 0 ? "" : lower.slice(at + 7, end);
}

function decodeEntity(html: string, at: number): { text: string; next: number } {
  const near = html.slice(at, at + 12).indexOf(";");
  if (near < 0) return { text: "&", next: at + 1 };
  const end = at + near;
  const name = html.slice(at + 1, end);
  if (name[0] === "#") {
    const code = name[1] === "x" || name[1] === "X" ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
    const ok = Number.isInteger(code) && code > 31 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff);
    return { text: ok ? String.fromCodePoint(code) : "", next: end + 1 };
  }
  const named = NAMED[name.toLowerCase()];
  return named === undefined ? { text: "&", next: at + 1 } : { text: named, next: end + 1 };
}

/** Plain text of `html`, at most `max` characters (cut with "…"), and how many non-mention links it held. */
export function htmlToText(input: string, max: number): { text: string; links: number } {
  const html = input.length > MAX_INPUT ? input.slice(0, MAX_INPUT) : input;
  let out = "";
  let links = 0;
  let skipUntil: string | null = null;
  let i = 0;
  const budget = max * 2 + 16;
  const newline = () => {
    if (out.length && !out.endsWith("\n\n")) out += "\n";
  };
  while (i < html.length && out.length < budget) {
    const ch = html[i];
    if (ch === "<") {
      const end = html.indexOf(">", i + 1);
      if (end < 0) break;
      const tag = html.slice(i + 1, end);
      i = end + 1;
      const name = tagName(tag);
      const closing = tag[0] === "/";
      if (skipUntil) {
        if (closing && name === skipUntil) skipUntil = null;
        continue;
      }
      if (!closing && SKIP.has(name)) {
        skipUntil = name;
        continue;
      }
      if (name === "br") out += "\n";
      else if (BLOCKS.has(name)) newline();
      else if (name === "a" && !closing) {
        const cls = classOf(tag);
        if (cls.includes("hashtag")) continue;
        if (cls.includes("mention")) skipUntil = "a";
        else if (tag.toLowerCase().includes("href=")) links++;
      }
      continue;
    }
    if (skipUntil) {
      i++;
      continue;
    }
    if (ch === "&") {
      const { text, next } = decodeEntity(html, i);
      out += text;
      i = next;
      continue;
    }
    out += ch === "\r" || ch === "\t" ? " " : ch;
    i++;
  }
  // Tidy: no spaces at line ends, at most one blank line, none at either end.
  const lines = out.split("\n").map((l) => l.trimEnd());
  const kept: string[] = [];
  for (const l of lines) if (l || (kept.length && kept[kept.length - 1])) kept.push(l);
  let text = kept.join("\n").trim();
  if (text.length > max) text = text.slice(0, max - 1).trimEnd() + "…";
  return { text, links };
}
