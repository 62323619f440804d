import { type FormEvent, useState } from "react";
import { AI_GENERATORS } from "../../../common/ai_tools.ts";
import { EDIT_LIMITS, type EditValues, toEditPayload, validateEdit } from "../../../common/admin_rules.ts";
import { api } from "../api.ts";
import { toast } from "../toast.ts";
import type { AdminItem, Category } from "./data.ts";
import { Modal } from "./parts.tsx";

type FieldKey = keyof typeof EDIT_LIMITS;
const FIELDS: Record<FieldKey, { label: string; multiline?: boolean; optional?: boolean }> = {
  title: { label: "Title" },
  description: { label: "Description", multiline: true },
  aiGenerator: { label: "AI Generator" },
  prompt: { label: "Prompt Used", multiline: true, optional: true },
  tags: { label: "Tags", optional: true },
};

/** The Edit Video dialog: the spec's fields and limits; saves through `PUT /api/videos/{id}`. */
export default function EditVideoDialog({ item, categories, close, saved }: {
  item: AdminItem;
  categories: Category[];
  close: () => void;
  saved: () => void;
}) {
  const [values, setValues] = useState<EditValues>({
    title: item.title,
    description: item.description,
    categoryId: item.categoryId === null ? "" : String(item.categoryId),
    aiGenerator: item.aiGenerator,
    prompt: item.prompt,
    tags: item.tags,
  });
  const [busy, setBusy] = useState(false);
  const errors = validateEdit(values);
  const invalid = Object.keys(errors).length > 0;

  async function save(e: FormEvent) {
    e.preventDefault();
    if (invalid) return;
    setBusy(true);
    try {
      await api(`/api/videos/${item.id}`, { method: "PUT", body: toEditPayload(values) });
      toast({ title: "Video updated", description: "Video has been successfully updated" });
      saved();
      close();
    } catch (err) {
      toast({ title: "Error", description: `Failed to update video: ${(err as Error).message}`, variant: "destructive" });
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
    <Modal title="Edit Video" close={close}>
      <form onSubmit={save} noValidate className="space-y-3">
        {field("title")}
        {field("description")}
        <div>
          <label htmlFor="edit-category" className="mb-1 block text-sm font-medium">
            Category<span className="ml-1 font-normal text-neutral-400">(optional)</span>
          </label>
          <select
            id="edit-category"
            name="categoryId"
            className="field"
            value={values.categoryId}
            onChange={(e) => setValues({ ...values, categoryId: e.target.value })}
          >
            <option value="">No category</option>
            {categories.map((cat) => <option key={cat.id} value={String(cat.id)}>{cat.name}</option>)}
          </select>
        </div>
        {field("aiGenerator")}
        <datalist id="edit-ai-generators">
          {AI_GENERATORS.map((g) => <option key={g} value={g} />)}
        </datalist>
        {field("prompt")}
        {field("tags")}
        <div className="flex justify-end gap-2 pt-2">
          <button type="button" className="btn-secondary" onClick={close}>Cancel</button>
          <button type="submit" className="btn-primary" disabled={busy || invalid}>Save Changes</button>
        </div>
      </form>
    </Modal>
  );
}
