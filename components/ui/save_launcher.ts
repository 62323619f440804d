/**
 * Opens the Save dialog (components/ui/SaveDialog.tsx), whose code loads with the first use: the
 * cards of every grid carry the menu entry, and most visits never save.
 */
import type { SaveItem } from "./SaveDialog.tsx";
import { toast } from "./toast.ts";

export function openSave(item: SaveItem) {
  import("./SaveDialog.tsx").then(
    (m) => m.openSaveDialog(item),
    () => toast({ title: "Something went wrong. Please try again.", variant: "destructive" }),
  );
}
