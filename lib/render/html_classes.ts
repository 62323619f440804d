/**
 * The class names a page's first paint can show (lib/render/critical_css.ts keeps the rules for them).
 * It runs on every first-visit page, so it reads the page once: React writes every attribute as
 * `name="value"` and escapes `"`, `<` and `>` inside values and text, and `"` is `\"` in the
 * JSON of island props, so ` class="`, ` popover="` and ` hidden="` only ever start an attribute.
 */

const ENTITIES: Record<string, string> = { "&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": '"', "&#x27;": "'", "&#39;": "'" };
const VOID = new Set(["area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"]);

/** The end of the element whose opening tag starts at `start`. */
function elementEnd(html: string, start: number): number {
  let nameEnd = start + 1;
  while (nameEnd < html.length && !" />".includes(html[nameEnd])) nameEnd++;
  const tag = html.slice(start + 1, nameEnd);
  const tagEnd = html.indexOf(">", start) + 1;
  if (VOID.has(tag) || html[tagEnd - 2] === "/") return tagEnd;
  const open = `<${tag}`, close = `</${tag}>`;
  let depth = 1;
  let nextOpen = html.indexOf(open, tagEnd);
  for (let p = html.indexOf(close, tagEnd); p >= 0; p = html.indexOf(close, p + close.length)) {
    for (; nextOpen >= 0 && nextOpen < p; nextOpen = html.indexOf(open, nextOpen + open.length)) {
      if (" >".includes(html[nextOpen + open.length])) depth++;
    }
    if (--depth === 0) return p + close.length;
  }
  return html.length;
}

/** Class attributes and the marks of hidden content: closed popovers and dialogs, `hidden` elements. */
const MARKS = / class="| popover="| hidden="|<dialog[\s>]/g;

/** Every class name in the HTML's class attributes outside hidden elements, in one pass. */
export function htmlClasses(html: string): Set<string> {
  const values = new Set<string>();
  MARKS.lastIndex = 0;
  for (let m; (m = MARKS.exec(html));) {
    const at = MARKS.lastIndex;
    if (m[0] === ' class="') {
      const end = html.indexOf('"', at);
      values.add(html.slice(at, end));
      MARKS.lastIndex = end;
    } else if (m[0][0] === "<") {
      if (!html.slice(m.index, html.indexOf(">", m.index)).includes(' open="')) MARKS.lastIndex = elementEnd(html, m.index);
    } else {
      const start = html.lastIndexOf("<", m.index);
      if (html.indexOf(">", start) > m.index) MARKS.lastIndex = elementEnd(html, start);
    }
  }
  const found = new Set<string>();
  for (let value of values) {
    if (value.includes("&")) value = value.replace(/&(amp|lt|gt|quot|#x27|#39);/g, (e) => ENTITIES[e]);
    for (const name of value.split(" ")) if (name) found.add(name);
  }
  return found;
}
