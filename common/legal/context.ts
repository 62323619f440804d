/** What the built-in legal and help texts say about the site that runs them (all from config). */
export type LegalContext = {
  siteName: string;
  siteUrl: string;
  operatorName: string;
  operatorAddress?: string;
  supportEmail: string;
  copyrightEmail: string;
  governingLaw: string;
  maxVideoMb: number;
  maxImageMb: number;
};

/** A built-in text: its page title, a line for search results, a date line, and its body in Markdown. */
export type LegalDoc = {
  title: string;
  description: string;
  /** "Last updated May 1, 2025": shown under the title; an operator's own file carries its own. */
  dateLine?: string;
  /** Markdown; each `##` heading is a section with its own anchor. */
  body: string;
};

/** Config values go into Markdown as plain text: a `*` or `_` in a site name must not turn into emphasis. */
export const mdText = (s: string) => s.replace(/[\\`*_{}\[\]()<>#+!|~]/g, (ch) => `\\${ch}`);

/** A mail link whose visible text is the address itself. */
export const mailLink = (email: string) => `[${mdText(email)}](mailto:${email})`;
