import { useState } from "react";
import { api, ApiError } from "../components/ui/api.ts";
import { toast } from "../components/ui/toast.ts";

/**
 * A public profile whose owner the viewer muted (issue 25): says so instead of an empty grid and
 * offers Unmute, which reloads the page with the member's items.
 */
export default function MutedMemberNotice({ userId, username }: { userId: number; username: string }) {
  const [busy, setBusy] = useState(false);
  async function unmute() {
    setBusy(true);
    try {
      await api(`/api/user/mutes/user/${userId}`, { method: "DELETE" });
      location.reload();
    } catch (err) {
      setBusy(false);
      toast({ title: err instanceof ApiError ? err.message : "Something went wrong", variant: "destructive" });
    }
  }
  return (
    <div className="flex flex-col items-center gap-3 py-16 text-center" data-testid="muted-member">
      <p className="text-neutral-300">You muted this member</p>
      <p className="text-sm text-neutral-400">{`${username}'s items stay out of your feed, search and related lists.`}</p>
      <button type="button" className="btn-secondary" onClick={unmute} disabled={busy}>Unmute</button>
    </div>
  );
}
