import { type MuteTarget, muteTargetsOf } from "./card_mutes.ts";
import type { CardItem } from "./MediaCard.tsx";
import { PopoverMenu } from "./PopoverMenu.tsx";
import { openSave } from "./save_launcher.ts";

/** Tag entries in a card's menu: the rest are muted from the media page or /profile. */
const MENU_TAGS = 5;

/**
 * A member's "⋯" menu on a card (issue 25), the popover menu of components/ui/PopoverMenu.tsx:
 * "Save to collection" (issue 32) opens the Save dialog; muting its uploader, its generator or a tag follows.
 */
export function CardMenu({ id, item, own, onMute }: { id: string; item: CardItem; own?: boolean; onMute?: (t: MuteTarget) => void }) {
  const targets = muteTargetsOf(item).filter((t) => !(own && t.type === "user"));
  const tags = targets.filter((t) => t.type === "tag");
  const shown = [...targets.filter((t) => t.type !== "tag"), ...tags.slice(0, MENU_TAGS)];
  const save = { key: "save", label: "Save to collection", onSelect: () => openSave({ id: item.id, title: item.title }) };
  return (
    <PopoverMenu
      id={id}
      testId="card-menu"
      buttonClass="card-action card-more"
      buttonLabel="More: save, mute"
      entries={[save, ...shown.map((t) => ({ key: `${t.type}:${t.value}`, label: `Mute ${t.label}`, onSelect: () => onMute?.(t) }))]}
    >
      <span aria-hidden="true">⋯</span>
    </PopoverMenu>
  );
}
