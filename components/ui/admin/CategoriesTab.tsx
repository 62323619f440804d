import { useState } from "react";
import { CATEGORY_LIMITS } from "../../../common/category_rules.ts";
import { api } from "../api.ts";
import { act, post, useLoad } from "./data.ts";
import { LoadingBlock } from "../Spinner.tsx";

type Row = { id: number; name: string; slug: string; position: number; items: number };

const patch = (id: number, body: unknown) => api(`/api/admin/categories/${id}`, { method: "PATCH", body });

/** One category: rename in place, move up or down, delete (its items moved to another). */
function CategoryRow({ row, index, all, reload }: { row: Row; index: number; all: Row[]; reload: () => void }) {
  const [name, setName] = useState(row.name);
  const [deleting, setDeleting] = useState(false);
  const others = all.filter((c) => c.id !== row.id);
  const [moveTo, setMoveTo] = useState(String(others[0]?.id ?? ""));
  const renamed = name.trim() !== row.name && name.trim() !== "";
  const remove = () => {
    const q = row.items > 0 ? `?moveTo=${moveTo}` : "";
    return act(() => api(`/api/admin/categories/${row.id}${q}`, { method: "DELETE" }), `Deleted “${row.name}”`, reload);
  };
  return (
    <li className="flex flex-col gap-2 rounded-lg border border-neutral-800 p-3" data-testid="category-row">
      <div className="flex flex-wrap items-center gap-2">
        <label className="sr-only" htmlFor={`cat-${row.id}`}>Name of {row.name}</label>
        <input
          id={`cat-${row.id}`}
          className="field min-w-0 flex-1"
          value={name}
          maxLength={CATEGORY_LIMITS.nameMax}
          onChange={(e) => setName(e.target.value)}
        />
        <button
          type="button"
          className="btn-secondary"
          disabled={!renamed}
          onClick={() => act(() => patch(row.id, { name }), "Renamed", reload)}
        >
          Rename
        </button>
      </div>
      <div className="flex flex-wrap items-center gap-2 text-sm text-neutral-300">
        <span className="wrap-anywhere">/?category={row.slug}</span>
        <span>· {row.items} {row.items === 1 ? "item" : "items"}</span>
        <span className="ml-auto flex gap-1">
          <button
            type="button"
            className="btn-secondary px-2"
            aria-label={`Move ${row.name} up`}
            disabled={index === 0}
            onClick={() => act(() => patch(row.id, { position: index - 1 }), "Moved", reload)}
          >
            ↑
          </button>
          <button
            type="button"
            className="btn-secondary px-2"
            aria-label={`Move ${row.name} down`}
            disabled={index === all.length - 1}
            onClick={() => act(() => patch(row.id, { position: index + 1 }), "Moved", reload)}
          >
            ↓
          </button>
          <button type="button" className="btn-secondary px-2 text-red-300" onClick={() => setDeleting(!deleting)} aria-expanded={deleting}>
            Delete
          </button>
        </span>
      </div>
      {deleting && (
        <div className="flex flex-wrap items-center gap-2 text-sm" role="group" aria-label={`Delete ${row.name}`}>
          {row.items > 0 && (
            <label className="flex items-center gap-2">
              <span>Move its {row.items} {row.items === 1 ? "item" : "items"} to</span>
              <select className="field" value={moveTo} onChange={(e) => setMoveTo(e.target.value)}>
                {others.map((c) => <option key={c.id} value={c.id}>{c.name}</option>)}
              </select>
            </label>
          )}
          <button type="button" className="btn-primary bg-red-700" onClick={remove}>Delete “{row.name}”</button>
        </div>
      )}
    </li>
  );
}

/**
 * The Categories tab (issue 41 point 5): add, rename, order and delete the site's categories. A
 * renamed category's old address keeps working (it redirects).
 */
export default function CategoriesTab() {
  const [state, reload] = useLoad<Row[]>("/api/admin/categories");
  const [name, setName] = useState("");
  const [busy, setBusy] = useState(false);

  async function add(e: React.FormEvent) {
    e.preventDefault();
    if (busy || !name.trim()) return;
    setBusy(true);
    if (await act(() => post("/api/admin/categories", { name }), `Added “${name.trim()}”`, reload)) setName("");
    setBusy(false);
  }

  const list = state.status === "ready" ? state.data : [];
  return (
    <section aria-labelledby="categories-title" className="flex flex-col gap-3">
      <h2 id="categories-title" className="text-lg font-semibold">Categories</h2>
      <form onSubmit={add} className="flex max-w-md flex-wrap gap-2">
        <label htmlFor="new-category" className="sr-only">New category name</label>
        <input
          id="new-category"
          className="field min-w-0 flex-1"
          placeholder="New category, e.g. Sci-Fi"
          maxLength={CATEGORY_LIMITS.nameMax}
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
        <button type="submit" className="btn-primary" disabled={busy || !name.trim()}>Add</button>
      </form>
      {state.status === "loading" && <LoadingBlock />}
      {state.status === "error" && <p className="text-sm text-red-400">{state.message}</p>}
      {list.length > 0 && (
        <ol className="flex flex-col gap-2" aria-label="Categories in order">
          {list.map((row, i) => <CategoryRow key={`${row.id}:${row.name}:${i}`} row={row} index={i} all={list} reload={reload} />)}
        </ol>
      )}
    </section>
  );
}
