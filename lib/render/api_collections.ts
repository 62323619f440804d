/**
 * The collections endpoints (issue 32 point 5) for the OpenAPI document, spread into
 * lib/render/api_operations.ts's list (kept apart so that list stays short).
 */
import type { Operation } from "./api_operations.ts";
import {
  addItemSchema,
  collectionPageQuery,
  editCollectionSchema,
  itemOrderSchema,
  newCollectionSchema,
  ownCollectionsQuery,
  watchLaterQuery,
} from "../../common/schemas/collections.ts";

type Extra = Omit<Operation, "method" | "path" | "tag" | "summary" | "ok">;
const op = (method: Operation["method"], path: string, summary: string, ok: Operation["ok"], extra: Extra = {}): Operation => ({
  method,
  path,
  tag: "collections",
  summary,
  ok,
  ...extra,
});
const member = { auth: "member" } as const;
const LIMITS = "At most 100 collections besides Watch later (422), creations rate-limited per member (429).";

export const COLLECTION_OPERATIONS: Operation[] = [
  op("post", "/api/collections", "Create a collection", { schema: "Collection", status: 201 }, {
    ...member,
    description: LIMITS,
    body: newCollectionSchema,
    errors: [422, 429],
  }),
  op("get", "/api/collections/{id}", "A collection and one page of the items shown to you", { schema: "CollectionPage" }, {
    description: "A private collection is a 404 to everyone but its owner; an unlisted one is readable here by its id.",
    query: collectionPageQuery,
  }),
  op("put", "/api/collections/{id}", "Change a collection's title, description or visibility (its owner)", { schema: "Collection" }, {
    ...member,
    description: "Watch later cannot be changed (400).",
    body: editCollectionSchema,
  }),
  op("delete", "/api/collections/{id}", "Delete a collection (its owner; not Watch later); the items stay", { schema: "Done" }, member),
  op("post", "/api/collections/{id}/items", "Add an item at the end (nothing changes when it is there already)", {
    schema: "CollectionItem",
    status: 201,
  }, {
    ...member,
    description: "At most 1,000 items a collection (422); additions rate-limited per member (429). 200 when it was there already.",
    body: addItemSchema,
    errors: [422, 429],
  }),
  op("put", "/api/collections/{id}/items", "Set the order: every item of the collection exactly once", { schema: "CollectionOrder" }, {
    ...member,
    body: itemOrderSchema,
  }),
  op("delete", "/api/collections/{id}/items/{contentId}", "Remove an item from a collection", { schema: "CollectionItem" }, member),
  op("get", "/api/users/{id}/collections", "A member's public collections (all of them for the member themself)", {
    schema: "CollectionList",
  }),
  op("get", "/api/user/collections", "Your collections, Watch later first; with `contains`, which hold that item", {
    schema: "CollectionList",
  }, { ...member, query: ownCollectionsQuery }),
  op("get", "/api/user/watch-later", "Your Watch later collection's id and which of the given items it holds", {
    schema: "WatchLaterState",
  }, {
    ...member,
    description:
      "The cards' clock button asks once per page of cards (at most 100 ids); it adds and removes with the collection item endpoints.",
    query: watchLaterQuery,
  }),
];
