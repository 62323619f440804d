/** A JSON Schema (as zod writes it) said in a few words for the API docs page: type, bounds, choices. */
type Json = Record<string, any>;

export function schemaSummary(s: Json | undefined): string {
  if (!s || Object.keys(s).length === 0) return "any";
  if (s.$ref) return String(s.$ref).split("/").pop()!;
  if (s.anyOf || s.oneOf) return (s.anyOf ?? s.oneOf).map(schemaSummary).join(" or ");
  if (s.const !== undefined) return JSON.stringify(s.const);
  if (s.enum) return `one of ${s.enum.map((v: unknown) => JSON.stringify(v)).join(", ")}`;
  const type = Array.isArray(s.type) ? s.type.join(" or ") : s.type ?? "any";
  if (type === "array") return `array of ${schemaSummary(s.items)}`;
  const bounds = [
    s.minLength !== undefined && `at least ${s.minLength} characters`,
    s.maxLength !== undefined && `at most ${s.maxLength} characters`,
    s.minimum !== undefined && `from ${s.minimum}`,
    s.exclusiveMinimum !== undefined && `above ${s.exclusiveMinimum}`,
    s.maximum !== undefined && s.maximum < Number.MAX_SAFE_INTEGER && `up to ${s.maximum}`,
    s.pattern && `matching ${s.pattern}`,
    s.format && s.format,
    s.default !== undefined && `default ${JSON.stringify(s.default)}`,
  ].filter(Boolean);
  const text = bounds.length ? `${type}, ${bounds.join(", ")}` : type;
  return s.description ? `${text}. ${s.description}` : text;
}
