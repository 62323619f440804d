/**
 * Categories as admins manage them (issue 41 point 5, decision 044): add, rename, reorder, delete
 * with the items moved. Each change is one write transaction with its audit entry. A rename keeps
 * the old slug, which redirects (301) to the new one; a deleted category's slugs lead to where its
 * items went. The caller moves the content version (the tabs and kept rows are read again).
 */
import { type Db, writeTx } from "../../db/client.ts";
import {
  categoryClash,
  countCategories,
  countCategoryItems,
  deleteCategoryRow,
  dropOldSlug,
  findCategoryRow,
  insertCategory,
  keepOldSlug,
  listCategoriesForAdmin,
  moveCategoryItems,
  renameCategory,
  repointOldSlugs,
  setCategoryOrder,
} from "../../db/queries/categories.ts";
import { CATEGORY_LIMITS, CATEGORY_MSG, categorySlug } from "../../common/category_rules.ts";
import { badRequest, conflict, notFound } from "../http_error.ts";
import { recordAudit } from "./audit.ts";

function slugOf(name: string): string {
  const slug = categorySlug(name);
  if (!slug) throw badRequest(CATEGORY_MSG.nameNoSlug);
  return slug;
}

export async function createCategory(db: Db, adminId: number, name: string, now: number) {
  const slug = slugOf(name);
  return await writeTx(db, async (tx) => {
    const n = await countCategories(tx);
    if (n >= CATEGORY_LIMITS.count) throw conflict(CATEGORY_MSG.full);
    if (await categoryClash(tx, name, slug)) throw conflict(CATEGORY_MSG.taken);
    await dropOldSlug(tx, slug);
    const id = await insertCategory(tx, { name, slug, position: n, createdAt: now });
    // Positions are renumbered from 0 so the new one is last whatever the earlier numbering was.
    await setCategoryOrder(tx, [...(await listCategoriesForAdmin(tx)).map((c) => c.id).filter((x) => x !== id), id]);
    await recordAudit(
      tx,
      { actorId: adminId, action: "category.create", targetType: "category", targetId: id, details: { name, slug } },
      now,
    );
    return { id, name, slug, position: n, items: 0 };
  });
}

export async function updateCategory(db: Db, adminId: number, id: number, patch: { name?: string; position?: number }, now: number) {
  return await writeTx(db, async (tx) => {
    const before = await findCategoryRow(tx, id);
    if (!before) throw notFound(CATEGORY_MSG.notFound);
    const details: Record<string, unknown> = { name: before.name };
    if (patch.name !== undefined && patch.name !== before.name) {
      const slug = slugOf(patch.name);
      if (await categoryClash(tx, patch.name, slug, id)) throw conflict(CATEGORY_MSG.taken);
      await renameCategory(tx, id, patch.name, slug);
      if (slug !== before.slug) {
        await dropOldSlug(tx, slug);
        await keepOldSlug(tx, before.slug, id, now);
      }
      Object.assign(details, { from: before.name, to: patch.name, oldSlug: before.slug, slug });
    }
    const list = await listCategoriesForAdmin(tx);
    if (patch.position !== undefined) {
      const others = list.map((c) => c.id).filter((x) => x !== id);
      const at = Math.min(patch.position, others.length);
      const from = list.findIndex((c) => c.id === id);
      others.splice(at, 0, id);
      await setCategoryOrder(tx, others);
      Object.assign(details, { fromPosition: from, position: at });
    }
    await recordAudit(tx, { actorId: adminId, action: "category.update", targetType: "category", targetId: id, details }, now);
    return (await listCategoriesForAdmin(tx)).find((c) => c.id === id)!;
  });
}

/** Deletes the category; its items move to `moveTo` (required while it has any: 409). */
export async function deleteCategory(db: Db, adminId: number, id: number, moveTo: number | null, now: number) {
  return await writeTx(db, async (tx) => {
    const gone = await findCategoryRow(tx, id);
    if (!gone) throw notFound(CATEGORY_MSG.notFound);
    const items = await countCategoryItems(tx, id);
    if (moveTo === id) throw badRequest(CATEGORY_MSG.moveToSelf);
    const target = moveTo === null ? null : await findCategoryRow(tx, moveTo);
    if (moveTo !== null && !target) throw notFound(CATEGORY_MSG.moveToMissing);
    if (items > 0 && !target) throw conflict(CATEGORY_MSG.hasItems(items));
    const moved = target ? await moveCategoryItems(tx, id, target.id, now) : 0;
    if (target) {
      await repointOldSlugs(tx, id, target.id);
      await keepOldSlug(tx, gone.slug, target.id, now);
    }
    await deleteCategoryRow(tx, id);
    await setCategoryOrder(tx, (await listCategoriesForAdmin(tx)).map((c) => c.id));
    await recordAudit(tx, {
      actorId: adminId,
      action: "category.delete",
      targetType: "category",
      targetId: id,
      details: { name: gone.name, slug: gone.slug, movedTo: target ? { id: target.id, name: target.name } : null, moved },
    }, now);
    return { moved, moveTo: target?.id ?? null };
  });
}
