/** `POST /api/admin/categories` and `PATCH /api/admin/categories/{id}` (issue 41 point 5). */
import * as z from "zod/mini";
import { CATEGORY_LIMITS, CATEGORY_MSG } from "../category_rules.ts";

const name = z.string(CATEGORY_MSG.name).check(
  z.trim(),
  z.minLength(1, CATEGORY_MSG.name),
  z.maxLength(CATEGORY_LIMITS.nameMax, CATEGORY_MSG.nameLong),
);

export const categoryCreateSchema = z.strictObject({ name });

export const categoryPatchSchema = z.strictObject({
  name: z.optional(name),
  /** 0 first; past the end is the end. */
  position: z.optional(
    z.number(CATEGORY_MSG.position).check(z.refine(Number.isSafeInteger, CATEGORY_MSG.position), z.gte(0, CATEGORY_MSG.position)),
  ),
}).check(z.refine((b) => b.name !== undefined || b.position !== undefined, { message: CATEGORY_MSG.nothing }));

/** `DELETE /api/admin/categories/{id}?moveTo=`: where its items go. */
export const categoryDeleteQuery = z.object({
  moveTo: z.optional(z.string().check(z.regex(/^[1-9]\d{0,9}$/, "moveTo must be a category id"))),
});
