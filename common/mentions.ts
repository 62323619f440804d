/**
 * `@username` in a comment or forum post (issue 43 point 3, decision 046): found by a scan loop over
 * the text (no regex over member text), one pass, each name at most USERNAME_MAX characters. A name
 * counts only after a start or a character that cannot be part of a name (so `a@b.com` is no mention).
 * The parts are data: the page renders them as text and links (React escapes them), never as HTML.
 */
import { USERNAME_MAX, USERNAME_MIN } from "./auth_rules.ts";

/** At most this many members are told of one text; names past it stay plain text. */
export const MENTIONS_MAX = 10;

export type MentionPart = { text: string; mention?: string };

const isNameChar = (code: number) =>
  (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 95 || code === 45;

/** Where each mention is: [start of "@", end] pairs, at most MENTIONS_MAX distinct names (case-insensitive). */
function scan(text: string): { start: number; end: number; name: string }[] {
  const found: { start: number; end: number; name: string }[] = [];
  const seen = new Set<string>();
  for (let i = 0; i < text.length; i++) {
    if (text.charCodeAt(i) !== 64 || (i > 0 && (isNameChar(text.charCodeAt(i - 1)) || text.charCodeAt(i - 1) === 64))) continue;
    let end = i + 1;
    while (end < text.length && end - i - 1 <= USERNAME_MAX && isNameChar(text.charCodeAt(end))) end++;
    const length = end - i - 1;
    if (length < USERNAME_MIN || length > USERNAME_MAX) {
      i = end - 1;
      continue;
    }
    const name = text.slice(i + 1, end);
    const key = name.toLowerCase();
    if (!seen.has(key)) {
      if (seen.size >= MENTIONS_MAX) break;
      seen.add(key);
    }
    found.push({ start: i, end, name });
    i = end - 1;
  }
  return found;
}

/** The distinct names mentioned (lowercased), at most MENTIONS_MAX. */
export function mentionedNames(text: string): string[] {
  return [...new Set(scan(text).map((m) => m.name.toLowerCase()))];
}

/** Splits text into plain runs and `@name` runs (`known`, lowercased, limits links to members that exist). */
export function mentionParts(text: string, known?: ReadonlySet<string>): MentionPart[] {
  const parts: MentionPart[] = [];
  let last = 0;
  for (const m of scan(text)) {
    if (known && !known.has(m.name.toLowerCase())) continue;
    if (m.start > last) parts.push({ text: text.slice(last, m.start) });
    parts.push({ text: text.slice(m.start, m.end), mention: m.name });
    last = m.end;
  }
  if (last < text.length || parts.length === 0) parts.push({ text: text.slice(last) });
  return parts;
}
