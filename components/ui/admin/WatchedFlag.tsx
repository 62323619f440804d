/** Under a pending item's title (issue 34 point 3): the watched words its title, description, tags or prompt hold. */
export function WatchedFlag({ words }: { words?: string[] }) {
  if (!words?.length) return null;
  return (
    <span className="mt-1 w-fit rounded bg-amber-900/70 px-1.5 py-0.5 text-xs font-medium text-amber-100" data-testid="watched-flag">
      {`Watched ${words.length === 1 ? "word" : "words"}: ${words.map((w) => `“${w}”`).join(", ")}`}
    </span>
  );
}
