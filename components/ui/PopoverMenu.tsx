import type { ReactNode } from "react";

export type MenuEntry = { key: string; label: string; onSelect: () => void };

type Props = {
  /** The popover's id (unique on the page). */
  id: string;
  entries: MenuEntry[];
  /** The button's look and, when its content is only an icon, its name. */
  buttonClass: string;
  buttonLabel?: string;
  /** `{testId}` on the menu, `{testId}-button` on its button. */
  testId: string;
  children: ReactNode;
};

/**
 * A menu of actions in a popover (the card's "⋯" menu, "Mute…" on the media page and a profile):
 * in the top layer, so no card's clip or neighbour covers it, with light dismiss and Escape from
 * the browser. CSS anchors it to its button (the invoker is its implicit anchor) and flips it to
 * whichever side keeps it on the screen (components/styles.css `.card-menu`; issue 36 point 3).
 */
export function PopoverMenu({ id, entries, buttonClass, buttonLabel, testId, children }: Props) {
  return (
    <>
      <button type="button" popoverTarget={id} className={buttonClass} aria-label={buttonLabel} data-testid={`${testId}-button`}>
        {children}
      </button>
      <div id={id} popover="auto" role="menu" className="card-menu" data-testid={testId}>
        {entries.map((e) => (
          <button
            key={e.key}
            type="button"
            role="menuitem"
            className="card-menu-item"
            onClick={(ev) => {
              (ev.currentTarget.parentElement as HTMLElement & { hidePopover?: () => void }).hidePopover?.();
              e.onSelect();
            }}
          >
            {e.label}
          </button>
        ))}
      </div>
    </>
  );
}
