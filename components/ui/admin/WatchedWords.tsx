import { useState } from "react";
import { WATCHED_LIMITS, type WatchedWord } from "../../../common/moderation.ts";
import { parseWatchedEntry } from "../../../common/watched_words.ts";
import { api } from "../api.ts";
import { act, post, useLoad } from "./data.ts";
import { LoadingBlock } from "../Spinner.tsx";

/**
 * The watched words and phrases (issue 34 point 3): a new comment or forum post holding one waits
 * in Held, and pending items holding one are flagged. The entry is checked here as the server
 * checks it (common/watched_words.ts), and shown as stored: lower case, without accents.
 */
export default function WatchedWords() {
  const [state, reload] = useLoad<WatchedWord[]>("/api/admin/watched-words");
  const [word, setWord] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function add(e: React.FormEvent) {
    e.preventDefault();
    const parsed = parseWatchedEntry(word);
    setError("error" in parsed ? parsed.error : null);
    if ("error" in parsed || busy) return;
    setBusy(true);
    if (await act(() => post("/api/admin/watched-words", { word }), `Watching “${parsed.pattern}”`, reload)) setWord("");
    setBusy(false);
  }

  const list = state.status === "ready" ? state.data : [];
  return (
    <section aria-labelledby="watched-words" className="rounded-lg border border-neutral-800 p-4">
      <h2 id="watched-words" className="text-lg font-semibold">Watched words</h2>
      <p className="mt-1 mb-3 max-w-2xl text-sm text-neutral-300">
        A new comment or forum post holding one of these waits here for review; pending uploads holding one are flagged. Whole words, any
        case or accents; <code className="text-orange-200">*</code> stands for any letters within a word (
        <code className="text-orange-200">spam*</code> finds “spammer”). At most {WATCHED_LIMITS.entries} entries.
      </p>
      <form onSubmit={add} className="mb-3 flex max-w-md flex-wrap gap-2">
        <label htmlFor="watched-word" className="sr-only">Word or phrase to watch</label>
        <input
          id="watched-word"
          className="field min-w-0 flex-1"
          placeholder="Word or phrase, e.g. cheap followers"
          maxLength={200}
          value={word}
          onChange={(e) => setWord(e.target.value)}
          aria-invalid={!!error}
          aria-describedby={error ? "watched-word-error" : undefined}
        />
        <button type="submit" className="btn-secondary" disabled={busy || !word.trim()}>Add</button>
        {error && <p id="watched-word-error" role="alert" className="field-error w-full">{error}</p>}
      </form>
      {state.status === "loading" && <LoadingBlock />}
      {state.status === "error" && <p className="text-sm text-red-400">{state.message}</p>}
      {state.status === "ready" && list.length === 0 && <p className="text-sm text-neutral-300">No watched words yet.</p>}
      {list.length > 0 && (
        <ul className="flex flex-wrap gap-2" aria-label="Watched words" data-testid="watched-list">
          {list.map((w) => (
            <li
              key={w.id}
              className="flex items-center gap-1 rounded-full border border-neutral-700 bg-neutral-900 py-0.5 pr-1 pl-3 text-sm"
            >
              <span className="wrap-anywhere">{w.pattern}</span>
              <button
                type="button"
                className="rounded-full px-2 text-neutral-300 hover:bg-neutral-800 hover:text-white"
                aria-label={`Stop watching “${w.pattern}”`}
                onClick={() => act(() => api(`/api/admin/watched-words/${w.id}`, { method: "DELETE" }), "Removed", reload)}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
