import { useState } from "react";
import { api, ApiError } from "../components/ui/api.ts";
import { toast } from "../components/ui/toast.ts";

export type MuteRow = { type: "tag" | "user" | "generator"; value: string; label: string };

const KIND: Record<MuteRow["type"], string> = { tag: "Tag", user: "User", generator: "AI generator" };

/**
 * /profile's "Muted" section (issue 25): what this member muted, each with Unmute, and a form to
 * mute a tag, a user or an AI generator by name. The server leaves muted items out of their lists.
 */
export default function MutedList({ initial }: { initial: MuteRow[] }) {
  const [rows, setRows] = useState(initial);
  const [type, setType] = useState<MuteRow["type"]>("tag");
  const [value, setValue] = useState("");
  const [busy, setBusy] = useState(false);
  const reload = async () => setRows(await api<MuteRow[]>("/api/user/mutes"));
  async function run(call: () => Promise<unknown>, done: string) {
    setBusy(true);
    try {
      await call();
      await reload();
      toast({ title: done });
    } catch (err) {
      toast({ title: err instanceof ApiError ? err.message : "Something went wrong", variant: "destructive" });
    } finally {
      setBusy(false);
    }
  }
  return (
    <section aria-labelledby="muted-title" className="mt-8 rounded-xl bg-neutral-900 p-4" data-testid="muted-section">
      <h2 id="muted-title" className="text-lg font-semibold">Muted</h2>
      <p className="mb-3 text-sm text-neutral-400">
        Items with these tags, from these users or made with these AI generators are left out of your feed, search and related lists.
      </p>
      {rows.length === 0 ? <p className="text-sm text-neutral-400">Nothing muted.</p> : (
        <ul className="mb-4 flex flex-col gap-2">
          {rows.map((m) => (
            <li key={`${m.type}:${m.value}`} className="flex items-center justify-between gap-2 text-sm">
              <span>
                <span className="text-neutral-400">{KIND[m.type]}:</span> {m.label}
              </span>
              <button
                type="button"
                disabled={busy}
                className="rounded border border-neutral-700 px-2 py-0.5 text-xs hover:bg-neutral-800"
                onClick={() =>
                  run(() => api(`/api/user/mutes/${m.type}/${encodeURIComponent(m.value)}`, { method: "DELETE" }), `Unmuted ${m.label}`)}
              >
                Unmute
              </button>
            </li>
          ))}
        </ul>
      )}
      <form
        className="flex flex-wrap items-center gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          if (value.trim()) {
            run(() => api("/api/user/mutes", { method: "POST", body: { type, value } }), `Muted ${value.trim()}`).then(
              () => setValue(""),
            );
          }
        }}
      >
        <label className="sr-only" htmlFor="mute-type">What to mute</label>
        <select
          id="mute-type"
          value={type}
          onChange={(e) => setType(e.currentTarget.value as MuteRow["type"])}
          className="rounded bg-neutral-800 px-2 py-1.5 text-sm"
        >
          <option value="tag">Tag</option>
          <option value="user">User</option>
          <option value="generator">AI generator</option>
        </select>
        <label className="sr-only" htmlFor="mute-value">Name</label>
        <input
          id="mute-value"
          value={value}
          maxLength={100}
          onInput={(e) => setValue(e.currentTarget.value)}
          placeholder="e.g. gore, a username, Sora"
          className="min-w-0 flex-1 rounded bg-neutral-800 px-2 py-1.5 text-sm"
        />
        <button
          type="submit"
          disabled={busy}
          className="rounded bg-orange-500 px-3 py-1.5 text-sm font-medium text-black hover:bg-orange-400"
        >
          Mute
        </button>
      </form>
    </section>
  );
}
