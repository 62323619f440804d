import type { CardItem } from "../components/ui/MediaCard.tsx";
import { CardCell } from "../components/ui/CardCell.tsx";
import { useMuted } from "../components/ui/card_mutes.ts";

type Props = { items: CardItem[]; signedIn: boolean };

/** Up to 6 related items as playable cards (hover/touch playback) with the card's Like toggle. */
export default function RelatedList({ items, signedIn }: Props) {
  const muted = useMuted();
  return (
    <ul className="flex flex-col gap-4" data-testid="related-list">
      {items.filter((i) => !muted(i)).map((item) => (
        <CardCell key={item.id} item={item} variant="card" signedIn={signedIn} headingLevel="h3" />
      ))}
    </ul>
  );
}
