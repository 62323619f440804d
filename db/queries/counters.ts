import { eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../client.ts";
import { prepared } from "../prepared.ts";
import { sharedCounters } from "../schema/mod.ts";

/** A shared counter's value (0 before it first moves). */
export async function readCounter(db: Db, name: string): Promise<number> {
  const row = await prepared<{ value: number }>(
    db,
    "sharedCounter",
    () => db.select({ value: sharedCounters.value }).from(sharedCounters).where(eq(sharedCounters.name, sql.placeholder("name"))),
  )
    .get({ name });
  return row?.value ?? 0;
}

/** Moves a shared counter by one and answers its new value (the row is made on first use). */
export async function bumpCounter(db: Db | Tx, name: string): Promise<number> {
  const [row] = await db.insert(sharedCounters).values({ name, value: 1 })
    .onConflictDoUpdate({ target: sharedCounters.name, set: { value: sql`${sharedCounters.value} + 1` } })
    .returning({ value: sharedCounters.value });
  return row.value;
}
