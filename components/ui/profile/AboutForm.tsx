import { type FormEvent, useState } from "react";
import { api } from "../api.ts";
import { TextField } from "../TextField.tsx";
import { toast } from "../toast.ts";
import { failureText } from "../failure.ts";
import { ABOUT_MAX, PROFILE_MSG } from "../../../common/profile_rules.ts";

/**
 * The member's About text on /profile, shown on their public profile (issue 27 point 14): plain
 * text up to ABOUT_MAX characters; an empty one shows the site's fixed line there. Saved on its
 * own (PUT /api/user/about), so it needs neither the password nor a page reload.
 */
export function AboutForm({ initial }: { initial: string }) {
  const [about, setAbout] = useState(initial);
  const [saved, setSaved] = useState(initial);
  const [busy, setBusy] = useState(false);
  const error = about.length > ABOUT_MAX ? PROFILE_MSG.aboutLong : undefined;

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (error) return;
    setBusy(true);
    try {
      const answer = await api<{ about: string }>("/api/user/about", { method: "PUT", body: { about } });
      setAbout(answer.about);
      setSaved(answer.about);
      toast({ title: "About saved", description: PROFILE_MSG.aboutSaved });
    } catch (err) {
      toast({ title: "Could not save", description: failureText(err, "Please try again."), variant: "destructive" });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} className="mt-8 space-y-3" aria-labelledby="about-heading" data-testid="about-form">
      <h2 id="about-heading" className="text-lg font-semibold">About you</h2>
      <p id="about-hint" className="text-sm text-neutral-400">Shown on your public profile. Plain text; links show as text.</p>
      <TextField
        label={<span className="font-medium">About</span>}
        describedBy="about-hint"
        name="about"
        value={about}
        maxLength={ABOUT_MAX}
        multiline
        rows={4}
        onChange={(e) => setAbout(e.target.value)}
        error={error}
        className="block text-sm"
      />
      <div className="flex items-center justify-between gap-3">
        <span className="text-xs tabular-nums text-neutral-400">{`${about.length}/${ABOUT_MAX}`}</span>
        <button type="submit" className="btn-primary" disabled={busy || about === saved || !!error}>
          {busy ? "Saving..." : "Save About"}
        </button>
      </div>
    </form>
  );
}
