/** The pieces every admin tab is built from: the list table with its states, cells, row buttons and the modal. */
import {
  type ButtonHTMLAttributes,
  Children,
  cloneElement,
  createContext,
  isValidElement,
  type ReactNode,
  useContext,
  useState,
} from "react";
import type { AdminItem } from "../../../common/api_types.ts";
import { ConfirmDialog } from "../forum/ConfirmDialog.tsx";
import { api } from "../api.ts";
import { LoadingBlock } from "../Spinner.tsx";
import type { Load, RowCalls, Success } from "./data.ts";
import { ProcessingStatus } from "../ProcessingStatus.tsx";

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
  // Under 640 px each row is a card of stacked lines, each value with its column's name, and the
  // row's buttons in full view (issue 13 point 13); from 640 px up, a table.
  return (
    <div className="overflow-x-auto rounded-lg border border-neutral-800">
      <table className="w-full text-left text-sm max-sm:block">
        <thead className="bg-neutral-900 text-xs uppercase text-neutral-300 max-sm:sr-only">
          <tr>{head.map((h) => <th key={h} scope="col" className="px-3 py-2 font-medium">{h}</th>)}</tr>
        </thead>
        <HeadLabels.Provider value={head}>
          <tbody className="divide-y divide-neutral-800 max-sm:block">{state.data.map(row)}</tbody>
        </HeadLabels.Provider>
      </table>
    </div>
  );
}

/** The column names, for the labels a row shows on phones. */
const HeadLabels = createContext<string[]>([]);

/** A table row; hands each cell its column's name (by position) for the phone layout. `kind` tells posts of different kinds apart. */
export function Row({ id, kind, children }: { id: number; kind?: string; children: ReactNode }) {
  const head = useContext(HeadLabels);
  return (
    <tr data-id={id} data-kind={kind} className="max-sm:grid max-sm:grid-cols-[auto_1fr] max-sm:gap-y-1 max-sm:py-3">
      {Children.toArray(children).map((child, i) =>
        isValidElement<{ label?: string }>(child) && head[i] ? cloneElement(child, { label: head[i] }) : child
      )}
    </tr>
  );
}

const td = "px-3 py-2 align-middle max-sm:flex max-sm:items-center max-sm:gap-3 max-sm:py-0.5";
/** On phones the preview and the title share one line of the card; every other cell has a line of its own. */
const beside = "max-sm:col-span-1";
const line = "max-sm:col-span-2";

/** The column name before a value, on phones only (the table head says it from 640 px up); generated, so the cell's text stays its value. */
const phoneLabel =
  "max-sm:before:w-24 max-sm:before:shrink-0 max-sm:before:text-xs max-sm:before:uppercase max-sm:before:text-neutral-300 max-sm:before:content-[attr(data-label)]";

/** On phones a cell of several lines (a post, a list of reports) puts its column's name above it, not beside it. */
const tdStacked = "px-3 py-2 align-middle max-sm:flex max-sm:flex-col max-sm:gap-1 max-sm:py-1";

/** A table cell; `numeric` lines its digits up; `stack` for a cell of several lines. */
export const Cell = ({ numeric, stack, children, label }: { numeric?: boolean; stack?: boolean; children?: ReactNode; label?: string }) => (
  <td
    data-label={label}
    className={`${stack ? tdStacked : td} ${line} ${label ? phoneLabel : ""} ${numeric ? "tabular-nums" : ""}`}
  >
    {children}
  </td>
);

export function PreviewCell({ item }: { item: AdminItem; label?: string }) {
  const [broken, setBroken] = useState(false);
  // An image without a separate thumbnail is its own preview.
  const src = item.contentType === "image" && item.imageUrl && !item.thumbnail.startsWith("/uploads/") ? item.imageUrl : item.thumbnail;
  return (
    <td className={`${td} ${beside}`}>
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
export function TitleCell({ item, children }: { item: AdminItem; children?: ReactNode; label?: string }) {
  return (
    <td className={`${td} ${beside} max-sm:flex-col max-sm:items-start max-sm:justify-center max-sm:gap-0.5 max-sm:pl-0`}>
      <span className="flex flex-col">
        <span className="line-clamp-2 font-medium">{item.title}</span>
        {item.hidden && <span className="text-xs text-amber-400">Hidden from the public</span>}
        <ProcessingStatus processing={item.processing} admin />
      </span>
      {children}
    </td>
  );
}

const small = "rounded-md px-2.5 py-1 text-xs font-medium disabled:opacity-50";
const looks = {
  plain: `${small} border border-neutral-700 hover:bg-neutral-800`,
  // emerald-700 and white: 5.5:1 (emerald-600 was 3.65:1).
  good: `${small} bg-emerald-700 text-white hover:bg-emerald-600`,
  bad: `${small} bg-red-700 text-white hover:bg-red-600`,
  accent: `${small} bg-orange-500 text-black hover:bg-orange-400`,
};

/** A content row's last cell: its View link, then the tab's buttons, side by side. */
export const ActionsCell = ({ item, children }: { item: AdminItem; children: ReactNode; label?: string }) => (
  <td className={`${td} ${line} max-sm:pt-2`}>
    <div className="flex flex-wrap gap-1.5 max-sm:gap-2">
      <a href={`/media/${item.id}`} target="_blank" rel="noopener" className={looks.plain}>View</a>
      {children}
    </div>
  </td>
);

type RowButtonProps = { look?: keyof typeof looks } & Omit<ButtonHTMLAttributes<HTMLButtonElement>, "type" | "className">;

/** A small button in a table row. */
export const RowButton = ({ look = "plain", ...props }: RowButtonProps) => <button type="button" className={looks[look]} {...props} />;

/** What a destructive row button asks first, in the site's styled dialog (never the browser's `confirm()`). */
export type Confirmation = { title: string; message: string; label: string };

/** A row button that runs one admin call through `calls` (toasts included), after `confirmation` is confirmed if given. */
export function CallButton({ calls, rowId, call, success, confirmation, disabled, ...props }: RowButtonProps & {
  calls: RowCalls;
  rowId: number;
  call: () => Promise<unknown>;
  success: Success;
  confirmation?: Confirmation;
}) {
  const [asking, setAsking] = useState(false);
  const run = () => calls.run(rowId, call, success);
  return (
    <>
      <RowButton {...props} disabled={disabled || calls.busyId === rowId} onClick={() => (confirmation ? setAsking(true) : run())} />
      {asking && confirmation && (
        <ConfirmDialog
          title={confirmation.title}
          message={confirmation.message}
          confirmLabel={confirmation.label}
          onConfirm={() => Promise.resolve(run())}
          close={() => setAsking(false)}
        />
      )}
    </>
  );
}

export const DeleteButton = ({ calls, item }: { calls: RowCalls; item: AdminItem }) => (
  <CallButton
    calls={calls}
    rowId={item.id}
    look="bad"
    confirmation={{ title: "Delete this item?", message: `“${item.title}” and its files will be removed for good.`, label: "Delete" }}
    call={() => api(`/api/admin/content/${item.id}`, { method: "DELETE" })}
    success="Deleted"
  >
    Delete
  </CallButton>
);

export { Modal } from "../Dialog.tsx";
