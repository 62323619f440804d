/**
 * The growth bench's forum targets (issue 44, decision 047): per sort, the thread list's first page,
 * a deep page by the old offset and the same depth by cursor; a long thread's comments the same
 * way; and the table of deep page over first page and forum index over home page, from the
 * one-at-a-time medians.
 */
import { existsSync } from "node:fs";
import { FORUM_SORTS } from "../common/forum_rules.ts";
import { NEXT_CURSOR } from "../common/forum_cursor.ts";
import { type Db, openDb } from "../db/client.ts";
import { BROWSER, printTable } from "./_lib.ts";

/** A target whose address is found once the server is up (a cursor, a thread id). */
export type ForumTarget = { label: string; path: string; resolve?: (url: string) => Promise<string> };

const DEPTH = 3000;
const LONG_TITLE = "Bench: a long thread";
const LONG_COMMENTS = 5000;

/** The cursor of the page at DEPTH (or, on a list shorter than that, of a page near its end); `size` is the list's page size. */
async function cursorAt(url: string, list: string, size: number): Promise<string> {
  for (const offset of [DEPTH - size, 420, 0]) {
    const res = await fetch(`${url}${list}&offset=${offset}`, { headers: BROWSER });
    await res.body?.cancel();
    const next = res.headers.get(NEXT_CURSOR);
    if (next) return `${list}&after=${encodeURIComponent(next)}`;
  }
  // A server from before issue 44 gives no cursor: the target then reads the first page (say so).
  console.log(`no cursor for ${list}: this server does not page by key; "deep by cursor" measures the first page`);
  return list;
}

/** The long thread of the database being measured (set by ensureLongThread). */
let longThread: number | null = null;

function longThreadId(): number {
  if (longThread === null) throw new Error("the long thread is missing (ensureLongThread)");
  return longThread;
}

export const FORUM_TARGETS: ForumTarget[] = [
  ...FORUM_SORTS.flatMap((sort): ForumTarget[] => {
    const list = `/api/forum/threads?sortBy=${sort}`;
    return [
      { label: `forum threads ${sort} first page`, path: list },
      { label: `forum threads ${sort} deep offset ${DEPTH}`, path: `${list}&offset=${DEPTH}` },
      { label: `forum threads ${sort} deep by cursor`, path: list, resolve: (url) => cursorAt(url, list, 30) },
    ];
  }),
  ...[
    ["first page", ""],
    [`deep offset ${DEPTH}`, `?offset=${DEPTH}`],
    ["deep by cursor", null],
  ].map(([label, query]): ForumTarget => ({
    label: `forum comments ${label}`,
    path: "/api/forum/threads",
    resolve: async (url) => {
      const base = `/api/forum/threads/${longThreadId()}/comments`;
      return query === null ? await cursorAt(url, `${base}?limit=100`, 100) : `${base}${query}`;
    },
  })),
];

/**
 * One thread with LONG_COMMENTS comments (the seeded ones have at most 14), added once to a kept
 * database, before the server opens it.
 */
export async function ensureLongThread(dbFile: string) {
  if (!existsSync(dbFile)) return;
  const db: Db = openDb(`file:${dbFile}`);
  try {
    const found = await db.client.execute({ sql: "SELECT id FROM threads WHERE title = ?", args: [LONG_TITLE] });
    longThread = found.rows.length ? Number(found.rows[0].id) : null;
    if (found.rows.length) return;
    const user = await db.client.execute("SELECT id FROM users WHERE username LIKE 'forum_user_%' ORDER BY id LIMIT 1");
    if (!user.rows.length) return;
    const now = Date.now();
    const t = await db.client.execute({
      sql: "INSERT INTO threads (user_id, title, content, created_at, comment_count) VALUES (?, ?, 'Many replies.', ?, ?) RETURNING id",
      args: [user.rows[0].id, LONG_TITLE, now - 86_400_000, LONG_COMMENTS],
    });
    await db.client.execute({
      sql: `WITH RECURSIVE k(j) AS (SELECT 0 UNION ALL SELECT j + 1 FROM k WHERE j < ? - 1)
        INSERT INTO thread_comments (thread_id, user_id, content, created_at) SELECT ?, ?, 'Reply ' || j, ? + j * 1000 FROM k`,
      args: [LONG_COMMENTS, t.rows[0].id, user.rows[0].id, now - 86_400_000],
    });
    longThread = Number(t.rows[0].id);
  } finally {
    db.client.close();
  }
}

/** Deep page over first page per list, and the forum index over the home page, from one-at-a-time medians (ms). */
export function printForumTables(sizes: number[], medianOf: (size: number, label: string) => number) {
  const has = (label: string) => sizes.every((s) => Number.isFinite(medianOf(s, label)));
  const lists = [...FORUM_SORTS.map((s) => `forum threads ${s}`), "forum comments"].filter((l) => has(`${l} first page`));
  if (lists.length) {
    printTable(
      `Deep forum pages (offset ${DEPTH}, or the same depth by cursor) over the first page, one request at a time (1.5 or less is the bar)`,
      ["list", ...sizes.flatMap((s) => [`${s / 1000}k first ms`, "offset/first", "cursor/first"])],
      lists.map((l) => [
        l,
        ...sizes.flatMap((s) => {
          const first = medianOf(s, `${l} first page`);
          return [
            first.toFixed(2),
            (medianOf(s, `${l} deep offset ${DEPTH}`) / first).toFixed(2),
            (medianOf(s, `${l} deep by cursor`) / first).toFixed(2),
          ];
        }),
      ]),
    );
  }
  if (has("forum, visitor") && has("home, visitor")) {
    printTable(
      "Forum index over home page, one request at a time (2 or less is the bar)",
      ["items", "forum ms", "home ms", "forum/home"],
      sizes.map((s) => {
        const [forum, home] = [medianOf(s, "forum, visitor"), medianOf(s, "home, visitor")];
        return [s.toLocaleString("en-US"), forum.toFixed(2), home.toFixed(2), (forum / home).toFixed(2)];
      }),
    );
  }
}
