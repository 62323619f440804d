const esc = (s: string) => s.replace(/[&<>"']/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch]!);

/** Splits a title into at most 3 lines of about 28 characters for the placeholder. */
function lines(title: string): string[] {
  const words = title.trim().split(/\s+/).filter(Boolean);
  const out: string[] = [];
  let line = "";
  for (const word of words) {
    const w = word.length > 28 ? word.slice(0, 27) + "…" : word;
    if (line && (line + " " + w).length > 28) {
      out.push(line);
      line = w;
      if (out.length === 3) break;
    } else line = line ? `${line} ${w}` : w;
  }
  if (out.length < 3 && line) out.push(line);
  else if (out.length === 3 && words.length) out[2] = out[2].replace(/…?$/, "…");
  return out.length ? out : ["Untitled"];
}

/**
 * A 16:9 SVG placeholder bearing the title (text escaped; no script, no external refs); with a null
 * title, the bare background (for an item this viewer may not see: its title is not theirs to read).
 */
export function placeholderSvg(title: string | null): string {
  const ls = title === null ? [] : lines(title);
  const y0 = 180 - (ls.length - 1) * 22;
  const text = ls.map((l, i) => `<text x="320" y="${y0 + i * 44}">${esc(l)}</text>`).join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="360" viewBox="0 0 640 360"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#1c1917"/><stop offset="1" stop-color="#7c2d12"/></linearGradient></defs><rect width="640" height="360" fill="url(#g)"/><g fill="#fafafa" font-family="system-ui,sans-serif" font-size="34" font-weight="700" text-anchor="middle" dominant-baseline="middle">${text}</g></svg>`;
}
