import { type DragEvent, useEffect, useState } from "react";
import type { CardItem } from "../components/ui/MediaCard.tsx";
import { CardCell } from "../components/ui/CardCell.tsx";
import { ownItem, useMuted } from "../components/ui/card_mutes.ts";
import { api, ApiError } from "../components/ui/api.ts";
import { toast } from "../components/ui/toast.ts";
import { mergeOrder, moved } from "../common/collection_rules.ts";

export type CollectionOwner = {
  collectionId: number;
  title: string;
  /** Every item id of the collection in order, those not shown included (what PUT .../items takes). */
  order: number[];
  page: number;
  pages: number;
};

type Props = { items: CardItem[]; signedIn: boolean; viewerName: string | null; owner: CollectionOwner | null };

const GRID = "grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3 2xl:grid-cols-4";

/** A collection's grid (issue 32): the feed's cards, which play like the feed's; its owner also reorders and removes. */
export default function CollectionGrid({ items, signedIn, viewerName, owner }: Props) {
  const muted = useMuted();
  if (!owner) {
    return (
      <ul className={GRID} data-testid="collection-grid">
        {items.filter((i) => !muted(i)).map((item, i) => (
          <CardCell key={item.id} item={item} signedIn={signedIn} own={ownItem(item, viewerName)} eager={i < 2} variant="card" />
        ))}
      </ul>
    );
  }
  return <OwnerGrid items={items} owner={owner} viewerName={viewerName} />;
}

const iconButton =
  "inline-flex h-9 min-w-9 items-center justify-center rounded-lg border border-neutral-700 px-2 text-sm hover:bg-neutral-800 disabled:opacity-40";

function OwnerGrid({ items, owner, viewerName }: { items: CardItem[]; owner: CollectionOwner; viewerName: string | null }) {
  const [cards, setCards] = useState(items);
  const [full, setFull] = useState(owner.order);
  const [dragging, setDragging] = useState<number | null>(null);
  const [focus, setFocus] = useState<string | null>(null);
  const base = `/api/collections/${owner.collectionId}/items`;

  // A moved card's DOM node is moved too, which drops the focus: give it back to the same arrow, or
  // to the other one when the card reached an end and this one is disabled.
  useEffect(() => {
    if (!focus) return;
    const [id, dir] = focus.split(":");
    const same = document.querySelector<HTMLButtonElement>(`[data-move="${focus}"]`);
    const other = document.querySelector<HTMLButtonElement>(`[data-move="${id}:${dir === "up" ? "down" : "up"}"]`);
    (same && !same.disabled ? same : other)?.focus();
  }, [focus, cards]);

  async function save(nextFull: number[], nextCards: CardItem[]): Promise<boolean> {
    const before = { full, cards };
    setFull(nextFull);
    setCards(nextCards);
    try {
      await api(base, { method: "PUT", body: { order: nextFull } });
      return true;
    } catch (err) {
      setFull(before.full);
      setCards(before.cards);
      toast({ title: err instanceof ApiError ? err.message : "Could not save the new order", variant: "destructive" });
      return false;
    }
  }

  /** Moves the card at `from` to `to`; past this page's edge it goes before or after its neighbour on the next page, shown there. */
  async function move(from: number, to: number, dir: "up" | "down") {
    const id = cards[from].id;
    if (to >= 0 && to < cards.length) {
      const next = moved(cards, from, to);
      setFocus(`${id}:${dir}`);
      await save(mergeOrder(full, next.map((c) => c.id)), next);
      return;
    }
    const at = full.indexOf(id);
    const target = dir === "up" ? at - 1 : at + 1;
    if (target < 0 || target >= full.length) return;
    if (await save(moved(full, at, target), cards)) {
      const url = new URL(location.href);
      url.searchParams.set("page", String(owner.page + (dir === "up" ? -1 : 1)));
      location.assign(url.href);
    }
  }

  async function remove(item: CardItem) {
    try {
      await api(`${base}/${item.id}`, { method: "DELETE" });
      setCards((cs) => cs.filter((c) => c.id !== item.id));
      setFull((f) => f.filter((id) => id !== item.id));
      toast({ title: `Removed from ${owner.title}` });
    } catch (err) {
      toast({ title: err instanceof ApiError ? err.message : "Could not remove it", variant: "destructive" });
    }
  }

  const drop = (e: DragEvent, to: number) => {
    e.preventDefault();
    if (dragging !== null && dragging !== to) move(dragging, to, dragging < to ? "down" : "up");
    setDragging(null);
  };

  if (!cards.length) return <p className="py-16 text-center text-neutral-400">Nothing left on this page.</p>;
  const first = owner.page === 1;
  const last = owner.page >= owner.pages;
  return (
    <ul className={GRID} data-testid="collection-grid">
      {cards.map((item, i) => (
        <li
          key={item.id}
          draggable
          onDragStart={(e) => {
            setDragging(i);
            e.dataTransfer.effectAllowed = "move";
            e.dataTransfer.setData("text/plain", String(item.id));
          }}
          onDragOver={(e) => e.preventDefault()}
          onDrop={(e) => drop(e, i)}
          onDragEnd={() => setDragging(null)}
          className={dragging === i ? "opacity-50" : undefined}
          data-item={item.id}
        >
          <CardCell as="div" item={item} signedIn own={ownItem(item, viewerName)} eager={i < 2} variant="card" />
          <div className="mt-2 flex items-center gap-2" role="group" aria-label={`Arrange ${item.title}`}>
            <span className="cursor-grab px-1 text-neutral-500" title="Drag to reorder" aria-hidden="true">⠿</span>
            <button
              type="button"
              className={iconButton}
              aria-label="Move earlier"
              data-move={`${item.id}:up`}
              disabled={first && i === 0}
              onClick={() => move(i, i - 1, "up")}
            >
              <span aria-hidden="true">←</span>
            </button>
            <button
              type="button"
              className={iconButton}
              aria-label="Move later"
              data-move={`${item.id}:down`}
              disabled={last && i === cards.length - 1}
              onClick={() => move(i, i + 1, "down")}
            >
              <span aria-hidden="true">→</span>
            </button>
            <button type="button" className={`${iconButton} ml-auto`} onClick={() => remove(item)}>Remove</button>
          </div>
        </li>
      ))}
    </ul>
  );
}
