/** Seeds many items fast (one recursive INSERT): used by bench/feed.ts and the query-plan test. */
import type { Db } from "../db/client.ts";

const WORDS = ["neon", "dragon", "forest", "city", "ocean", "robot", "dream", "galaxy", "portrait", "storm", "castle", "desert"];
const GENERATORS = ["Runway", "Google Veo", "Kling", "Vidu", "Luma", "Open AI Sora", "Higgsfield", "Midjourney", "Other"];

/**
 * Inserts `count` approved items (2/3 video or embed, 1/3 image) spread over `users` uploaders
 * and every category, with varied views, likes and ages; ~2% stay pending.
 */
export async function seedItems(db: Db, count: number, users = 20) {
  const now = Date.now();
  const tx = await db.client.transaction("write");
  try {
    for (let u = 0; u < users; u++) {
      await tx.execute({
        sql: "INSERT OR IGNORE INTO users (username, email, is_admin, banned, created_at) VALUES (?, ?, 0, 0, ?)",
        args: [`bench_user_${u}`, `bench${u}@example.com`, now],
      });
    }
    const words = WORDS.map((w) => `'${w}'`).join(",");
    const gens = GENERATORS.map((g) => `'${g}'`).join(",");
    await tx.execute({
      sql: `
      WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?),
        w(arr) AS (SELECT json_array(${words})),
        g(arr) AS (SELECT json_array(${gens})),
        u(ids) AS (SELECT json_group_array(id) FROM users WHERE username LIKE 'bench_user_%'),
        c(ids) AS (SELECT json_group_array(id) FROM categories)
      INSERT INTO media (user_id, category_id, content_type, title, description, prompt, ai_generator, tags, file_key, youtube_id,
        duration, views, likes, review_status, featured, hidden, created_at, updated_at)
      SELECT
        json_extract(u.ids, '$[' || (i % json_array_length(u.ids)) || ']'),
        json_extract(c.ids, '$[' || (i % json_array_length(c.ids)) || ']'),
        CASE i % 3 WHEN 0 THEN 'image' WHEN 1 THEN 'video' ELSE CASE WHEN i % 9 = 2 THEN 'embed' ELSE 'video' END END,
        'Bench ' || json_extract(w.arr, '$[' || (i % 12) || ']') || ' ' || json_extract(w.arr, '$[' || ((i / 12) % 12) || ']') || ' ' || i,
        'A generated scene number ' || i || ' with ' || json_extract(w.arr, '$[' || ((i * 7) % 12) || ']') || ' light.',
        'cinematic ' || json_extract(w.arr, '$[' || ((i * 5) % 12) || ']') || ', 4k, volumetric',
        json_extract(g.arr, '$[' || (i % 9) || ']'),
        json_extract(w.arr, '$[' || ((i * 3) % 12) || ']') || ',' || json_extract(w.arr, '$[' || ((i * 11) % 12) || ']') || ',ai',
        CASE i % 3 WHEN 0 THEN 'i/bench.webp' ELSE CASE WHEN i % 9 = 2 THEN NULL ELSE 'v/bench.mp4' END END,
        CASE WHEN i % 9 = 2 THEN 'dQw4w9WgXcQ' ELSE NULL END,
        CASE WHEN i % 3 = 0 THEN NULL ELSE 5 + i % 55 END,
        (i * 7919) % 5000,
        (i * 104729) % 400,
        CASE WHEN i % 50 = 0 THEN 'pending' ELSE 'approved' END,
        CASE WHEN i % 997 = 0 THEN 1 ELSE 0 END,
        0,
        ? - i * 60000,
        ? - i * 60000
      FROM n, w, g, u, c`,
      args: [count, now, now],
    });
    await tx.commit();
  } finally {
    tx.close();
  }
}
