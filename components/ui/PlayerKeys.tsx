import type { RefObject } from "react";
import { Dialog } from "./Dialog.tsx";
import { KEY_LIST } from "./player_keys.ts";

/** The `?` list of the player's keyboard shortcuts: a modal dialog (Escape or Close returns focus where it was). */
export function PlayerKeys({ dialogRef }: { dialogRef: RefObject<HTMLDialogElement | null> }) {
  return (
    <Dialog
      dialogRef={dialogRef}
      title="Keyboard shortcuts"
      subtitle="While the player or the page has focus, not a text field."
      className="w-[min(26rem,94vw)]"
    >
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm" data-testid="player-keys">
        {KEY_LIST.map(([keys, what]) => (
          <div key={keys} className="contents">
            <dt className="font-mono whitespace-nowrap text-orange-300">{keys}</dt>
            <dd className="text-neutral-200">{what}</dd>
          </div>
        ))}
      </dl>
    </Dialog>
  );
}
