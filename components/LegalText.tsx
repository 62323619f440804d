import type { SiteText } from "../common/legal/mod.ts";

/**
 * A legal or help text as both its page and its dialog show it (one source): the date line,
 * a table of contents of its sections when asked, then the rendered Markdown.
 */
export function LegalText({ text, toc = false, compact = false }: { text: SiteText; toc?: boolean; compact?: boolean }) {
  return (
    <>
      {text.dateLine && <p className="mt-2 text-sm text-neutral-400">{text.dateLine}</p>}
      {toc && text.headings.length >= 3 && (
        <nav aria-label="Table of contents" className="mt-6 rounded-xl border border-neutral-800 bg-neutral-900/60 p-4">
          <p className="mb-2 text-sm font-semibold text-neutral-200">Contents</p>
          <ul className="gap-x-6 space-y-1 text-sm sm:columns-2">
            {text.headings.map((h) => (
              <li key={h.id} className="break-inside-avoid">
                <a href={`#${h.id}`} className="text-orange-400 hover:underline">{h.text}</a>
              </li>
            ))}
          </ul>
        </nav>
      )}
      <div className={compact ? "legal-text legal-compact" : "legal-text"} dangerouslySetInnerHTML={{ __html: text.html }} />
    </>
  );
}
