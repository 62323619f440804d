import type { Db } from "../../db/client.ts";
import { findFeatured, listItemsByIds, type Shape } from "../../db/queries/feed.ts";
import { contentVersion } from "../http/content_version.ts";

/**
 * Public items' rows, kept by id for ROW_TTL_MS: every home page and feed API call reads the
 * same two dozen rows again, a primary-key lookup each (about 130 µs of a home page for its
 * 26 card rows, 3 table joins each, measured). A row is read again when it is older than
 * ROW_TTL_MS, when the content version moves (lib/http/content_version.ts: moderation and edits),
 * or right after a like or unlike of its item (`forgetItemRow`), so a member sees their own
 * like at once; other members' likes, views and comment counts may be up to ROW_TTL_MS old,
 * as on the visitors' page cache (decision 007).
 */
export const ROW_TTL_MS = 2_000;
const MAX_ROWS = 5_000;

type Kept = { at: number; row: unknown };
type PerDb = { version: number; rows: Record<Shape, Map<number, Kept>>; featured: Map<string, { at: number; id: number | null }> };
const perDb = new WeakMap<Db, PerDb>();

function kept(db: Db): PerDb {
  const version = contentVersion(db);
  let k = perDb.get(db);
  if (!k || k.version !== version) {
    k = { version, rows: { card: new Map(), item: new Map() }, featured: new Map() };
    perDb.set(db, k);
  }
  return k;
}

type RowOf<S extends Shape> = Awaited<ReturnType<typeof listItemsByIds<S>>>[number];

/** The public items of `ids` in that order (ids not public are left out), from kept rows where fresh. */
export async function itemRowsByIds<S extends Shape>(db: Db, ids: number[], shape: S, now = Date.now()): Promise<RowOf<S>[]> {
  const rows = kept(db).rows[shape];
  const missing = ids.filter((id) => {
    const r = rows.get(id);
    return !r || now - r.at > ROW_TTL_MS;
  });
  if (missing.length > 0) {
    const version = contentVersion(db);
    const read = await listItemsByIds(db, missing, shape);
    // A row read while the content version moved may be from before the change: not kept.
    if (contentVersion(db) === version) {
      if (rows.size + read.length > MAX_ROWS) rows.clear();
      for (const row of read) rows.set(row.id, { at: now, row });
    } else {
      const fresh = new Map(read.map((row) => [row.id, row]));
      return ids.flatMap((id) => fresh.get(id) ?? (rows.get(id)?.row as RowOf<S> | undefined) ?? []);
    }
  }
  return ids.flatMap((id) => (rows.get(id)?.row as RowOf<S> | undefined) ?? []);
}

/** The featured item of a category (or of all), its id kept like the rows, its row from itemRowsByIds. */
export async function featuredRow<S extends Shape>(
  db: Db,
  categoryId: number | null,
  shape: S,
  now = Date.now(),
): Promise<RowOf<S> | null> {
  const k = kept(db);
  const key = String(categoryId);
  const known = k.featured.get(key);
  if (known && now - known.at <= ROW_TTL_MS) {
    if (known.id === null) return null;
    const [row] = await itemRowsByIds(db, [known.id], shape, now);
    if (row) return row;
  }
  const version = contentVersion(db);
  const row = await findFeatured(db, categoryId, shape);
  if (contentVersion(db) === version) {
    k.featured.set(key, { at: now, id: row?.id ?? null });
    if (row) k.rows[shape].set(row.id, { at: now, row });
  }
  return row;
}

/** After a like or unlike: the item's rows are read again on next use. */
export function forgetItemRow(db: Db, id: number) {
  const k = perDb.get(db);
  if (!k) return;
  k.rows.card.delete(id);
  k.rows.item.delete(id);
}
