/**
 * Every built-in legal and help text, by the name an operator's replacement file uses
 * (`$DATA_DIR/pages/{name}.md`). Pages and dialogs read them from here: one source.
 */
import { accessDenied } from "./access_denied.ts";
import type { LegalContext, LegalDoc } from "./context.ts";
import { dataDeletion } from "./data_deletion.ts";
import { faq } from "./faq.ts";
import { privacyPolicy } from "./privacy.ts";
import { rules } from "./rules.ts";
import { termsOfService } from "./terms.ts";

export type { LegalContext, LegalDoc } from "./context.ts";

export const SITE_TEXTS = {
  "terms-of-service": termsOfService,
  "privacy-policy": privacyPolicy,
  "faq": faq,
  "data-deletion": dataDeletion,
  "access-denied": accessDenied,
  "rules": rules,
} satisfies Record<string, (ctx: LegalContext) => LegalDoc>;

export type SiteTextName = keyof typeof SITE_TEXTS;

/** A heading of a rendered text, for its table of contents. */
export type Heading = { id: string; text: string };

/** A text as the pages show it: built in, or the operator's own file (lib/render/site_texts.ts). */
export type SiteText = {
  name: SiteTextName;
  title: string;
  description: string;
  /** Only for the built-in texts; an operator's file writes its own date. */
  dateLine?: string;
  html: string;
  headings: Heading[];
  /** True when the text comes from the operator's file. */
  custom: boolean;
};

export const isSiteTextName = (name: string): name is SiteTextName => Object.hasOwn(SITE_TEXTS, name);

/** The texts that are pages of their own, at `/{name}`, with no age gate and in the sitemap. */
export const LEGAL_PAGE_NAMES = ["terms-of-service", "privacy-policy", "faq", "data-deletion"] as const satisfies SiteTextName[];

/** Long texts get a table of contents on their page and in their dialog (spec part 2 §2: the terms' 15 sections). */
export const TEXTS_WITH_TOC: ReadonlySet<SiteTextName> = new Set(["terms-of-service", "privacy-policy"]);
