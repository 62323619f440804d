import { Hono } from "hono";
import { Island } from "../../components/Island.tsx";
import { findPrivacy } from "../../db/queries/account.ts";
import { listHistory } from "../../db/queries/history.ts";
import HistoryList from "../../islands/HistoryList.tsx";
import PrivacySwitch from "../../islands/PrivacySwitch.tsx";
import type { AppEnv } from "../../lib/app_env.ts";
import { toSignIn } from "../../lib/auth/guards.ts";
import { toContentItem } from "../../lib/media/content_item.ts";
import { renderPage } from "../../lib/render/render.tsx";
import { HISTORY_PAGE_SIZE } from "../../common/history_rules.ts";

const pageOf = (raw: string | undefined) => (raw && /^\d{1,4}$/.test(raw) && Number(raw) >= 1 ? Number(raw) : 1);

/**
 * `/history` (issue 43 point 5): the member's watch history, newest first, with where they stopped; Remove,
 * Clear history and the pause switch (paused: nothing is recorded). Members only.
 */
export const historyPage = new Hono<AppEnv>().get("/", async (c) => {
  const { db, user } = c.var;
  if (!user) return toSignIn(c);
  const page = pageOf(c.req.query("page"));
  const [rows, privacy] = await Promise.all([
    listHistory(db, user.id, HISTORY_PAGE_SIZE + 1, (page - 1) * HISTORY_PAGE_SIZE),
    findPrivacy(db, user.id),
  ]);
  const entries = rows.slice(0, HISTORY_PAGE_SIZE).map((r) => {
    const item = toContentItem(r);
    return {
      id: item.id,
      slug: item.slug,
      title: item.title,
      thumbnail: item.thumbnail,
      seconds: r.seconds,
      duration: item.duration ?? null,
      watchedAt: new Date(r.watchedAt).toISOString(),
    };
  });
  c.header("Cache-Control", "private, no-store");
  return renderPage(
    c,
    <section className="mx-auto max-w-3xl px-3 py-6 sm:px-6">
      <h1 className="mb-4 text-2xl font-bold">Watch history</h1>
      <div className="mb-6 rounded-xl bg-neutral-900 p-4">
        <Island
          name="PrivacySwitch"
          component={PrivacySwitch}
          props={{
            field: "historyPaused",
            initial: privacy.historyPaused,
            label: "Pause watch history",
            description: "While paused, the videos you watch and where you stop are not recorded.",
            onText: "Watch history paused",
            offText: "Watch history is on",
          }}
        />
      </div>
      <Island name="HistoryList" component={HistoryList} props={{ initial: entries }} />
      {(page > 1 || rows.length > HISTORY_PAGE_SIZE) && (
        <nav aria-label="History pages" className="mt-6 flex items-center justify-center gap-3">
          {page > 1 && <a href={page > 2 ? `/history?page=${page - 1}` : "/history"} rel="prev" className="btn-secondary">Newer</a>}
          {rows.length > HISTORY_PAGE_SIZE && <a href={`/history?page=${page + 1}`} rel="next" className="btn-secondary">Older</a>}
        </nav>
      )}
    </section>,
    { meta: { title: "Watch history", noindex: true } },
  );
});
