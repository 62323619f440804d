import type { CardItem } from "../components/ui/MediaCard.tsx";
import { CardCell } from "../components/ui/CardCell.tsx";
import { ownItem, useMuted } from "../components/ui/card_mutes.ts";
import { fullCard } from "../components/ui/card_props.ts";

/** `viewerName`: the signed-in viewer's username (their own cards offer no "Mute @themselves"). */
/** `items` may come without their empty fields (components/ui/card_props.ts). */
type Props = { items: CardItem[]; signedIn: boolean; viewerName?: string | null };

/** Up to 6 related items as playable cards (hover/touch playback) with the card's Like toggle. */
export default function RelatedList({ items, signedIn, viewerName }: Props) {
  const muted = useMuted();
  return (
    <ul className="flex flex-col gap-4" data-testid="related-list">
      {items.map(fullCard).filter((i) => !muted(i)).map((item) => (
        <CardCell key={item.id} item={item} variant="card" signedIn={signedIn} own={ownItem(item, viewerName)} headingLevel="h3" />
      ))}
    </ul>
  );
}
