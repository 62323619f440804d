/** The few XML helpers the feeds need: escaped text and attributes, and elements built from them. */

/** Characters XML 1.0 forbids (C0 controls but tab, newline and return; lone surrogates; U+FFFE/U+FFFF) are dropped. */
// deno-lint-ignore no-control-regex
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" };

/** The text without the characters XML 1.0 forbids. */
export const xmlClean = (s: string) => s.replace(CONTROL, "").replace(LONE_SURROGATE, "");

export const xmlEscape = (s: string) => xmlClean(s).replace(/[&<>"']/g, (ch) => ENTITIES[ch]);

type Attrs = Record<string, string | number | null | undefined>;

const attrText = (attrs: Attrs) =>
  Object.entries(attrs).filter(([, v]) => v !== null && v !== undefined).map(([k, v]) => ` ${k}="${xmlEscape(String(v))}"`).join("");

/** `<name attrs>text</name>`, escaped; a null text makes an empty element. */
export const el = (name: string, text: string | null, attrs: Attrs = {}) =>
  text === null ? `<${name}${attrText(attrs)}/>` : `<${name}${attrText(attrs)}>${xmlEscape(text)}</${name}>`;

/** An element holding already built children. */
export const parent = (name: string, children: string[], attrs: Attrs = {}) => `<${name}${attrText(attrs)}>${children.join("")}</${name}>`;

export const XML_DECL = '<?xml version="1.0" encoding="UTF-8"?>';
export const MEDIA_NS = "http://search.yahoo.com/mrss/";
export const ATOM_NS = "http://www.w3.org/2005/Atom";
