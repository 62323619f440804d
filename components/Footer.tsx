import type { SiteText } from "../common/legal/mod.ts";
import { LegalText } from "./LegalText.tsx";
import { PopoverDialog } from "./Popover.tsx";

type Props = { siteName: string; supportEmail: string; copyrightEmail: string; rules: SiteText };

/** The footer's links to the texts that are pages of their own; with JavaScript they open in the site-text dialog. */
const TEXT_LINKS = [
  { name: "terms-of-service", label: "Terms" },
  { name: "privacy-policy", label: "Privacy" },
  { name: "faq", label: "FAQ" },
];

/**
 * Spec part 2 §2 "Legal, rules and footer": kept at the bottom of the screen (sticky, so it also
 * takes its own room at the end of the page and never covers the last row), with the links, the
 * Rules and Contact dialogs, the fictional-content disclaimer and, on wide screens, the copyright.
 * On a phone it stays one slim line (issue 36 point 14) with a short disclaimer in whole words, and
 * wraps rather than scrolling sideways where even that does not fit (issue 43: a sideways strip cut
 * "All content is AI-gene..." mid-word).
 */
export function Footer({ siteName, supportEmail, copyrightEmail, rules }: Props) {
  const link = "shrink-0 py-1 hover:text-white";
  return (
    <footer className="sticky bottom-0 z-30 mt-auto border-t border-neutral-800 bg-neutral-950 px-4 py-1 text-xs text-neutral-400 sm:py-2">
      <div className="mx-auto flex max-w-[1800px] flex-wrap items-center gap-x-3 gap-y-0.5 sm:gap-x-4">
        {TEXT_LINKS.map((l) => <a key={l.name} href={`/${l.name}`} data-site-text={l.name} className={link}>{l.label}</a>)}
        <button type="button" popoverTarget="rules-dialog" className={link}>Rules</button>
        <button type="button" popoverTarget="contact-dialog" className={link}>Contact</button>
        {/* Whole words on a phone, on the links' line (issue 43: a sideways strip cut it mid-word); the spec's copyright line is for wide screens. */}
        <span data-testid="footer-disclaimer">
          <span className="sm:hidden">All content is fictional.</span>
          <span className="hidden sm:inline">All content is AI-generated and purely fictional.</span>
        </span>
        <span className="ml-auto hidden lg:inline">{`© ${new Date().getFullYear()} ${siteName}. All rights reserved.`}</span>
      </div>
      <PopoverDialog id="rules-dialog" title={rules.title} wide>
        <LegalText text={rules} compact />
      </PopoverDialog>
      <PopoverDialog id="contact-dialog" title="Contact us">
        <dl className="space-y-4 text-sm">
          <ContactAddress label="General support" email={supportEmail} />
          <ContactAddress label="Copyright takedown" email={copyrightEmail} />
        </dl>
      </PopoverDialog>
      {/* Filled by islands/client.ts with the text a footer link names (GET /api/pages/{name}). */}
      <PopoverDialog id="site-text-dialog" title="" wide>
        <div data-site-text-body />
      </PopoverDialog>
    </footer>
  );
}

/** An address with a copy button; the button needs script, so it stays hidden until islands/client.ts runs. */
function ContactAddress({ label, email }: { label: string; email: string }) {
  return (
    <div>
      <dt className="text-neutral-400">{label}</dt>
      <dd className="mt-1 flex items-center justify-between gap-3">
        <a className="break-all text-orange-400 hover:underline" href={`mailto:${email}`}>{email}</a>
        <button type="button" data-copy={email} hidden className="btn-secondary shrink-0 px-3 py-1 text-xs" aria-label={`Copy ${email}`}>
          Copy
        </button>
      </dd>
    </div>
  );
}
