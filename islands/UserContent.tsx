import type { CardItem } from "../components/ui/MediaCard.tsx";
import { CardCell } from "../components/ui/CardCell.tsx";
import { ownItem, useMuted } from "../components/ui/card_mutes.ts";

/** `viewerName`: the signed-in viewer's username (their own cards offer no "Mute @themselves"). */
type Props = { items: CardItem[]; signedIn: boolean; viewerName?: string | null };

/** A public profile's grid (spec part 2 "Public profile"): the feed's cards, each opening /media/{slug}. */
export default function UserContent({ items, signedIn, viewerName }: Props) {
  const muted = useMuted();
  return (
    <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3 2xl:grid-cols-4" data-testid="profile-grid">
      {items.filter((i) => !muted(i)).map((item, i) => (
        <CardCell
          key={item.id}
          item={item}
          signedIn={signedIn}
          own={ownItem(item, viewerName)}
          eager={i < 2}
          variant="card"
          headingLevel="h3"
        />
      ))}
    </ul>
  );
}
