/** The search page's results grid: the feed's cards, with their playback and Like, and the page links. */
import { useEffect, useState } from "react";
import type { CardItem } from "../components/ui/MediaCard.tsx";
import { CardCell } from "../components/ui/CardCell.tsx";
import { MUTE_EVENT, ownItem, useMuted } from "../components/ui/card_mutes.ts";

/**
 * `viewerName`: the signed-in viewer's username (their own cards offer no "Mute @themselves").
 * `prev`/`next`: the page links (null when there is none).
 */
type Props = { items: CardItem[]; signedIn: boolean; viewerName?: string | null; prev?: string | null; next?: string | null };

/**
 * After a mute made here the server's order is shorter, so the next page by number would skip the
 * items that moved up onto this one: the Next link then names the last card still shown and the
 * page starts right after it (lib/feed/page_after.ts).
 */
function nextAfter(next: string, lastId: number | undefined): string {
  if (lastId === undefined) return next;
  const url = new URL(next, "http://x");
  url.searchParams.set("after", String(lastId));
  return url.pathname + url.search;
}

export default function SearchResults({ items, signedIn, viewerName, prev = null, next = null }: Props) {
  const muted = useMuted();
  const [mutedHere, setMutedHere] = useState(false);
  useEffect(() => {
    const on = (e: Event) => (e as CustomEvent<{ on: boolean }>).detail.on && setMutedHere(true);
    addEventListener(MUTE_EVENT, on);
    return () => removeEventListener(MUTE_EVENT, on);
  }, []);
  const shown = items.filter((i) => !muted(i));
  const nextHref = next && mutedHere ? nextAfter(next, shown.at(-1)?.id) : next;
  return (
    <>
      <ul className="grid grid-cols-1 gap-4 lg:grid-cols-2 2xl:grid-cols-3" data-testid="search-grid">
        {shown.map((item, i) => (
          <CardCell key={item.id} item={item} signedIn={signedIn} own={ownItem(item, viewerName)} eager={i < 3} variant="card" />
        ))}
      </ul>
      {(prev || nextHref) && (
        <nav aria-label="Search result pages" className="mt-6 flex justify-center gap-3">
          {prev && <a href={prev} rel="prev" className="btn-secondary">Prev</a>}
          {nextHref && <a href={nextHref} rel="next" className="btn-secondary">Next</a>}
        </nav>
      )}
    </>
  );
}
