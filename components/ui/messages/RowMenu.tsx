import { useEffect, useRef, useState } from "react";

type Props = {
  /** Who the actions are about (the button's accessible name says so). */
  username: string;
  blocked?: boolean;
  onDelete: () => void;
  onBlock: () => void;
  onUnblock?: () => void;
};

/** The "⋮" menu of a conversation: delete it, block (or unblock) the member. Escape or a click outside closes it. */
export function RowMenu({ username, blocked, onDelete, onBlock, onUnblock }: Props) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const outside = (e: PointerEvent) => !root.current?.contains(e.target as Node) && setOpen(false);
    const escape = (e: KeyboardEvent) => e.key === "Escape" && setOpen(false);
    document.addEventListener("pointerdown", outside);
    document.addEventListener("keydown", escape);
    return () => {
      document.removeEventListener("pointerdown", outside);
      document.removeEventListener("keydown", escape);
    };
  }, [open]);

  const pick = (action: () => void) => () => {
    setOpen(false);
    action();
  };
  const item = "block w-full px-3 py-2 text-left text-sm hover:bg-neutral-800";
  return (
    <div ref={root} className="relative shrink-0">
      <button
        type="button"
        aria-label={`Conversation options for ${username}`}
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
        className="flex h-8 w-8 items-center justify-center rounded-full text-neutral-400 hover:bg-neutral-800 hover:text-white"
      >
        <svg viewBox="0 0 24 24" width="18" height="18" fill="currentColor" aria-hidden="true">
          <circle cx="12" cy="5" r="2" />
          <circle cx="12" cy="12" r="2" />
          <circle cx="12" cy="19" r="2" />
        </svg>
      </button>
      {open && (
        <div role="menu" className="absolute right-0 top-9 z-20 w-48 rounded-lg border border-neutral-800 bg-neutral-900 py-1 shadow-xl">
          <button type="button" role="menuitem" className={item} onClick={pick(onDelete)}>Delete conversation</button>
          {blocked && onUnblock
            ? <button type="button" role="menuitem" className={item} onClick={pick(onUnblock)}>Unblock user</button>
            : <button type="button" role="menuitem" className={`${item} text-red-300`} onClick={pick(onBlock)}>Block user</button>}
        </div>
      )}
    </div>
  );
}
