import { fillPlaceholders, sql } from "drizzle-orm";
import type { Db, Tx } from "./client.ts";
import { hasFastReads } from "./sqlite_client.ts";

/**
 * A LIMIT written into the SQL rather than bound: SQLite ran the featured query in 29 µs with
 * `LIMIT 1` and in 115 µs with `LIMIT ?`, a feed page in 120 µs against 265 µs (measured here).
 * Prepared statements then take the limit into their key; there are only a few.
 */
export const literalLimit = (n: number) => sql.raw(String(Math.max(0, Math.trunc(n)))) as unknown as number;

/** What this module needs of a drizzle prepared select (`builder.prepare()`). */
type DrizzlePrepared = {
  query: { sql: string; params: unknown[] };
  fields?: { path: string[]; field: unknown }[];
  all(values?: Record<string, unknown>): Promise<unknown>;
};

type Decoder = { mapFromDriverValue(v: unknown): unknown };

/** A prepared read: rows as objects keyed like the drizzle select. */
export type PreparedRead<T> = {
  all(values?: Record<string, unknown>): Promise<T[]>;
  get(values?: Record<string, unknown>): Promise<T | undefined>;
};

const cache = new WeakMap<Db, Map<string, PreparedRead<unknown>>>();

/**
 * Builds a select once per database and shape, then reuses it: drizzle spends ~0.7 ms building
 * the SQL of a 30-column join, several times what SQLite needs to run it. `key` names the
 * shape; values go in through `sql.placeholder`.
 *
 * On a local file the statement then runs on the reader connection and its rows (arrays) are
 * turned into objects here, with each column's own decoder: drizzle's generic row mapping and
 * the client's named columns cost ~0.3 ms for 13 card rows, four times SQLite's own time
 * (profiled). The SQL is drizzle's, so the query-plan test covers what runs. A libSQL server
 * goes through drizzle as before.
 */
export function prepared<T>(db: Db, key: string, build: () => { prepare(): unknown }): PreparedRead<T> {
  let perDb = cache.get(db);
  if (!perDb) cache.set(db, perDb = new Map());
  let read = perDb.get(key) as PreparedRead<T> | undefined;
  if (!read) perDb.set(key, read = compile<T>(db, build().prepare() as DrizzlePrepared));
  return read;
}

/**
 * The same for queries that also run inside a write transaction (`Db | Tx`): on the database
 * they are prepared once; in a transaction they run through drizzle on the writer.
 */
export function preparedOn<T>(conn: Db | Tx, key: string, build: (conn: Db | Tx) => { prepare(): unknown }): PreparedRead<T> {
  if ("client" in conn) return prepared<T>(conn, key, () => build(conn));
  const query = build(conn).prepare() as DrizzlePrepared;
  const all = async (values?: Record<string, unknown>) => (await query.all(values)) as T[];
  return { all, get: async (values) => (await all(values))[0] };
}

function compile<T>(db: Db, query: DrizzlePrepared): PreparedRead<T> {
  const client = db.client;
  const fields = query.fields ?? [];
  const flat = fields.length > 0 && fields.every((f) => f.path.length === 1);
  if (!hasFastReads(client) || !flat) {
    const all = async (values?: Record<string, unknown>) => (await query.all(values)) as T[];
    return { all, get: async (values) => (await all(values))[0] };
  }
  const names = fields.map((f) => f.path[0]);
  const decoders = fields.map((f) => decoderOf(f.field));
  const { sql, params } = query.query;
  const toObject = (row: unknown[]) => {
    const out: Record<string, unknown> = {};
    for (let i = 0; i < names.length; i++) {
      const v = row[i];
      out[names[i]] = v === null ? null : decoders[i] ? decoders[i]!.mapFromDriverValue(v) : v;
    }
    return out as T;
  };
  const rows = (values?: Record<string, unknown>) => client.readArrays(sql, fillPlaceholders(params, values ?? {}) as never[]);
  return {
    all: (values) => Promise.resolve().then(() => rows(values).map(toObject)),
    get: (values) =>
      Promise.resolve().then(() => {
        const [row] = rows(values);
        return row ? toObject(row) : undefined;
      }),
  };
}

/** The column's (or typed SQL's) driver-value decoder; null when it returns values unchanged. */
function decoderOf(field: unknown): Decoder | null {
  const f = field as { mapFromDriverValue?: Decoder["mapFromDriverValue"]; decoder?: Decoder; sql?: { decoder?: Decoder } };
  const decoder: Decoder | undefined = typeof f.mapFromDriverValue === "function" ? (f as Decoder) : f.decoder ?? f.sql?.decoder;
  if (!decoder) return null;
  // Plain integer and text columns hand values through as they are.
  const probe = {};
  try {
    return decoder.mapFromDriverValue(probe) === probe ? null : decoder;
  } catch {
    return decoder;
  }
}
