/**
 * Text input normalisation (quality bar 18), run once on every string a request carries before
 * any rule looks at it (lib/validate.ts), and usable by islands for the same result: NFC, C0
 * controls other than newline and tab removed (a NUL would cut the stored text), carriage
 * returns folded into newlines, and the bidi embedding, override and isolate controls
 * (U+202A-202E, U+2066-2069) removed so no text can reorder what is shown around it.
 */
// deno-lint-ignore no-control-regex
const STRIPPED = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F\u202A-\u202E\u2066-\u2069]/g;

export function normalizeText(value: string): string {
  return value.replace(/\r\n?/g, "\n").replace(STRIPPED, "").normalize("NFC");
}

/**
 * How deep arrays and objects may nest in a request. Every payload of the site is two or three
 * levels deep; 10 KB of `[` (10,000 levels) used to overflow the stack of the walk below (issue 19).
 */
export const MAX_NESTING = 32;

/** Thrown for a value nested deeper than MAX_NESTING (the server answers 400). */
export class TooDeepError extends Error {
  constructor() {
    super(`Request body is nested too deeply (at most ${MAX_NESTING} levels)`);
  }
}

/** The same for every string inside a parsed JSON value (keys included), leaving the rest as it is. */
export function normalizeStrings(value: unknown, depth = 0): unknown {
  if (typeof value === "string") return normalizeText(value);
  if (value === null || typeof value !== "object") return value;
  if (depth >= MAX_NESTING) throw new TooDeepError();
  if (Array.isArray(value)) return value.map((v) => normalizeStrings(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[normalizeText(k)] = normalizeStrings(v, depth + 1);
  return out;
}
