/**
 * Watched words (issue 34): the time to check one post against the list, in process. Texts: a
 * 2,000-character comment of prose, a 20,000-character thread of prose, and two hostile 20,000-
 * character threads (one word of 20,000 letters; 4,400 distinct words that each fit a wildcard's
 * first letters). Lists: 300 plain words, and 300 wildcard entries (`*a{i}b*c*`, the costliest
 * form: no letters at either end). Median and p99 of 200 checks each, after a warm-up; the link
 * rule on the same texts alongside.
 *   NODE_ENV=production deno run -A bench/watched.ts
 */
import { compileWatchList, findWatched } from "../common/watched_words.ts";
import { skeleton } from "../lib/community/skeleton.ts";
import { hasLink } from "../lib/community/links.ts";
import { WATCHED_LIMITS } from "../common/moderation.ts";

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))];
const prose = "Lovely light on the water, the colours of the sky are unreal. Which model did you use for this one? ";
const texts: [string, string][] = [
  ["comment, prose, 2,000 chars", prose.repeat(30).slice(0, 2_000)],
  ["thread, prose, 20,000 chars", prose.repeat(300).slice(0, 20_000)],
  ["thread, one 20,000-letter word", "a".repeat(20_000)],
  ["thread, 4,400 distinct words", Array.from({ length: 5_000 }, (_, i) => `a${i}b`).join(" ").slice(0, 20_000)],
];
const lists: [string, string[]][] = [
  ["300 plain words", Array.from({ length: WATCHED_LIMITS.entries }, (_, i) => `word${i}`)],
  ["300 *x*y* wildcards", Array.from({ length: WATCHED_LIMITS.entries }, (_, i) => `*a${i}b*c*`)],
];

function time(fn: () => unknown): [number, number] {
  for (let i = 0; i < 20; i++) fn();
  const times = Array.from({ length: 200 }, () => {
    const t = performance.now();
    fn();
    return performance.now() - t;
  });
  return [pct(times, 0.5), pct(times, 0.99)];
}

console.log("watched words: one post checked against the list (in process)");
console.log(["list", "text", "p50 ms", "p99 ms"].join("\t"));
for (const [listName, entries] of lists) {
  // Folded as the server folds: to the skeleton (issue 42 point 3).
  const list = compileWatchList(entries, skeleton);
  for (const [textName, text] of texts) {
    const [p50, p99] = time(() => findWatched(list, [text]));
    console.log([listName, textName, p50.toFixed(3), p99.toFixed(3)].join("\t"));
  }
}
for (const [textName, text] of texts) {
  const [p50, p99] = time(() => hasLink(text));
  console.log(["link rule", textName, p50.toFixed(3), p99.toFixed(3)].join("\t"));
}
