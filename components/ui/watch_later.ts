/**
 * The cards' one-click Watch later (issue 43 point 6). Pages are the same HTML for every viewer, so a
 * member's cards learn their state after hydration: the ids of the cards that mount together are asked
 * in one GET /api/user/watch-later (one request per page of cards, not per card). The clock then adds
 * or removes through the collection item endpoints, and every card of the same item on the page follows.
 */
import { useEffect, useState } from "react";
import { api, ApiError } from "./api.ts";
import { toast } from "./toast.ts";
import { COLLECTION_MSG } from "../../common/collection_rules.ts";
import { WATCH_LATER_IDS_MAX } from "../../common/schemas/collections.ts";

type State = { collectionId: number | null; ids: number[] };

const saved = new Map<number, boolean>();
const asked = new Set<number>();
const listeners = new Set<() => void>();
let queue: number[] = [];
let pending: Promise<void> | null = null;
let collectionId: number | null = null;

const notify = () => listeners.forEach((l) => l());

async function ask(ids: number[]): Promise<void> {
  for (let i = 0; i < ids.length; i += WATCH_LATER_IDS_MAX) {
    const part = ids.slice(i, i + WATCH_LATER_IDS_MAX);
    const res = await api<State>(`/api/user/watch-later?ids=${part.join(",")}`);
    collectionId = res.collectionId;
    const held = new Set(res.ids);
    for (const id of part) if (!saved.has(id)) saved.set(id, held.has(id));
  }
  notify();
}

/** Queues an id; the cards rendered in the same task share one request. */
function request(id: number): Promise<void> {
  if (asked.has(id)) return pending ?? Promise.resolve();
  asked.add(id);
  queue.push(id);
  if (queue.length === 1) {
    const previous = pending ?? Promise.resolve();
    pending = new Promise<void>((resolve) => setTimeout(resolve, 0))
      .then(() => previous)
      .then(() => {
        const ids = queue;
        queue = [];
        return ask(ids);
      })
      .catch(() => {
        // Unknown stays unknown (shown unpressed); a click asks again.
        for (const id of asked) if (!saved.has(id)) asked.delete(id);
      });
  }
  return pending!;
}

/** A card's Watch later: whether it is saved (null while unknown), whether a change is under way, and the toggle. */
export function useWatchLater(id: number, enabled: boolean) {
  const [, rerender] = useState(0);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (!enabled) return;
    const l = () => rerender((n) => n + 1);
    listeners.add(l);
    request(id);
    return () => void listeners.delete(l);
  }, [id, enabled]);

  async function toggle() {
    setBusy(true);
    try {
      if (!saved.has(id) || collectionId === null) await (asked.has(id) ? pending : request(id));
      if (!saved.has(id)) await ask([id]);
      if (collectionId === null) throw new Error(COLLECTION_MSG.watchLaterMissing);
      const on = !saved.get(id);
      if (on) await api(`/api/collections/${collectionId}/items`, { method: "POST", body: { contentId: id } });
      else {
        await api(`/api/collections/${collectionId}/items/${id}`, { method: "DELETE" }).catch((e) => {
          // Removed elsewhere meanwhile: it is out, as asked.
          if (!(e instanceof ApiError && e.status === 404 && e.message === COLLECTION_MSG.notInCollection)) throw e;
        });
      }
      saved.set(id, on);
      notify();
      toast({ title: on ? COLLECTION_MSG.watchLaterAdded : COLLECTION_MSG.watchLaterRemoved });
    } catch (e) {
      toast({ title: COLLECTION_MSG.watchLaterFailed, description: e instanceof Error ? e.message : undefined, variant: "destructive" });
    } finally {
      setBusy(false);
    }
  }

  return { saved: enabled ? saved.get(id) ?? null : null, busy, toggle };
}
