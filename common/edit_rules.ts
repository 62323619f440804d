/**
 * The edit of an item (spec part 2 §5): the admin's Edit Video and the owner's edit in My Videos
 * share the fields, the limits and the payload (issue 36 point 5); an owner also keeps the upload's
 * rules, a category and an AI generator, which the route checks too.
 */
import { type FieldErrors, fieldErrors } from "./schemas/form.ts";
import { mediaEditSchema } from "./schemas/media.ts";
import { normaliseTags } from "./format.ts";
import { UPLOAD_LIMITS, UPLOAD_MSG } from "./upload_rules.ts";

/** The edit form's fields keep the upload limits. */
const { title, description, aiGenerator, prompt, tags } = UPLOAD_LIMITS;
export const EDIT_LIMITS = { title, description, aiGenerator, prompt, tags } as const;

export type EditValues = {
  title: string;
  description: string;
  /** The select's value: "" for no category, else the id as text. */
  categoryId: string;
  aiGenerator: string;
  prompt: string;
  tags: string;
};

export type EditPayload = {
  title: string;
  description: string;
  categoryId: number | null;
  aiGenerator: string;
  prompt: string;
  tags: string;
};

/** The form's values of an item as stored. */
export const editValuesOf = (
  item: { title: string; description: string; categoryId: number | null; aiGenerator: string; prompt: string; tags: string },
): EditValues => ({
  title: item.title,
  description: item.description,
  categoryId: item.categoryId === null ? "" : String(item.categoryId),
  aiGenerator: item.aiGenerator,
  prompt: item.prompt,
  tags: item.tags,
});

/** The body of `PUT /api/videos/{id}`: the category as a number, or null. */
export function toEditPayload(v: EditValues): EditPayload {
  return {
    title: v.title.trim(),
    description: v.description.trim(),
    categoryId: v.categoryId === "" ? null : Number(v.categoryId),
    aiGenerator: v.aiGenerator.trim(),
    prompt: v.prompt.trim(),
    tags: normaliseTags(v.tags),
  };
}

/** The route's own check of the payload, one message per field; {} when the form may save. `owner`: the upload's rules too. */
export function validateEdit(v: EditValues, owner = false): FieldErrors {
  const errors = fieldErrors(mediaEditSchema.safeParse(toEditPayload(v)));
  if (owner && v.categoryId === "") errors.categoryId ??= UPLOAD_MSG.category;
  if (owner && !v.aiGenerator.trim()) errors.aiGenerator ??= UPLOAD_MSG.aiTool;
  return errors;
}
