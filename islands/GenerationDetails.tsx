import { useState } from "react";
import type { GenerationSettings } from "../common/api_types.ts";
import { COPY_CONFIRM_MS } from "../common/media_rules.ts";
import { toast } from "../components/ui/toast.ts";

type Props = { prompt: string; negativePrompt: string | null; settings: GenerationSettings | null };

const LABELS: [keyof GenerationSettings, string][] = [
  ["model", "Model"],
  ["sampler", "Sampler"],
  ["steps", "Steps"],
  ["cfg", "CFG scale"],
  ["seed", "Seed"],
  ["size", "Size"],
];

function CopyButton({ value, label }: { value: string; label: string }) {
  const [copied, setCopied] = useState(false);
  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
      setTimeout(() => setCopied(false), COPY_CONFIRM_MS);
    } catch {
      toast({ title: "Copy failed", description: "Please try manually selecting and copying the text", variant: "destructive" });
    }
  }
  return (
    <button
      type="button"
      onClick={copy}
      aria-label={`Copy ${label}`}
      className="ml-2 shrink-0 rounded border border-neutral-700 px-2 py-0.5 text-xs text-neutral-300 hover:bg-neutral-800"
    >
      {copied ? "Copied" : "Copy"}
    </button>
  );
}

/**
 * The media page's prompt, negative prompt and generation settings (issue 25), each with a copy
 * button; rows of the page's definition list (the island's wrapper is `display: contents`).
 */
export default function GenerationDetails({ prompt, negativePrompt, settings }: Props) {
  const rows = LABELS.filter(([k]) => settings?.[k] !== undefined).map(([k, label]) => [label, String(settings![k])] as const);
  return (
    <>
      <dt className="text-neutral-400">Prompt</dt>
      <dd className="flex min-w-0 items-start justify-between whitespace-pre-wrap">
        <span className="min-w-0 wrap-anywhere">{prompt.trim() || "No prompt provided"}</span>
        {prompt.trim() ? <CopyButton value={prompt} label="prompt" /> : null}
      </dd>
      {negativePrompt
        ? (
          <>
            <dt className="text-neutral-400">Negative prompt</dt>
            <dd className="flex min-w-0 items-start justify-between whitespace-pre-wrap">
              <span className="min-w-0 wrap-anywhere">{negativePrompt}</span>
              <CopyButton value={negativePrompt} label="negative prompt" />
            </dd>
          </>
        )
        : null}
      {rows.length > 0 && (
        <>
          <dt className="text-neutral-400">Settings</dt>
          <dd>
            <ul className="flex flex-col gap-1" data-testid="generation-settings">
              {rows.map(([label, value]) => (
                <li key={label} className="flex items-start justify-between gap-2">
                  <span className="min-w-0 wrap-anywhere">
                    <span className="text-neutral-400">{label}:</span> {value}
                  </span>
                  <CopyButton value={value} label={label} />
                </li>
              ))}
            </ul>
          </dd>
        </>
      )}
    </>
  );
}
