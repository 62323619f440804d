/**
 * The collections' answers (issue 32 point 5) and the cards' Watch later state (issue 43 point 6), as zod
 * schemas for the OpenAPI document; lib/render/api_responses.ts lists them with the others and builds
 * CollectionPage from CollectionFields. They mirror common/collection_rules.ts.
 */
import { z } from "zod";
import { COLLECTION_VISIBILITIES } from "../../common/collection_rules.ts";

const iso = z.string().describe("ISO 8601 date-time");

export const CollectionFields = {
  id: z.number().int().describe("A random number, so an unlisted collection's link cannot be guessed"),
  title: z.string(),
  description: z.string(),
  visibility: z.enum(COLLECTION_VISIBILITIES),
  watchLater: z.boolean().describe("The member's own Watch later: always private, never renamed or deleted"),
  itemCount: z.number().int().describe("Items shown to you (items that are not public count only for their uploader and admins)"),
  cover: z.string().nullable().describe("The first shown item's thumbnail"),
  url: z.string().describe("The collection's page, /collections/{id}-{slug}"),
  owner: z.strictObject({ id: z.number().int(), username: z.string() }),
  createdAt: iso,
  updatedAt: iso,
};
export const Collection = z.strictObject({ ...CollectionFields, contains: z.boolean().optional().describe("Holds the `contains` item") });
export const CollectionList = z.strictObject({ collections: z.array(Collection) });
export const CollectionItem = z.strictObject({
  contentId: z.number().int(),
  added: z.boolean().optional().describe("False when it was there already"),
  removed: z.boolean().optional(),
  itemCount: z.number().int(),
});
export const WatchLaterState = z.strictObject({
  collectionId: z.number().int().nullable().describe("Your Watch later collection (null for an account made before collections)"),
  ids: z.array(z.number().int()).describe("Those of the asked ids it holds"),
});
export const CollectionOrder = z.strictObject({ order: z.array(z.number().int()) });
