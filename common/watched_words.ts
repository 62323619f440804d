/**
 * Watched words and phrases (issue 34 point 3, decision 032): an admin's entry is one to five
 * words, matched case and accent insensitive, as whole words, with `*` standing for any run of
 * letters or digits within a word ("spam*" matches "spammer", "f*ck" matches "fck" and "fuck").
 *
 * Member text is untrusted (quality bar 24): it is folded (the server folds to the skeleton,
 * lib/community/skeleton.ts: invisible code points removed, look-alikes such as a Cyrillic "с"
 * folded to their Latin letter, issue 42) and cut into words once, by a loop over its characters (no regular expression repeats
 * over it). Entries are folded the same way when the list is compiled, and kept as typed for showing. An entry without a wildcard is then
 * found by a map lookup per word; one with wildcards by the letters it must start with, end with
 * or hold (a few lookups per distinct word), and compared by `startsWith`, `indexOf` and
 * `endsWith`, each linear in a word of at most 60 characters.
 * Pure: used by the server to match and by the admin form to check an entry as the server does.
 */
import { WATCHED_LIMITS } from "./moderation.ts";

/**
 * Invisible or combining code points: Unicode's Default_Ignorable_Code_Point (soft hyphen, the
 * zero-width space, joiners and word joiner, bidirectional and other format controls, variation
 * selectors, tag characters, Hangul fillers) and marks (accents, once NFKD has split them off).
 * One character per match, no repetition.
 */
const UNSEEN = /[\p{M}\p{Default_Ignorable_Code_Point}]/gu;

/** Compatibility forms split (NFKD), accents and invisible code points removed, lower case ("Ｃa\u200bfé" -> "cafe"). */
export function foldForMatch(text: string): string {
  return text.normalize("NFKD").replace(UNSEEN, "").toLowerCase();
}

/** How text and entries are folded before matching: `foldForMatch`, or the server's skeleton (lib/community/skeleton.ts). */
export type Fold = (text: string) => string;

const LETTER_OR_DIGIT = /^[\p{L}\p{N}]$/u;

/** One character (a code point) of a word: checked alone, so no pattern ever repeats over the text. */
function isWordChar(ch: string): boolean {
  const code = ch.charCodeAt(0);
  if (code < 0x80) return (code >= 0x61 && code <= 0x7a) || (code >= 0x30 && code <= 0x39) || (code >= 0x41 && code <= 0x5a);
  return LETTER_OR_DIGIT.test(ch);
}

/**
 * A word's first characters are all a match can need: no entry is longer than 60 characters, and
 * its skeleton seldom more than twice that ("m" folds to "rn"); four times leaves room.
 */
const WORD_KEEP = WATCHED_LIMITS.length * 4;

/**
 * The words of a text's skeleton, in order. A word longer than any entry can be is kept as its
 * first WORD_KEEP characters and a mark no entry holds, so it can match only an entry that ends in `*`.
 */
export function wordsOf(text: string, fold: Fold = foldForMatch): string[] {
  const words: string[] = [];
  let word = "";
  let length = 0;
  const end = () => {
    if (length) words.push(length > WORD_KEEP ? `${word}…` : word);
    word = "";
    length = 0;
  };
  for (const ch of fold(text)) {
    if (!isWordChar(ch)) end();
    else if (length++ < WORD_KEEP) word += ch;
  }
  end();
  return words;
}

export type ParsedEntry = { pattern: string } | { error: string };

/**
 * An admin's entry, checked and put in its stored form: folded, words separated by one space,
 * runs of `*` made one. The same rules in the admin form and the API.
 */
export function parseWatchedEntry(input: string): ParsedEntry {
  const words: string[] = [];
  let word = "";
  for (const ch of foldForMatch(input)) {
    if (ch === "*") {
      if (!word.endsWith("*")) word += ch;
    } else if (isWordChar(ch)) word += ch;
    else if (word) words.push(word), word = "";
  }
  if (word) words.push(word);
  const pattern = words.join(" ");
  if (!words.length) return { error: "Enter a word or a phrase" };
  if (pattern.length > WATCHED_LIMITS.length) return { error: `An entry is at most ${WATCHED_LIMITS.length} characters` };
  if (words.length > WATCHED_LIMITS.words) return { error: `A phrase is at most ${WATCHED_LIMITS.words} words` };
  for (const w of words) {
    if (w === "*") return { error: "Each word needs a letter or a digit besides *" };
    if (w.split("*").length - 1 > WATCHED_LIMITS.starsPerWord) return { error: `At most ${WATCHED_LIMITS.starsPerWord} * in a word` };
  }
  if (pattern.replaceAll("*", "").replaceAll(" ", "").length < 2) return { error: "An entry needs at least two letters or digits" };
  return { pattern };
}

/** One word of an entry: the text itself, or the pieces between its wildcards. */
type WordRule = { exact: string } | { parts: string[] };
type Entry = { pattern: string; rules: WordRule[] };

/** A stored word's rule, its pieces folded as the text's words are. */
function ruleOf(word: string, fold: Fold): WordRule {
  return word.includes("*") ? { parts: word.split("*").map(fold) } : { exact: fold(word) };
}

/** Whether a folded word fits a wildcard rule: its first piece starts it, its last ends it, the others follow in order. */
function fitsParts(word: string, parts: string[]): boolean {
  const first = parts[0];
  const last = parts[parts.length - 1];
  if (word.length < first.length + last.length || !word.startsWith(first) || !word.endsWith(last)) return false;
  let at = first.length;
  const end = word.length - last.length;
  for (let i = 1; i < parts.length - 1; i++) {
    const found = word.indexOf(parts[i], at);
    if (found < 0 || found + parts[i].length > end) return false;
    at = found + parts[i].length;
  }
  return true;
}

const fits = (word: string, rule: WordRule) => ("exact" in rule ? word === rule.exact : fitsParts(word, rule.parts));

/**
 * A list compiled for matching. Entries whose first word is plain are found by that word. The
 * others by a few letters their first word must hold: its start ("^spa" for "spam*"), else its end
 * ("$ing" for "*ing"), else a piece in between ("~fre" for "*free*"), up to three letters each; a
 * word of the text looks up its own starts, ends and pieces, so each word costs a few map lookups
 * whatever the list holds, and only the entries found that way are compared with it.
 */
export type WatchList = {
  byFirstWord: Map<string, Entry[]>;
  byLetters: Map<string, Entry[]>;
  /** The lengths of the keys in use, by kind ("^", "$", "~"): a word makes only keys some entry has. */
  keyLengths: Record<"^" | "$" | "~", number[]>;
  size: number;
  fold: Fold;
};

const KEY = 3;

function lettersKey(parts: string[]): string {
  const first = parts[0];
  const last = parts[parts.length - 1];
  if (first) return `^${first.slice(0, KEY)}`;
  if (last) return `$${last.slice(-KEY)}`;
  const longest = parts.reduce((a, b) => (b.length > a.length ? b : a), "");
  return `~${longest.slice(0, KEY)}`;
}

const add = (map: Map<string, Entry[]>, key: string, entry: Entry) => map.set(key, [...(map.get(key) ?? []), entry]);

export function compileWatchList(patterns: readonly string[], fold: Fold = foldForMatch): WatchList {
  const byFirstWord = new Map<string, Entry[]>();
  const byLetters = new Map<string, Entry[]>();
  const lengths = { "^": new Set<number>(), "$": new Set<number>(), "~": new Set<number>() };
  for (const pattern of patterns) {
    const entry = { pattern, rules: pattern.split(" ").map((word) => ruleOf(word, fold)) };
    const first = entry.rules[0];
    if ("exact" in first) add(byFirstWord, first.exact, entry);
    else {
      const key = lettersKey(first.parts);
      lengths[key[0] as "^" | "$" | "~"].add(key.length - 1);
      add(byLetters, key, entry);
    }
  }
  const keyLengths = { "^": [...lengths["^"]], "$": [...lengths["$"]], "~": [...lengths["~"]] };
  return { byFirstWord, byLetters, keyLengths, size: patterns.length, fold };
}

/** The wildcard entries whose first word fits `word`: the ones its letters lead to, then compared. */
function wildFor(list: WatchList, word: string): Entry[] {
  const out: Entry[] = [];
  const look = (key: string) => {
    for (const e of list.byLetters.get(key) ?? []) if (!out.includes(e) && fits(word, e.rules[0])) out.push(e);
  };
  const { keyLengths } = list;
  for (const k of keyLengths["^"]) if (k <= word.length) look(`^${word.slice(0, k)}`);
  for (const k of keyLengths["$"]) if (k <= word.length) look(`$${word.slice(-k)}`);
  for (const k of keyLengths["~"]) for (let i = 0; i + k <= word.length; i++) look(`~${word.slice(i, i + k)}`);
  return out;
}

/** The entries found in the texts (each once, in the order found); empty when none. */
export function findWatched(list: WatchList, texts: readonly string[], max = 5): string[] {
  const found = new Set<string>();
  if (!list.size) return [];
  for (const text of texts) {
    const words = wordsOf(text, list.fold);
    // The wildcard entries whose first word fits a given word, worked out once per distinct word.
    const wild = new Map<string, Entry[]>();
    for (let i = 0; i < words.length && found.size < max; i++) {
      let fitting = wild.get(words[i]);
      if (!fitting) wild.set(words[i], fitting = list.byLetters.size ? wildFor(list, words[i]) : []);
      for (const entry of [...(list.byFirstWord.get(words[i]) ?? []), ...fitting]) {
        if (found.has(entry.pattern) || i + entry.rules.length > words.length) continue;
        let all = true;
        for (let j = 1; j < entry.rules.length && all; j++) all = fits(words[i + j], entry.rules[j]);
        if (all) found.add(entry.pattern);
      }
    }
  }
  return [...found];
}
