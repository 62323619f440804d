import { Hono } from "hono";
import type { AppEnv } from "../../lib/app_env.ts";
import { Island } from "../../components/Island.tsx";
import { YouTubeEmbed } from "../../components/ui/YouTubeEmbed.tsx";
import { toCardItem } from "../../components/ui/MediaCard.tsx";
import type { ContentItem, LikeStatus, MediaComment } from "../../common/api_types.ts";
import { formatCount, formatDate, splitTags } from "../../common/format.ts";
import { tagHref } from "../../common/tag_rules.ts";
import { resumeAt } from "../../common/history_rules.ts";
import { findProgress } from "../../db/queries/history.ts";
import { idFromSlug } from "../../common/ids.ts";
import { RELATED_LIMIT } from "../../common/media_rules.ts";
import { mediaFileUrl, placeholderUrl } from "../../common/media_urls.ts";
import { mediaPageSizes } from "../../common/image_sources.ts";
import { findItemById, type ItemRow, listRelated } from "../../db/queries/media.ts";
import { likeStatus } from "../../db/queries/social.ts";
import { itemComments } from "../../lib/community/comments.ts";
import { toContentItem } from "../../lib/media/content_item.ts";
import { contentNotFound } from "../../lib/render/error_pages.tsx";
import { countView } from "../../lib/media/media_access.ts";
import { mediaPageMeta } from "../../lib/render/media_meta.tsx";
import { renderPage } from "../../lib/render/render.tsx";
import { canView, isPublic } from "../../lib/media/visibility.ts";
import Comments from "../../islands/Comments.tsx";
import LikeButton from "../../islands/LikeButton.tsx";
import MediaPlayer from "../../islands/MediaPlayer.tsx";
import ReportButton from "../../islands/ReportButton.tsx";
import ShareButton from "../../islands/ShareButton.tsx";
import RelatedList from "../../islands/RelatedList.tsx";
import { compactCard } from "../../components/ui/card_props.ts";
import GenerationDetails from "../../islands/GenerationDetails.tsx";
import MuteMenu from "../../islands/MuteMenu.tsx";
import SaveButton from "../../islands/SaveButton.tsx";
import { mutedIds } from "../../lib/feed/mutes.ts";
import { muteLabel } from "../../common/mute_labels.ts";
import { visitorWriterKey } from "../../lib/auth/visitor_cookie.ts";
import FollowButton from "../../islands/FollowButton.tsx";
import { isFollowing } from "../../db/queries/follows.ts";

/** `/media/{id or slug}`: the detail page. An outdated slug redirects (301) to the current one. */
export const mediaPage = new Hono<AppEnv>().get("/:segment", async (c) => {
  const segment = c.req.param("segment");
  const id = idFromSlug(segment);
  const row = id === null ? undefined : await findItemById(c.var.db, id);
  if (!row || !canView(row, c.var.user)) return contentNotFound(c);
  const item = toContentItem(row);
  if (segment !== String(row.id) && segment !== item.slug) {
    const search = new URL(c.req.url).search;
    return c.redirect(`/media/${encodeURIComponent(item.slug)}${search}`, 301);
  }
  await countView(c, row.id);
  const user = c.var.user;
  const muted = await mutedIds(c.var.db, user?.id);
  const [like, comments, related, following, saved] = await Promise.all([
    likeStatus(c.var.db, row.id, user?.id ?? null),
    // The shown comments, and the viewer's own held ones (a visitor's by this browser's cookie; issue 34).
    itemComments(c.var.db, row.id, { userId: user?.id ?? null, writerKey: user ? null : visitorWriterKey(c) }),
    // A muting viewer's muted items leave the list in the query (issue 25), so it stays full.
    listRelated(c.var.db, row, RELATED_LIMIT, muted.size ? user!.id : null),
    !!user && user.id !== row.userId && isFollowing(c.var.db, user.id, row.userId),
    // Issue 43 point 5: where this member left off.
    user && row.contentType === "video" ? findProgress(c.var.db, user.id, row.id) : null,
  ]);
  // Positions are recorded for public videos only (POST /api/videos/{id}/progress answers 404 otherwise).
  const track = !!user && row.contentType === "video" && isPublic(row);
  const { siteUrl, siteName } = c.var.config;
  c.header("Cache-Control", "private, no-cache");
  return renderPage(
    c,
    <MediaDetail
      item={{ ...item, views: item.views }}
      row={row}
      signedIn={!!user}
      viewerId={user?.id ?? null}
      username={user?.username ?? null}
      viewer={user ? { id: user.id, isAdmin: user.isAdmin } : null}
      like={like}
      following={following}
      comments={comments}
      related={related.map(toContentItem)}
      siteUrl={siteUrl}
      resume={resumeAt(saved, row.duration)}
      track={track}
    />,
    { meta: mediaPageMeta(item, siteUrl, siteName) },
  );
});

type DetailProps = {
  item: ContentItem;
  row: ItemRow;
  signedIn: boolean;
  viewerId: number | null;
  username: string | null;
  viewer: { id: number; isAdmin: boolean } | null;
  like: LikeStatus;
  /** Whether the viewer follows the uploader (issue 32). */
  following: boolean;
  comments: MediaComment[];
  related: ContentItem[];
  siteUrl: string;
  /** Where the player starts (issue 43 point 5), and whether it sends its position. */
  resume: number | null;
  track: boolean;
};

function MediaDetail(
  { item, row, signedIn, viewerId, username, viewer, like, following, comments, related, siteUrl, resume, track }: DetailProps,
) {
  const follow = { userId: item.userId, username: item.uploaderName, signedIn, following, size: "small" as const };
  const tags = splitTags(item.tags);
  const pageUrl = new URL(`/media/${item.slug}`, siteUrl).href;
  const embedUrl = new URL(`/embed/${item.id}`, siteUrl).href;
  const notPublic = row.reviewStatus !== "approved" || row.hidden || !row.playable;
  return (
    <div className="mx-auto grid max-w-[1600px] grid-cols-[minmax(0,1fr)] gap-8 px-3 py-6 sm:px-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
      <article>
        {notPublic && (
          <p className="mb-4 rounded-lg border border-amber-700 bg-amber-950 px-4 py-2 text-sm text-amber-200" role="status">
            {row.hidden
              ? "This content is hidden while reports are reviewed."
              : row.reviewStatus === "approved"
              ? "This video is approved and shows publicly once its processing is ready."
              : row.reviewStatus === "pending"
              ? "This content is under review and visible only to you and the admins."
              : `This content was rejected${row.rejectionReason ? `: ${row.rejectionReason}` : "."}`}
          </p>
        )}
        <div className="overflow-hidden rounded-xl bg-black">
          {item.contentType === "embed" ? <YouTubeEmbed youtubeId={item.youtubeId} title={item.title} /> : (
            <Island
              name="MediaPlayer"
              component={MediaPlayer}
              props={{
                kind: item.contentType,
                src: mediaFileUrl(item),
                sources: item.sources,
                ...(item.imageSources.length ? { images: item.imageSources, sizes: imageSizes(item) } : {}),
                poster: item.thumbnail,
                placeholder: placeholderUrl(item.id),
                title: item.title,
                width: item.width,
                height: item.height,
                duration: item.duration,
                ...(track ? { itemId: item.id, resume } : {}),
              }}
            />
          )}
        </div>
        <h1 className="mt-4 text-2xl font-bold wrap-anywhere">{item.title}</h1>
        <p className="mt-1 text-sm text-neutral-400">
          <span data-testid="comment-count" data-video-id={item.id}>
            {`${item.commentCount} ${item.commentCount === 1 ? "comment" : "comments"}`}
          </span>
          {" · "}
          <span>{`${formatCount(item.views)} ${item.views === 1 ? "view" : "views"}`}</span>
          {" · "}
          <time dateTime={item.createdAt}>{formatDate(item.createdAt)}</time>
        </p>
        <div className="mt-4 flex flex-wrap items-center gap-2">
          <Island
            name="LikeButton"
            component={LikeButton}
            props={{ videoId: item.id, initialLiked: like.isLiked, initialCount: like.count, signedIn, variant: "page" as const }}
          />
          <Island name="ReportButton" component={ReportButton} props={{ videoId: item.id, openFromQuery: true }} />
          <Island name="ShareButton" component={ShareButton} props={{ url: pageUrl, embedUrl, title: item.title }} />
          <Island name="SaveButton" component={SaveButton} props={{ item: { id: item.id, title: item.title }, signedIn }} />
          {signedIn && viewerId !== item.userId && <Island name="MuteMenu" component={MuteMenu} props={{ targets: muteTargets(item) }} />}
          {item.contentType === "image" && item.imageUrl && <DownloadLink item={item} />}
        </div>
        <div className="mt-6 flex flex-wrap items-center gap-3 text-sm">
          <a
            href={`/user/${item.userId}`}
            className="min-w-0 wrap-anywhere font-semibold text-orange-400 hover:underline"
            data-testid="uploader-link"
          >
            {item.uploaderName}
          </a>
          {/* Follow the uploader (issue 32): visitors get the login-required dialog without the island. */}
          {viewerId !== item.userId &&
            (signedIn ? <Island name="FollowButton" component={FollowButton} props={follow} /> : <FollowButton {...follow} />)}
          {item.categorySlug && (
            <a
              href={`/?category=${encodeURIComponent(item.categorySlug)}`}
              className="rounded-full bg-neutral-800 px-3 py-1 hover:bg-neutral-700"
            >
              {item.categoryName}
            </a>
          )}
          {/* Chips like the cards' (issue 43 point 1): the same few bytes, which the 14 KB first screen needs. */}
          {tags.map((t) => <a key={t} href={tagHref(t)} className="chip">{`#${t}`}</a>)}
        </div>
        <dl className="mt-6 grid gap-x-6 gap-y-3 rounded-xl bg-neutral-900 p-4 text-sm sm:grid-cols-[9rem_minmax(0,1fr)]">
          <dt className="text-neutral-400">AI generator</dt>
          <dd className="wrap-anywhere">{item.aiGenerator || "AI Artist"}</dd>
          <Island
            name="GenerationDetails"
            component={GenerationDetails}
            props={{ prompt: item.prompt, negativePrompt: item.negativePrompt ?? null, settings: item.generation ?? null }}
            hydrate="visible"
          />
          {item.description.trim() && (
            <>
              <dt className="text-neutral-400">Description</dt>
              <dd className="whitespace-pre-wrap wrap-anywhere">{item.description}</dd>
            </>
          )}
        </dl>
        <Island
          name="Comments"
          component={Comments}
          props={{ videoId: item.id, initial: comments, username, count: item.commentCount, viewer, ownerId: item.userId }}
          hydrate="visible"
        />
      </article>
      <aside aria-labelledby="related-title">
        <h2 id="related-title" className="mb-3 text-lg font-semibold">Related</h2>
        {related.length === 0 ? <p className="text-sm text-neutral-400">No related content yet.</p> : (
          <Island
            name="RelatedList"
            component={RelatedList}
            props={{ items: related.map((r) => compactCard(toCardItem(r))), signedIn, viewerName: username }}
            hydrate="visible"
          />
        )}
      </aside>
    </div>
  );
}

/** How wide the page shows an image (its renditions' `sizes`; the preload in lib/render/media_meta.tsx says the same). */
const imageSizes = (item: Pick<ContentItem, "width" | "height">) =>
  mediaPageSizes(item.width && item.height ? item.width / item.height : null);

/**
 * The original image, as uploaded (re-encoded without its metadata): the page shows a copy sized for
 * the screen, so the full file is fetched only here and by the viewer zoomed to full size (issue 35).
 */
function DownloadLink({ item }: { item: ContentItem }) {
  const ext = item.imageUrl!.slice(item.imageUrl!.lastIndexOf(".") + 1);
  return (
    <a href={item.imageUrl!} download={`${item.slug}.${ext}`} className="btn-secondary px-3" data-testid="download-original">
      <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
        <path d="M12 4v11m-5-5 5 5 5-5M5 20h14" />
      </svg>
      <span>Download</span>
    </a>
  );
}

/** What a viewer may mute from an item's page: its uploader, its AI generator and its tags. */
function muteTargets(item: ContentItem) {
  return [
    { type: "user" as const, value: String(item.userId), label: muteLabel("user", item.uploaderName) },
    ...(item.aiGenerator ? [{ type: "generator" as const, value: item.aiGenerator, label: muteLabel("generator", item.aiGenerator) }] : []),
    ...splitTags(item.tags).slice(0, 5).map((t) => ({ type: "tag" as const, value: t, label: muteLabel("tag", t) })),
  ];
}
