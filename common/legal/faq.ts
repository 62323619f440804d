import { type LegalContext, type LegalDoc, mailLink, mdText } from "./context.ts";
import { REPORT_HOURS, REVIEW_HOURS } from "./rules.ts";

/** Frequently asked questions: each `##` is a question. */
export function faq(ctx: LegalContext): LegalDoc {
  const site = mdText(ctx.siteName);
  const operator = mdText(ctx.operatorName);
  return {
    title: "Frequently Asked Questions",
    description: `Answers about ${ctx.siteName}: who can join, what you may upload, reviews, reports, ownership and deleting your data.`,
    body: `
## What is ${site}?

A place to share and watch AI-generated videos, images and videos embedded from other video sites. All content is
purely fictional.

## Who can use it?

Adults only: you must be 18 or older to visit, and you confirm your date of birth when you register.

## Do I need an account?

No, to watch, search, read the forum and report. Yes, to upload, like, comment under your name, write in the forum and
send private messages.

## What may I upload?

PG-13 AI-generated videos (1080p, longer than 10 seconds, at most 15 minutes and ${ctx.maxVideoMb} MB) and images (at most
${ctx.maxImageMb} MB), or a YouTube link. The Rules in the footer list everything that is not allowed.

## How long does a review take?

Every upload is checked by people and by automated checks before it is shown, usually within ${REVIEW_HOURS} hours. Until
then it is listed as under review in My Videos.

## Why was my upload rejected?

It broke one of the rules: the reason is shown in My Videos. Uploading rejected content again leads to a permanent ban.

## How do I report something?

Use the Report button on the video or image and choose a reason. Reported content is reviewed and, when it breaks the
rules, removed within ${REPORT_HOURS}.

## Who owns what I upload?

${operator}, which runs the site, does: uploading transfers ownership, as the
[Terms of Service](/terms-of-service#4-content-ownership-and-licensing) explain.

## Are deepfakes allowed?

Only with the written permission of the person shown, or when clearly labelled as parody, education or research.

## How do I delete my account and data?

Delete your account from your profile, or follow the steps on the [data deletion page](/data-deletion). Your data is
deleted within 30 days of a verified request.

## How do I contact you?

Support: ${mailLink(ctx.supportEmail)}. Copyright takedown notices: ${mailLink(ctx.copyrightEmail)}.
`,
  };
}
