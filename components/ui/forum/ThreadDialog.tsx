import { useEffect, useState } from "react";
import { FORUM_LIMITS, FORUM_MSG, type ForumCategory, type ThreadView } from "../../../common/forum_rules.ts";
import { api } from "../api.ts";
import { Modal } from "../Dialog.tsx";
import { TextField } from "../TextField.tsx";
import { toast } from "../toast.ts";
import { HELD_TOAST } from "../../../common/moderation.ts";
import { errorToast, loadForumSchemas, prefetchForumSchemas } from "./actions.ts";

type Props = {
  sticky: boolean;
  categories: ForumCategory[];
  /** The category the dialog starts on (the one being viewed), else the first. */
  defaultCategoryId: number | null;
  close: () => void;
  created: (thread: ThreadView) => void;
};

const MISSING = new Set<string>([FORUM_MSG.missing, FORUM_MSG.missingSticky]);

/**
 * The New Thread dialog, and for admins the Sticky Thread dialog (spec part 2 §2, §5): the
 * create button is disabled while the title or the content is empty; a blank one (spaces only)
 * gets 'Missing information'. Creating closes the dialog, which clears the form.
 */
export function ThreadDialog({ sticky, categories, defaultCategoryId, close, created }: Props) {
  const [title, setTitle] = useState("");
  const [content, setContent] = useState("");
  const [categoryId, setCategoryId] = useState(String(defaultCategoryId ?? categories[0]?.id ?? ""));
  const [tags, setTags] = useState("");
  const [busy, setBusy] = useState(false);
  const label = sticky ? "Sticky Thread" : "Thread";
  useEffect(prefetchForumSchemas, []);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    const payload = { title, content, categoryId: categoryId ? Number(categoryId) : null, tags, isSticky: sticky };
    setBusy(true);
    try {
      const checked = (await loadForumSchemas()).newThreadSchema.safeParse(payload);
      if (!checked.success) {
        const message = checked.error.issues[0]?.message ?? FORUM_MSG.missing;
        toast({
          title: MISSING.has(message) ? FORUM_MSG.missingTitle : FORUM_MSG.createError,
          description: message,
          variant: "destructive",
        });
        setBusy(false);
        return;
      }
      const thread = await api<ThreadView>("/api/forum/threads", { method: "POST", body: checked.data });
      // A thread held for review (issue 34) is shown to its writer only, marked.
      toast(
        thread.status === "held"
          ? HELD_TOAST
          : { title: sticky ? "Sticky thread created" : "Thread created", description: "Your thread has been posted." },
      );
      created(thread);
      close();
    } catch (err) {
      errorToast(FORUM_MSG.createError, err);
      setBusy(false);
    }
  }

  return (
    <Modal title={sticky ? "Create Sticky Thread" : "Create New Thread"} close={close} width="w-[min(40rem,94vw)]">
      <form onSubmit={submit} className="flex flex-col gap-3" data-testid={sticky ? "sticky-thread-form" : "new-thread-form"}>
        <TextField label="Title" name="title" value={title} maxLength={FORUM_LIMITS.title} onChange={(e) => setTitle(e.target.value)} />
        <label className="text-sm">
          Category
          <select name="categoryId" value={categoryId} onChange={(e) => setCategoryId(e.target.value)} className="field mt-1">
            {categories.map((c) => <option key={c.id} value={c.id}>{c.name}</option>)}
          </select>
        </label>
        <TextField
          label="Content"
          name="content"
          multiline
          rows={8}
          fieldClassName="min-h-[160px]"
          value={content}
          maxLength={FORUM_LIMITS.content}
          onChange={(e) => setContent(e.target.value)}
        />
        <TextField
          label={
            <>
              Tags <span className="text-neutral-500">(optional, comma separated)</span>
            </>
          }
          name="tags"
          value={tags}
          maxLength={FORUM_LIMITS.tags * (FORUM_LIMITS.tag + 2)}
          onChange={(e) => setTags(e.target.value)}
        />
        <div className="mt-2 flex justify-end gap-2">
          <button type="button" className="btn-secondary" onClick={close}>Cancel</button>
          <button type="submit" className="btn-primary" disabled={busy || !title || !content}>
            {busy ? "Creating..." : `Create ${label}`}
          </button>
        </div>
      </form>
    </Modal>
  );
}
