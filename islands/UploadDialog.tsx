import { useState } from "react";
import type { UploadForm, UploadLimits } from "../components/ui/upload/UploadForm.tsx";
import { toast } from "../components/ui/toast.ts";
import { UPLOAD_TOAST } from "../common/upload_rules.ts";

const headerButton = "inline-flex items-center gap-1.5 rounded-lg px-3 py-2 text-sm font-medium transition-colors";

/**
 * The form is fetched when the pointer reaches the button (or it gets focus), and at the latest on
 * the click, while the dialog asks for the categories anyway: a member's pages do not carry the
 * dialog's code (~4 KB brotli) until it is wanted.
 */
let form: Promise<typeof UploadForm> | null = null;
function loadForm(): Promise<typeof UploadForm> {
  form ??= import("../components/ui/upload/UploadForm.tsx").then((m) => m.UploadForm);
  form.catch(() => (form = null)); // tried again on the next click
  return form;
}
const prefetch = () => void loadForm().catch(() => {});

/** The header's Upload button (members only) and, once clicked, the upload dialog (spec part 1 §4). */
export default function UploadDialog(limits: UploadLimits) {
  const [Form, setForm] = useState<typeof UploadForm | null>(null);
  const [opens, setOpens] = useState(0);

  async function open() {
    try {
      const loaded = await loadForm();
      setForm(() => loaded);
      setOpens((n) => n + 1);
    } catch {
      toast({ title: UPLOAD_TOAST.errorTitle, description: UPLOAD_TOAST.errorText, variant: "destructive" });
    }
  }

  return (
    <>
      <button
        type="button"
        onClick={open}
        onPointerEnter={prefetch}
        onFocus={prefetch}
        className={`${headerButton} bg-orange-500 text-black hover:bg-orange-400`}
      >
        Upload
      </button>
      {Form && <Form {...limits} opens={opens} />}
    </>
  );
}
