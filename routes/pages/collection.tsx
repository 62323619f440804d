import { type Context, Hono } from "hono";
import type { AppEnv } from "../../lib/app_env.ts";
import { Island } from "../../components/Island.tsx";
import { ErrorPage } from "../../components/ErrorPage.tsx";
import { findCollection, itemIdsOf, listCollectionPage } from "../../db/queries/collections.ts";
import { canSeeCollection, itemViewer, ownsCollection, toSummaries } from "../../lib/feed/collections.ts";
import { toCardItemFromRow } from "../../lib/media/content_item.ts";
import { renderPage } from "../../lib/render/render.tsx";
import {
  COLLECTION_MSG,
  COLLECTION_PAGE_SIZE,
  collectionIdOf,
  collectionPath,
  type CollectionSummary,
  VISIBILITY_LABEL,
} from "../../common/collection_rules.ts";
import { profileHref } from "../../common/profile_rules.ts";
import CollectionGrid from "../../islands/CollectionGrid.tsx";
import CollectionEdit from "../../islands/CollectionEdit.tsx";

function collectionNotFound(c: Context<AppEnv>) {
  return renderPage(
    c,
    <ErrorPage title={COLLECTION_MSG.notFound} message="This collection doesn't exist, was deleted, or is private." />,
    { meta: { title: COLLECTION_MSG.notFound, noindex: true }, status: 404 },
  );
}

/** `?page=`: a whole number from 1, anything else reads as page 1. */
const pageOf = (raw: string | undefined) => (raw && /^\d{1,4}$/.test(raw) && Number(raw) >= 1 ? Number(raw) : 1);

/**
 * `/collections/{id}-{slug}` (issue 32 point 5): a collection's grid of the feed's cards. A private
 * one is a 404 to all but its owner; an unlisted one is readable here and not indexed. Its owner
 * reorders, removes, edits and deletes (islands/CollectionGrid.tsx, CollectionEdit.tsx).
 */
export const collectionPage = new Hono<AppEnv>().get("/:segment", async (c) => {
  const { db, user: viewer } = c.var;
  const segment = c.req.param("segment");
  const id = collectionIdOf(segment);
  const row = id === null ? undefined : await findCollection(db, id);
  if (!row || !canSeeCollection(row, viewer)) return collectionNotFound(c);
  const path = collectionPath(row);
  if (`/collections/${segment}` !== path) return c.redirect(`${encodeURI(path)}${new URL(c.req.url).search}`, 301);

  const page = pageOf(c.req.query("page"));
  const [summary] = await toSummaries(db, [row], viewer, { covers: false });
  const pages = Math.max(1, Math.ceil(summary.itemCount / COLLECTION_PAGE_SIZE));
  if (page > pages) return collectionNotFound(c);
  const own = ownsCollection(row, viewer);
  const [rows, order] = await Promise.all([
    listCollectionPage(db, row.id, itemViewer(viewer), { limit: COLLECTION_PAGE_SIZE, offset: (page - 1) * COLLECTION_PAGE_SIZE }, "card"),
    own ? itemIdsOf(db, row.id) : null,
  ]);
  const items = rows.map(toCardItemFromRow);
  if (viewer || row.visibility !== "public") c.header("Cache-Control", "private, no-cache");
  const owner = own && order ? { collectionId: row.id, title: row.title, order, page, pages } : null;
  return renderPage(
    c,
    <section className="mx-auto max-w-[1800px] px-3 py-6 sm:px-6">
      <CollectionHead summary={summary} own={own} />
      {items.length === 0
        ? (
          <p className="py-16 text-center text-neutral-400">
            {own
              ? "Nothing here yet. Save items with Save on an item's page or “Save to collection” in a card's ⋯ menu."
              : "This collection has nothing to show yet."}
          </p>
        )
        : (
          <Island
            name="CollectionGrid"
            component={CollectionGrid}
            props={{ items, signedIn: !!viewer, viewerName: viewer?.username ?? null, owner }}
          />
        )}
      {pages > 1 && <Pager path={path} page={page} pages={pages} />}
    </section>,
    {
      meta: {
        title: `${row.title} · collection by ${row.ownerName}`,
        description: row.description || `${summary.itemCount} items collected by ${row.ownerName}.`,
        canonical: page > 1 ? `${path}?page=${page}` : path,
        image: items[0]?.thumbnail,
        // Unlisted and private collections are listed nowhere, search engines included.
        noindex: row.visibility !== "public",
      },
    },
  );
});

function CollectionHead({ summary, own }: { summary: CollectionSummary; own: boolean }) {
  const count = `${summary.itemCount} ${summary.itemCount === 1 ? "item" : "items"}`;
  const ownerHref = profileHref(summary.owner);
  return (
    <header className="mb-6 flex flex-wrap items-start justify-between gap-4" data-testid="collection-head">
      <div className="min-w-0">
        <h1 className="flex flex-wrap items-center gap-2 text-2xl font-bold">
          <span className="wrap-anywhere">{summary.title}</span>
          {summary.visibility !== "public" && (
            <span className="rounded-full bg-neutral-800 px-2 py-0.5 text-xs font-semibold text-neutral-300">
              {VISIBILITY_LABEL[summary.visibility]}
            </span>
          )}
        </h1>
        <p className="mt-1 text-sm text-neutral-400">
          {"Collection by "}
          <a href={ownerHref} className="font-semibold text-orange-400 hover:underline">{summary.owner.username}</a>
          {` · ${count}`}
        </p>
        {summary.description && (
          <p className="mt-3 max-w-3xl whitespace-pre-line text-sm wrap-anywhere text-neutral-300">{summary.description}</p>
        )}
      </div>
      {own && !summary.watchLater && (
        <Island
          name="CollectionEdit"
          component={CollectionEdit}
          props={{
            id: summary.id,
            title: summary.title,
            description: summary.description,
            visibility: summary.visibility,
            afterDelete: `${ownerHref}#collections`,
          }}
        />
      )}
    </header>
  );
}

function Pager({ path, page, pages }: { path: string; page: number; pages: number }) {
  const href = (p: number) => (p > 1 ? `${path}?page=${p}` : path);
  return (
    <nav aria-label="Collection pages" className="mt-6 flex items-center justify-center gap-3">
      {page > 1 && <a href={href(page - 1)} rel="prev" className="btn-secondary">Prev</a>}
      <span className="text-sm text-neutral-400">{`Page ${page} of ${pages}`}</span>
      {page < pages && <a href={href(page + 1)} rel="next" className="btn-secondary">Next</a>}
    </nav>
  );
}
