/** The pieces every admin tab is built from: the list table with its states, cells, row buttons and the modal. */
import { type ButtonHTMLAttributes, type ReactNode, useState } from "react";
import type { AdminItem } from "../../../common/api_types.ts";
import { api } from "../api.ts";
import { LoadingBlock } from "../Spinner.tsx";
import type { Load, RowCalls, Success } from "./data.ts";

export const TYPE_LABEL = { video: "Video", image: "Image", embed: "Embed" } as const;

/** A tab's table, or its loading, failure or empty state. */
export function ListTable<T>({ state, empty, error, reload, head, row }: {
  state: Load<T[]>;
  empty: string;
  error?: string;
  reload: () => void;
  head: string[];
  row: (item: T, index: number) => ReactNode;
}) {
  if (state.status === "loading") return <LoadingBlock />;
  if (state.status === "error") {
    return (
      <div className="py-12 text-center">
        <p className="mb-3 text-red-400">{error ?? state.message}</p>
        <button type="button" className="btn-secondary" onClick={reload}>Try again</button>
      </div>
    );
  }
  if (state.data.length === 0) return <p className="py-16 text-center text-neutral-400">{empty}</p>;
  return (
    <div className="overflow-x-auto rounded-lg border border-neutral-800">
      <table className="w-full text-left text-sm">
        <thead className="bg-neutral-900 text-xs uppercase text-neutral-400">
          <tr>{head.map((h) => <th key={h} scope="col" className="px-3 py-2 font-medium">{h}</th>)}</tr>
        </thead>
        <tbody className="divide-y divide-neutral-800">{state.data.map(row)}</tbody>
      </table>
    </div>
  );
}

export const Row = ({ id, children }: { id: number; children: ReactNode }) => <tr data-id={id}>{children}</tr>;

const td = "px-3 py-2 align-middle";

/** A table cell; `numeric` lines its digits up. */
export const Cell = ({ numeric, children }: { numeric?: boolean; children?: ReactNode }) => (
  <td className={numeric ? `${td} tabular-nums` : td}>{children}</td>
);

export function PreviewCell({ item }: { item: AdminItem }) {
  const [broken, setBroken] = useState(false);
  // An image without a separate thumbnail is its own preview.
  const src = item.contentType === "image" && item.imageUrl && !item.thumbnail.startsWith("/uploads/") ? item.imageUrl : item.thumbnail;
  return (
    <td className={td}>
      {broken ? <span className="block h-[45px] w-20 rounded bg-neutral-800" aria-label="No preview" /> : (
        <img
          src={src}
          alt=""
          width={80}
          height={45}
          loading="lazy"
          onError={() => setBroken(true)}
          className="h-[45px] w-20 rounded bg-neutral-800 object-cover"
        />
      )}
    </td>
  );
}

/** The title, a note when the item is hidden, and whatever the tab adds below. */
export function TitleCell({ item, children }: { item: AdminItem; children?: ReactNode }) {
  return (
    <td className={td}>
      <span className="flex flex-col">
        <span className="line-clamp-2 font-medium">{item.title}</span>
        {item.hidden && <span className="text-xs text-amber-400">Hidden from the public</span>}
      </span>
      {children}
    </td>
  );
}

const small = "rounded-md px-2.5 py-1 text-xs font-medium disabled:opacity-50";
const looks = {
  plain: `${small} border border-neutral-700 hover:bg-neutral-800`,
  good: `${small} bg-emerald-600 text-white hover:bg-emerald-500`,
  bad: `${small} bg-red-700 text-white hover:bg-red-600`,
  accent: `${small} bg-orange-500 text-black hover:bg-orange-400`,
};

/** A content row's last cell: its View link, then the tab's buttons, side by side. */
export const ActionsCell = ({ item, children }: { item: AdminItem; children: ReactNode }) => (
  <td className={td}>
    <div className="flex flex-wrap gap-1.5">
      <a href={`/media/${item.id}`} target="_blank" rel="noopener" className={looks.plain}>View</a>
      {children}
    </div>
  </td>
);

type RowButtonProps = { look?: keyof typeof looks } & Omit<ButtonHTMLAttributes<HTMLButtonElement>, "type" | "className">;

/** A small button in a table row. */
export const RowButton = ({ look = "plain", ...props }: RowButtonProps) => <button type="button" className={looks[look]} {...props} />;

/** A row button that runs one admin call through `calls` (toasts included), after `confirmText` is confirmed if given. */
export function CallButton({ calls, rowId, call, success, confirmText, disabled, ...props }: RowButtonProps & {
  calls: RowCalls;
  rowId: number;
  call: () => Promise<unknown>;
  success: Success;
  confirmText?: string;
}) {
  return (
    <RowButton
      {...props}
      disabled={disabled || calls.busyId === rowId}
      onClick={() => (!confirmText || confirm(confirmText)) && calls.run(rowId, call, success)}
    />
  );
}

export const DeleteButton = ({ calls, item }: { calls: RowCalls; item: AdminItem }) => (
  <CallButton
    calls={calls}
    rowId={item.id}
    look="bad"
    confirmText={`Delete “${item.title}”? This removes the item and its files for good.`}
    call={() => api(`/api/admin/content/${item.id}`, { method: "DELETE" })}
    success="Deleted"
  >
    Delete
  </CallButton>
);

export { Modal } from "../Dialog.tsx";
