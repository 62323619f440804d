import { type Context, Hono } from "hono";
import { ErrorPage } from "../../components/ErrorPage.tsx";
import { Island } from "../../components/Island.tsx";
import type { CardItem } from "../../components/ui/MediaCard.tsx";
import { blocksBetween } from "../../db/queries/blocks.ts";
import type { ProfileUser } from "../../db/queries/profiles.ts";
import { decodeCursor, profilePage, publicItemCount, shownItemCount } from "../../lib/feed/profile_pages.ts";
import { itemRowsByIds } from "../../lib/feed/item_rows.ts";
import { cardItemOf } from "../../lib/feed/feed.ts";
import ProfileMessageBox from "../../islands/ProfileMessageBox.tsx";
import MuteMenu from "../../islands/MuteMenu.tsx";
import MutedMemberNotice from "../../islands/MutedMemberNotice.tsx";
import { mutesUser } from "../../db/queries/mutes.ts";
import { mutedIds } from "../../lib/feed/mutes.ts";
import UserContent from "../../islands/UserContent.tsx";
import type { AppEnv } from "../../lib/app_env.ts";
import { log } from "../../lib/log.ts";
import { canSeeProfile, findProfileByRef } from "../../lib/community/profiles.ts";
import { renderPage } from "../../lib/render/render.tsx";
import { aboutPlaceholder, PROFILE_MSG, PROFILE_PAGE_SIZE, profileHref } from "../../common/profile_rules.ts";
import { profileMeta } from "../../lib/render/profile_meta.tsx";
import { muteLabel } from "../../common/mute_labels.ts";
import { formatDate } from "../../common/format.ts";
import { listedCollections } from "../../lib/feed/collections.ts";
import { CollectionList } from "../../components/CollectionList.tsx";
import FollowButton from "../../islands/FollowButton.tsx";
import FediverseFollow from "../../islands/FediverseFollow.tsx";
import { isFollowing } from "../../db/queries/follows.ts";
import { FollowCounts } from "../../components/ui/FollowButton.tsx";

/** The 404 of an unknown (or banned) member, with the spec's texts (part 2 §8 "Public profile"). */
function userNotFound(c: Context<AppEnv>) {
  return renderPage(c, <ErrorPage title={PROFILE_MSG.notFoundTitle} message={PROFILE_MSG.notFoundText} />, {
    meta: { title: PROFILE_MSG.notFoundTitle, noindex: true },
    status: 404,
  });
}

/** "March 14, 2025", from the kept formatter (toLocaleDateString made one per call: ~0.2 ms of the page, profiled). */
const joinDate = (ms: number) => formatDate(ms, "long");

/** `?page=` of the grid: a whole number from 1, anything else reads as page 1. */
const pageOf = (raw: string | undefined) => (raw && /^\d{1,5}$/.test(raw) && Number(raw) >= 1 ? Number(raw) : 1);

/**
 * `/user/{username or userId}` (spec part 2 "Public profile"): who the member is, a box to
 * message them and a paged grid of their approved items with the feed's cards.
 */
export const userProfilePage = new Hono<AppEnv>().get("/:ref", async (c) => {
  const { db, user: viewer, config } = c.var;
  const profile = await findProfileByRef(db, c.req.param("ref"));
  if (!profile || !canSeeProfile(profile, viewer)) return userNotFound(c);
  const own = viewer?.id === profile.id;
  // Issue 44: Next links carry the key of the last card (`cursor=`); a cursor that is not this member's reads as the first page.
  const rawCursor = c.req.query("cursor");
  const decoded = rawCursor ? decodeCursor(rawCursor) : null;
  const cursor = decoded?.userId === profile.id ? decoded : null;
  const page = cursor ? Math.floor(cursor.position / PROFILE_PAGE_SIZE) + 1 : pageOf(c.req.query("page"));
  // A muting viewer (issue 25): a muted owner's grid is a notice with Unmute; other mutes filter the grid in SQL (full pages).
  const mutedMember = !!viewer && !own && await mutesUser(db, viewer.id, profile.id);
  const muted = mutedMember ? null : await mutedIds(db, viewer?.id);
  const mutedBy = muted?.size ? viewer!.id : null;

  let items: CardItem[] = [];
  let next: string | null = null;
  let total = 0;
  let shown = 0;
  let loadError = false;
  try {
    const start = cursor ? { cursor } : { offset: (page - 1) * PROFILE_PAGE_SIZE };
    const [found, count, countShown] = await Promise.all([
      mutedMember ? null : profilePage(db, { userId: profile.id, limit: PROFILE_PAGE_SIZE, start, mutedBy, muted }),
      publicItemCount(db, profile.id),
      mutedBy ? shownItemCount(db, profile.id, muted!) : -1,
    ]);
    if (found) {
      items = (await itemRowsByIds(db, found.ids, "card")).map(cardItemOf);
      next = found.next;
    }
    total = count;
    shown = countShown < 0 ? total : countShown;
  } catch (e) {
    log.error("profile content failed to load", { userId: profile.id, error: e });
    loadError = true;
  }
  const pages = Math.max(1, Math.ceil(shown / PROFILE_PAGE_SIZE));
  if (!loadError && !cursor && page > pages) return userNotFound(c);

  const blocks = viewer && !own ? await blocksBetween(db, viewer.id, profile.id) : null;
  const blockedByMe = blocks?.iBlocked ?? false;
  // Issue 32: the public collections (all of them on one's own profile).
  const collections = await listedCollections(db, profile.id, viewer);
  // Issue 32: both counts; Follow for others unless a block stands between (visitors: the login-required dialog, no script).
  const follow = {
    userId: profile.id,
    username: profile.username,
    signedIn: !!viewer,
    followerCount: profile.followerCount,
    followingCount: profile.followingCount,
    // Issue 43 point 2: the counts link to the lists, unless they are hidden from this viewer.
    listsHref: own || profile.showFollows ? profileHref(profile) : null,
  };
  const following = !!viewer && !own && await isFollowing(db, viewer.id, profile.id);
  const followers = own || blocks?.iBlocked || blocks?.blockedMe
    ? <FollowCounts followers={profile.followerCount} following={profile.followingCount} listsHref={follow.listsHref} />
    : viewer
    ? <Island name="FollowButton" component={FollowButton} props={{ ...follow, following }} />
    : <FollowButton {...follow} following={false} />;
  if (viewer) c.header("Cache-Control", "private, no-cache");
  // Issue 40 point 2: the handle others follow from the fediverse, while the member takes part in it.
  const fediverse = config.federation.enabled && profile.federated && !profile.banned
    ? { username: profile.username, handle: `@${profile.username}@${new URL(config.siteUrl).host}` }
    : null;

  const box = { userId: profile.id, username: profile.username, signedIn: !!viewer, blockedByMe };
  return renderPage(
    c,
    <section className="mx-auto max-w-[1800px] px-3 py-6 sm:px-6">
      <div className="mb-8 grid gap-4 lg:grid-cols-[minmax(0,1fr)_26rem]">
        <ProfileCard profile={profile} siteName={config.siteName} total={total} followers={followers} />
        {/* Hidden on one's own profile; visitors get the disabled box with a login prompt and no script. */}
        {!own && (viewer ? <Island name="ProfileMessageBox" component={ProfileMessageBox} props={box} /> : <ProfileMessageBox {...box} />)}
        {!own && viewer && !mutedMember && (
          <div className="mt-3">
            <Island
              name="MuteMenu"
              component={MuteMenu}
              props={{ targets: [{ type: "user", value: String(profile.id), label: muteLabel("user", profile.username) }] }}
            />
          </div>
        )}
      </div>
      {fediverse && (
        <div className="mb-8 max-w-2xl">
          <Island name="FediverseFollow" component={FediverseFollow} props={fediverse} />
        </div>
      )}
      <h2 className="mb-4 text-xl font-semibold">Content</h2>
      {loadError
        ? <p role="alert" className="py-16 text-center text-red-300">{PROFILE_MSG.contentError}</p>
        : mutedMember
        ? <Island name="MutedMemberNotice" component={MutedMemberNotice} props={{ userId: profile.id, username: profile.username }} />
        : items.length === 0 && cursor
        ? (
          <p className="py-16 text-center text-neutral-400">
            {PROFILE_MSG.noMore} <a className="underline" href={profileHref(profile)}>{PROFILE_MSG.firstPage}</a>
          </p>
        )
        : items.length === 0 && total > 0
        ? <p className="py-16 text-center text-neutral-400">Your mutes hide every item here.</p>
        : items.length === 0
        ? (
          <p className="py-16 text-center text-neutral-400">
            {`${own ? "You haven't" : `${profile.username} hasn't`} shared any content yet.`}
          </p>
        )
        : (
          <>
            <Island
              name="UserContent"
              component={UserContent}
              props={{ items, signedIn: !!viewer, viewerName: viewer?.username ?? null }}
            />
            {(pages > 1 || next) && <Pager profile={profile} page={page} pages={Math.max(pages, page)} next={next} />}
          </>
        )}
      <CollectionList collections={collections} own={own} />
    </section>,
    { meta: profileMeta(profile, { page, total, siteName: config.siteName, image: items[0]?.thumbnail }) },
  );
});

function ProfileCard(
  { profile, siteName, total, followers }: { profile: ProfileUser; siteName: string; total: number; followers: React.ReactNode },
) {
  return (
    <div className="flex items-start gap-4 rounded-xl border border-neutral-800 bg-neutral-900 p-5" data-testid="profile-card">
      <span
        aria-hidden="true"
        className="flex h-16 w-16 shrink-0 items-center justify-center rounded-full bg-orange-500 text-2xl font-bold uppercase text-black"
      >
        {profile.username.charAt(0)}
      </span>
      <div className="min-w-0">
        <h1 className="flex flex-wrap items-center gap-2 text-2xl font-bold">
          <span className="break-all">{profile.username}</span>
          {profile.isAdmin && <span className="rounded-full bg-orange-500 px-2 py-0.5 text-xs font-semibold text-black">Admin</span>}
        </h1>
        <p className="mt-1 text-sm text-neutral-400">
          <span data-testid="role">{profile.isAdmin ? "Administrator" : "Member"}</span>
          {" · "}
          <span>{`Joined ${joinDate(profile.createdAt)}`}</span>
          {" · "}
          <span>{`${total} ${total === 1 ? "item" : "items"}`}</span>
        </p>
        <div className="mt-3" data-testid="follow-bar">{followers}</div>
        {profile.banned && <p className="mt-2 text-sm font-semibold text-red-300">This account is banned (visible to admins only).</p>}
        {/* The member's own text (plain: React escapes it, links stay text), else the fixed line (issue 27 point 14). */}
        <p className="mt-3 whitespace-pre-line text-sm wrap-anywhere text-neutral-300" data-testid="about">
          <span className="font-semibold text-neutral-100">About:</span> {profile.about.trim() || aboutPlaceholder(siteName)}
        </p>
      </div>
    </div>
  );
}

/** Next starts after the last card shown (its cursor); Prev goes back by page number, which deep pages answer from a kept key. */
function Pager({ profile, page, pages, next }: { profile: ProfileUser; page: number; pages: number; next: string | null }) {
  const href = (p: number) => (p > 1 ? `${profileHref(profile)}?page=${p}` : profileHref(profile));
  return (
    <nav aria-label="Content pages" className="mt-6 flex items-center justify-center gap-3">
      {page > 1 && <a href={href(page - 1)} rel="prev" className="btn-secondary">Prev</a>}
      <span className="text-sm text-neutral-400">{`Page ${page} of ${pages}`}</span>
      {next && <a href={`${profileHref(profile)}?cursor=${next}`} rel="next" className="btn-secondary">Next</a>}
    </nav>
  );
}
