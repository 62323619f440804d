import { useEffect, useRef, useState } from "react";
import { Dialog, OpenDialogButton } from "../components/ui/Dialog.tsx";
import { COPY_CONFIRM_MS, embedSnippet, SHARE_POPUP, shareLinks } from "../common/media_rules.ts";
import { toast } from "../components/ui/toast.ts";

type Props = { url: string; embedUrl: string; title: string };

type Copied = "link" | "embed" | null;

export default function ShareButton({ url, embedUrl, title }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [copied, setCopied] = useState<Copied>(null);
  const code = embedSnippet(embedUrl, title);

  useEffect(() => {
    if (!copied) return;
    const t = setTimeout(() => setCopied(null), COPY_CONFIRM_MS);
    return () => clearTimeout(t);
  }, [copied]);

  async function copy(what: "link" | "embed") {
    try {
      await navigator.clipboard.writeText(what === "link" ? url : code);
      setCopied(what);
      toast({ title: what === "link" ? "Link copied" : "Embed code copied" });
    } catch {
      toast({
        title: "Copy failed",
        description: `Please try manually selecting and copying the ${what === "link" ? "URL" : "embed code"}`,
        variant: "destructive",
      });
    }
  }

  return (
    <>
      <OpenDialogButton dialogRef={dialog} testId="share-button">
        <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
          <circle cx="18" cy="5" r="3" />
          <circle cx="6" cy="12" r="3" />
          <circle cx="18" cy="19" r="3" />
          <path d="m8.6 13.5 6.8 4M15.4 6.5l-6.8 4" />
        </svg>
        <span>Share</span>
      </OpenDialogButton>
      <Dialog dialogRef={dialog} title="Share" className="w-[min(32rem,92vw)]">
        <div className="mb-5 grid grid-cols-2 gap-2 sm:grid-cols-4">
          {shareLinks(url, title).map((s) => (
            <a
              key={s.name}
              href={s.href}
              target="_blank"
              rel="noopener noreferrer"
              onClick={(e) => {
                e.preventDefault();
                const popup = globalThis.open(s.href, "share", SHARE_POPUP);
                // The share site gets no handle back on this tab (a "noopener" feature would lose the popup size).
                if (popup) popup.opener = null;
              }}
              className="btn-secondary"
            >
              {s.name}
            </a>
          ))}
        </div>
        <label className="mb-1 block text-sm font-medium" htmlFor="share-link">Direct link</label>
        <div className="mb-4 flex gap-2">
          <input id="share-link" readOnly defaultValue={url} className="field" onFocus={(e) => e.currentTarget.select()} />
          <button type="button" className="btn-primary shrink-0" onClick={() => copy("link")}>
            {copied === "link" ? "Copied!" : "Copy"}
          </button>
        </div>
        <label className="mb-1 block text-sm font-medium" htmlFor="share-embed">Embed code</label>
        {/* Read-only and fixed, so uncontrolled: a controlled textarea's server text is dropped and set again when it hydrates. */}
        <textarea
          id="share-embed"
          readOnly
          defaultValue={code}
          className="field min-h-[100px] font-mono text-xs"
          onFocus={(e) => e.currentTarget.select()}
        />
        <div className="mt-2 flex justify-end">
          <button type="button" className="btn-primary" onClick={() => copy("embed")}>
            {copied === "embed" ? "Copied!" : "Copy embed code"}
          </button>
        </div>
      </Dialog>
    </>
  );
}
