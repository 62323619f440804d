import { type LegalContext, type LegalDoc, mdText } from "./context.ts";

/** Spec part 2 §2 "Age gate and access denied": the page for visitors under 18. */
export const MINIMUM_AGE = 18;

export function accessDenied(ctx: LegalContext): LegalDoc {
  return {
    title: "Access Denied",
    description: `${ctx.siteName} is only for people aged ${MINIMUM_AGE} or older.`,
    body: `
You must be at least ${MINIMUM_AGE} years old to view ${mdText(ctx.siteName)}. The site is for adults only, so we cannot
let you in.
`,
  };
}
