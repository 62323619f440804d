import { asc } from "drizzle-orm";
import type { Db } from "../client.ts";
import { categories } from "../schema/mod.ts";

/** Every category (id, name, slug) by name. */
export function listCategories(db: Db) {
  return db.select({ id: categories.id, name: categories.name, slug: categories.slug }).from(categories).orderBy(asc(categories.name))
    .all();
}
