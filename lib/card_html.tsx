import { renderToString } from "react-dom/server";
import { PlayableCard, type PlayableCardProps } from "../components/ui/PlayableCard.tsx";

/**
 * The HTML of each card, rendered once and kept (components/ui/CardCell.tsx asks for it while
 * a page renders): cards were most of a page's React work. The key is everything the card is
 * rendered from except its like count, so any change of title, tags, thumbnail, uploader or
 * viewer state is a new entry and nothing needs invalidating. The count is put back into the
 * kept HTML at each use: the card is rendered with a random marker number in its place.
 */
const LIKES_MARK = String(1e14 + Math.floor(Math.random() * 8e14));
const MAX_CARDS = 5_000;
const kept = new Map<string, string[]>();
/** React puts a preload for an eagerly loaded image before the markup; inside a list item it would not match. */
const HOISTED_PRELOADS = /^(?:<link rel="preload"[^>]*>)+/;
const render = (props: PlayableCardProps) => renderToString(<PlayableCard {...props} />).replace(HOISTED_PRELOADS, "");

export function cardHtml(props: PlayableCardProps): string {
  const key = JSON.stringify({ ...props, item: { ...props.item, likes: null } });
  let parts = kept.get(key);
  if (!parts) {
    parts = render({ ...props, item: { ...props.item, likes: Number(LIKES_MARK) } }).split(LIKES_MARK);
    // A count shown other than as plain digits would not be found again: such a card is not kept.
    if (parts.length < 2) return render(props);
    if (kept.size >= MAX_CARDS) kept.delete(kept.keys().next().value!);
    kept.set(key, parts);
  }
  return parts.join(String(props.item.likes));
}
