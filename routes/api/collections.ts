import { type Context, Hono } from "hono";
import type { AppEnv, CurrentUser } from "../../lib/app_env.ts";
import type { RateLimiter } from "../../lib/http/rate_limit.ts";
import { writeTx } from "../../db/client.ts";
import {
  addItem,
  countItemRows,
  countOwnCollections,
  deleteCollection,
  insertCollection,
  itemIdsOf,
  listCollectionPage,
  removeItem,
  setOrder,
  updateCollection,
} from "../../db/queries/collections.ts";
import { requireUser } from "../../lib/auth/guards.ts";
import { itemViewer, ownsCollection, toSummaries, visibleCollection } from "../../lib/feed/collections.ts";
import { visibleMediaOr404 } from "../../lib/media/media_access.ts";
import { toContentItem } from "../../lib/media/content_item.ts";
import { badRequest, forbidden, HttpError, notFound } from "../../lib/http_error.ts";
import { idOr400, jsonBody, queryOr400 } from "../../lib/validate.ts";
import { COLLECTION_ITEMS_MAX, COLLECTION_MSG, COLLECTION_PAGE_SIZE, COLLECTIONS_MAX } from "../../common/collection_rules.ts";
import {
  addItemSchema,
  collectionPageQuery,
  editCollectionSchema,
  itemOrderSchema,
  newCollectionSchema,
} from "../../common/schemas/collections.ts";

/** The collection of the path if the signed-in member owns it: 404 when they may not see it, 403 when they only may see it. */
async function ownCollection(c: Context<AppEnv>, user: CurrentUser) {
  const row = await visibleCollection(c.var.db, idOr400(c.req.param("id")), user);
  if (!ownsCollection(row, user)) throw forbidden(COLLECTION_MSG.notOwner);
  return row;
}

async function summaryOf(c: Context<AppEnv>, id: number) {
  const row = await visibleCollection(c.var.db, id, c.var.user);
  return (await toSummaries(c.var.db, [row], c.var.user))[0];
}

/**
 * `/api/collections` (issue 32 point 5): a member's collections and their items. Limits: COLLECTIONS_MAX
 * besides Watch later and COLLECTION_ITEMS_MAX items each (422), creations and additions rate-limited (429).
 */
export function collectionsApi(limiter: RateLimiter) {
  return new Hono<AppEnv>()
    .use("*", async (c, next) => {
      await next();
      c.header("Cache-Control", "private, no-store");
    })
    .post("/", async (c) => {
      const user = requireUser(c);
      const body = await jsonBody(c, newCollectionSchema);
      const rate = c.var.config.collections;
      await limiter.hit(`collection-create:${user.id}`, rate.createsPerUser, rate.windowSeconds);
      const id = await writeTx(c.var.db, async (tx) => {
        if (await countOwnCollections(tx, user.id) >= COLLECTIONS_MAX) throw new HttpError(422, COLLECTION_MSG.tooMany);
        return insertCollection(tx, {
          userId: user.id,
          title: body.title,
          description: body.description ?? "",
          visibility: body.visibility,
        });
      });
      return c.json(await summaryOf(c, id), 201);
    })
    .get("/:id", async (c) => {
      const viewer = c.var.user;
      const row = await visibleCollection(c.var.db, idOr400(c.req.param("id")), viewer);
      const page = queryOr400(c, collectionPageQuery).page ?? 1;
      const [summary] = await toSummaries(c.var.db, [row], viewer);
      const rows = await listCollectionPage(
        c.var.db,
        row.id,
        itemViewer(viewer),
        { limit: COLLECTION_PAGE_SIZE, offset: (page - 1) * COLLECTION_PAGE_SIZE },
        "item",
      );
      return c.json({
        ...summary,
        items: rows.map(toContentItem),
        page,
        pageSize: COLLECTION_PAGE_SIZE,
        totalPages: Math.max(1, Math.ceil(summary.itemCount / COLLECTION_PAGE_SIZE)),
        // Every item id in order, those not shown included: what PUT .../items must list (the owner's only).
        ...(ownsCollection(row, viewer) ? { order: await itemIdsOf(c.var.db, row.id) } : {}),
      });
    })
    .put("/:id", async (c) => {
      const user = requireUser(c);
      const row = await ownCollection(c, user);
      const body = await jsonBody(c, editCollectionSchema);
      if (row.watchLater) throw badRequest(COLLECTION_MSG.watchLaterFixed);
      await writeTx(c.var.db, (tx) => updateCollection(tx, row.id, body));
      return c.json(await summaryOf(c, row.id));
    })
    .delete("/:id", async (c) => {
      const user = requireUser(c);
      const row = await ownCollection(c, user);
      if (row.watchLater) throw badRequest(COLLECTION_MSG.watchLaterFixed);
      await writeTx(c.var.db, (tx) => deleteCollection(tx, row.id));
      return c.json({ ok: true });
    })
    .post("/:id/items", async (c) => {
      const user = requireUser(c);
      const row = await ownCollection(c, user);
      const { contentId } = await jsonBody(c, addItemSchema);
      const item = await visibleMediaOr404(c, contentId);
      const rate = c.var.config.collections;
      await limiter.hit(`collection-add:${user.id}`, rate.addsPerUser, rate.windowSeconds);
      const added = await writeTx(c.var.db, async (tx) => {
        if (await countItemRows(tx, row.id) >= COLLECTION_ITEMS_MAX) {
          // Saving again what is there already is no addition.
          if (!(await itemIdsOf(tx, row.id)).includes(item.id)) throw new HttpError(422, COLLECTION_MSG.tooManyItems);
          return false;
        }
        return addItem(tx, row.id, item.id);
      });
      const summary = await summaryOf(c, row.id);
      return c.json({ contentId: item.id, added, itemCount: summary.itemCount }, added ? 201 : 200);
    })
    .put("/:id/items", async (c) => {
      const user = requireUser(c);
      const row = await ownCollection(c, user);
      const { order } = await jsonBody(c, itemOrderSchema);
      await writeTx(c.var.db, async (tx) => {
        const ids = new Set(await itemIdsOf(tx, row.id));
        if (order.length !== ids.size || order.some((id) => !ids.has(id))) throw badRequest(COLLECTION_MSG.orderMismatch);
        await setOrder(tx, row.id, order);
      });
      return c.json({ order });
    })
    .delete("/:id/items/:contentId", async (c) => {
      const user = requireUser(c);
      const row = await ownCollection(c, user);
      const contentId = idOr400(c.req.param("contentId"), "contentId");
      if (!(await writeTx(c.var.db, (tx) => removeItem(tx, row.id, contentId)))) throw notFound(COLLECTION_MSG.notInCollection);
      const summary = await summaryOf(c, row.id);
      return c.json({ contentId, removed: true, itemCount: summary.itemCount });
    });
}
