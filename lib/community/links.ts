/**
 * Whether a visitor's text holds a web address (issue 34 point 3): such a comment waits for an
 * admin. An address is "http://", "https://", "www.", or a bare domain name: a label, a dot and
 * a top-level domain that is any two letters or one of the common longer ones ("bit.ly/x",
 * "cheap-followers.shop", "example.com"). A sentence missing its space ("great.so") may be held
 * too: it then waits for an admin, which loses nothing.
 *
 * Member text is untrusted (quality bar 24): the text is scanned once, each dot looking at most
 * 63 characters back and 24 ahead; no regular expression runs over it.
 */

const LONG_TLDS = new Set([
  "com",
  "net",
  "org",
  "info",
  "biz",
  "xyz",
  "top",
  "site",
  "online",
  "shop",
  "store",
  "click",
  "link",
  "live",
  "app",
  "dev",
  "icu",
  "buzz",
  "club",
  "vip",
  "win",
  "bid",
  "loan",
  "work",
  "fun",
  "space",
  "website",
  "tech",
  "pro",
  "today",
  "world",
  "life",
  "news",
  "blog",
  "page",
  "art",
  "mobi",
  "name",
  "cam",
  "lol",
  "porn",
  "sex",
  "xxx",
  "bet",
  "casino",
  "money",
  "cash",
  "deals",
  "sale",
  "gdn",
  "rest",
  "cfd",
  "sbs",
]);

const isLower = (code: number) => code >= 0x61 && code <= 0x7a;
const isLabelChar = (code: number) => isLower(code) || (code >= 0x30 && code <= 0x39) || code === 0x2d;

export function hasLink(text: string): boolean {
  const lower = text.toLowerCase();
  if (lower.includes("http://") || lower.includes("https://") || lower.includes("www.")) return true;
  for (let dot = lower.indexOf("."); dot >= 0; dot = lower.indexOf(".", dot + 1)) {
    let start = dot;
    while (start > 0 && dot - start < 63 && isLabelChar(lower.charCodeAt(start - 1))) start--;
    if (start === dot) continue;
    let end = dot + 1;
    while (end < lower.length && end - dot <= 24 && isLower(lower.charCodeAt(end))) end++;
    const tld = lower.slice(dot + 1, end);
    // The domain ends where the letters do: a digit or a letter after them is another word.
    const next = lower.charCodeAt(end);
    if (end < lower.length && (isLabelChar(next) || next > 0x7f)) continue;
    if (tld.length === 2 || LONG_TLDS.has(tld)) return true;
  }
  return false;
}
