/** The admin dashboard's limits (spec part 2 §5 and §9), shared by the dashboard and the server. */
export const EDIT_LIMITS = { title: 100, description: 500, aiGenerator: 100, prompt: 1000, tags: 200 } as const;

export const REJECT_REASON_MAX = 500;
export const APPROVED_PAGE_SIZE = 20;

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

const LABELS: Record<keyof typeof EDIT_LIMITS, string> = {
  title: "Title",
  description: "Description",
  aiGenerator: "AI Generator",
  prompt: "Prompt",
  tags: "Tags",
};

/** One message per field that breaks a rule; an empty object when the dialog may save. */
export function validateEdit(v: EditValues): Partial<Record<keyof EditValues, string>> {
  const errors: Partial<Record<keyof EditValues, string>> = {};
  if (!v.title.trim()) errors.title = "Title is required";
  for (const key of Object.keys(EDIT_LIMITS) as (keyof typeof EDIT_LIMITS)[]) {
    if (!errors[key] && v[key].length > EDIT_LIMITS[key]) {
      errors[key] = `${LABELS[key]} must be at most ${EDIT_LIMITS[key]} characters`;
    }
  }
  if (v.categoryId !== "" && !/^\d+$/.test(v.categoryId)) errors.categoryId = "Please select a category";
  return errors;
}

/** Tags are entered comma separated: trimmed, empties dropped, joined back with ", ". */
export function normaliseTags(tags: string): string {
  return tags.split(",").map((t) => t.trim()).filter(Boolean).join(", ");
}

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

/** Duration as m:ss, or a dash when there is none (spec part 2 §2, Pending Review). */
export function formatDuration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds) || seconds < 0) return "—";
  const s = Math.round(seconds);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

export const pageCount = (total: number, size = APPROVED_PAGE_SIZE) => Math.max(1, Math.ceil(total / size));
