/** Seeds a busy forum fast (a few recursive INSERTs): used by bench/forum.ts and the forum query-plan test. */
import type { Db } from "../db/client.ts";

const WORDS = ["kling", "runway", "prompt", "lighting", "workflow", "upscale", "camera", "character", "sora", "music", "loop", "style"];

/**
 * Inserts `count` threads over every forum category and `members` authors (about 1 in 50
 * sticky), with real upvote and comment rows behind their counts: up to 19 upvotes and 14
 * comments a thread.
 */
export async function seedForum(db: Db, count: number, members = 25) {
  const now = Date.now();
  const tx = await db.client.transaction("write");
  try {
    for (let u = 0; u < members; u++) {
      await tx.execute({
        sql: "INSERT OR IGNORE INTO users (username, email, is_admin, banned, created_at, last_seen_at) VALUES (?, ?, 0, 0, ?, ?)",
        args: [`forum_user_${u}`, `forum${u}@example.com`, now, u % 3 === 0 ? now : null],
      });
    }
    const words = WORDS.map((w) => `'${w}'`).join(",");
    await tx.execute({
      sql: `
      WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?),
        w(arr) AS (SELECT json_array(${words})),
        u(ids) AS (SELECT json_group_array(id) FROM users WHERE username LIKE 'forum_user_%'),
        c(ids) AS (SELECT json_group_array(id) FROM forum_categories)
      INSERT INTO threads (user_id, category_id, title, content, tags, is_sticky, upvotes, comment_count, created_at)
      SELECT
        json_extract(u.ids, '$[' || (i % json_array_length(u.ids)) || ']'),
        json_extract(c.ids, '$[' || (i % json_array_length(c.ids)) || ']'),
        'Thread ' || i || ': ' || json_extract(w.arr, '$[' || (i % 12) || ']') || ' and ' || json_extract(w.arr, '$[' || ((i / 12) % 12) || ']'),
        'How do you get good ' || json_extract(w.arr, '$[' || ((i * 7) % 12) || ']') || ' results? ' ||
          replace(printf('%.' || (2 + i % 30) || 'c', '*'), '*', 'Some details about the setup. '),
        json_array(json_extract(w.arr, '$[' || ((i * 3) % 12) || ']'), json_extract(w.arr, '$[' || ((i * 5) % 12) || ']')),
        CASE WHEN i % 50 = 0 THEN 1 ELSE 0 END,
        (i * 7) % 20 % (json_array_length(u.ids)),
        (i * 13) % 15,
        ? - i * 60000
      FROM n, w, u, c`,
      args: [count, now],
    });
    // The rows behind the counters: upvotes by the first N members, comments spread over the members.
    await tx.execute(`
      WITH m AS (SELECT id, row_number() OVER (ORDER BY id) - 1 AS k FROM users WHERE username LIKE 'forum_user_%')
      INSERT INTO thread_upvotes (thread_id, user_id, created_at)
      SELECT t.id, m.id, t.created_at FROM threads t JOIN m ON m.k < t.upvotes`);
    await tx.execute(`
      WITH RECURSIVE k(j) AS (SELECT 0 UNION ALL SELECT j + 1 FROM k WHERE j < 14),
        m AS (SELECT json_group_array(id) AS ids FROM users WHERE username LIKE 'forum_user_%')
      INSERT INTO thread_comments (thread_id, user_id, content, created_at)
      SELECT t.id, json_extract(m.ids, '$[' || ((t.id + k.j) % json_array_length(m.ids)) || ']'),
        'Reply ' || k.j || ' to thread ' || t.id, t.created_at + (k.j + 1) * 1000
      FROM threads t, k, m WHERE k.j < t.comment_count`);
    await tx.execute(
      "UPDATE forum_categories SET thread_count = (SELECT count(*) FROM threads WHERE threads.category_id = forum_categories.id)",
    );
    await tx.commit();
  } finally {
    tx.close();
  }
}
