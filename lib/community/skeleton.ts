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

/** Made on first use: a process that matches nothing never builds it. */
let prototypes: Map<string, string> | null = null;

/**
 * The text folded (`foldForMatch`: NFKD, marks and invisible code points removed, lower case), each code point replaced by its confusables prototype, and folded
 * again (a prototype may be upper case or carry a mark). The same for an entry and for the text
 * it is matched against, so they meet whatever look-alikes either uses.
 */
export function skeleton(text: string): string {
  const map = prototypes ??= new Map(Object.entries(table as Record<string, string>));
  let out = "";
  for (const ch of foldForMatch(text)) out += map.get(ch) ?? ch;
  return foldForMatch(out);
}
