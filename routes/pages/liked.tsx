import { Hono } from "hono";
import { Island } from "../../components/Island.tsx";
import { toCardItem } from "../../components/ui/MediaCard.tsx";
import { LIKED_PAGE_SIZE } from "../../common/follow_rules.ts";
import { listLikedItems } from "../../db/queries/social.ts";
import UserContent from "../../islands/UserContent.tsx";
import type { AppEnv } from "../../lib/app_env.ts";
import { toSignIn } from "../../lib/auth/guards.ts";
import { toContentItem } from "../../lib/media/content_item.ts";
import { renderPage } from "../../lib/render/render.tsx";

/** `?page=`: a whole number from 1 to 10,000; anything else reads as page 1. */
const pageOf = (raw: string | undefined) => (raw && /^\d{1,5}$/.test(raw) && Number(raw) >= 1 ? Math.min(Number(raw), 10_000) : 1);

/**
 * `/liked` (issue 32): the items the member liked, newest like first, as the feed's cards (server-rendered,
 * playing like the feed), paged with Prev and Next. Members only (visitors are sent to sign in); only items
 * still visible to the member are listed.
 */
export const likedPage = new Hono<AppEnv>().get("/", async (c) => {
  const { db, user } = c.var;
  if (!user) return toSignIn(c);
  const page = pageOf(c.req.query("page"));
  const rows = await listLikedItems(db, user, LIKED_PAGE_SIZE + 1, (page - 1) * LIKED_PAGE_SIZE);
  const items = rows.slice(0, LIKED_PAGE_SIZE).map((r) => ({ ...toCardItem(toContentItem(r)), isLiked: true }));
  const hasMore = rows.length > LIKED_PAGE_SIZE;
  const href = (p: number) => (p > 1 ? `/liked?page=${p}` : "/liked");
  c.header("Cache-Control", "private, no-store");
  return renderPage(
    c,
    <section className="mx-auto max-w-[1800px] px-3 py-6 sm:px-6">
      <h1 className="mb-1 text-2xl font-bold">Liked</h1>
      <p className="mb-6 text-sm text-neutral-400">What you liked, newest first.</p>
      {items.length > 0
        ? <Island name="UserContent" component={UserContent} props={{ items, signedIn: true, viewerName: user.username }} />
        : (
          <div className="flex flex-col items-center gap-3 py-16 text-center" data-testid="liked-empty">
            <p className="text-neutral-300">{page > 1 ? "Nothing on this page." : "You haven't liked anything yet."}</p>
            <a href={page > 1 ? "/liked" : "/"} className="btn-secondary">{page > 1 ? "Back to the first page" : "Browse the feed"}</a>
          </div>
        )}
      {(page > 1 || hasMore) && items.length > 0 && (
        <nav aria-label="Liked pages" className="mt-6 flex items-center justify-center gap-3">
          {page > 1 && <a href={href(page - 1)} rel="prev" className="btn-secondary">Prev</a>}
          <span className="text-sm text-neutral-400">{`Page ${page}`}</span>
          {hasMore && <a href={href(page + 1)} rel="next" className="btn-secondary">Next</a>}
        </nav>
      )}
    </section>,
    { meta: { title: "Liked", noindex: true } },
  );
});
