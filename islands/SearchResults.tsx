/** The search page's results grid: the feed's cards, with their playback and Like. */
import type { CardItem } from "../components/ui/MediaCard.tsx";
import { CardCell } from "../components/ui/CardCell.tsx";
import { ownItem, useMuted } from "../components/ui/card_mutes.ts";

/** `viewerName`: the signed-in viewer's username (their own cards offer no "Mute @themselves"). */
type Props = { items: CardItem[]; signedIn: boolean; viewerName?: string | null };

export default function SearchResults({ items, signedIn, viewerName }: Props) {
  const muted = useMuted();
  return (
    <ul className="grid grid-cols-1 gap-4 lg:grid-cols-2 2xl:grid-cols-3" data-testid="search-grid">
      {items.filter((i) => !muted(i)).map((item, i) => (
        <CardCell key={item.id} item={item} signedIn={signedIn} own={ownItem(item, viewerName)} eager={i < 3} variant="card" />
      ))}
    </ul>
  );
}
