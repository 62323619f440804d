import assert from "node:assert/strict";
import { renderToString } from "react-dom/server";
import { type CardItem } from "../components/ui/MediaCard.tsx";
import { PlayableCard, type PlayableCardProps } from "../components/ui/PlayableCard.tsx";
import { CardCell, CardHtml } from "../components/ui/CardCell.tsx";
import { cardHtml } from "../lib/render/card_html.tsx";

const item: CardItem = {
  id: 41,
  slug: "neon-koi-41",
  title: 'Neon koi <glow> & "friends"',
  contentType: "video",
  thumbnail: "/uploads/t/koi00001.jpg",
  videoUrl: "/uploads/v/koi00001.mp4",
  youtubeId: null,
  duration: 75,
  tags: "koi,neon,water,night",
  categoryName: "Nature",
  aiGenerator: "Kling",
  uploaderName: "mira",
  likes: 7,
};

/** What React renders for the card with no cache (eager images' hoisted preloads left out). */
const fresh = (props: PlayableCardProps) => renderToString(<PlayableCard {...props} />).replace(/^(?:<link rel="preload"[^>]*>)+/, "");

Deno.test("[render] a kept card is the HTML React renders, with the current like count", () => {
  for (
    const props of [
      { item, signedIn: false },
      { item, signedIn: true, eager: true },
      { item: { ...item, contentType: "image" as const, videoUrl: null }, signedIn: false, eager: true, variant: "card" as const },
      {
        item: { ...item, contentType: "embed" as const, videoUrl: null, youtubeId: "dQw4w9WgXcQ" },
        signedIn: true,
        headingLevel: "h2" as const,
      },
    ]
  ) {
    for (const likes of [7, 0, 12_345, 7]) {
      const p = { ...props, item: { ...props.item, likes } };
      assert.equal(cardHtml(p), fresh(p));
    }
  }
});

Deno.test("[render] any change of what a card shows renders it again", () => {
  const before = cardHtml({ item, signedIn: false });
  const renamed = cardHtml({ item: { ...item, title: "Renamed koi" }, signedIn: false });
  assert.notEqual(renamed, before);
  assert.ok(renamed.includes("Renamed koi"));
  assert.equal(cardHtml({ item: { ...item, tags: "koi" }, signedIn: false }), fresh({ item: { ...item, tags: "koi" }, signedIn: false }));
});

Deno.test("[render] a list item filled from the card cache hydrates to the same markup", () => {
  const cells = (cache: boolean) => {
    const list = (
      <ul>{[item, { ...item, id: 42, likes: 3 }].map((it, i) => <CardCell key={it.id} item={it} signedIn={false} eager={i < 1} />)}</ul>
    );
    return renderToString(cache ? <CardHtml.Provider value={cardHtml}>{list}</CardHtml.Provider> : list)
      .replace(/^(?:<link rel="preload"[^>]*>)+/, "");
  };
  assert.equal(cells(true), cells(false));
});

Deno.test("[render] a frozen item's cards are kept by the item and its other props, each the HTML React renders", () => {
  const frozen = Object.freeze({ ...item, id: 77, likes: 3 });
  const variants: PlayableCardProps[] = [
    { item: frozen, signedIn: false },
    { item: frozen, signedIn: true },
    { item: frozen, signedIn: false, eager: true },
    { item: frozen, signedIn: false, variant: "card", headingLevel: "h2" },
    { item: frozen, signedIn: false, opensViewer: true, errorText: "Failed to load featured video", className: "x" },
  ];
  for (let round = 0; round < 2; round++) {
    for (const p of variants) assert.equal(cardHtml(p), fresh(p));
  }
  const liked = Object.freeze({ ...frozen, likes: 4 });
  assert.equal(cardHtml({ item: liked, signedIn: false }), fresh({ item: liked, signedIn: false }));
});
