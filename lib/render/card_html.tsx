import { renderToString } from "react-dom/server";
import { PlayableCard, type PlayableCardProps } from "../../components/ui/PlayableCard.tsx";

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

/** Every prop besides the item, in a fixed order (the check below fails to compile when a prop is missing). */
const OTHER_PROPS = ["signedIn", "eager", "variant", "className", "headingLevel", "opensViewer", "errorText", "own"] as const;
type Unlisted = Exclude<keyof PlayableCardProps, "item" | (typeof OTHER_PROPS)[number]>;
const everyPropListed: [Unlisted] extends [never] ? true : Unlisted = true;
void everyPropListed;

/**
 * The finished HTML by item object, then by the other props: lib/feed/feed.ts hands out one frozen
 * item per kept row (its like count included), and a frozen item cannot change, so its cards
 * are found again without building the key of all its fields.
 */
const byItem = new WeakMap<PlayableCardProps["item"], Map<string, string>>();

export function cardHtml(props: PlayableCardProps): string {
  if (!Object.isFrozen(props.item)) return cardHtmlOf(props);
  let forItem = byItem.get(props.item);
  if (!forItem) byItem.set(props.item, forItem = new Map());
  const otherKey = JSON.stringify(OTHER_PROPS.map((k) => props[k]));
  let html = forItem.get(otherKey);
  if (html === undefined) forItem.set(otherKey, html = cardHtmlOf(props));
  return html;
}

function cardHtmlOf(props: PlayableCardProps): string {
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
