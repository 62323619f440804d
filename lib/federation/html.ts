/** Member text as the HTML an ActivityPub `content` or `summary` carries: escaped, lines kept, nothing of it markup. */
const ESC: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ESC[c]);

/** Paragraphs at blank lines, `<br>` at single ones. */
export function textToHtml(text: string): string {
  return text.trim().split(/\n{2,}/).filter(Boolean).map((p) => `<p>${escapeHtml(p).replaceAll("\n", "<br>")}</p>`).join("");
}
