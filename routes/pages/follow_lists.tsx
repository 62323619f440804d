import { type Context, Hono } from "hono";
import { ErrorPage } from "../../components/ErrorPage.tsx";
import { findFollowTarget } from "../../db/queries/follows.ts";
import type { AppEnv } from "../../lib/app_env.ts";
import { toSignIn } from "../../lib/auth/guards.ts";
import { canSeeProfile, findProfileByRef } from "../../lib/community/profiles.ts";
import { renderPage } from "../../lib/render/render.tsx";
import { FOLLOW_MSG, followersText, followingText } from "../../common/follow_rules.ts";
import { PROFILE_MSG, profileHref } from "../../common/profile_rules.ts";
import type { FollowListEntry } from "../../common/schemas/follows.ts";
import { followPage } from "../../lib/community/follows.ts";

type Which = "followers" | "following";

const joined = (iso: string) => new Date(iso).toLocaleDateString("en-US", { year: "numeric", month: "short", timeZone: "UTC" });
const pageOf = (raw: string | undefined) => (raw && /^\d{1,4}$/.test(raw) && Number(raw) >= 1 ? Number(raw) : 1);

/**
 * `/user/{name}/followers` and `/user/{name}/following` (issue 43 point 2): the people behind a profile's
 * counts, newest first, paged like `GET /api/users/{id}/followers`. A member who hid their lists shows
 * others a 403 page; they themselves still see them.
 */
export const followListsPage = new Hono<AppEnv>()
  .get("/:ref/followers", (c) => listPage(c, "followers"))
  .get("/:ref/following", (c) => listPage(c, "following"));

/** `/profile/followers` (the grouped "X and 3 others started following you" leads here): one's own list. */
export const ownFollowersPage = new Hono<AppEnv>().get("/followers", (c) => {
  const user = c.var.user;
  if (!user) return toSignIn(c);
  return c.redirect(`${profileHref(user)}/followers`, 302);
});

async function listPage(c: Context<AppEnv>, which: Which) {
  const { db, user: viewer } = c.var;
  const profile = await findProfileByRef(db, c.req.param("ref") ?? "");
  const notFound = () =>
    renderPage(c, <ErrorPage title={PROFILE_MSG.notFoundTitle} message={PROFILE_MSG.notFoundText} />, {
      meta: { title: PROFILE_MSG.notFoundTitle, noindex: true },
      status: 404,
    });
  if (!profile || profile.banned || !canSeeProfile(profile, viewer)) return notFound();
  const own = viewer?.id === profile.id;
  const target = await findFollowTarget(db, profile.id);
  c.header("Cache-Control", "private, no-cache");
  if (!target?.showFollows && !own) {
    return renderPage(
      c,
      <ErrorPage
        title="These lists are private"
        message={FOLLOW_MSG.listsHidden}
        actions={[{ label: `Back to ${profile.username}`, href: profileHref(profile) }]}
      />,
      { meta: { title: "Private lists", noindex: true }, status: 403 },
    );
  }
  const page = pageOf(c.req.query("page"));
  const list = await followPage(db, which, profile.id, page);
  const pages = Math.max(1, Math.ceil(list.totalCount / list.pageSize));
  if (page > pages) return notFound();
  const base = profileHref(profile);
  const heading = which === "followers" ? `People following ${profile.username}` : `People ${profile.username} follows`;
  const tab = (w: Which, label: string) => (
    <a
      href={`${base}/${w}`}
      aria-current={w === which ? "page" : undefined}
      className={`rounded-full px-3 py-1.5 text-sm font-semibold ${
        w === which ? "bg-orange-500 text-black" : "bg-neutral-800 text-neutral-200 hover:bg-neutral-700"
      }`}
    >
      {label}
    </a>
  );
  return renderPage(
    c,
    <section className="mx-auto max-w-2xl px-3 py-6 sm:px-6">
      <p className="mb-2 text-sm">
        <a href={base} className="text-neutral-400 underline hover:text-neutral-200">{`← ${profile.username}`}</a>
      </p>
      <h1 className="mb-4 text-2xl font-bold wrap-anywhere">{heading}</h1>
      <nav aria-label="Follow lists" className="mb-5 flex flex-wrap gap-2">
        {tab("followers", followersText(profile.followerCount))}
        {tab("following", followingText(profile.followingCount))}
      </nav>
      {own && !target?.showFollows && (
        <p className="mb-4 rounded-lg border border-neutral-700 bg-neutral-900 px-4 py-2 text-sm text-neutral-300">
          Only you can see these lists. <a href="/profile#privacy" className="underline">Change this on your profile</a>.
        </p>
      )}
      {list.users.length === 0
        ? (
          <p className="py-12 text-center text-neutral-400" data-testid="follow-list-empty">
            {which === "followers"
              ? `Nobody follows ${own ? "you" : profile.username} yet.`
              : `${own ? "You don't" : `${profile.username} doesn't`} follow anyone yet.`}
          </p>
        )
        : (
          <ul className="divide-y divide-neutral-800 rounded-xl border border-neutral-800 bg-neutral-900" data-testid="follow-list">
            {list.users.map((u) => <Entry key={u.id} user={u} />)}
          </ul>
        )}
      {pages > 1 && (
        <nav aria-label="Pages" className="mt-6 flex items-center justify-center gap-3">
          {page > 1 && <a href={`${base}/${which}${page > 2 ? `?page=${page - 1}` : ""}`} rel="prev" className="btn-secondary">Prev</a>}
          <span className="text-sm text-neutral-400">{`Page ${page} of ${pages}`}</span>
          {page < pages && <a href={`${base}/${which}?page=${page + 1}`} rel="next" className="btn-secondary">Next</a>}
        </nav>
      )}
    </section>,
    { meta: { title: heading, noindex: true } },
  );
}

function Entry({ user }: { user: FollowListEntry }) {
  return (
    <li className="flex items-center gap-3 px-4 py-3">
      <span
        aria-hidden="true"
        className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-orange-500 font-bold uppercase text-black"
      >
        {user.username.charAt(0)}
      </span>
      <span className="min-w-0">
        <a href={profileHref(user)} className="block truncate font-semibold hover:underline">{user.username}</a>
        <span className="text-xs text-neutral-400">
          {user.isAdmin ? "Administrator · " : ""}
          {`Joined ${joined(user.createdAt)}`}
        </span>
      </span>
    </li>
  );
}
