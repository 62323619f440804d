/**
 * How forum text is shown (spec part 2 §2, §9): plain text with its links found, a 400-character
 * preview, and relative times. Pure: the server renders with it and the island hydrates with it.
 */
import { PREVIEW_CHARS } from "./forum_rules.ts";

export type TextPart = { text: string; href?: string };

// http(s) addresses up to the next space or angle bracket; trailing punctuation belongs to the sentence.
const URL_RE = /\bhttps?:\/\/[^\s<>"'`]+/gi;
const TRAILING = ".,;:!?)]}'\"";

/** Drops sentence punctuation after an address, but keeps a ")" that closes one the address opened. */
function trimTrailing(url: string): string {
  let end = url.length;
  while (end > 0 && TRAILING.includes(url[end - 1])) {
    if (url[end - 1] === ")") {
      const head = url.slice(0, end);
      const count = (ch: string) => head.split(ch).length - 1;
      if (count("(") >= count(")")) break;
    }
    end--;
  }
  return url.slice(0, end);
}

/** Splits text into plain runs and links (http and https only; nothing else becomes a link). */
export function linkParts(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const m of text.matchAll(URL_RE)) {
    const url = trimTrailing(m[0]);
    if (!/^https?:\/\/[^/?#]/i.test(url)) continue;
    const start = m.index;
    if (start > last) parts.push({ text: text.slice(last, start) });
    parts.push({ text: url, href: url });
    last = start + url.length;
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return parts;
}

/** The first 400 characters (never half of a surrogate pair) and whether anything was cut. */
export function preview(text: string, max = PREVIEW_CHARS): { text: string; truncated: boolean } {
  if (text.length <= max) return { text, truncated: false };
  let cut = max;
  const code = text.charCodeAt(cut - 1);
  if (code >= 0xd800 && code <= 0xdbff) cut--;
  return { text: text.slice(0, cut).trimEnd(), truncated: true };
}
