import { type LegalContext, type LegalDoc, mailLink, mdText } from "./context.ts";

/** Spec part 2 §9: privacy effective June 9, 2025. */
export const PRIVACY_EFFECTIVE = "June 9, 2025";

/**
 * The figures the spec gives (part 2 §9). Deletion is 30 days everywhere: the spec's privacy
 * dialog said 90, its data deletion page 30, and we keep the stricter promise (decision 036).
 */
export const PRIVACY_DAYS = { deletion: 30, usageAnonymisedMonths: 12, answer: 30, answerCalifornia: 45, changeNotice: 7 } as const;

export function privacyPolicy(ctx: LegalContext): LegalDoc {
  const site = mdText(ctx.siteName);
  const company = mdText(ctx.operatorName);
  const d = PRIVACY_DAYS;
  return {
    title: "Privacy Policy",
    description: `What ${ctx.siteName} collects about you, why, how long it keeps it and how to have it deleted.`,
    dateLine: `Effective ${PRIVACY_EFFECTIVE}`,
    body: `
${company} runs ${site} and is responsible for the personal data described here.

## Information we collect

- **Account details**: your username, email address, date of birth (to confirm you are 18 or older) and a hash of your
  password. We never store the password itself.
- **Social login**: when you sign in with Facebook, Google or Apple we receive your name, email address and an account
  id from that service, and nothing else.
- **What you share**: uploads with their titles, descriptions, prompts and tags, comments, forum posts, reports and
  private messages.
- **Usage data**: pages viewed, views and likes, your IP address, browser type and the times of your visits.
- **Cookies**: a session cookie that keeps you signed in, a cookie that remembers you confirmed you are 18 or older,
  cookies that remember the feed order and whether your browser already has our stylesheet, and, when you comment
  without an account, one that lets your browser see your comment while it awaits review. We use no tracking
  cookies of our own; if the site shows ads, the ad network may set its own.

## How we use it

To run your account and show your content, to review uploads and reports, to keep the site safe (rate limits, bans,
fraud and abuse checks), to count views and likes, to answer you when you write to us, and to meet legal duties.
We do not sell your personal data.

## Sharing

We share data only with services that help us run the site (hosting, email delivery, the sign-in providers you choose,
an ad network if ads are shown), under contracts that limit their use of it, and with authorities when the law requires.
What you publish (your username, uploads, comments and forum posts) is public.

## How long we keep it

- Account data: while your account exists. After you delete your account, or after a verified deletion request, we
  delete your account and data within ${d.deletion} days, except where the law requires us to keep it.
- Usage data is anonymised after ${d.usageAnonymisedMonths} months.
- Server logs and backups are overwritten in their normal cycle.

## Your rights

You may ask for a copy of your data, have it corrected or deleted, object to how we use it, or withdraw consent.
Write to ${mailLink(ctx.supportEmail)}. We answer within ${d.answer} days (within ${d.answerCalifornia} days for California
residents, as the California Consumer Privacy Act allows). To have everything deleted, follow the steps on our
[data deletion page](/data-deletion).

## Age

${site} is only for people aged 18 or older. We do not knowingly collect data about anyone younger; if we learn that we
have, we delete it.

## Security

Passwords are stored with a slow, salted hash, sessions with only a hash of their id, and the site is meant to be served
over an encrypted connection. No system is perfectly secure, so please use a password you use nowhere else.

## Changes to this policy

When we change this policy we announce it on the site at least ${d.changeNotice} days before the change takes effect, and we
update the date at the top.

## Contact

Questions about your privacy: ${mailLink(ctx.supportEmail)}.${
      ctx.operatorAddress ? ` Post: ${company}, ${mdText(ctx.operatorAddress)}.` : ""
    }
`,
  };
}
