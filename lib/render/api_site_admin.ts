/**
 * The OpenAPI operations of issue 41 points 3 to 5: a member's role and upload quotas, and the
 * categories admins manage. Listed apart from lib/render/api_operations.ts, which spreads them in.
 */
import { z } from "zod";
import type { Operation } from "./api_operations.ts";
import { operation } from "./api_op.ts";
import { memberPatchSchema } from "../../common/schemas/admin_members.ts";
import { categoryCreateSchema, categoryDeleteQuery, categoryPatchSchema } from "../../common/schemas/categories.ts";
import { Quota } from "./api_responses_members.ts";

const admin = operation("admin", { auth: "admin" });

const role = z.enum(["member", "moderator", "admin"]);

export const AdminCategory = z.strictObject({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  position: z.number().int().describe("0 first"),
  items: z.number().int().describe("Items in the category"),
});

export const SITE_ADMIN_RESPONSES = {
  MemberPatched: z.strictObject({
    ok: z.literal(true),
    user: z.strictObject({
      id: z.number().int(),
      username: z.string(),
      role,
      isAdmin: z.boolean(),
      uploadQuotaBytes: z.number().int().nullable(),
      dailyUploadQuotaBytes: z.number().int().nullable(),
    }),
    quota: Quota,
  }),
  AdminCategory,
  CategoryDeleted: z.strictObject({
    ok: z.literal(true),
    id: z.number().int(),
    moved: z.number().int().describe("Items moved to `moveTo`"),
    moveTo: z.number().int().nullable(),
  }),
} as const;

export const SITE_ADMIN_OPERATIONS: Operation[] = [
  admin("patch", "/api/admin/users/{id}", "Change a member's role or their own upload quotas (admins only)", { schema: "MemberPatched" }, {
    body: memberPatchSchema,
    description: "Quotas in bytes: -1 unlimited, null for the site's default. The last admin cannot be demoted (409). " +
      "Each change is audited with before and after.",
    errors: [409],
  }),
  admin("get", "/api/admin/categories", "The categories in order, with their item counts (admins only)", {
    schema: "AdminCategory",
    array: true,
  }),
  admin("post", "/api/admin/categories", "Add a category (its slug is made from the name)", { schema: "AdminCategory", status: 201 }, {
    body: categoryCreateSchema,
    description: "409 when the name or its slug is taken, or at the most categories a site may have.",
    errors: [409],
  }),
  admin("patch", "/api/admin/categories/{id}", "Rename a category or move it in the order", { schema: "AdminCategory" }, {
    body: categoryPatchSchema,
    description: "A rename keeps the old slug: `/?category=old` answers 301 to the new one.",
    errors: [409],
  }),
  admin("delete", "/api/admin/categories/{id}", "Delete a category, moving its items to `moveTo`", { schema: "CategoryDeleted" }, {
    query: categoryDeleteQuery,
    description: "409 without `moveTo` while the category has items; its old addresses then lead to `moveTo`.",
    errors: [409],
  }),
];
