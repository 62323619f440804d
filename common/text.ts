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

/** The same for every string inside a parsed JSON value (keys included), leaving the rest as it is. */
export function normalizeStrings(value: unknown): unknown {
  if (typeof value === "string") return normalizeText(value);
  if (Array.isArray(value)) return value.map(normalizeStrings);
  if (value && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[normalizeText(k)] = normalizeStrings(v);
    return out;
  }
  return value;
}
