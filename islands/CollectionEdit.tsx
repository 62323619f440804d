import { type FormEvent, useState } from "react";
import { api, ApiError } from "../components/ui/api.ts";
import { Modal } from "../components/ui/Dialog.tsx";
import { TextField } from "../components/ui/TextField.tsx";
import {
  COLLECTION_DESCRIPTION_MAX,
  COLLECTION_TITLE_MAX,
  COLLECTION_VISIBILITIES,
  type CollectionSummary,
  type CollectionVisibility,
  VISIBILITY_HINT,
  VISIBILITY_LABEL,
} from "../common/collection_rules.ts";
import { editCollectionSchema } from "../common/schemas/collections.ts";
import { type FieldErrors, fieldErrors } from "../common/schemas/form.ts";

type Props = {
  id: number;
  title: string;
  description: string;
  visibility: CollectionVisibility;
  /** Where to go once it is deleted (the owner's profile). */
  afterDelete: string;
};

/** The owner's Edit and Delete on a collection's page (issue 32); Watch later has neither. */
export default function CollectionEdit(p: Props) {
  const [open, setOpen] = useState<"edit" | "delete" | null>(null);
  return (
    <div className="flex gap-2">
      <button type="button" className="btn-secondary" onClick={() => setOpen("edit")}>Edit</button>
      <button type="button" className="btn-secondary text-red-300" onClick={() => setOpen("delete")}>Delete</button>
      {open === "edit" && <EditForm {...p} close={() => setOpen(null)} />}
      {open === "delete" && <DeleteConfirm {...p} close={() => setOpen(null)} />}
    </div>
  );
}

function EditForm(p: Props & { close: () => void }) {
  const [values, setValues] = useState({ title: p.title, description: p.description, visibility: p.visibility });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  async function submit(e: FormEvent) {
    e.preventDefault();
    const found = fieldErrors(editCollectionSchema.safeParse(values));
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      const saved = await api<CollectionSummary>(`/api/collections/${p.id}`, { method: "PUT", body: values });
      location.assign(saved.url);
    } catch (err) {
      setErrors({ "": err instanceof ApiError ? err.message : "Could not save. Please try again." });
      setBusy(false);
    }
  }
  return (
    <Modal title="Edit collection" close={p.close}>
      <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
        <TextField
          label="Title"
          name="title"
          value={values.title}
          maxLength={COLLECTION_TITLE_MAX}
          error={errors.title}
          onChange={(e) => {
            setValues({ ...values, title: e.currentTarget.value });
            setErrors({ ...errors, title: undefined });
          }}
        />
        <TextField
          label="Description (optional)"
          name="description"
          multiline
          rows={3}
          value={values.description}
          maxLength={COLLECTION_DESCRIPTION_MAX}
          error={errors.description}
          onChange={(e) => {
            setValues({ ...values, description: e.currentTarget.value });
            setErrors({ ...errors, description: undefined });
          }}
        />
        <fieldset className="flex flex-col gap-2 text-sm">
          <legend className="mb-1">Visibility</legend>
          {COLLECTION_VISIBILITIES.map((v) => (
            <label key={v} className="flex items-start gap-2">
              <input
                type="radio"
                name="visibility"
                value={v}
                checked={values.visibility === v}
                onChange={() => setValues({ ...values, visibility: v })}
                className="mt-1 accent-orange-500"
              />
              <span>
                {VISIBILITY_LABEL[v]} <span className="block text-neutral-400">{VISIBILITY_HINT[v]}</span>
              </span>
            </label>
          ))}
        </fieldset>
        {errors[""] && <p role="alert" className="field-error">{errors[""]}</p>}
        <div className="flex justify-end gap-2">
          <button type="button" className="btn-secondary" onClick={p.close}>Cancel</button>
          <button type="submit" className="btn-primary" disabled={busy}>Save</button>
        </div>
      </form>
    </Modal>
  );
}

function DeleteConfirm(p: Props & { close: () => void }) {
  const [error, setError] = useState<string | null>(null);
  async function remove() {
    try {
      await api(`/api/collections/${p.id}`, { method: "DELETE" });
      location.assign(p.afterDelete);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : "Could not delete it. Please try again.");
    }
  }
  return (
    <Modal title="Delete collection?" close={p.close} width="w-[min(28rem,94vw)]">
      <p className="text-sm text-neutral-300">{`“${p.title}” goes; its items stay on the site.`}</p>
      {error && <p role="alert" className="field-error">{error}</p>}
      <div className="mt-5 flex justify-end gap-2">
        <button type="button" className="btn-secondary" onClick={p.close}>Cancel</button>
        <button type="button" className="btn-primary bg-red-500 hover:bg-red-400" onClick={remove}>Delete</button>
      </div>
    </Modal>
  );
}
