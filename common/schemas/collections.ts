/** Payloads of the collections API (issue 32 point 5), checked by the routes and the Save and edit forms alike. */
import * as z from "zod/mini";
import {
  COLLECTION_DESCRIPTION_MAX,
  COLLECTION_ITEMS_MAX,
  COLLECTION_MSG,
  COLLECTION_TITLE_MAX,
  COLLECTION_VISIBILITIES,
} from "../collection_rules.ts";

const text = (name: string) => ({
  error: (i: { input: unknown }) => (i.input === undefined ? `${name} is required` : `${name} must be a string`),
});

const title = z.string(text("title")).check(
  z.trim(),
  z.minLength(1, "Give the collection a title"),
  z.maxLength(COLLECTION_TITLE_MAX, `The title must be at most ${COLLECTION_TITLE_MAX} characters`),
);
const description = z.string(text("description")).check(
  z.trim(),
  z.maxLength(COLLECTION_DESCRIPTION_MAX, `The description must be at most ${COLLECTION_DESCRIPTION_MAX} characters`),
);
const visibility = z.enum(COLLECTION_VISIBILITIES, "visibility must be public, unlisted or private");

/** A content id in a body: a JSON whole number from 1. */
const contentId = (name: string) =>
  z.int(`${name} must be a content id (a whole number)`).check(
    z.positive(`${name} must be a content id (a whole number)`),
    z.maximum(Number.MAX_SAFE_INTEGER, `${name} must be a content id (a whole number)`),
  );

/** POST /api/collections */
export const newCollectionSchema = z.object({ title, description: z.optional(description), visibility });
export type NewCollectionInput = z.input<typeof newCollectionSchema>;

/** PUT /api/collections/{id}: any of the three, at least one. */
export const editCollectionSchema = z.object({
  title: z.optional(title),
  description: z.optional(description),
  visibility: z.optional(visibility),
}).check(z.refine((v) => v.title !== undefined || v.description !== undefined || v.visibility !== undefined, COLLECTION_MSG.emptyEdit));

/** POST /api/collections/{id}/items */
export const addItemSchema = z.object({ contentId: contentId("contentId") });

/** PUT /api/collections/{id}/items: every item of the collection once, in the new order. */
export const itemOrderSchema = z.object({
  order: z.array(contentId("order[]")).check(
    z.maxLength(COLLECTION_ITEMS_MAX, `order holds at most ${COLLECTION_ITEMS_MAX} ids`),
    z.refine((ids) => new Set(ids).size === ids.length, COLLECTION_MSG.orderDuplicate),
  ),
});

const digits = (name: string, max: number) =>
  z.pipe(z.string().check(z.regex(/^\d{1,16}$/, `${name} must be a whole number`)), z.transform((s) => Number(s)))
    .check(z.refine((n) => n >= 1 && n <= max, `${name} must be between 1 and ${max}`));

/** GET /api/collections/{id}?page= */
export const collectionPageQuery = z.object({ page: z.optional(digits("page", 1_000)) });

/** GET /api/user/collections?contains={contentId} */
export const ownCollectionsQuery = z.object({ contains: z.optional(digits("contains", Number.MAX_SAFE_INTEGER)) });

/** Ids a page of cards asks about at once (GET /api/user/watch-later). */
export const WATCH_LATER_IDS_MAX = 100;

/** GET /api/user/watch-later?ids=1,2,3: up to WATCH_LATER_IDS_MAX content ids (a bounded pattern, no open repetition). */
export const watchLaterQuery = z.object({
  ids: z.pipe(
    z.string("ids is required").check(
      z.regex(
        new RegExp(`^\\d{1,16}(?:,\\d{1,16}){0,${WATCH_LATER_IDS_MAX - 1}}$`),
        `ids must be up to ${WATCH_LATER_IDS_MAX} content ids separated by commas`,
      ),
    ),
    z.transform((s) => [...new Set(s.split(",").map(Number))]),
  ).check(z.refine((ids) => ids.every((n) => n >= 1 && n <= Number.MAX_SAFE_INTEGER), "ids must be content ids (whole numbers from 1)")),
});
