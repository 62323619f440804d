/**
 * The inbound half of issue 40 (decision 042), added to the inbox listeners inbox.ts sets up: replies (Create, Update,
 * Delete of a Note), the Delete of a remote actor, Like and Flag. Undo of a Like comes through inbox.ts's Undo listener
 * (one listener per type), which hands it to onUndoLike. Every listener first asks senderOf (inbound_guard.ts): a
 * blocked server's or a banned account's activity changes nothing.
 */
import { Create, Delete, Flag, Like, Update } from "@fedify/vocab";
import type { InboxListenerSetters } from "@fedify/fedify";
import type { FedContext } from "./federation.ts";
import { onCreateNote, onDelete, onUpdateNote } from "./inbound_notes.ts";
import { onFlag, onLike } from "./inbound_acts.ts";

export { onUndoLike } from "./inbound_acts.ts";

export function addInboundListeners(setters: InboxListenerSetters<FedContext>): InboxListenerSetters<FedContext> {
  return setters
    .on(Create, onCreateNote)
    .on(Update, onUpdateNote)
    .on(Delete, onDelete)
    .on(Like, onLike)
    .on(Flag, onFlag);
}
