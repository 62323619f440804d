/**
 * Fedify's KvStore on our database (table fedify_kv), so every web process and `deno task worker`
 * share its caches and idempotence marks and they survive a restart (nothing in memory).
 */
import type { KvKey, KvStore, KvStoreListEntry, KvStoreSetOptions } from "@fedify/fedify";
import { type Db, writeTx } from "../../db/client.ts";
import { deleteKv, getKv, listKv, setKv } from "../../db/queries/fedify_kv.ts";

const encode = (key: KvKey) => JSON.stringify(key);
const expiry = (options?: KvStoreSetOptions) => options?.ttl ? Date.now() + options.ttl.total("millisecond") : null;
/** A list() walk reads this many rows a query, so a large prefix never loads at once. */
const LIST_PAGE = 500;

export class DbKvStore implements KvStore {
  constructor(private db: Db) {}

  async get<T = unknown>(key: KvKey): Promise<T | undefined> {
    const value = await getKv(this.db, encode(key));
    return value === undefined ? undefined : JSON.parse(value) as T;
  }

  async set(key: KvKey, value: unknown, options?: KvStoreSetOptions): Promise<void> {
    await setKv(this.db, encode(key), JSON.stringify(value), expiry(options));
  }

  async delete(key: KvKey): Promise<void> {
    await deleteKv(this.db, encode(key));
  }

  cas = (key: KvKey, expected: unknown, next: unknown, options?: KvStoreSetOptions): Promise<boolean> =>
    writeTx(this.db, async (tx) => {
      const k = encode(key);
      const current = await getKv(tx, k);
      if (current !== (expected === undefined ? undefined : JSON.stringify(expected))) return false;
      await setKv(tx, k, JSON.stringify(next), expiry(options));
      return true;
    });

  async *list(prefix?: KvKey): AsyncIterable<KvStoreListEntry> {
    // ["a","b"] lists ["a","b"] itself and ["a","b",...]: match its JSON without the closing bracket.
    const base = prefix ? encode(prefix).slice(0, -1) : "[";
    let after = "";
    while (true) {
      const rows = await listKv(this.db, base, after, LIST_PAGE);
      for (const row of rows) {
        const key = JSON.parse(row.key) as string[];
        if (prefix && key.length > prefix.length && !row.key.startsWith(base + ",")) continue;
        yield { key: key as unknown as KvKey, value: JSON.parse(row.value) };
      }
      if (rows.length < LIST_PAGE) return;
      after = rows[rows.length - 1].key;
    }
  }
}
