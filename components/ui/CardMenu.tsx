import { type MuteTarget, muteTargetsOf } from "./card_mutes.ts";
import type { CardItem } from "./MediaCard.tsx";
import { openSave } from "./save_launcher.ts";

/** Tag entries in a card's menu: the rest are muted from the media page or /profile. */
const MENU_TAGS = 5;

/**
 * A member's "⋯" menu (issue 25): a popover in the top layer, so the card's rounded clip and the
 * next cards never cover it; CSS anchors it to its button (components/styles.css `.card-menu`).
 * "Save to collection" (issue 32) opens the Save dialog; the mute entries follow.
 */
export function CardMenu({ id, item, own, onMute }: { id: string; item: CardItem; own?: boolean; onMute?: (t: MuteTarget) => void }) {
  const targets = muteTargetsOf(item).filter((t) => !(own && t.type === "user"));
  const tags = targets.filter((t) => t.type === "tag");
  const shown = [...targets.filter((t) => t.type !== "tag"), ...tags.slice(0, MENU_TAGS)];
  const hide = (el: HTMLElement) => (el.parentElement as HTMLElement & { hidePopover?: () => void }).hidePopover?.();
  return (
    <>
      <button
        type="button"
        popoverTarget={id}
        className="card-action card-more"
        aria-label="More: save, mute"
        data-testid="card-menu-button"
      >
        <span aria-hidden="true">⋯</span>
      </button>
      <div id={id} popover="auto" role="menu" className="card-menu" data-testid="card-menu">
        <button
          type="button"
          role="menuitem"
          className="card-menu-item"
          onClick={(e) => {
            hide(e.currentTarget);
            openSave({ id: item.id, title: item.title });
          }}
        >
          Save to collection
        </button>
        {shown.map((t) => (
          <button
            key={`${t.type}:${t.value}`}
            type="button"
            role="menuitem"
            className="card-menu-item"
            onClick={(e) => {
              hide(e.currentTarget);
              onMute?.(t);
            }}
          >
            Mute {t.label}
          </button>
        ))}
      </div>
    </>
  );
}
