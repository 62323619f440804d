import type { Db } from "../../db/client.ts";
import { deleteMediaRow } from "../../db/queries/media.ts";
import { deleteHashesOf, markHashesRemoved } from "../../db/queries/similar.ts";
import type { Config } from "../config.ts";
import { removeKeys } from "./storage.ts";

/**
 * Deletes an item: the row first, then its files, so no row ever points at a missing file
 * (a crash in between leaves only an orphan file, which is harmless). False when no such item.
 * An admin's deletion keeps the item's perceptual hashes, marked removed, so a re-upload of it is
 * held (issue 25); an owner's own deletion drops them.
 */
export async function deleteMediaItem(db: Db, config: Config, id: number, opts: { byAdmin?: boolean } = {}): Promise<boolean> {
  if (opts.byAdmin) await markHashesRemoved(db, id);
  const keys = await deleteMediaRow(db, id);
  if (!keys) return false;
  if (!opts.byAdmin) await deleteHashesOf(db, id);
  await removeKeys(config, keys);
  return true;
}
