/** Collections and their items (issue 32 point 5, migration 0017, decision record 030). */
import { and, asc, count, desc, eq, inArray, or, type Placeholder, type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "../client.ts";
import { literalLimit, prepared, preparedOn } from "../prepared.ts";
import { categories, collectionItems, collections, media, users } from "../schema/mod.ts";
import { itemColumns, type ItemRow } from "./media.ts";
import { cardColumns, type CardRow } from "./feed.ts";
import type { CollectionVisibility } from "../../common/collection_rules.ts";

type Conn = Db | Tx;

/** Who reads: nobody signed in, a member (who also sees their own uploads in any state) or an admin (who sees all). */
export type ItemViewer = { id: number; isAdmin: boolean } | null;
type ViewerKind = "visitor" | "member" | "admin";
const kindOf = (v: ItemViewer): ViewerKind => (!v ? "visitor" : v.isAdmin ? "admin" : "member");

/**
 * SQL: the collection_items row is shown to this kind of viewer. `shown` (kept by the triggers of
 * migration 0017) says public: approved, not hidden, playable, and its uploader not banned; a member
 * also sees their own uploads in any state (one subquery on media_user_created, run once per
 * statement); admins see all. No media row is read to decide (decision record 030).
 */
function shownWhere(kind: ViewerKind, viewerId: number | Placeholder): SQL | undefined {
  if (kind === "admin") return undefined;
  const pub = eq(collectionItems.shown, true);
  if (kind === "visitor") return pub;
  return or(pub, sql`${collectionItems.mediaId} in (select ${media.id} from ${media} where ${media.userId} = ${viewerId})`);
}

const collectionColumns = {
  id: collections.id,
  userId: collections.userId,
  watchLater: collections.watchLater,
  title: collections.title,
  description: collections.description,
  visibility: collections.visibility,
  createdAt: collections.createdAt,
  updatedAt: collections.updatedAt,
  ownerName: users.username,
  ownerBanned: users.banned,
};
export type CollectionRow = typeof collections.$inferSelect & { ownerName: string; ownerBanned: boolean };

/** A random id in [1, 2^53): an unlisted collection's link cannot be found by counting (decision record 030). */
export function randomCollectionId(): number {
  const [hi, lo] = crypto.getRandomValues(new Uint32Array(2));
  return ((hi & 0x1fffff) * 2 ** 32 + lo) || 1;
}

export function findCollection(db: Conn, id: number): Promise<CollectionRow | undefined> {
  return preparedOn<CollectionRow>(
    db,
    "collection:find",
    (conn) =>
      conn.select(collectionColumns).from(collections).innerJoin(users, eq(users.id, collections.userId))
        .where(eq(collections.id, sql.placeholder("id"))),
  ).get({ id });
}

/** A member's collections, Watch later first, then the newest; `publicOnly` for other viewers. */
/** Prepared once per shape: every profile page lists them (building the SQL was most of its cost, issue 44). */
export function listCollectionsOf(db: Conn, userId: number, publicOnly: boolean): Promise<CollectionRow[]> {
  return preparedOn<CollectionRow>(
    db,
    `collections:of:${publicOnly}`,
    (conn) =>
      conn.select(collectionColumns).from(collections).innerJoin(users, eq(users.id, collections.userId))
        .where(and(eq(collections.userId, sql.placeholder("userId")), publicOnly ? eq(collections.visibility, "public") : undefined))
        .orderBy(desc(collections.watchLater), desc(collections.createdAt)),
  ).all({ userId });
}

/** Collections the member keeps besides Watch later (the cap). */
export async function countOwnCollections(tx: Conn, userId: number): Promise<number> {
  const row = await tx.select({ n: count() }).from(collections)
    .where(and(eq(collections.userId, userId), eq(collections.watchLater, false))).get();
  return row?.n ?? 0;
}

export async function insertCollection(
  tx: Tx,
  v: { userId: number; title: string; description: string; visibility: CollectionVisibility },
): Promise<number> {
  const id = randomCollectionId();
  const now = Date.now();
  await tx.insert(collections).values({ id, ...v, watchLater: false, createdAt: now, updatedAt: now });
  return id;
}

export async function updateCollection(
  tx: Tx,
  id: number,
  v: { title?: string; description?: string; visibility?: CollectionVisibility },
): Promise<void> {
  await tx.update(collections).set({ ...v, updatedAt: Date.now() }).where(eq(collections.id, id));
}

/** The collection and (ON DELETE CASCADE) its item rows. */
export async function deleteCollection(tx: Tx, id: number): Promise<void> {
  await tx.delete(collections).where(eq(collections.id, id));
}

/** Every item id of a collection in its order, shown or not (the owner's reordering works on these). */
export async function itemIdsOf(db: Conn, collectionId: number): Promise<number[]> {
  const rows = await db.select({ id: collectionItems.mediaId }).from(collectionItems)
    .where(eq(collectionItems.collectionId, collectionId)).orderBy(asc(collectionItems.position)).all();
  return rows.map((r) => r.id);
}

/** Rows of a collection, shown or not (the 1,000 cap). */
export async function countItemRows(tx: Conn, collectionId: number): Promise<number> {
  const row = await tx.select({ n: count() }).from(collectionItems).where(eq(collectionItems.collectionId, collectionId)).get();
  return row?.n ?? 0;
}

/** Adds an item at the end; false when it was there already (no duplicate). */
export async function addItem(tx: Tx, collectionId: number, mediaId: number): Promise<boolean> {
  const last = await tx.select({ p: sql<number | null>`max(${collectionItems.position})` }).from(collectionItems)
    .where(eq(collectionItems.collectionId, collectionId)).get();
  const rows = await tx.insert(collectionItems)
    .values({ collectionId, mediaId, position: (last?.p ?? -1) + 1, createdAt: Date.now() })
    .onConflictDoNothing().returning({ id: collectionItems.mediaId });
  if (rows.length) await tx.update(collections).set({ updatedAt: Date.now() }).where(eq(collections.id, collectionId));
  return rows.length > 0;
}

/** False when the item was not in the collection. */
export async function removeItem(tx: Tx, collectionId: number, mediaId: number): Promise<boolean> {
  const rows = await tx.delete(collectionItems)
    .where(and(eq(collectionItems.collectionId, collectionId), eq(collectionItems.mediaId, mediaId)))
    .returning({ id: collectionItems.mediaId });
  return rows.length > 0;
}

/** Positions 0..n-1 in the order given, in one statement (the caller checked it lists exactly the collection's items). */
export async function setOrder(tx: Tx, collectionId: number, order: number[]): Promise<void> {
  await tx.run(sql`update ${collectionItems} set position = o.key
    from (select key, value from json_each(${JSON.stringify(order)})) o
    where ${collectionItems.collectionId} = ${collectionId} and ${collectionItems.mediaId} = o.value`);
  await tx.update(collections).set({ updatedAt: Date.now() }).where(eq(collections.id, collectionId));
}

/** Which of a member's collections hold an item (the Save dialog's checkboxes). */
export async function collectionsHolding(db: Conn, userId: number, mediaId: number): Promise<Set<number>> {
  const rows = await db.select({ id: collectionItems.collectionId }).from(collectionItems)
    .innerJoin(collections, eq(collections.id, collectionItems.collectionId))
    .where(and(eq(collectionItems.mediaId, mediaId), eq(collections.userId, userId))).all();
  return new Set(rows.map((r) => r.id));
}

type Shape = "item" | "card";
type RowOf<S extends Shape> = S extends "card" ? CardRow : ItemRow;

/** One page of the items a viewer is shown, in the collection's order (the builder, so the plan test can EXPLAIN it). */
export function collectionPageQuery(
  db: Db,
  q: { collectionId: number | Placeholder; kind: ViewerKind; viewerId: number | Placeholder; limit: number; offset: number | Placeholder },
  shape: Shape,
) {
  return db.select(shape === "card" ? cardColumns : itemColumns).from(collectionItems)
    .innerJoin(media, eq(media.id, collectionItems.mediaId))
    .innerJoin(users, eq(users.id, media.userId))
    .leftJoin(categories, eq(categories.id, media.categoryId))
    .where(and(eq(collectionItems.collectionId, q.collectionId), shownWhere(q.kind, q.viewerId)))
    .orderBy(asc(collectionItems.position))
    .limit(literalLimit(q.limit))
    .offset(q.offset);
}

export function listCollectionPage<S extends Shape>(
  db: Db,
  collectionId: number,
  viewer: ItemViewer,
  page: { limit: number; offset: number },
  shape: S,
): Promise<RowOf<S>[]> {
  const kind = kindOf(viewer);
  const query = prepared<RowOf<S>>(db, `collection:${shape}:${kind}:${page.limit}`, () =>
    collectionPageQuery(db, {
      collectionId: sql.placeholder("collectionId"),
      kind,
      viewerId: sql.placeholder("viewerId"),
      limit: page.limit,
      offset: sql.placeholder("offset"),
    }, shape));
  return query.all({ collectionId, viewerId: viewer?.id ?? 0, offset: page.offset });
}

/** Per collection: the items this viewer is shown and the first of them (its cover), in one grouped query on collection_items alone. */
export function shownStatsQuery(db: Db, ids: number[] | Placeholder, kind: ViewerKind, viewerId: number | Placeholder) {
  // SQLite's bare column with min(): media_id comes from the row holding the lowest position.
  return db.select({
    id: collectionItems.collectionId,
    n: count(),
    first: collectionItems.mediaId,
    p: sql`min(${collectionItems.position})`,
  })
    .from(collectionItems)
    .where(and(
      Array.isArray(ids) ? inArray(collectionItems.collectionId, ids) : eq(collectionItems.collectionId, ids),
      shownWhere(kind, viewerId),
    ))
    .groupBy(collectionItems.collectionId);
}

type Stats = { id: number; n: number; first: number };

export async function shownStats(db: Db, ids: number[], viewer: ItemViewer): Promise<Map<number, { count: number; first: number }>> {
  if (!ids.length) return new Map();
  const kind = kindOf(viewer);
  // One collection (its page, an answer about it): a statement prepared once per kind of viewer.
  const rows = ids.length === 1
    ? await prepared<Stats>(
      db,
      `collection:stats:${kind}`,
      () => shownStatsQuery(db, sql.placeholder("collectionId"), kind, sql.placeholder("viewerId")),
    ).all({
      collectionId: ids[0],
      viewerId: viewer?.id ?? 0,
    })
    : await shownStatsQuery(db, ids, kind, viewer?.id ?? 0).all();
  return new Map(rows.map((r) => [r.id, { count: r.n, first: r.first }]));
}

/** Card rows of some items by id (the covers), in no particular order. */
export function cardRowsByIds(db: Db, ids: number[]): Promise<CardRow[]> {
  if (!ids.length) return Promise.resolve([]);
  return db.select(cardColumns).from(media)
    .innerJoin(users, eq(users.id, media.userId))
    .leftJoin(categories, eq(categories.id, media.categoryId))
    .where(inArray(media.id, ids)).all() as Promise<CardRow[]>;
}
