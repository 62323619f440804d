import { PopoverDialog } from "./Popover.tsx";

type Props = { siteName: string; supportEmail: string; copyrightEmail: string; maxVideoMb: number };

/** The upload rules of the Rules popup (spec part 2 §5), with the enforced size limit. */
export function rulesSections(maxVideoMb: number) {
  return [
    {
      title: "Content rating",
      items: [
        "PG-13 or lower: no nudity, gore or fetish content.",
        "No politics or religion; political or hate content leads to a permanent ban.",
      ],
    },
    {
      title: "Video format",
      items: [
        `1080p, longer than 10 seconds, at most 15 minutes, at most ${maxVideoMb}MB.`,
        "No looping, no slideshows, no tests or reposts.",
      ],
    },
    {
      title: "Titles and labels",
      items: ["The title must contain the video name and the tools used.", "AI content must be labelled as AI."],
    },
    {
      title: "What doesn't belong",
      items: [
        "No clickbait, portfolios, stock footage or API reselling.",
        "No ads for apps, tools, games, events or contests; no abstract art, visualizers or dancing videos.",
      ],
    },
    {
      title: "Rights and likeness",
      items: [
        "No copyrighted music or footage; existing IP only as parody or comedy.",
        "A real person's likeness needs written permission or must follow the parody rules; no deepfakes without written permission or clearly marked non-commercial parody.",
      ],
    },
    {
      title: "Community",
      items: [
        "Self-promotion and links only in comments on your own video.",
        "Rejected content re-uploaded leads to a permanent ban. Content is reviewed within 6 hours; reports are acted on within 24-48 hours.",
      ],
    },
  ];
}

export function Footer({ siteName, supportEmail, copyrightEmail, maxVideoMb }: Props) {
  return (
    <footer className="mt-auto border-t border-neutral-800 bg-neutral-950 px-4 py-4 text-xs text-neutral-400">
      <div className="mx-auto flex max-w-[1800px] flex-wrap items-center gap-x-4 gap-y-2">
        <a href="/terms-of-service" className="hover:text-white">Terms</a>
        <a href="/privacy-policy" className="hover:text-white">Privacy</a>
        <a href="/faq" className="hover:text-white">FAQ</a>
        <button type="button" popoverTarget="rules-dialog" className="hover:text-white">Rules</button>
        <button type="button" popoverTarget="contact-dialog" className="hover:text-white">Contact</button>
        <span className="basis-full sm:basis-auto">All content on this site is AI-generated and purely fictional.</span>
        <span className="ml-auto hidden lg:inline">© {new Date().getFullYear()} {siteName}. All rights reserved.</span>
      </div>
      <PopoverDialog id="rules-dialog" title="Community rules" wide>
        <ol className="space-y-4 text-sm">
          {rulesSections(maxVideoMb).map((s, i) => (
            <li key={s.title}>
              <h3 className="font-semibold text-neutral-100">{i + 1}. {s.title}</h3>
              <ul className="mt-1 list-disc space-y-1 pl-5 text-neutral-300">{s.items.map((item) => <li key={item}>{item}</li>)}</ul>
            </li>
          ))}
        </ol>
      </PopoverDialog>
      <PopoverDialog id="contact-dialog" title="Contact us">
        <dl className="space-y-3 text-sm">
          <div>
            <dt className="text-neutral-400">General support</dt>
            <dd>
              <a className="text-orange-400 hover:underline" href={`mailto:${supportEmail}`}>{supportEmail}</a>
            </dd>
          </div>
          <div>
            <dt className="text-neutral-400">Copyright takedown</dt>
            <dd>
              <a className="text-orange-400 hover:underline" href={`mailto:${copyrightEmail}`}>{copyrightEmail}</a>
            </dd>
          </div>
        </dl>
      </PopoverDialog>
    </footer>
  );
}
