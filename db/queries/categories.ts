/** Categories as admins manage them (issue 41 point 5): the list with counts, renames, order, old slugs, deletion. */
import { and, asc, count, eq, ne, sql } from "drizzle-orm";
import type { Db, Tx } from "../client.ts";
import { categories, categorySlugs, media } from "../schema/mod.ts";

type Conn = Db | Tx;

export type AdminCategoryRow = { id: number; name: string; slug: string; position: number; items: number };

export function listCategoriesForAdmin(db: Conn): Promise<AdminCategoryRow[]> {
  return db.select({
    id: categories.id,
    name: categories.name,
    slug: categories.slug,
    position: categories.position,
    // Spelled out: inside a subquery drizzle leaves columns unqualified, and `id` would be the item's.
    items: sql<number>`(select count(*) from media m where m.category_id = "categories"."id")`,
  }).from(categories).orderBy(asc(categories.position), asc(categories.id)).all();
}

export function findCategoryRow(db: Conn, id: number) {
  return db.select({ id: categories.id, name: categories.name, slug: categories.slug }).from(categories).where(eq(categories.id, id)).get();
}

export async function countCategories(db: Conn): Promise<number> {
  return (await db.select({ n: count() }).from(categories).get())?.n ?? 0;
}

/** Another category already named so, or at this slug (case-insensitive names). */
export async function categoryClash(db: Conn, name: string, slug: string, exceptId = 0): Promise<boolean> {
  const row = await db.select({ id: categories.id }).from(categories)
    .where(and(ne(categories.id, exceptId), sql`(${categories.slug} = ${slug} or lower(${categories.name}) = lower(${name}))`)).get();
  return !!row;
}

export async function insertCategory(tx: Tx, row: { name: string; slug: string; position: number; createdAt: number }) {
  const [inserted] = await tx.insert(categories).values(row).returning({ id: categories.id });
  return inserted.id;
}

export async function renameCategory(tx: Tx, id: number, name: string, slug: string) {
  await tx.update(categories).set({ name, slug }).where(eq(categories.id, id));
}

/** `slug` leads to `categoryId` from now on (a rename's old slug, a deleted category's). */
export async function keepOldSlug(tx: Tx, slug: string, categoryId: number, at: number) {
  await tx.insert(categorySlugs).values({ slug, categoryId, createdAt: at })
    .onConflictDoUpdate({ target: categorySlugs.slug, set: { categoryId, createdAt: at } });
}

/** A slug taken by a category again is no longer an old one. */
export async function dropOldSlug(tx: Tx, slug: string) {
  await tx.delete(categorySlugs).where(eq(categorySlugs.slug, slug));
}

export async function repointOldSlugs(tx: Tx, fromId: number, toId: number) {
  await tx.update(categorySlugs).set({ categoryId: toId }).where(eq(categorySlugs.categoryId, fromId));
}

/** The current slug of the category an old slug leads to. */
export async function findSlugRedirect(db: Conn, slug: string): Promise<string | null> {
  const row = await db.select({ slug: categories.slug }).from(categorySlugs)
    .innerJoin(categories, eq(categories.id, categorySlugs.categoryId)).where(eq(categorySlugs.slug, slug)).get();
  return row?.slug ?? null;
}

/** Positions 0..n-1 in the order given. */
export async function setCategoryOrder(tx: Tx, ids: number[]) {
  for (const [position, id] of ids.entries()) await tx.update(categories).set({ position }).where(eq(categories.id, id));
}

export async function countCategoryItems(db: Conn, id: number): Promise<number> {
  return (await db.select({ n: count() }).from(media).where(eq(media.categoryId, id)).get())?.n ?? 0;
}

export async function moveCategoryItems(tx: Tx, fromId: number, toId: number, at: number): Promise<number> {
  const moved = await tx.update(media).set({ categoryId: toId, updatedAt: at }).where(eq(media.categoryId, fromId)).returning({
    id: media.id,
  });
  return moved.length;
}

export async function deleteCategoryRow(tx: Tx, id: number) {
  await tx.delete(categories).where(eq(categories.id, id));
}
