import { editValuesOf } from "../../../common/edit_rules.ts";
import { api } from "../api.ts";
import { toast } from "../toast.ts";
import { EditItemForm } from "../EditItemForm.tsx";
import type { AdminItem, Category } from "./data.ts";
import { Modal } from "./parts.tsx";

/** The Edit Video dialog: the spec's fields and limits (components/ui/EditItemForm.tsx); saves through `PUT /api/videos/{id}`. */
export default function EditVideoDialog({ item, categories, close, saved }: {
  item: AdminItem;
  categories: Category[];
  close: () => void;
  saved: () => void;
}) {
  return (
    <Modal title="Edit Video" close={close}>
      <EditItemForm
        initial={editValuesOf(item)}
        categories={categories}
        cancel={close}
        save={async (payload) => {
          try {
            await api(`/api/videos/${item.id}`, { method: "PUT", body: payload });
            toast({ title: "Video updated", description: "Video has been successfully updated" });
            saved();
            close();
          } catch (err) {
            toast({ title: "Error", description: `Failed to update video: ${(err as Error).message}`, variant: "destructive" });
          }
        }}
      />
    </Modal>
  );
}
