/** The one row of site settings (issue 41, decision 043): the stored JSON, or none before the first save. */
import { eq } from "drizzle-orm";
import type { Db, Tx } from "../client.ts";
import { siteSettings } from "../schema/mod.ts";

export async function readSiteSettingsRow(db: Db | Tx): Promise<string | null> {
  const row = await db.select({ data: siteSettings.data }).from(siteSettings).where(eq(siteSettings.id, 1)).get();
  return row?.data ?? null;
}

export async function writeSiteSettingsRow(tx: Tx, data: string, at: number) {
  await tx.insert(siteSettings).values({ id: 1, data, updatedAt: at })
    .onConflictDoUpdate({ target: siteSettings.id, set: { data, updatedAt: at } });
}
