/**
 * Opens the Save dialog (components/ui/SaveDialog.tsx), whose code loads with the first use: the
 * cards of every grid carry the menu entry, and most visits never save.
 */
import type { SaveItem } from "./SaveDialog.tsx";
import { toast } from "./toast.ts";

export function openSave(item: SaveItem) {
  // Where focus goes back on Done (issue 43): taken now, before the menu that opened it has gone.
  const back = menuOpener();
  import("./SaveDialog.tsx").then(
    (m) => m.openSaveDialog(item, back ?? undefined),
    () => toast({ title: "Something went wrong. Please try again.", variant: "destructive" }),
  );
}

/** The control that opened the dialog: a card menu's "⋯" button for one of its entries, or what has focus. */
function menuOpener(): HTMLElement | null {
  const active = document.activeElement as HTMLElement | null;
  const menu = active?.closest<HTMLElement>("[popover]");
  const button = menu?.id ? document.querySelector<HTMLElement>(`[popovertarget="${CSS.escape(menu.id)}"]`) : null;
  return button ?? (active && active !== document.body ? active : null);
}
