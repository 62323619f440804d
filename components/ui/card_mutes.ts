/**
 * Muting from a card's "⋯" menu (issue 25): the card's targets, the call, the toast with Undo and
 * the grids' filter. A mute is a window event, so every grid island on the page (feed, search,
 * related, profile) drops the cards it hides without a reload; the server already leaves them out
 * of the next pages.
 */
import { useEffect, useState } from "react";
import { foldTag, splitTags } from "../../common/format.ts";
import { api, ApiError } from "./api.ts";
import { toast } from "./toast.ts";
import type { CardItem } from "./MediaCard.tsx";
import { muteLabel, type MuteType } from "../../common/mute_labels.ts";

export type MuteTarget = { type: MuteType; value: string; label: string };

export const MUTE_EVENT = "dr:mute";
export type MuteEvent = { target: MuteTarget; on: boolean };

/** The server's folding (lib/feed/mutes.ts muteValue), so a card hidden here is one the server hides. */
const norm = foldTag;

/** What a card offers: its uploader, its AI generator (when named) and each of its tags. */
export function muteTargetsOf(item: Pick<CardItem, "uploaderName" | "aiGenerator" | "tags">): MuteTarget[] {
  const out: MuteTarget[] = [];
  if (item.uploaderName) out.push({ type: "user", value: item.uploaderName, label: muteLabel("user", item.uploaderName) });
  const generator = item.aiGenerator?.trim();
  if (generator) out.push({ type: "generator", value: generator, label: muteLabel("generator", generator) });
  for (const t of splitTags(item.tags)) out.push({ type: "tag", value: t, label: muteLabel("tag", t) });
  return out;
}

/**
 * Whether the viewer uploaded the item: its menu leaves out "Mute @themselves" (the API answers
 * 400). Usernames are unique without regard to case (db/queries/mutes.ts findUserRef).
 */
export const ownItem = (item: Pick<CardItem, "uploaderName">, viewerName: string | null | undefined): boolean =>
  !!viewerName && !!item.uploaderName && item.uploaderName.toLowerCase() === viewerName.toLowerCase();

/** Whether a mute hides an item (the server's rule, lib/feed/mutes.ts, on the card's fields). */
export function hides(t: MuteTarget, item: Pick<CardItem, "uploaderName" | "aiGenerator" | "tags">): boolean {
  if (t.type === "user") return norm(item.uploaderName) === norm(t.value);
  if (t.type === "generator") return norm(item.aiGenerator) === norm(t.value);
  return splitTags(item.tags).some((tag) => norm(tag) === norm(t.value));
}

const announce = (target: MuteTarget, on: boolean) => dispatchEvent(new CustomEvent<MuteEvent>(MUTE_EVENT, { detail: { target, on } }));

/** Mutes a target, hides its cards and offers Undo in the toast. */
export async function muteFromCard(target: MuteTarget) {
  let stored: string;
  try {
    stored = (await api<{ value: string }>("/api/user/mutes", { method: "POST", body: { type: target.type, value: target.value } })).value;
  } catch (err) {
    toast({ title: err instanceof ApiError ? err.message : "Something went wrong", variant: "destructive" });
    return;
  }
  announce(target, true);
  toast({
    title: `Muted ${target.label}`,
    description: "Its items leave your feed, search and related lists.",
    action: {
      label: "Undo",
      onClick: async () => {
        try {
          await api(`/api/user/mutes/${target.type}/${encodeURIComponent(stored)}`, { method: "DELETE" });
          announce(target, false);
          toast({ title: `Unmuted ${target.label}` });
        } catch (err) {
          toast({ title: err instanceof ApiError ? err.message : "Something went wrong", variant: "destructive" });
        }
      },
    },
  });
}

/** Whether a grid's item is hidden by a mute made on this page (Undo brings it back). */
export function useMuted(): (item: Pick<CardItem, "uploaderName" | "aiGenerator" | "tags">) => boolean {
  const [mutes, setMutes] = useState<MuteTarget[]>([]);
  useEffect(() => {
    const on = (e: Event) => {
      const { target, on } = (e as CustomEvent<MuteEvent>).detail;
      const same = (m: MuteTarget) => m.type === target.type && norm(m.value) === norm(target.value);
      setMutes((prev) => (on ? [...prev.filter((m) => !same(m)), target] : prev.filter((m) => !same(m))));
    };
    addEventListener(MUTE_EVENT, on);
    return () => removeEventListener(MUTE_EVENT, on);
  }, []);
  return (item) => mutes.some((m) => hides(m, item));
}
