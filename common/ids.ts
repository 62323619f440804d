/**
 * Row ids as they arrive in paths, bodies and page links. The rule everywhere: a well-formed id
 * is a whole number from 1 up to 2^53 - 1 (digits only as text, or a JSON number); anything else
 * is malformed (the API answers 400), while a well-formed id of no row is unknown (404).
 */
const DIGITS = /^\d{1,16}$/;

/** The id, or null when `raw` is not a well-formed id. */
export function parseId(raw: unknown): number | null {
  const text = typeof raw === "number" ? String(raw) : typeof raw === "string" ? raw : "";
  if (!DIGITS.test(text)) return null;
  const id = Number(text);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** The id in a media page segment: a plain id, or the digits after the slug's last dash. */
export function idFromSlug(segment: string): number | null {
  const m = /^(?:.+-)?(\d{1,16})$/.exec(segment);
  return m ? parseId(m[1]) : null;
}
