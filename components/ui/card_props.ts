/**
 * Cards as island props without their empty fields (null, false): the media page's Related list carries six
 * cards in its first 14 KB, and the empty fields were a tenth of their JSON. The island puts them back.
 */
import type { CardItem } from "./MediaCard.tsx";

const EMPTY = { thumbnail2x: null, videoUrl: null, previewUrl: null, previewSound: false, youtubeId: null, duration: null } as const;

/** The card without the fields `fullCard` restores. */
export function compactCard(item: CardItem): CardItem {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(item)) if (!(k in EMPTY && v === EMPTY[k as keyof typeof EMPTY])) out[k] = v;
  return out as CardItem;
}

/** A compacted card made whole again (the same card `compactCard` was given). */
export const fullCard = (item: CardItem): CardItem => ({ ...EMPTY, ...item });
