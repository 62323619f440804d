import { useState } from "react";

/**
 * The rows a tab's bulk action works on (issue 34 point 6): checked one by one, or "select all on
 * this page". Only rows on the current page count: a key checked on a page that reloaded without
 * that row is dropped, so a bulk action never names a row the admin no longer sees.
 */
export type Selection = {
  /** The checked keys still on the page. */
  keys: string[];
  has: (key: string) => boolean;
  toggle: (key: string) => void;
  /** Checks every row of the page, or clears them all. */
  setAll: (on: boolean) => void;
  allSelected: boolean;
  clear: () => void;
};

export function useSelection(pageKeys: string[]): Selection {
  const [checked, setChecked] = useState<Set<string>>(() => new Set());
  const keys = pageKeys.filter((k) => checked.has(k));
  return {
    keys,
    has: (key) => checked.has(key) && pageKeys.includes(key),
    toggle: (key) =>
      setChecked((s) => {
        const next = new Set(s);
        if (!next.delete(key)) next.add(key);
        return next;
      }),
    setAll: (on) => setChecked(on ? new Set(pageKeys) : new Set()),
    allSelected: pageKeys.length > 0 && keys.length === pageKeys.length,
    clear: () => setChecked(new Set()),
  };
}
