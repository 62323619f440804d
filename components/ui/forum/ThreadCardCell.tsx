import { createContext, useContext } from "react";
import { ThreadCard, type ThreadCardProps } from "./ThreadCard.tsx";

/**
 * Server rendering only (lib/render/thread_card_html.tsx provides it): a thread card's HTML for
 * its props, rendered once and kept, or null when it is not kept (an opened thread). In the
 * browser there is no provider and cards render as usual.
 */
export const ThreadCardHtml = createContext<((props: ThreadCardProps) => string | null) | null>(null);

/**
 * A thread card in its own `div`, which the server may fill with the card's kept HTML: the markup
 * is the string React would render, so the island hydrates it like any other (as CardCell does
 * for media cards). Rendering the forum's 30 cards was most of the page's React work.
 */
export function ThreadCardCell(props: ThreadCardProps) {
  const html = useContext(ThreadCardHtml)?.(props) ?? null;
  if (html !== null) return <div dangerouslySetInnerHTML={{ __html: html }} />;
  return (
    <div>
      <ThreadCard {...props} />
    </div>
  );
}
