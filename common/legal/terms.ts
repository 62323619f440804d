import { type LegalContext, type LegalDoc, mailLink, mdText } from "./context.ts";

/** Spec part 2 §2 "Legal, rules and footer" and §9: last updated May 1, 2025. */
export const TERMS_UPDATED = "May 1, 2025";

/** The liability cap the terms state (spec part 2 §9). */
export const LIABILITY_CAP_USD = 100;

/**
 * The Terms of Service: the spec's 15 sections in order (acceptance, eligibility, accounts,
 * content ownership and licensing, content guidelines, user responsibilities, IP/DMCA, prohibited
 * activities, termination, disclaimers and liability, indemnification, governing law, changes,
 * contact, miscellaneous), written in our own words.
 */
export function termsOfService(ctx: LegalContext): LegalDoc {
  const site = mdText(ctx.siteName);
  const company = mdText(ctx.operatorName);
  return {
    title: "Terms of Service",
    description:
      `The rules for using ${ctx.siteName}: who may join, who owns what is uploaded, what is allowed and what happens when it is not.`,
    dateLine: `Last updated ${TERMS_UPDATED}`,
    body: `
These terms are an agreement between you and ${company} ("we", "us", "the Company"), which runs ${site} at ${ctx.siteUrl}.
Please read them before you use the site.

## 1. Acceptance of these terms

By visiting, registering on or uploading to ${site} you accept these terms and our [Privacy Policy](/privacy-policy).
If you do not accept them, do not use the site.

## 2. Eligibility

You must be at least 18 years old to use ${site}. By using it you confirm that you are 18 or older and that viewing
AI-generated media is lawful where you live. We close accounts we believe belong to anyone younger.

## 3. Accounts

- Keep your password secret; you are responsible for everything done with your account.
- The details you register with must be true, including your date of birth.
- You may sign in with Facebook, Google or Apple; their terms apply to that sign-in as well.
- One person, one account. Accounts may not be sold or handed over.
- To close your account, delete it from your profile or contact ${mailLink(ctx.supportEmail)}.

## 4. Content ownership and licensing

When you upload a video, image or embed, **full ownership of that content passes to the Company**, including every
right to use, copy, edit, distribute, show and sell it, in any medium, worldwide and for ever. **The Company keeps 100%
of any revenue** the content or the site earns (advertising included); uploaders receive no payment or share.
You confirm that you are entitled to transfer what you upload and that it does not infringe anyone else's rights.

## 5. Content guidelines

${site} is for ethical, legal, nudity-free AI-generated content. Every upload is reviewed, by people and by automated
checks, before it is shown. Nudity and explicit material are banned. Deepfakes are allowed only with the consent of
the person shown, or when clearly labelled as parody, education or research. AI content must be labelled as AI. The
upload rules shown on the site (the Rules dialog in the footer) are part of these terms.

## 6. Your responsibilities

You are responsible for what you upload, post and send. Keep comments respectful and on topic, respect other
members' privacy, and use the Report button when you see something that breaks these terms. Human moderators review
reported content.

## 7. Intellectual property and DMCA

Do not upload material you have no right to. If you believe content on ${site} infringes your copyright, send a notice to
${mailLink(ctx.copyrightEmail)} naming the work, the address of the content on ${site}, your contact details, a
statement that you believe in good faith the use is not authorised, and a statement, under penalty of perjury, that
your notice is accurate and that you own the right or act for its owner. We remove infringing content and close the
accounts of repeat infringers.

## 8. Prohibited activities

- Uploading illegal content, nudity, sexual or explicit material, gore, or content that sexualises minors in any way.
- Deepfakes of real people without their consent, unless clearly labelled parody, education or research.
- Harassment, hate, threats, spam, scams, malware, or impersonating anyone.
- Scraping, overloading or probing the site, or getting round its limits or moderation.
- Selling access to AI services, advertising, or posting links outside the comments on your own video.

## 9. Termination

We may remove or block any content, and suspend or terminate any account, at any time and without notice, when we
believe these terms or the law were broken. Illegal uploads are removed and their accounts may be suspended or
terminated. You may stop using the site at any time; the ownership passed to the Company in section 4 continues.

## 10. Disclaimers and limitation of liability

All content is purely fictional and AI-generated. The site is provided "as is" and "as available", with no warranty
of any kind. To the fullest extent the law allows, the Company is not liable for indirect, incidental or consequential
damages, and its total liability to you for any claim is limited to **$${LIABILITY_CAP_USD} (one hundred US dollars)**.

## 11. Indemnification

You agree to defend and indemnify the Company against claims, losses and costs (including reasonable legal fees)
arising from your content, your use of the site or your breach of these terms.

## 12. Governing law

These terms are governed by ${mdText(ctx.governingLaw)}. Disputes go to the courts that law names, unless the law where
you live gives you the right to go to your own courts.

## 13. Changes to these terms

We may change these terms. The date at the top shows the latest version; for significant changes we give at least
7 days' notice on the site before they take effect. Using the site after that means you accept the new terms.

## 14. Contact

Questions about these terms: ${mailLink(ctx.supportEmail)}. Copyright notices: ${mailLink(ctx.copyrightEmail)}.${
      ctx.operatorAddress ? ` Post: ${company}, ${mdText(ctx.operatorAddress)}.` : ""
    }

## 15. Miscellaneous

These terms and the Privacy Policy are the whole agreement between you and the Company about the site. If a part of
them cannot be enforced, the rest still applies. Not enforcing a right is not giving it up. You may not transfer these
terms; we may transfer them to whoever takes over the site.
`,
  };
}
