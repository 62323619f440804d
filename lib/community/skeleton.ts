/**
 * What a text looks like, for matching watched words (issue 42 point 3, decision 039): what a
 * member cannot see is removed, and every character is folded to the one it is confused with,
 * Unicode's UTS #39 "skeleton". `scam\u200bcoin`, `scam\u00adcoin` and `sсamcoin` (a Cyrillic с)
 * all read "scamcoin" on screen, and all fold to the skeleton of "scamcoin".
 *
 * The table is Unicode's confusables.txt as the `unhomoglyph` package ships it (a JSON map of
 * about 6,300 code points to their prototype), not a hand list. Its own function builds one
 * regular expression of every key; we look each code point up in a Map instead, so the work is
 * one pass over the text whatever it holds (quality bar 24). The skeleton is for comparing only:
 * it is never shown ("m" folds to "rn", "0" to "o").
 *
 * Server-side: the table stays out of the browser, where the admin form parses entries with
 * `foldForMatch` alone; lib/community/hold.ts hands `skeleton` to the watch list it compiles.
 */
import table from "unhomoglyph/data.json" with { type: "json" };
import { foldForMatch } from "../../common/watched_words.ts";

/** Made on first use: a process that matches nothing never builds it. ASCII in an array, read by char code (most text is ASCII). */
let prototypes: { ascii: (string | undefined)[]; other: Map<string, string> } | null = null;

function tables() {
  if (prototypes) return prototypes;
  const ascii: (string | undefined)[] = new Array(128).fill(undefined);
  const other = new Map<string, string>();
  for (const [from, to] of Object.entries(table as Record<string, string>)) {
    if (from.length === 1 && from.charCodeAt(0) < 128) ascii[from.charCodeAt(0)] = to;
    else other.set(from, to);
  }
  return prototypes = { ascii, other };
}

/** Each code point replaced by its prototype; runs without one are copied as slices. */
function toPrototypes(text: string): string {
  const { ascii, other } = tables();
  let out = "";
  let from = 0;
  for (let i = 0; i < text.length;) {
    const code = text.charCodeAt(i);
    const size = code >= 0xd800 && code <= 0xdbff && i + 1 < text.length ? 2 : 1;
    const to = code < 128 ? ascii[code] : other.get(text.slice(i, i + size));
    if (to !== undefined) {
      out += text.slice(from, i) + to;
      from = i + size;
    }
    i += size;
  }
  return from === 0 ? text : out + text.slice(from);
}

/**
 * The text folded (`foldForMatch`: NFKD, marks and invisible code points removed, lower case), each
 * code point replaced by its confusables prototype, and folded again (a prototype may be upper case
 * or carry a mark). The same for an entry and for the text it is matched against, so they meet
 * whatever look-alikes either uses.
 */
export function skeleton(text: string): string {
  return foldForMatch(toPrototypes(foldForMatch(text)));
}
