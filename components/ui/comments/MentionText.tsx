import { mentionParts } from "../../../common/mentions.ts";
import { profileHref } from "../../../common/profile_rules.ts";

/**
 * Members' text with each `@username` a link to that profile (issue 43): the parts are data and
 * React escapes them, so no member text is ever read as HTML.
 */
export function MentionText({ text }: { text: string }) {
  return (
    <>
      {mentionParts(text).map((part, i) =>
        part.mention
          ? (
            <a key={i} href={profileHref({ username: part.mention })} className="text-orange-300 hover:underline" data-mention="">
              {part.text}
            </a>
          )
          : part.text
      )}
    </>
  );
}
