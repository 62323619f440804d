/**
 * The upload dialog's parts that only show state (components/ui/upload/UploadForm.tsx holds the
 * state and the submit): the tabs, the item's text fields and selects, the rules line and the
 * progress bar.
 */
import { ProgressBar } from "../ProgressBar.tsx";
import { AI_GENERATORS } from "../../../common/ai_tools.ts";
import { formatMb, UPLOAD_LIMITS } from "../../../common/upload_rules.ts";
import type { CategoryOption } from "../../../common/api_types.ts";
import { TextField } from "../TextField.tsx";

export type Tab = "video" | "image" | "youtube";
/** The spec's Video and Image tabs, plus YouTube link: without it no member could add an embed (decision 036). */
export const TABS: [Tab, string][] = [["video", "Video"], ["image", "Image"], ["youtube", "YouTube link"]];

export const initialFields = {
  title: "",
  description: "",
  categoryId: "",
  aiChoice: "",
  aiCustom: "",
  prompt: "",
  tags: "",
  youtubeUrl: "",
};
export type Fields = typeof initialFields;
type Setter = (name: keyof Fields) => (e: { target: { value: string } }) => void;

export const LABEL = "block text-sm font-medium text-neutral-200";

export function TabButton(
  { tab, name, active, busy, choose }: { tab: Tab; name: string; active: boolean; busy: boolean; choose: (t: Tab) => void },
) {
  return (
    <button
      type="button"
      role="tab"
      aria-selected={active}
      disabled={busy}
      onClick={() => choose(tab)}
      className={`flex-1 rounded-md px-3 py-1.5 text-sm ${
        active ? "bg-orange-500 font-semibold text-black" : "text-neutral-300 hover:bg-neutral-800"
      }`}
    >
      {name}
    </button>
  );
}

/** Title, description, category, AI generator (and its name for "Other"), prompt and tags. */
export function MetadataFields(
  { fields, set, categories, categoriesError }: {
    fields: Fields;
    set: Setter;
    categories: CategoryOption[] | null;
    categoriesError: boolean;
  },
) {
  /** The props of a text field bound to `fields[name]`. */
  const text = (name: "title" | "description" | "aiCustom" | "prompt" | "tags", maxLength: number) => ({
    name,
    value: fields[name],
    maxLength,
    onChange: set(name),
    className: LABEL,
  });
  return (
    <>
      <TextField label="Title" {...text("title", UPLOAD_LIMITS.title)} />
      <TextField label="Description" multiline rows={2} {...text("description", UPLOAD_LIMITS.description)} />
      <label className={LABEL}>
        Category
        <select name="categoryId" className="field mt-1" value={fields.categoryId} onChange={set("categoryId")}>
          <option value="">{categories === null && !categoriesError ? "Loading categories…" : "Select a category"}</option>
          {categories?.map((c) => <option key={c.id} value={c.id}>{c.name}</option>)}
        </select>
        {(categoriesError || categories?.length === 0) && <span className="field-error">No categories found</span>}
      </label>
      <label className={LABEL}>
        AI generator
        <select name="aiGenerator" className="field mt-1" value={fields.aiChoice} onChange={set("aiChoice")}>
          <option value="">Select the AI tool used</option>
          {AI_GENERATORS.map((g) => <option key={g} value={g}>{g}</option>)}
        </select>
      </label>
      {fields.aiChoice === "Other" && <TextField label="AI tool name" {...text("aiCustom", UPLOAD_LIMITS.aiGenerator)} />}
      <TextField
        label={
          <>
            Prompt <span className="text-neutral-400">(optional)</span>
          </>
        }
        multiline
        rows={2}
        {...text("prompt", UPLOAD_LIMITS.prompt)}
      />
      <TextField
        label={
          <>
            Tags <span className="text-neutral-400">(optional, comma separated)</span>
          </>
        }
        {...text("tags", UPLOAD_LIMITS.tags)}
      />
    </>
  );
}

/** The file rules under the picker, with the link to the Rules dialog. */
export function UploadRules(
  { tab, maxVideoBytes, maxImageBytes }: { tab: "video" | "image"; maxVideoBytes: number; maxImageBytes: number },
) {
  return (
    <p className="text-xs text-neutral-400" data-testid="upload-rules">
      {tab === "video" ? `1080p, over 10 s, at most 15 min, at most ${formatMb(maxVideoBytes)}; ` : `At most ${formatMb(maxImageBytes)}; `}
      PG-13 only; no deepfakes without written permission.{" "}
      <button
        type="button"
        className="text-orange-400 underline hover:text-orange-300"
        onClick={() => dispatchEvent(new Event("open-rules-modal"))}
      >
        Rules
      </button>
    </p>
  );
}

export function UploadProgress({ progress }: { progress: number }) {
  return (
    <div className="flex items-center gap-3" aria-live="polite">
      <ProgressBar label="Upload progress" value={progress} track="h-2 rounded-full" fill="rounded-full bg-orange-500" />
      <span className="w-12 text-right text-sm tabular-nums" data-testid="upload-percent">{progress}%</span>
    </div>
  );
}
