import { useState } from "react";
import { type CardItem, MediaCard } from "../components/MediaCard.tsx";
import { api, ApiError } from "./api.ts";
import { toast } from "./toast.ts";

type Props = { items: CardItem[]; signedIn: boolean };

/** Up to 6 related items as media cards (feed issue's MediaCard) with the card's Like wired up. */
export default function RelatedList({ items, signedIn }: Props) {
  const [likes, setLikes] = useState<Record<number, number>>({});
  const [liking, setLiking] = useState<number | null>(null);

  async function like(id: number) {
    setLiking(id);
    try {
      const res = await api<{ count: number }>("/api/like", { method: "POST", body: { videoId: id } });
      setLikes((l) => ({ ...l, [id]: res.count }));
      toast({ title: "You liked this content" });
    } catch (e) {
      const msg = e instanceof ApiError && e.body?.error ? e.body.error : "Please try again later.";
      toast({ title: "Error adding like", description: msg, variant: "destructive" });
    } finally {
      setLiking(null);
    }
  }

  return (
    <ul className="flex flex-col gap-4" data-testid="related-list">
      {items.map((item) => (
        <li key={item.id}>
          <MediaCard
            item={item}
            variant="card"
            signedIn={signedIn}
            likes={likes[item.id]}
            liking={liking === item.id}
            onLike={() => like(item.id)}
            headingLevel="h3"
          />
        </li>
      ))}
    </ul>
  );
}
