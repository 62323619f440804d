/** A public collection over a seeded catalogue (bench/collection.ts and tests/collections_db_test.ts). */
import type { Db } from "../db/client.ts";
import { randomCollectionId } from "../db/queries/collections.ts";

/**
 * A public collection of `size` items owned by `ownerId`, taken every `step`-th item across the
 * whole catalogue (so its rows are spread over the media table as a real one's are), in that order.
 */
export async function seedCollection(db: Db, ownerId: number, size: number, title = "Bench collection"): Promise<number> {
  const total = Number((await db.client.execute("SELECT count(*) AS n FROM media")).rows[0].n);
  const step = Math.max(1, Math.floor(total / size));
  const id = randomCollectionId();
  const now = Date.now();
  await db.client.execute({
    sql: `INSERT INTO collections (id, user_id, watch_later, title, description, visibility, created_at, updated_at)
      VALUES (?, ?, 0, ?, 'Seeded', 'public', ?, ?)`,
    args: [id, ownerId, title, now, now],
  });
  await db.client.execute({
    sql: `INSERT INTO collection_items (collection_id, media_id, position, created_at)
      SELECT ?, id, row_number() OVER (ORDER BY id) - 1, ? FROM media WHERE id % ? = 0 ORDER BY id LIMIT ?`,
    args: [id, now, step, size],
  });
  return id;
}
