import { linkParts } from "../../../common/forum_text.ts";
import { MentionText } from "../comments/MentionText.tsx";

/**
 * Members' text as text (React escapes it; no HTML is ever interpreted) with its http(s)
 * addresses as links that pass no ranking and no opener (spec part 2 §8 and issue 9), and each
 * `@username` a link to the profile (issue 43).
 */
export function LinkedText({ text }: { text: string }) {
  return (
    <>
      {linkParts(text).map((part, i) =>
        part.href
          ? (
            <a
              key={i}
              href={part.href}
              rel="nofollow ugc noopener"
              target="_blank"
              className="text-orange-300 underline [overflow-wrap:anywhere]"
            >
              {part.text}
            </a>
          )
          : <MentionText key={i} text={part.text} />
      )}
    </>
  );
}
