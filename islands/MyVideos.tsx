import { useEffect, useRef, useState } from "react";
import { api } from "../components/ui/api.ts";
import { Modal } from "../components/ui/Dialog.tsx";
import { toast } from "../components/ui/toast.ts";
import type { CategoryOption, ContentItem } from "../common/api_types.ts";
import { formatDate, formatDuration, hasDuration } from "../common/format.ts";
import { type EditPayload, editValuesOf } from "../common/edit_rules.ts";
import { EditItemForm } from "../components/ui/EditItemForm.tsx";
import { ArrowLeftIcon } from "../components/ui/icons.tsx";
import { PLACEHOLDER_THUMB } from "../common/feed_rules.ts";
import { ProcessingStatus, useProcessingPoll } from "../components/ui/ProcessingStatus.tsx";
import { youtubeWatchUrl } from "../common/youtube.ts";
import { UPLOADED_EVENT } from "../common/upload_rules.ts";
import type { Quota } from "../common/quota_rules.ts";
import { QuotaSummary } from "../components/ui/QuotaSummary.tsx";

/** The card fields of My Videos (spec part 2 "My Videos"), taken from the content item. */
export type MyItem =
  & Pick<
    ContentItem,
    | "id"
    | "slug"
    | "title"
    | "description"
    | "contentType"
    | "thumbnail"
    | "categoryId"
    | "categoryName"
    | "aiGenerator"
    | "prompt"
    | "tags"
    | "createdAt"
    | "duration"
    | "reviewStatus"
    | "rejectionReason"
    | "processing"
  >
  & {
    /** Approved but hidden from the public by reports until an admin decides. */
    hidden: boolean;
    openUrl: string;
  };

/** The card of an item: from the page's rows, and from the upload dialog's answer (issue 27 point 3). */
export const toMyItem = (i: ContentItem, hidden: boolean): MyItem => ({
  id: i.id,
  slug: i.slug,
  title: i.title,
  description: i.description,
  contentType: i.contentType,
  thumbnail: i.thumbnail,
  categoryId: i.categoryId,
  categoryName: i.categoryName,
  aiGenerator: i.aiGenerator,
  prompt: i.prompt,
  tags: i.tags,
  createdAt: i.createdAt,
  duration: i.duration,
  reviewStatus: i.reviewStatus,
  rejectionReason: i.rejectionReason,
  ...(i.processing ? { processing: i.processing } : {}),
  hidden,
  openUrl: i.videoUrl ?? i.imageUrl ?? (i.youtubeId ? youtubeWatchUrl(i.youtubeId) : `/media/${i.slug}`),
});

const STATUS: Record<MyItem["reviewStatus"], { label: string; className: string }> = {
  pending: { label: "Pending review", className: "bg-amber-500/20 text-amber-300" },
  approved: { label: "Approved", className: "bg-emerald-500/20 text-emerald-300" },
  rejected: { label: "Rejected", className: "bg-red-500/20 text-red-300" },
};

const HIDDEN = { label: "Hidden — under review", className: "bg-orange-500/20 text-orange-300" };
export const LOAD_ERROR = "Error loading your videos. Please try again.";

const TYPE_LABEL = { video: "Video", image: "Image", embed: "YouTube" };

type Category = Pick<CategoryOption, "id" | "name">;

export default function MyVideos({ items: initial, categories = [], loadError, quota: initialQuota = null }: {
  items: MyItem[];
  /** The member's upload quota (issue 41 point 3); null for none. */
  quota?: Quota | null;
  /** The edit form's choices. */
  categories?: Category[];
  loadError?: boolean;
}) {
  const [items, setItems] = useState(initial);
  const [quota, setQuota] = useState(initialQuota);
  // An upload from the header's dialog shows here at once, in its review state, without a reload.
  useEffect(() => {
    const added = (e: Event) => {
      const item = (e as CustomEvent<ContentItem>).detail;
      if (item && typeof item.id === "number") setItems((list) => [toMyItem(item, false), ...list.filter((i) => i.id !== item.id)]);
      // The quota moved with the upload.
      api<{ quota?: Quota }>("/api/user").then((me) => setQuota(me.quota ?? null), () => {});
    };
    addEventListener(UPLOADED_EVENT, added);
    return () => removeEventListener(UPLOADED_EVENT, added);
  }, []);
  const [editing, setEditing] = useState<MyItem | null>(null);
  const [deleting, setDeleting] = useState<MyItem | null>(null);
  // Processing state and percentage, live while the page is open (issue 21).
  useProcessingPoll(items, "/api/user/videos", (fresh) =>
    setItems((list) =>
      list.map((i) => {
        const f = fresh.get(i.id);
        return f?.processing ? { ...i, processing: f.processing, thumbnail: f.thumbnail ?? i.thumbnail } : i;
      })
    ));

  return (
    <section className="mx-auto max-w-[1400px] px-3 py-6 sm:px-6">
      <div className="mb-6 flex items-center gap-3">
        <button type="button" className="btn-secondary" onClick={() => history.back()}>
          <ArrowLeftIcon /> Back
        </button>
        <h1 className="text-2xl font-bold">My Videos</h1>
      </div>
      <QuotaSummary quota={quota} className="mb-4 max-w-md text-sm" />
      {loadError
        ? <p role="alert" className="py-24 text-center text-red-300">{LOAD_ERROR}</p>
        : items.length === 0
        ? (
          <div className="py-24 text-center">
            <p className="mb-4 text-neutral-400">You haven't uploaded any content yet.</p>
            <a href="/" className="btn-primary">Go to the home page</a>
          </div>
        )
        : (
          <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="my-videos">
            {items.map((item) => <Card key={item.id} item={item} onEdit={() => setEditing(item)} onDelete={() => setDeleting(item)} />)}
          </ul>
        )}
      {editing && (
        <EditDialog
          item={editing}
          categories={categories}
          onClose={() => setEditing(null)}
          onSaved={(next) => {
            setItems((list) => list.map((i) => (i.id === next.id ? next : i)));
            setEditing(null);
          }}
        />
      )}
      {deleting && (
        <DeleteDialog
          item={deleting}
          onClose={() => setDeleting(null)}
          onDeleted={() => {
            setItems((list) => list.filter((i) => i.id !== deleting.id));
            setDeleting(null);
          }}
        />
      )}
    </section>
  );
}

function Card({ item, onEdit, onDelete }: { item: MyItem; onEdit: () => void; onDelete: () => void }) {
  const [broken, setBroken] = useState(false);
  const img = useRef<HTMLImageElement>(null);
  // A thumbnail that failed before hydration fired its error with no listener yet: check once mounted.
  useEffect(() => {
    const el = img.current;
    if (el && el.complete && el.naturalWidth === 0) setBroken(true);
  }, []);
  const status = item.reviewStatus === "approved" && item.hidden ? HIDDEN : STATUS[item.reviewStatus];
  const action = "rounded-md border border-neutral-700 px-2.5 py-1 text-xs hover:bg-neutral-800";
  return (
    <li className="flex flex-col overflow-hidden rounded-xl border border-neutral-800 bg-neutral-900" data-item-id={item.id}>
      {/* The picture fills a 16:9 box whatever its shape: a portrait one stretched its row (issue 36 point 13). */}
      <div className="relative aspect-video overflow-hidden bg-neutral-800">
        {/* A broken thumbnail is swapped for the placeholder image, as in the feed (spec part 2 §8). */}
        <img
          ref={img}
          src={broken ? PLACEHOLDER_THUMB : item.thumbnail}
          alt=""
          width={640}
          height={360}
          loading="lazy"
          className="absolute inset-0 h-full w-full object-cover"
          onError={() => setBroken(true)}
          data-testid="my-thumbnail"
        />
        <span className="absolute top-2 left-2 rounded bg-black/70 px-2 py-0.5 text-xs">{TYPE_LABEL[item.contentType]}</span>
        {item.contentType === "video" && hasDuration(item.duration) && (
          <span className="absolute right-2 bottom-2 rounded bg-black/70 px-1.5 text-xs">{formatDuration(item.duration)}</span>
        )}
      </div>
      <div className="flex flex-1 flex-col gap-1.5 p-3">
        <div className="flex items-start justify-between gap-2">
          <h2 className="line-clamp-2 font-semibold">{item.title}</h2>
          <span className={`shrink-0 rounded-full px-2 py-0.5 text-xs ${status.className}`} data-status={item.reviewStatus}>
            {status.label}
          </span>
        </div>
        <ProcessingStatus processing={item.processing} />
        {item.reviewStatus === "rejected" && item.rejectionReason
          ? <p className="text-xs text-red-300">Reason: {item.rejectionReason}</p>
          : null}
        <p className="text-xs text-neutral-400">
          {item.categoryName ?? "Uncategorised"} · {formatDate(item.createdAt, "short")}
        </p>
        {/* Not `description && ...`: an empty description would be an empty text node in the browser and none in the server's HTML. */}
        {item.description ? <p className="line-clamp-2 text-sm text-neutral-300">{item.description}</p> : null}
        <div className="mt-auto flex flex-wrap gap-2 pt-2">
          <a href={`/media/${item.id}`} className={action}>View details</a>
          <button type="button" className={action} onClick={onEdit}>Edit</button>
          <a href={`/media/${item.id}#comments-title`} className={action}>Comments</a>
          <button type="button" className={`${action} text-red-300`} onClick={onDelete}>Delete</button>
          <a href={item.openUrl} target="_blank" rel="noopener noreferrer" className={action}>Open</a>
        </div>
      </div>
    </li>
  );
}

/** The button row of a dialog: Cancel, then the dialog's own action. */
function DialogActions({ onCancel, children }: { onCancel: () => void; children: React.ReactNode }) {
  return (
    <div className="flex justify-end gap-2">
      <button type="button" className="btn-secondary" onClick={onCancel}>Cancel</button>
      {children}
    </div>
  );
}

/** The owner's edit (issue 36 point 5): the admin's fields and limits, and the upload's rules. */
function EditDialog({ item, categories, onClose, onSaved }: {
  item: MyItem;
  categories: Category[];
  onClose: () => void;
  onSaved: (i: MyItem) => void;
}) {
  async function save(payload: EditPayload) {
    try {
      const next = await api<ContentItem>(`/api/videos/${item.id}`, { method: "PUT", body: payload });
      toast({ title: "Video updated", description: "Video has been successfully updated" });
      onSaved({ ...toMyItem(next, item.hidden), openUrl: item.openUrl });
    } catch (err) {
      toast({ title: "Error", description: `Failed to update video: ${(err as Error).message}`, variant: "destructive" });
    }
  }
  return (
    <Modal width="w-[min(36rem,94vw)]" title="Edit video" close={onClose}>
      <EditItemForm initial={editValuesOf(item)} categories={categories} owner save={save} cancel={onClose} />
    </Modal>
  );
}

function DeleteDialog({ item, onClose, onDeleted }: { item: MyItem; onClose: () => void; onDeleted: () => void }) {
  const [busy, setBusy] = useState(false);
  async function remove() {
    setBusy(true);
    try {
      await api(`/api/videos/${item.id}`, { method: "DELETE" });
      toast({ title: "Deleted", description: `"${item.title}" was deleted.` });
      onDeleted();
    } catch (err) {
      toast({ title: "Error", description: `Failed to delete video: ${(err as Error).message}`, variant: "destructive" });
      setBusy(false);
    }
  }
  return (
    <Modal width="w-[min(32rem,92vw)]" title="Delete this item?" close={onClose}>
      <p className="mb-5 text-sm text-neutral-300">
        "{item.title}" and its files will be removed permanently. This cannot be undone.
      </p>
      <DialogActions onCancel={onClose}>
        <button type="button" className="btn-primary bg-red-500 hover:bg-red-400" disabled={busy} onClick={remove}>
          {busy ? "Deleting..." : "Delete"}
        </button>
      </DialogActions>
    </Modal>
  );
}
