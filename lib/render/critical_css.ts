/**
 * The part of the stylesheet a page's own HTML uses, for a first visit's inlined <style>
 * (docs/decisions/005-inline-css-first-visit.md). The whole sheet inlined made a first home page
 * 17.5 KB gzip, over the 14 KB of the first round trip; the rules whose class selectors the HTML
 * holds are about a third of it. The full file follows at the end of the body: it does not hold
 * up the first paint, and it is there before any island renders (module scripts wait for it).
 *
 * A style rule is kept when one of its selectors needs only classes the page has (see
 * neededClasses: a class inside `:not()` or among alternatives is never counted as needed, so a
 * rule is never left out for one); rules without classes (the reset, the theme) are always kept.
 * Custom properties of the theme and `@property` rules stay only when a kept rule uses them.
 */

import { htmlClasses } from "./html_classes.ts";

type StyleRule = { kind: "rule"; text: string; index: number; needs: string[][] | null };
type Block = { kind: "block"; open: string; children: Node[] };
type Verbatim = { kind: "verbatim"; text: string; property?: string };
type Node = StyleRule | Block | Verbatim;

export type CriticalSheet = { nodes: Node[]; rules: StyleRule[] };

/** Index after the string starting at `i` (a quote). */
function skipString(css: string, i: number): number {
  const quote = css[i];
  for (i++; i < css.length && css[i] !== quote; i++) if (css[i] === "\\") i++;
  return i + 1;
}

/** Index of the first of `stops` at nesting depth 0 from `i` (strings, comments, parens and brackets skipped). */
function scanTo(css: string, i: number, stops: string): number {
  let depth = 0;
  while (i < css.length) {
    const ch = css[i];
    if (ch === '"' || ch === "'") i = skipString(css, i);
    else if (ch === "/" && css[i + 1] === "*") i = css.indexOf("*/", i + 2) < 0 ? css.length : css.indexOf("*/", i + 2) + 2;
    else if (ch === "\\") i += 2;
    else {
      if (depth === 0 && stops.includes(ch)) return i;
      if (ch === "(" || ch === "[") depth++;
      else if (ch === ")" || ch === "]") depth--;
      i++;
    }
  }
  return i;
}

/** Index just after the `}` closing the block whose `{` is at `open`. */
function blockEnd(css: string, open: number): number {
  let depth = 0;
  for (let i = open; i < css.length;) {
    const ch = css[i];
    if (ch === '"' || ch === "'") i = skipString(css, i);
    else if (ch === "\\") i += 2;
    else if (ch === "/" && css[i + 1] === "*") i = css.indexOf("*/", i + 2) + 2;
    else {
      if (ch === "{") depth++;
      else if (ch === "}" && --depth === 0) return i + 1;
      i++;
    }
  }
  return css.length;
}

const HEX = /^[0-9a-fA-F]{1,6}[ \t\n]?/;

/** A CSS identifier from `i` with its escapes resolved (`.sm\:px-6` is the class `sm:px-6`). */
function readIdent(sel: string, i: number): [string, number] {
  let out = "";
  while (i < sel.length) {
    const ch = sel[i];
    if (ch === "\\") {
      const hex = HEX.exec(sel.slice(i + 1, i + 8));
      if (hex) {
        out += String.fromCodePoint(parseInt(hex[0], 16));
        i += 1 + hex[0].length;
      } else {
        out += sel[i + 1];
        i += 2;
      }
    } else if (/[\w-]/.test(ch) || ch.charCodeAt(0) > 127) {
      out += ch;
      i++;
    } else break;
  }
  return [out, i];
}

/** Pseudo-classes whose one selector argument must match too (`:where(.space-y-2>*)` needs `.space-y-2`). */
const REQUIRING = new Set(["is", "where", "has"]);

/**
 * The classes a selector needs. Inside `:is()`, `:where()` and `:has()` with one selector they
 * count; inside `:not()`, other functions, lists of alternatives and attribute brackets they do not.
 */
function neededClasses(selector: string): string[] {
  const classes: string[] = [];
  for (let i = 0; i < selector.length;) {
    const ch = selector[i];
    if (ch === '"' || ch === "'") i = skipString(selector, i);
    else if (ch === "\\") i += 2;
    else if (ch === "[") i = scanTo(selector, i + 1, "]") + 1;
    else if (ch === "(") {
      const close = scanTo(selector, i + 1, ")");
      const args = selector.slice(i + 1, close);
      const name = /:([\w-]+)$/.exec(selector.slice(0, i))?.[1] ?? "";
      if (REQUIRING.has(name) && scanTo(args, 0, ",") === args.length) classes.push(...neededClasses(args));
      i = close + 1;
    } else if (ch === ".") {
      const [name, next] = readIdent(selector, i + 1);
      if (name) classes.push(name);
      i = next;
    } else i++;
  }
  return classes;
}

/** A selector list split at its top-level commas. */
function selectors(prelude: string): string[] {
  const out: string[] = [];
  for (let i = 0; i <= prelude.length;) {
    const end = scanTo(prelude, i, ",");
    out.push(prelude.slice(i, end).trim());
    i = end + 1;
  }
  return out;
}

const GROUPING = /^@(media|supports|layer|container|scope|starting-style)\b/;

/** Parses a built stylesheet once into kept-or-not units. */
export function parseSheet(css: string): CriticalSheet {
  const rules: StyleRule[] = [];
  const parse = (from: number, to: number): Node[] => {
    const nodes: Node[] = [];
    let i = from;
    while (i < to) {
      while (i < to && /\s/.test(css[i])) i++;
      if (i >= to) break;
      if (css.startsWith("/*", i)) {
        i = css.indexOf("*/", i + 2) + 2;
        continue;
      }
      const stop = scanTo(css, i, "{;}");
      const prelude = css.slice(i, stop).trim();
      if (stop >= to || css[stop] !== "{") {
        if (prelude) nodes.push({ kind: "verbatim", text: `${prelude};` });
        i = stop + 1;
        continue;
      }
      const end = blockEnd(css, stop);
      if (GROUPING.test(prelude)) {
        nodes.push({ kind: "block", open: prelude, children: parse(stop + 1, end - 1) });
      } else if (prelude.startsWith("@")) {
        const property = /^@property\s+(--[\w-]+)/.exec(prelude)?.[1];
        nodes.push({ kind: "verbatim", text: css.slice(i, end), property });
      } else {
        const lists = selectors(prelude).map(neededClasses);
        const rule: StyleRule = {
          kind: "rule",
          text: css.slice(i, end),
          index: rules.length,
          needs: lists.some((l) => l.length === 0) ? null : lists,
        };
        rules.push(rule);
        nodes.push(rule);
      }
      i = end;
    }
    return nodes;
  };
  return { nodes: parse(0, css.length), rules };
}

/** The custom properties a text uses, `var(--x)` and `@property --x` alike. */
const usedVars = (text: string, into: Set<string>) => {
  for (const m of text.matchAll(/var\((--[\w-]+)/g)) into.add(m[1]);
};

/** The theme's declarations of custom properties nothing kept uses are dropped. */
function pruneVars(text: string, used: Set<string>): string {
  const open = text.indexOf("{");
  const body = text.slice(open + 1, -1);
  const decls: string[] = [];
  for (let i = 0; i < body.length;) {
    const end = scanTo(body, i, ";");
    const decl = body.slice(i, end);
    const name = /^\s*(--[\w-]+)\s*:/.exec(decl)?.[1];
    if (!name || used.has(name)) decls.push(decl);
    i = end + 1;
  }
  return `${text.slice(0, open)}{${decls.join(";")}}`;
}

const THEME = /^:root,\s*:host\{/;

/** The stylesheet cut down to what `classes` need. */
export function criticalCss(sheet: CriticalSheet, keep: (rule: StyleRule) => boolean): string {
  // Custom properties in use: those of kept rules, then of theme values that use others.
  const used = new Set<string>();
  for (const rule of sheet.rules) if (keep(rule) && !THEME.test(rule.text)) usedVars(rule.text, used);
  const themes = sheet.rules.filter((r) => THEME.test(r.text));
  for (let size = -1; size !== used.size;) {
    size = used.size;
    for (const theme of themes) usedVars(pruneVars(theme.text, used), used);
  }
  const emit = (nodes: Node[]): string => {
    let out = "";
    for (const node of nodes) {
      if (node.kind === "block") {
        const inner = emit(node.children);
        if (inner) out += `${node.open}{${inner}}`;
      } else if (node.kind === "verbatim") {
        if (!node.property || used.has(node.property)) out += node.text;
      } else if (keep(node)) {
        out += THEME.test(node.text) ? pruneVars(node.text, used) : node.text;
      }
    }
    return out;
  };
  return emit(sheet.nodes);
}

/** Whether a rule applies to a page with these classes. */
export const ruleMatches = (classes: Set<string>) => (rule: StyleRule): boolean =>
  rule.needs === null || rule.needs.some((list) => list.every((name) => classes.has(name)));

/**
 * The critical CSS of a page, kept per set of matching rules: pages of one kind match the same
 * rules, so the cut is made once and the same string comes back (compress.ts keys its
 * precompressed start on it).
 */
export class CriticalCss {
  readonly #sheet: CriticalSheet;
  readonly #cuts = new Map<string, string>();

  constructor(css: string) {
    this.#sheet = parseSheet(css);
  }

  forHtml(html: string): string {
    const matches = ruleMatches(htmlClasses(html));
    let key = "";
    for (const rule of this.#sheet.rules) if (rule.needs !== null && matches(rule)) key += `${rule.index},`;
    let css = this.#cuts.get(key);
    if (css === undefined) {
      css = criticalCss(this.#sheet, matches);
      if (this.#cuts.size >= 64) this.#cuts.clear();
      this.#cuts.set(key, css);
    }
    return css;
  }
}
