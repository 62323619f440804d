import { type FormEvent, useState } from "react";
import { AI_GENERATORS } from "../../common/ai_tools.ts";
import { EDIT_LIMITS, type EditPayload, type EditValues, toEditPayload, validateEdit } from "../../common/edit_rules.ts";

type FieldKey = keyof typeof EDIT_LIMITS;
const FIELDS: Record<FieldKey, { label: string; multiline?: boolean; optional?: boolean }> = {
  title: { label: "Title" },
  description: { label: "Description", multiline: true },
  aiGenerator: { label: "AI Generator" },
  prompt: { label: "Prompt Used", multiline: true, optional: true },
  tags: { label: "Tags", optional: true },
};

type Props = {
  initial: EditValues;
  categories: { id: number; name: string }[];
  /** The owner's edit (My Videos): a category and an AI generator are required, as at upload. */
  owner?: boolean;
  /** Sends the payload; a failure is the caller's to show, and the form may be sent again. */
  save: (payload: EditPayload) => Promise<void>;
  cancel: () => void;
};

/**
 * The fields of an item's edit (spec part 2 §5), the same for the admin's Edit Video and the
 * owner's edit in My Videos (issue 36 point 5): title, description, category, AI generator,
 * prompt and tags, each with its limit and counter, checked with the route's schema.
 */
export function EditItemForm({ initial, categories, owner = false, save, cancel }: Props) {
  const [values, setValues] = useState(initial);
  const [busy, setBusy] = useState(false);
  const errors = validateEdit(values, owner);
  const invalid = Object.keys(errors).length > 0;

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (invalid || busy) return;
    setBusy(true);
    try {
      await save(toEditPayload(values));
    } finally {
      setBusy(false);
    }
  }

  const field = (key: FieldKey) => {
    const { label, multiline, optional } = FIELDS[key];
    const props = {
      id: `edit-${key}`,
      name: key,
      className: "field",
      value: values[key],
      maxLength: EDIT_LIMITS[key],
      "aria-invalid": !!errors[key],
      onChange: (e: { target: { value: string } }) => setValues({ ...values, [key]: e.target.value }),
    };
    return (
      <div>
        <div className="mb-1 flex justify-between text-sm">
          <label htmlFor={props.id} className="font-medium">
            {label}
            {optional && <span className="ml-1 font-normal text-neutral-400">(optional)</span>}
          </label>
          <span className="text-xs text-neutral-400">{values[key].length}/{EDIT_LIMITS[key]}</span>
        </div>
        {multiline
          ? <textarea {...props} rows={3} />
          : <input {...props} list={key === "aiGenerator" ? "edit-ai-generators" : undefined} />}
        {key === "tags" && <p className="mt-1 text-xs text-neutral-400">Comma separated</p>}
        {errors[key] && <p className="field-error">{errors[key]}</p>}
      </div>
    );
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-3">
      {field("title")}
      {field("description")}
      <div>
        <label htmlFor="edit-category" className="mb-1 block text-sm font-medium">
          Category{!owner && <span className="ml-1 font-normal text-neutral-400">(optional)</span>}
        </label>
        <select
          id="edit-category"
          name="categoryId"
          className="field"
          value={values.categoryId}
          aria-invalid={!!errors.categoryId}
          onChange={(e) => setValues({ ...values, categoryId: e.target.value })}
        >
          {/* An owner's item keeps a category; one an admin left without still shows as such. */}
          {(!owner || values.categoryId === "") && <option value="" disabled={owner}>{owner ? "Select a category" : "No category"}</option>}
          {categories.map((cat) => <option key={cat.id} value={String(cat.id)}>{cat.name}</option>)}
        </select>
        {errors.categoryId && <p className="field-error">{errors.categoryId}</p>}
      </div>
      {field("aiGenerator")}
      <datalist id="edit-ai-generators">
        {AI_GENERATORS.filter((g) => g !== "Other").map((g) => <option key={g} value={g} />)}
      </datalist>
      {field("prompt")}
      {field("tags")}
      <div className="flex justify-end gap-2 pt-2">
        <button type="button" className="btn-secondary" onClick={cancel}>Cancel</button>
        <button type="submit" className="btn-primary" disabled={busy || invalid}>{busy ? "Saving..." : "Save Changes"}</button>
      </div>
    </form>
  );
}
