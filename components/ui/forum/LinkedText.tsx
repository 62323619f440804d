import { linkParts } from "../../../common/forum_text.ts";

/**
 * Members' text as text (React escapes it; no HTML is ever interpreted) with its http(s)
 * addresses as links that pass no ranking and no opener (spec part 2 §8 and issue 9).
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
          : part.text
      )}
    </>
  );
}
