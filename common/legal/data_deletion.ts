import { type LegalContext, type LegalDoc, mailLink, mdText } from "./context.ts";
import { PRIVACY_DAYS } from "./privacy.ts";

/** Spec part 2 §1: unlink the social login, then contact support; deletion within 30 days. */
export function dataDeletion(ctx: LegalContext): LegalDoc {
  const site = mdText(ctx.siteName);
  return {
    title: "Data Deletion",
    description: `How to have your ${ctx.siteName} account and data deleted, including data from Facebook, Google or Apple sign-in.`,
    body: `
You can have your ${site} account and all the personal data we hold about you deleted at any time.

## 1. Unlink your social login

If you signed in with Facebook, Google or Apple, first remove ${site} from that account:

- **Facebook**: Settings & privacy, Settings, Apps and websites: remove ${site}.
- **Google**: your Google Account, Security, Your connections to third-party apps and services: remove ${site}.
- **Apple**: Settings, your name, Sign in with Apple (or appleid.apple.com): stop using Apple ID with ${site}.

## 2. Contact support

Write to ${mailLink(ctx.supportEmail)} from the email address of your account, with your username and the words "Delete my
data". If you signed in with a social login, say which one. Signed-in members can also delete their account themselves
from their profile.

## 3. What happens next

We verify that the request comes from the account's owner, then delete the account, its uploads, comments, messages
and the rest of its data within ${PRIVACY_DAYS.deletion} days of the verified request, except where the law requires us to
keep something (for example records of a legal claim). We confirm by email when it is done. See the
[Privacy Policy](/privacy-policy) for more.
`,
  };
}
