import type { ReactNode } from "react";
import type { Selection } from "./selection.ts";

/**
 * Above a tab's table (issue 34 point 6): "Select all on this page", how many rows are checked,
 * and the actions for them, disabled while none is checked or an action runs. It stays in view on
 * phones, where the table's head is hidden.
 */
export function BulkBar({ selection, rows, busy, children }: { selection: Selection; rows: number; busy: boolean; children: ReactNode }) {
  const n = selection.keys.length;
  return (
    <div
      className="mb-3 flex flex-wrap items-center gap-x-4 gap-y-2 rounded-lg border border-neutral-800 bg-neutral-900 px-3 py-2 text-sm"
      role="group"
      aria-label="Bulk actions"
    >
      <label className="flex items-center gap-2">
        <input
          type="checkbox"
          className="size-4 accent-orange-500"
          checked={selection.allSelected}
          disabled={rows === 0 || busy}
          onChange={(e) => selection.setAll(e.target.checked)}
        />
        Select all on this page
      </label>
      <span className="text-neutral-300" aria-live="polite" data-testid="selected-count">{n === 1 ? "1 selected" : `${n} selected`}</span>
      <div className="flex flex-wrap gap-2 sm:ml-auto">{children}</div>
    </div>
  );
}
