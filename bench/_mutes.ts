/**
 * A member's mutes over a seeded catalogue (issue 25): 3 tag mutes, 2 user mutes and 1 generator
 * mute, each hitting about 1% of the items (bench/mutes.ts and tests/mutes_plan_test.ts).
 */
import type { Db } from "../db/client.ts";
import { seedItems } from "./_seed.ts";

/** The muting member and what they muted. */
export type Mutes = { userId: number; users: number[]; generators: string[]; tags: string[] };

/** Seeds `count` items over 200 uploaders, marks the rare tags and generator, and stores a member's mutes of them. */
export async function seedMutedCatalogue(db: Db, count: number): Promise<Mutes> {
  await seedItems(db, count, 200);
  // Updates of tags go through media_tags_update (migration 0012), as an edit does.
  await db.client.execute("UPDATE media SET tags = tags || ',Gore' WHERE id % 97 = 0");
  await db.client.execute("UPDATE media SET tags = tags || ', #spiders' WHERE id % 89 = 1");
  await db.client.execute("UPDATE media SET tags = tags || ',clowns' WHERE id % 83 = 2");
  await db.client.execute("UPDATE media SET ai_generator = 'Rare Gen ' WHERE id % 101 = 3");
  const users = await db.client.execute("SELECT id FROM users WHERE username IN ('bench_user_5', 'bench_user_6') ORDER BY id");
  const mutes = { users: users.rows.map((r) => Number(r.id)), generators: ["rare gen"], tags: ["gore", "spiders", "clowns"] };
  const muter = await db.client.execute("INSERT INTO users (username, created_at) VALUES ('bench_muter', 0) RETURNING id");
  const userId = Number(muter.rows[0].id);
  const rows = [
    ...mutes.users.map((u) => ["user", String(u)]),
    ...mutes.generators.map((g) => ["generator", g]),
    ...mutes.tags.map((t) => ["tag", t]),
  ];
  for (const [type, value] of rows) {
    await db.client.execute({
      sql: "INSERT INTO user_mutes (user_id, type, value, created_at) VALUES (?, ?, ?, 0)",
      args: [userId, type, value],
    });
  }
  return { userId, ...mutes };
}

/** Adds tag mutes to `userId` up to `total` mutes in all (tags no item carries), in one statement. */
export async function fillMutes(db: Db, userId: number, total: number) {
  await db.client.execute({
    sql: `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
      INSERT INTO user_mutes (user_id, type, value, created_at) SELECT ?, 'tag', 'unused tag ' || i, 0 FROM n`,
    args: [
      total -
      Number((await db.client.execute({ sql: "SELECT count(*) AS n FROM user_mutes WHERE user_id = ?", args: [userId] })).rows[0].n),
      userId,
    ],
  });
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
