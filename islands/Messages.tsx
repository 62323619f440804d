import { useEffect, useRef, useState } from "react";
import { ApiError } from "../components/ui/api.ts";
import { dismissErrorToast, toast } from "../components/ui/toast.ts";
import * as calls from "../components/ui/messages/calls.ts";
import { errorText, refreshBadge, toAuthOn401 } from "../components/ui/messages/calls.ts";
import { useVisiblePolling } from "../components/ui/messages/useVisiblePolling.ts";
import { useThreadScroll } from "../components/ui/messages/useThreadScroll.ts";
import { Composer } from "../components/ui/messages/Composer.tsx";
import { ConfirmAction, type PendingAction } from "../components/ui/messages/ConfirmAction.tsx";
import { ConversationList } from "../components/ui/messages/ConversationList.tsx";
import { useHydrated } from "../components/ui/messages/format.ts";
import { Thread } from "../components/ui/messages/Thread.tsx";
import { MessagesLayout } from "../components/ui/messages/MessagesLayout.tsx";
import { MESSAGE_MSG, MESSAGES_POLL_MS, THREAD_PAGE_SIZE } from "../common/message_rules.ts";
import { type ConversationOut, type MessageOut, sendMessageSchema } from "../common/schemas/messages.ts";

type Partner = { id: number; username: string; blockedByMe: boolean };

type Props = {
  me: { id: number; username: string };
  conversations: ConversationOut[];
  /** The conversation named by `?with=` (its messages preloaded), if any. */
  open: Partner | null;
  messages: MessageOut[];
  /** A note for the reader from the server render ("User not found" for a bad `?with=`). */
  notice?: string | null;
  loadError?: boolean;
};

declare global {
  /** Tests shorten the poll interval through this hook; the product always polls every 10 s. */
  var __drMessagesPollMs: number | undefined;
}

/** /my-messages (spec part 2 §2, §4 "Messages"): conversation list, open thread, composer; polls while visible. */
export default function Messages(props: Props) {
  const [conversations, setConversations] = useState(props.conversations);
  const [open, setOpen] = useState<Partner | null>(props.open);
  const [messages, setMessages] = useState(props.messages);
  const [hasOlder, setHasOlder] = useState(props.messages.length >= THREAD_PAGE_SIZE);
  const [loading, setLoading] = useState(false);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [draft, setDraft] = useState("");
  const [sending, setSending] = useState(false);
  const [sendError, setSendError] = useState<string | null>(null);
  const [pending, setPending] = useState<PendingAction | null>(null);
  const localDates = useHydrated();
  const openRef = useRef(open);
  openRef.current = open;
  const scroll = useThreadScroll(messages, loading);
  const unreadTotal = useRef(props.conversations.reduce((n, c) => n + c.unreadCount, 0));
  /** The list failed last time: a run of failures (offline, server down) toasts once, not every poll. */
  const listFailing = useRef(!!props.loadError);

  async function loadConversations(): Promise<ConversationOut[] | null> {
    try {
      const list = await calls.getConversations();
      listFailing.current = false;
      setConversations(list);
      const unread = list.reduce((n, c) => n + c.unreadCount, 0);
      if (unread !== unreadTotal.current) refreshBadge();
      unreadTotal.current = unread;
      return list;
    } catch (e) {
      if (!toAuthOn401(e) && !listFailing.current) {
        toast({ title: MESSAGE_MSG.fetchConversations, description: errorText(e), variant: "destructive" });
      }
      listFailing.current = true;
      return null;
    }
  }

  async function markRead(userId: number) {
    try {
      await calls.markRead(userId);
      refreshBadge();
      await loadConversations();
    } catch (e) {
      toAuthOn401(e);
    }
  }

  /** A page of the thread, or null after a failure (a quiet one, from the poll, shows no toast). */
  async function fetchThread(userId: number, { before, quiet = false }: { before?: number; quiet?: boolean } = {}) {
    try {
      return await calls.getThread(userId, before);
    } catch (e) {
      if (!toAuthOn401(e) && !quiet) {
        const description = e instanceof ApiError ? `${e.status}: ${e.body?.error ?? e.message}` : errorText(e);
        toast({ title: MESSAGE_MSG.loadMessages, description, variant: "destructive" });
      }
      return null;
    }
  }

  async function openConversation(partner: Partner) {
    setOpen(partner);
    setMessages([]);
    setSendError(null);
    setDraft("");
    setLoading(true);
    history.replaceState(null, "", `/my-messages?with=${partner.id}`);
    const list = await fetchThread(partner.id);
    if (openRef.current?.id !== partner.id) return;
    setLoading(false);
    if (list) {
      scroll.toBottom();
      setMessages(list);
      setHasOlder(list.length >= THREAD_PAGE_SIZE);
    }
    await markRead(partner.id);
  }

  function close() {
    setOpen(null);
    setMessages([]);
    history.replaceState(null, "", "/my-messages");
  }

  async function loadOlder() {
    const partner = open;
    if (!partner || messages.length === 0) return;
    setLoadingOlder(true);
    const older = await fetchThread(partner.id, { before: messages[0].id });
    setLoadingOlder(false);
    if (!older || openRef.current?.id !== partner.id) return;
    scroll.keepPlace();
    setMessages((cur) => [...older, ...cur]);
    setHasOlder(older.length >= THREAD_PAGE_SIZE);
  }

  async function poll() {
    const list = await loadConversations();
    const partner = openRef.current;
    if (!partner) return;
    const fresh = await fetchThread(partner.id, { quiet: true });
    if (!fresh || openRef.current?.id !== partner.id) return;
    scroll.followIfAtEnd();
    // The latest page replaces what it overlaps; older pages already loaded stay.
    setMessages((cur) => (fresh.length === 0 ? [] : [...cur.filter((m) => m.id < fresh[0].id), ...fresh]));
    if (list?.some((c) => c.userId === partner.id && c.unreadCount > 0)) await markRead(partner.id);
  }

  async function send() {
    const partner = open;
    if (!partner || sending) return;
    const checked = sendMessageSchema.safeParse({ receiverId: partner.id, content: draft });
    if (!checked.success) return setSendError(checked.error.issues[0].message);
    setSending(true);
    try {
      const sent = await calls.sendMessage(checked.data);
      scroll.toBottom();
      setMessages((cur) => [...cur, sent]);
      setDraft("");
      setSendError(null);
      dismissErrorToast();
      loadConversations();
    } catch (e) {
      if (!toAuthOn401(e)) {
        setSendError(errorText(e));
        // A block (403) is no failure to try again: the toast says this member cannot be messaged (issue 36 point 15).
        const blocked = e instanceof ApiError && e.status === 403 && e.body?.error;
        toast(
          blocked
            ? { title: blocked, variant: "destructive" }
            : { title: MESSAGE_MSG.sendFailed, description: e instanceof ApiError ? e.body?.error : undefined, variant: "destructive" },
        );
      }
    } finally {
      setSending(false);
    }
  }

  async function confirmPending() {
    const action = pending;
    setPending(null);
    if (!action) return;
    const { user, kind } = action;
    try {
      await (kind === "delete" ? calls.deleteConversation(user.id) : calls.blockUser(user.id));
    } catch (e) {
      if (!toAuthOn401(e)) {
        toast({
          title: kind === "delete" ? MESSAGE_MSG.deleteFailed : MESSAGE_MSG.blockFailed,
          description: errorText(e),
          variant: "destructive",
        });
      }
      return;
    }
    setConversations((cur) => cur.filter((c) => c.userId !== user.id));
    if (openRef.current?.id === user.id) close();
    refreshBadge();
    toast(
      kind === "delete"
        ? { title: "Conversation deleted", description: `Your conversation with ${user.username} was deleted.` }
        : { title: "User blocked", description: `${user.username} can no longer send you messages.` },
    );
  }

  async function unblock(partner: Partner) {
    try {
      await calls.unblockUser(partner.id);
    } catch (e) {
      if (!toAuthOn401(e)) toast({ title: "Failed to unblock user", description: errorText(e), variant: "destructive" });
      return;
    }
    setOpen({ ...partner, blockedByMe: false });
    setSendError(null);
    toast({ title: "User unblocked", description: `${partner.username} can message you again.` });
    loadConversations();
  }

  // Initial state from the server: a bad `?with=` or a failed list load says so; a preloaded thread is marked read.
  useEffect(() => {
    if (props.notice) toast({ title: props.notice, variant: "destructive" });
    if (props.loadError) toast({ title: MESSAGE_MSG.fetchConversations, variant: "destructive" });
    if (props.open) markRead(props.open.id);
  }, []);

  // Every 10 s while the tab is visible (spec part 2 §2); tests shorten it through the window hook.
  useVisiblePolling(poll, globalThis.__drMessagesPollMs ?? MESSAGES_POLL_MS);

  const asUser = (c: ConversationOut) => ({ id: c.userId, username: c.username });
  const ask = (kind: PendingAction["kind"]) => (user: PendingAction["user"]) => setPending({ kind, user });
  const list = (
    <ConversationList
      conversations={conversations}
      openId={open?.id ?? null}
      localDates={localDates}
      onOpen={(c) => openConversation({ ...asUser(c), blockedByMe: false })}
      onDelete={(c) => ask("delete")(asUser(c))}
      onBlock={(c) => ask("block")(asUser(c))}
    />
  );
  const thread = open && (
    <Thread
      partner={open}
      meId={props.me.id}
      messages={messages}
      loading={loading}
      hasOlder={hasOlder}
      loadingOlder={loadingOlder}
      blockedByMe={open.blockedByMe}
      localDates={localDates}
      scrollRef={scroll.scrollRef}
      onBack={close}
      onLoadOlder={loadOlder}
      onDelete={() => ask("delete")(open)}
      onBlock={() => ask("block")(open)}
      onUnblock={() => unblock(open)}
    >
      <Composer
        value={draft}
        onChange={(v) => {
          setDraft(v);
          if (sendError) setSendError(null);
        }}
        onSend={send}
        sending={sending}
        error={sendError}
        username={open.username}
        disabled={open.blockedByMe}
      />
    </Thread>
  );
  return (
    <MessagesLayout list={list} thread={thread}>
      {pending && <ConfirmAction action={pending} onConfirm={confirmPending} onCancel={() => setPending(null)} />}
    </MessagesLayout>
  );
}
