import type { Db } from "../../db/client.ts";
import { deleteMediaRow } from "../../db/queries/media.ts";
import type { Config } from "../config.ts";
import { removeKeys } from "./storage.ts";

/**
 * Deletes an item: the row first, then its files, so no row ever points at a missing file
 * (a crash in between leaves only an orphan file, which is harmless). False when no such item.
 */
export async function deleteMediaItem(db: Db, config: Config, id: number): Promise<boolean> {
  const keys = await deleteMediaRow(db, id);
  if (!keys) return false;
  await removeKeys(config, keys);
  return true;
}
