/**
 * The rank of a search's window (decision 020): each word counts the weight of the best column
 * it is found in (title 10, tags 5, uploader 4, prompt 3, AI generator 3, description 2: the
 * weights bm25 had), the sum ranks, and ties go to the newer item. Words are matched as the
 * index matches them: whole words, the last one as a prefix, case and accents aside.
 */
import type { SearchRow } from "../../db/queries/search.ts";

const COLUMNS: [keyof SearchRow, number][] = [
  ["title", 10],
  ["tags", 5],
  ["username", 4],
  ["prompt", 3],
  ["aiGenerator", 3],
  ["description", 2],
];

/** Lower case without accents, as the index's tokenizer (unicode61, remove_diacritics 2) folds text. */
export function foldText(text: string): string {
  const lower = text.toLowerCase();
  // deno-lint-ignore no-control-regex
  return /[^\x00-\x7f]/.test(lower) ? lower.normalize("NFD").replace(/\p{M}/gu, "") : lower;
}

function wordPattern(word: string, prefix: boolean): RegExp {
  const body = foldText(word).replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`(?<![\\p{L}\\p{N}])${body}${prefix ? "" : "(?![\\p{L}\\p{N}])"}`, "u");
}

/** The window's ids, best first. */
export function rankWindow(rows: SearchRow[], words: string[], lastIsPrefix: boolean): number[] {
  const patterns = words.map((w, i) => wordPattern(w, lastIsPrefix && i === words.length - 1));
  const scored = rows.map((row) => {
    // Folded once, when a word is looked for there: most words are found in the first columns.
    const texts: string[] = [];
    const text = (c: number) => texts[c] ??= foldText(String(row[COLUMNS[c][0]] ?? ""));
    let score = 0;
    for (const p of patterns) {
      for (let c = 0; c < COLUMNS.length; c++) {
        if (p.test(text(c))) {
          score += COLUMNS[c][1];
          break;
        }
      }
    }
    return { id: Number(row.id), score };
  });
  return scored.sort((a, b) => b.score - a.score || b.id - a.id).map((s) => s.id);
}
