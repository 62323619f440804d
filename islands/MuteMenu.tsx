import { api, ApiError } from "../components/ui/api.ts";
import { toast } from "../components/ui/toast.ts";

type Target = { type: "tag" | "user" | "generator"; value: string; label: string };

/**
 * "Mute..." on the media page and a public profile (issue 25): the uploader, the AI generator or a
 * tag. The item stays on this page; it leaves the member's feed, search and related lists.
 */
export default function MuteMenu({ targets }: { targets: Target[] }) {
  async function mute(t: Target) {
    try {
      await api("/api/user/mutes", { method: "POST", body: { type: t.type, value: t.value } });
      toast({ title: `Muted ${t.label}`, description: "Undo it in your profile's Muted section." });
    } catch (err) {
      toast({ title: err instanceof ApiError ? err.message : "Something went wrong", variant: "destructive" });
    }
  }
  if (!targets.length) return null;
  return (
    <details className="relative" data-testid="mute-menu">
      <summary className="flex h-10 cursor-pointer list-none items-center rounded-lg border border-neutral-700 px-3 text-sm hover:bg-neutral-800">
        Mute…
      </summary>
      <ul className="absolute z-10 mt-1 flex min-w-48 flex-col rounded-lg border border-neutral-700 bg-neutral-900 p-1 text-sm shadow-lg">
        {targets.map((t) => (
          <li key={`${t.type}:${t.value}`}>
            <button type="button" onClick={() => mute(t)} className="w-full rounded px-3 py-2 text-left hover:bg-neutral-800">
              Mute {t.label}
            </button>
          </li>
        ))}
      </ul>
    </details>
  );
}
