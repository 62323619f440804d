/** The admin dashboard's limits and its Edit Video form (spec part 2 §5 and §9). */
import { type FieldErrors, fieldErrors } from "./schemas/form.ts";
import { adminEditSchema } from "./schemas/media.ts";
import { normaliseTags } from "./format.ts";
import { UPLOAD_LIMITS } from "./upload_rules.ts";

/** The edit dialog's fields keep the upload limits. */
const { title, description, aiGenerator, prompt, tags } = UPLOAD_LIMITS;
export const EDIT_LIMITS = { title, description, aiGenerator, prompt, tags } as const;

export const REJECT_REASON_MAX = 500;
export const APPROVED_PAGE_SIZE = 20;
/** The Pending tab's page (the list is loaded whole, at most 500; "select all on this page" takes one page). */
export const PENDING_PAGE_SIZE = 50;

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

/** The body of `PUT /api/videos/{id}` for the admin edit: the category as a number, or null. */
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

/** The route's own check of the payload, one message per field; {} when the dialog may save. */
export const validateEdit = (v: EditValues): FieldErrors => fieldErrors(adminEditSchema.safeParse(toEditPayload(v)));

export const pageCount = (total: number, size = APPROVED_PAGE_SIZE) => Math.max(1, Math.ceil(total / size));
