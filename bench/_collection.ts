/** A public collection over a seeded catalogue (bench/collection.ts and tests/collections_db_test.ts). */
import type { Db } from "../db/client.ts";
import { randomCollectionId } from "../db/queries/collections.ts";

/**
 * A public collection of `size` items owned by `ownerId`, spread over the whole catalogue in a
 * scrambled order (so its rows are scattered over the media table as a real one's are, and about
 * as many are pending as in the seed, ~2%).
 */
export async function seedCollection(db: Db, ownerId: number, size: number, title = "Bench collection"): Promise<number> {
  const id = randomCollectionId();
  const now = Date.now();
  await db.client.execute({
    sql: `INSERT INTO collections (id, user_id, watch_later, title, description, visibility, created_at, updated_at)
      VALUES (?, ?, 0, ?, 'Seeded', 'public', ?, ?)`,
    args: [id, ownerId, title, now, now],
  });
  await db.client.execute({
    sql: `INSERT INTO collection_items (collection_id, media_id, position, created_at)
      SELECT ?, id, row_number() OVER (ORDER BY (id * 7919) % 100003) - 1, ? FROM media ORDER BY (id * 7919) % 100003 LIMIT ?`,
    args: [id, now, size],
  });
  return id;
}
