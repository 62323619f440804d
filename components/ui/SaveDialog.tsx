/**
 * "Save to collection" (issue 32 point 5): the member's collections with a checkbox each (checked
 * when it holds the item) and a "New collection" field. Opened from a card's ⋯ menu and the media
 * page's Save button through save_launcher.ts, which loads this module on the first use.
 */
import { type FormEvent, useEffect, useState } from "react";
import { createRoot } from "react-dom/client";
import { api, ApiError } from "./api.ts";
import { Modal } from "./Dialog.tsx";
import { Spinner } from "./Spinner.tsx";
import { toast } from "./toast.ts";
import {
  COLLECTION_TITLE_MAX,
  COLLECTION_VISIBILITIES,
  type CollectionVisibility,
  type SaveTarget,
  VISIBILITY_LABEL,
} from "../../common/collection_rules.ts";
import { newCollectionSchema } from "../../common/schemas/collections.ts";
import { firstError } from "../../common/schemas/form.ts";

export type SaveItem = { id: number; title: string };

const message = (err: unknown) => (err instanceof ApiError ? err.message : "Something went wrong. Please try again.");

function SaveDialog({ item, close }: { item: SaveItem; close: () => void }) {
  const [list, setList] = useState<SaveTarget[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [busy, setBusy] = useState<number | null>(null);
  const [title, setTitle] = useState("");
  const [visibility, setVisibility] = useState<CollectionVisibility>("private");
  const [formError, setFormError] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);

  useEffect(() => {
    api<{ collections: SaveTarget[] }>(`/api/user/collections?contains=${item.id}`)
      .then((r) => setList(r.collections), (err) => setLoadError(message(err)));
  }, [item.id]);

  const mark = (id: number, contains: boolean, itemCount: number) =>
    setList((l) => l && l.map((c) => (c.id === id ? { ...c, contains, itemCount } : c)));

  /** The box shows the new state at once; a refusal (a full collection, the rate limit) puts it back. */
  async function toggle(c: SaveTarget) {
    setBusy(c.id);
    mark(c.id, !c.contains, c.itemCount);
    try {
      const r = c.contains
        ? await api<{ itemCount: number }>(`/api/collections/${c.id}/items/${item.id}`, { method: "DELETE" })
        : await api<{ itemCount: number }>(`/api/collections/${c.id}/items`, { method: "POST", body: { contentId: item.id } });
      mark(c.id, !c.contains, r.itemCount);
      toast({ title: c.contains ? `Removed from ${c.title}` : `Saved to ${c.title}` });
    } catch (err) {
      mark(c.id, !!c.contains, c.itemCount);
      toast({ title: message(err), variant: "destructive" });
    } finally {
      setBusy(null);
    }
  }

  async function create(e: FormEvent) {
    e.preventDefault();
    const input = { title, visibility };
    const problem = firstError(newCollectionSchema.safeParse(input));
    if (problem) return setFormError(problem);
    setFormError(null);
    setCreating(true);
    try {
      const made = await api<SaveTarget>("/api/collections", { method: "POST", body: input });
      const r = await api<{ itemCount: number }>(`/api/collections/${made.id}/items`, { method: "POST", body: { contentId: item.id } });
      // The new one goes right after Watch later, as the list orders them.
      setList((l) => {
        const entry = { ...made, contains: true, itemCount: r.itemCount };
        return l ? [...l.filter((c) => c.watchLater), entry, ...l.filter((c) => !c.watchLater)] : [entry];
      });
      setTitle("");
      toast({ title: `Saved to ${made.title}` });
    } catch (err) {
      setFormError(message(err));
    } finally {
      setCreating(false);
    }
  }

  return (
    <Modal title="Save to collection" close={close} width="w-[min(26rem,94vw)]">
      <p className="-mt-2 mb-4 truncate text-sm text-neutral-400">{item.title}</p>
      {loadError
        ? <p role="alert" className="text-sm text-red-300">{loadError}</p>
        : !list
        ? (
          <p className="flex items-center gap-2 text-sm text-neutral-400">
            <Spinner size={16} /> Loading your collections…
          </p>
        )
        : (
          <ul className="flex max-h-64 flex-col gap-1 overflow-y-auto" data-testid="save-list">
            {list.map((c) => (
              <li key={c.id}>
                <label className="flex cursor-pointer items-center gap-3 rounded-lg px-2 py-2 hover:bg-neutral-800">
                  <input
                    type="checkbox"
                    checked={!!c.contains}
                    disabled={busy === c.id}
                    onChange={() => toggle(c)}
                    className="h-4 w-4 shrink-0 accent-orange-500"
                  />
                  <span className="min-w-0 flex-1 truncate text-sm">{c.title}</span>
                  <span className="shrink-0 text-xs text-neutral-400">{VISIBILITY_LABEL[c.visibility]}</span>
                </label>
              </li>
            ))}
          </ul>
        )}
      <form onSubmit={create} className="mt-4 border-t border-neutral-800 pt-4" noValidate>
        <label className="text-sm font-medium" htmlFor="new-collection-title">New collection</label>
        <div className="mt-1 flex gap-2">
          <input
            id="new-collection-title"
            className="field min-w-0 flex-1"
            value={title}
            maxLength={COLLECTION_TITLE_MAX}
            placeholder="Title"
            onChange={(e) => setTitle(e.currentTarget.value)}
            aria-invalid={formError ? true : undefined}
          />
          <select
            aria-label="Visibility"
            className="field w-auto"
            value={visibility}
            onChange={(e) => setVisibility(e.currentTarget.value as CollectionVisibility)}
          >
            {COLLECTION_VISIBILITIES.map((v) => <option key={v} value={v}>{VISIBILITY_LABEL[v]}</option>)}
          </select>
        </div>
        {formError && <p role="alert" className="field-error">{formError}</p>}
        <div className="mt-4 flex justify-end gap-2">
          <button type="submit" className="btn-secondary" disabled={creating}>
            {creating ? <Spinner size={14} /> : null} Create and save
          </button>
          <button type="button" className="btn-primary" onClick={close}>Done</button>
        </div>
      </form>
    </Modal>
  );
}

let host: HTMLElement | null = null;

/** Opens the dialog for an item (one at a time); closing it unmounts it and gives focus back to what opened it. */
export function openSaveDialog(item: SaveItem, back: HTMLElement | null = null) {
  if (host) return;
  host = document.body.appendChild(document.createElement("div"));
  const root = createRoot(host);
  const close = () => {
    root.unmount();
    host?.remove();
    host = null;
    if (back?.isConnected) back.focus({ preventScroll: true });
  };
  root.render(<SaveDialog item={item} close={close} />);
}
