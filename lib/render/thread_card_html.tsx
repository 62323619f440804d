import { renderToString } from "react-dom/server";
import { formatRelativeTime } from "../../common/format.ts";
import { preview } from "../../common/forum_text.ts";
import { ThreadCard, type ThreadCardProps } from "../../components/ui/forum/ThreadCard.tsx";

/** A few views' worth (30 cards a page): each entry is about 5 kB of key and HTML. */
const MAX_CARDS = 500;
const kept = new Map<string, string>();

/**
 * The HTML of each forum thread card, rendered once and kept (components/ui/forum/ThreadCardCell.tsx
 * asks for it while the forum page renders). The key is everything the card shows: the thread as
 * sent (counts, the viewer's upvote and status included; of the content, the preview it shows), its category's name, the viewer, and the
 * clock only as the relative time it prints, so a new count or a new minute is a new entry and
 * nothing needs invalidating. An opened card (its comments inside) is rendered each time.
 */
export function threadCardHtml(props: ThreadCardProps): string | null {
  if (props.open) return null;
  // A closed card shows the content's 400-character preview only: the key holds that, not up to 20,000 characters.
  const cut = preview(props.thread.content);
  const key = JSON.stringify([
    { ...props.thread, content: null },
    cut.text,
    cut.truncated,
    props.categoryName,
    props.viewer,
    formatRelativeTime(props.thread.createdAt, props.now),
    props.upvoting,
    props.replying,
  ]);
  let html = kept.get(key);
  if (html === undefined) {
    html = renderToString(<ThreadCard {...props} />);
    if (kept.size >= MAX_CARDS) kept.delete(kept.keys().next().value!);
    kept.set(key, html);
  }
  return html;
}
