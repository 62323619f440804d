import type { CardItem } from "../components/ui/MediaCard.tsx";
import { PlayableCard } from "../components/ui/PlayableCard.tsx";

type Props = { items: CardItem[]; signedIn: boolean };

/** Up to 6 related items as playable cards (hover/touch playback) with the card's Like toggle. */
export default function RelatedList({ items, signedIn }: Props) {
  return (
    <ul className="flex flex-col gap-4" data-testid="related-list">
      {items.map((item) => (
        <li key={item.id}>
          <PlayableCard item={item} variant="card" signedIn={signedIn} headingLevel="h3" />
        </li>
      ))}
    </ul>
  );
}
