import type { LegalContext, LegalDoc } from "./context.ts";

/** Spec part 2 §4 and §9: submitted content is reviewed within 6 hours; reports are acted on within 24 to 48 hours. */
export const REVIEW_HOURS = 6;
export const REPORT_HOURS = "24 to 48 hours";

/**
 * The Rules dialog: 6 titled sections conveying every upload rule of spec part 2 §5 and the
 * moderation rules of §4, with the enforced size limits (decision 036: the configured 750 MB,
 * not the rules text's 1GB).
 */
export function rules(ctx: LegalContext): LegalDoc {
  return {
    title: "Community rules",
    description: "What may be uploaded and posted, and what happens when a rule is broken.",
    body: `
## 1. Content rating

- PG-13 or lower: no nudity, gore or fetish content.
- No politics or religion. Political or hate content leads to a permanent ban.

## 2. Video format

- 1080p, longer than 10 seconds, at most 15 minutes, at most ${ctx.maxVideoMb} MB (images at most ${ctx.maxImageMb} MB).
- No looping, no slideshows, no tests and no reposts.

## 3. Titles and labels

- The title must contain the video name and the tools used.
- AI content must be labelled as AI.

## 4. What doesn't belong

- No clickbait, portfolios, stock footage or API reselling.
- No ads for apps, tools, games, events or contests.
- No abstract art, visualizers or dancing videos.

## 5. Rights and likeness

- No copyrighted music or footage. Existing IP only as parody or comedy.
- A real person's likeness needs their written permission, or must follow the parody rules (clearly marked,
  non-commercial parody).

## 6. Community and moderation

- Self-promotion and links only in the comments on your own video.
- Comments that are political, religious, hateful, anti-AI, bullying, harassing, spam, rage baiting or disrespectful
  lead to an immediate ban; comments with arguments are removed.
- Re-uploading rejected content leads to a permanent ban.
- Uploads are reviewed within ${REVIEW_HOURS} hours; reported content is removed within ${REPORT_HOURS}.
`,
  };
}
