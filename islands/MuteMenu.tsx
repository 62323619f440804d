import { api, ApiError } from "../components/ui/api.ts";
import { toast } from "../components/ui/toast.ts";
import { PopoverMenu } from "../components/ui/PopoverMenu.tsx";

type Target = { type: "tag" | "user" | "generator"; value: string; label: string };

/**
 * "Mute..." on the media page and a public profile (issue 25): the uploader, the AI generator or a
 * tag. The item stays on this page; it leaves the member's feed, search and related lists. The
 * menu is the cards' popover menu, so it stays on the screen wherever its button sits (issue 36).
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
    <div data-testid="mute-menu">
      <PopoverMenu
        id="mute-menu"
        testId="mute-menu-popover"
        buttonClass="flex h-10 items-center rounded-lg border border-neutral-700 px-3 text-sm hover:bg-neutral-800"
        entries={targets.map((t) => ({ key: `${t.type}:${t.value}`, label: `Mute ${t.label}`, onSelect: () => mute(t) }))}
      >
        Mute…
      </PopoverMenu>
    </div>
  );
}
