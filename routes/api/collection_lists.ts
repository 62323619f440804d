import { Hono } from "hono";
import type { AppEnv } from "../../lib/app_env.ts";
import { findProfileUserById } from "../../db/queries/profiles.ts";
import { collectionsHolding } from "../../db/queries/collections.ts";
import { watchLaterHolding } from "../../db/queries/watch_later.ts";
import { requireUser } from "../../lib/auth/guards.ts";
import { canSeeProfile } from "../../lib/community/profiles.ts";
import { listedCollections } from "../../lib/feed/collections.ts";
import { notFound } from "../../lib/http_error.ts";
import { visibleMediaOr404 } from "../../lib/media/media_access.ts";
import { idOr400, queryOr400 } from "../../lib/validate.ts";
import { MESSAGE_MSG } from "../../common/message_rules.ts";
import { ownCollectionsQuery, watchLaterQuery } from "../../common/schemas/collections.ts";

/**
 * `GET /api/users/{id}/collections` (mounted at /api/users beside users.ts): a member's public
 * collections, or all of them for the member themself. Unlisted and private ones are listed to nobody else.
 */
export const userCollectionsApi = new Hono<AppEnv>().get("/:id/collections", async (c) => {
  const owner = await findProfileUserById(c.var.db, idOr400(c.req.param("id")));
  if (!owner || !canSeeProfile(owner, c.var.user)) throw notFound(MESSAGE_MSG.userNotFound);
  c.header("Cache-Control", "private, no-store");
  return c.json({ collections: await listedCollections(c.var.db, owner.id, c.var.user) });
});

/**
 * `GET /api/user/collections?contains={contentId}`: the signed-in member's own collections, Watch
 * later first; with `contains`, each says whether it holds that item (the Save dialog's checkboxes).
 */
export const ownCollectionsApi = new Hono<AppEnv>().get("/", async (c) => {
  const user = requireUser(c);
  const { contains } = queryOr400(c, ownCollectionsQuery);
  const list = await listedCollections(c.var.db, user.id, user);
  c.header("Cache-Control", "private, no-store");
  if (contains === undefined) return c.json({ collections: list });
  // An item the member may not see is unknown here too.
  const item = await visibleMediaOr404(c, contains);
  const holding = await collectionsHolding(c.var.db, user.id, item.id);
  return c.json({ collections: list.map((s) => ({ ...s, contains: holding.has(s.id) })) });
});

/**
 * `GET /api/user/watch-later?ids=1,2,3` (issue 43 point 6): the member's Watch later collection id and
 * which of the ids it holds, asked once per page of cards by the cards' clock buttons after hydration
 * (the pages stay the same HTML for every viewer). The clock adds and removes through /api/collections.
 */
export const watchLaterApi = new Hono<AppEnv>().get("/", async (c) => {
  const user = requireUser(c);
  const { ids } = queryOr400(c, watchLaterQuery);
  c.header("Cache-Control", "private, no-store");
  return c.json(await watchLaterHolding(c.var.db, user.id, ids));
});
