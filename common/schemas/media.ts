/**
 * The content item payloads (spec part 1 §3, part 2 §5): `POST /api/videos` from the upload
 * dialog and `PUT /api/videos/{id}` from My Videos (own edit) and the admin's Edit Video dialog.
 * Checks that need the database (the category exists, the file is the member's upload, a
 * duplicate) stay in routes/api/video_edits.ts.
 */
import * as z from "zod/mini";
import { CONTENT_TYPES } from "../media_rules.ts";
import { UPLOAD_LIMITS, UPLOAD_MSG } from "../upload_rules.ts";

const tooLong = (label: string, max: number) => `${label} must be at most ${max} characters`;

/** An optional text field, trimmed; absent or null reads as "". */
const optionalText = (max: number, label: string) =>
  z.pipe(z.nullish(z.string().check(z.maxLength(max, tooLong(label, max)))), z.transform((v) => (v ?? "").trim()));

const optionalUrl = z.nullish(z.string().check(z.maxLength(2000)));

/** A positive integer, or its digits as text; anything else (missing too) is "Please select a category". */
const categoryId = z.pipe(
  z.pipe(z.unknown(), z.transform((v) => (typeof v === "string" && /^\d{1,9}$/.test(v) ? Number(v) : v))),
  z.custom<number>((n) => typeof n === "number" && Number.isSafeInteger(n) && n > 0, UPLOAD_MSG.category),
);

/** The upload payload. userId must be the uploader's own; resolution and credits are fixed by the server. */
export const createMediaSchema = z.object({
  userId: z.nullish(z.union([z.number(), z.string()])),
  title: z.string().check(
    z.trim(),
    z.minLength(UPLOAD_LIMITS.titleMin, UPLOAD_MSG.title),
    z.maxLength(UPLOAD_LIMITS.title, tooLong("Title", UPLOAD_LIMITS.title)),
  ),
  description: optionalText(UPLOAD_LIMITS.description, "Description"),
  aiGenerator: optionalText(UPLOAD_LIMITS.aiGenerator, "AI generator"),
  prompt: optionalText(UPLOAD_LIMITS.prompt, "Prompt"),
  tags: optionalText(UPLOAD_LIMITS.tags, "Tags"),
  categoryId,
  contentType: z.enum(CONTENT_TYPES, { error: `contentType must be one of: ${CONTENT_TYPES.join(", ")}` }),
  thumbnail: z.nullish(z.string().check(z.maxLength(3_000_000, "The thumbnail is too large"))),
  videoUrl: optionalUrl,
  imageUrl: optionalUrl,
  youtubeUrl: optionalUrl,
  resolution: z.nullish(z.enum(["HD", "4K"])),
  duration: z.nullish(z.number().check(z.minimum(0), z.maximum(86_400 * 7))),
  credits: z.nullish(z.number()),
});

const title = z.string().check(
  z.trim(),
  z.minLength(1, "Title is required"),
  z.maxLength(UPLOAD_LIMITS.title, tooLong("Title", UPLOAD_LIMITS.title)),
);

/** An edited text field: absent stays absent (unchanged), null reads as "", the rest is trimmed. */
const editText = (max: number, label: string) =>
  z.pipe(
    z.nullish(z.string().check(z.maxLength(max, tooLong(label, max)))),
    z.transform((v) => (v === undefined ? undefined : (v ?? "").trim())),
  );

/**
 * The edit of an item (part 2 §5): the admin's Edit Video and the owner's edit in My Videos, with
 * the same fields and limits (issue 36 point 5): title, description, category (a number, or null
 * for none), AI generator, prompt and tags. What only the route knows stays there: the category
 * exists, and an owner keeps the upload's rules (a category and an AI generator).
 */
export const mediaEditSchema = z.strictObject({
  title: z.optional(title),
  description: editText(UPLOAD_LIMITS.description, "Description"),
  categoryId: z.optional(
    z.union([
      z.number().check(z.int(), z.positive()),
      z.pipe(z.string().check(z.regex(/^\d{0,9}$/)), z.transform((v) => (v ? Number(v) : null))),
      z.null(),
    ], { error: "categoryId must be a number or null" }),
  ),
  aiGenerator: editText(UPLOAD_LIMITS.aiGenerator, "AI generator"),
  prompt: editText(UPLOAD_LIMITS.prompt, "Prompt"),
  tags: editText(UPLOAD_LIMITS.tags, "Tags"),
});

/** The fields an edit may change, in the order the audit log lists them. */
export const EDIT_FIELDS = ["title", "description", "categoryId", "aiGenerator", "prompt", "tags"] as const;
