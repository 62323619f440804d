import type { ReactNode } from "react";

/**
 * The two columns of /my-messages: the list on the left, the open thread (or a hint) on the
 * right. Below 768 px one shows at a time: the thread while one is open, else the list. It fills
 * the screen between header and footer (`fill-screen`, components/styles.css).
 */
export function MessagesLayout({ list, thread, children }: { list: ReactNode; thread: ReactNode | null; children?: ReactNode }) {
  return (
    <section className="fill-screen mx-auto flex min-h-0 w-full max-w-6xl flex-1 flex-col px-0 sm:px-4 sm:py-4">
      <div className="flex min-h-0 flex-1 overflow-hidden border-neutral-800 bg-neutral-950 sm:rounded-xl sm:border">
        <aside
          aria-label="Conversations"
          className={`min-h-0 w-full flex-col border-neutral-800 md:flex md:w-80 md:shrink-0 md:border-r ${thread ? "hidden" : "flex"}`}
        >
          <h1 className="border-b border-neutral-800 px-4 py-3 text-xl font-bold">Messages</h1>
          <div className="min-h-0 flex-1 overflow-y-auto">{list}</div>
        </aside>
        <div className={`min-h-0 min-w-0 flex-1 flex-col ${thread ? "flex" : "hidden md:flex"}`}>
          {thread ?? (
            <div className="flex flex-1 items-center justify-center p-8 text-center text-neutral-400">
              <p>Select a conversation to start messaging.</p>
            </div>
          )}
        </div>
      </div>
      {children}
    </section>
  );
}
