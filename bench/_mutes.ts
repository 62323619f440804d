/**
 * A member's mutes over a seeded catalogue (issue 25): 3 tag mutes, 2 user mutes and 1 generator
 * mute, each hitting about 1% of the items (bench/mutes.ts and tests/mutes_plan_test.ts).
 */
import type { Db } from "../db/client.ts";
import { seedItems } from "./_seed.ts";

export type Mutes = { users: number[]; generators: string[]; tags: string[] };

/** Seeds `count` items over 200 uploaders, marks the rare tags and generator, and returns the mutes. */
export async function seedMutedCatalogue(db: Db, count: number): Promise<Mutes> {
  await seedItems(db, count, 200);
  // Updates of tags go through media_tags_update (migration 0012), as an edit does.
  await db.client.execute("UPDATE media SET tags = tags || ',Gore' WHERE id % 97 = 0");
  await db.client.execute("UPDATE media SET tags = tags || ', #spiders' WHERE id % 89 = 1");
  await db.client.execute("UPDATE media SET tags = tags || ',clowns' WHERE id % 83 = 2");
  await db.client.execute("UPDATE media SET ai_generator = 'Rare Gen ' WHERE id % 101 = 3");
  const users = await db.client.execute("SELECT id FROM users WHERE username IN ('bench_user_5', 'bench_user_6') ORDER BY id");
  return { users: users.rows.map((r) => Number(r.id)), generators: ["rare gen"], tags: ["gore", "spiders", "clowns"] };
}

/** The lookup before migration 0012 (a LIKE over every row's tags), for the bench's comparison. */
export function likeScanSql(m: Mutes): { sql: string; args: (string | number)[] } {
  const conds = [
    `user_id IN (${m.users.map(() => "?").join(",")})`,
    `lower(trim(ai_generator)) IN (${m.generators.map(() => "?").join(",")})`,
    ...m.tags.map(() => `(',' || replace(replace(lower(tags), ', ', ','), ' ,', ',') || ',') LIKE ?`),
  ];
  return { sql: `SELECT id FROM media WHERE ${conds.join(" OR ")}`, args: [...m.users, ...m.generators, ...m.tags.map((t) => `%,${t},%`)] };
}
