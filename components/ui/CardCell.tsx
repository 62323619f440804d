import { createContext, useContext } from "react";
import { PlayableCard, type PlayableCardProps } from "./PlayableCard.tsx";

/**
 * Server rendering only (lib/card_html.ts provides it): the HTML of a card for its props,
 * rendered once and kept. In the browser there is no provider and cards render as usual.
 */
export const CardHtml = createContext<((props: PlayableCardProps) => string) | null>(null);

/**
 * A card in a list item (or a `div`). The server may fill it with the card's kept HTML: the
 * markup is the same string React would render, so the island hydrates it like any other.
 */
export function CardCell({ as: Tag = "li", ...props }: PlayableCardProps & { as?: "li" | "div" }) {
  const html = useContext(CardHtml);
  if (html) return <Tag dangerouslySetInnerHTML={{ __html: html(props) }} />;
  return (
    <Tag>
      <PlayableCard {...props} />
    </Tag>
  );
}
