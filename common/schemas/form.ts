/**
 * What a form shows from a schema's `safeParse`: the same messages the route answers with, since
 * the route validates the same schema (lib/validate.ts jsonBody).
 */
type Issue = { path: readonly PropertyKey[]; message: string };
type Checked = { success: true } | { success: false; error: { issues: Issue[] } };

export type FieldErrors = Partial<Record<string, string>>;

/** The first message for each top-level field (a whole-payload problem under ""); {} when it passed. */
export function fieldErrors(result: Checked): FieldErrors {
  const errors: FieldErrors = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? "");
    errors[field] ??= issue.message;
  }
  return errors;
}

/** The first problem's message, or null when it passed (a form with one message line). */
export const firstError = (result: Checked): string | null => result.success ? null : result.error.issues[0]?.message ?? null;
