/** lib/render/critical_css.ts and lib/render/html_classes.ts: which rules a page's first paint gets inlined. */
import assert from "node:assert/strict";
import { CriticalCss, criticalCss, parseSheet, ruleMatches } from "../lib/render/critical_css.ts";
import { htmlClasses } from "../lib/render/html_classes.ts";
import { manifest } from "../lib/render/assets.ts";

const classes = (html: string) => [...htmlClasses(html)].sort();

Deno.test("[css] the classes of a page leave out closed popovers and dialogs and hidden elements, and unescape entities", () => {
  const html = '<body class="dark"><div class="a b  a"><span class="c">x</span></div>' +
    '<div id="m" popover="auto" class="pop"><div class="inner"><div class="deep"></div></div><p class="in-pop">t</p></div>' +
    '<p class="after">y</p><input hidden="" class="hidden-input"/><i class="after-input"></i>' +
    '<dialog class="closed"><b class="in-dialog"></b></dialog><dialog open="" class="shown"></dialog>' +
    '<button hidden="" class="copy">Copy</button><div class="[&amp;&gt;:first-child]:w-96 w-[min(28rem,92vw)]"></div>' +
    '<script type="application/json">{"t":"x class=\\"json\\" popover=\\"auto\\""}</script><em class="last"></em>';
  assert.deepEqual(classes(html), [
    "[&>:first-child]:w-96",
    "a",
    "after",
    "after-input",
    "b",
    "c",
    "dark",
    "last",
    "shown",
    "w-[min(28rem,92vw)]",
  ]);
});

const SHEET = "@layer properties;@layer theme,base,utilities;" +
  "@layer theme{:root,:host{--color-red: red;--color-blue: blue;--spacing: .25rem;--font: var(--font-sans);--font-sans: Arial}}" +
  "@layer base{*,:before{margin:0}html{font-family:var(--font)}}" +
  "@layer utilities{.p-2{padding:calc(var(--spacing) * 2)}.text-red{color:var(--color-red)}.text-blue{color:var(--color-blue)}" +
  ".sm\\:p-4{padding:1rem}.w-1\\/2{width:50%}:where(.space-y-1>:not(:last-child)){margin:0}" +
  ".group-hover\\:x:is(:where(.group):hover *){--tw-x: 1;translate:var(--tw-x)}.a.b{color:red}.not-x:not(.other){color:red}" +
  "@media (width>=40rem){.md\\:flex{display:flex}}.card{content:'{';&:hover{@media (hover:hover){color:var(--color-red)}}}}" +
  '@property --tw-x{syntax:"*";inherits:false;initial-value:0}@property --tw-y{syntax:"*";inherits:false}' +
  "@keyframes spin{to{transform:rotate(360deg)}}";

Deno.test("[css] only the rules whose classes the page has are kept, in order, with their at-rules, and the theme's unused properties go", () => {
  const sheet = parseSheet(SHEET);
  const cut = (names: string[]) => criticalCss(sheet, ruleMatches(new Set(names)));
  const css = cut(["p-2", "text-red", "sm:p-4", "w-1/2", "space-y-1", "group-hover:x", "group", "a", "not-x", "card"]);
  assert.equal(
    css,
    "@layer properties;@layer theme,base,utilities;" +
      "@layer theme{:root,:host{--color-red: red;--spacing: .25rem;--font: var(--font-sans);--font-sans: Arial}}" +
      "@layer base{*,:before{margin:0}html{font-family:var(--font)}}" +
      "@layer utilities{.p-2{padding:calc(var(--spacing) * 2)}.text-red{color:var(--color-red)}" +
      ".sm\\:p-4{padding:1rem}.w-1\\/2{width:50%}:where(.space-y-1>:not(:last-child)){margin:0}" +
      ".group-hover\\:x:is(:where(.group):hover *){--tw-x: 1;translate:var(--tw-x)}.not-x:not(.other){color:red}" +
      ".card{content:'{';&:hover{@media (hover:hover){color:var(--color-red)}}}}" +
      '@property --tw-x{syntax:"*";inherits:false;initial-value:0}' +
      "@keyframes spin{to{transform:rotate(360deg)}}",
  );
  // `.a.b` needs both classes; an at-rule with nothing left in it goes; `md:flex` comes back with its @media.
  assert.ok(!css.includes(".a.b") && !css.includes("@media (width"));
  // A class inside `:where()` or `:is()` is needed, one inside `:not()` is not.
  const bare = cut(["group-hover:x", "not-x"]);
  assert.ok(!bare.includes("space-y-1") && !bare.includes("group-hover") && bare.includes(".not-x:not(.other)"));
  assert.ok(cut(["a", "b", "md:flex"]).includes(".a.b{color:red}@media (width>=40rem){.md\\:flex{display:flex}}"));
});

Deno.test("[css] the built stylesheet parses back whole, and a page's cut is made once and reused", () => {
  const { cssText } = manifest();
  const sheet = parseSheet(cssText);
  // Keeping every rule gives the sheet back, but for `@property` rules of custom properties nothing reads.
  const all = criticalCss(sheet, () => true);
  assert.ok(sheet.rules.length > 500);
  for (const rule of sheet.rules) if (!rule.text.startsWith(":root")) assert.ok(all.includes(rule.text), rule.text);
  assert.equal(
    all.replace(/@property[^{]+\{[^}]*\}/g, ""),
    cssText.replace(/^\/\*![^]*?\*\//, "").replace(/@property[^{]+\{[^}]*\}/g, "").trim(),
  );
  const critical = new CriticalCss(cssText);
  const page = '<html class="dark"><body class="bg-neutral-950"><div class="flex p-3 card"></div></body></html>';
  const first = critical.forHtml(page);
  assert.ok(first.length < cssText.length / 3, `${first.length} bytes`);
  assert.ok(first.includes(".bg-neutral-950{") && first.includes(".card{") && !first.includes(".btn-primary{"));
  assert.equal(critical.forHtml(page.replace("p-3", "p-3 unknown-class")), first, "a class the sheet does not style changes nothing");
  assert.notEqual(critical.forHtml(page.replace("flex", "grid")), first);
});
