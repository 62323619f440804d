import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { api, ApiError } from "../components/ui/api.ts";
import { toast } from "../components/ui/toast.ts";
import { Composer } from "../components/ui/messages/Composer.tsx";
import { ConfirmAction, type PendingAction } from "../components/ui/messages/ConfirmAction.tsx";
import { ConversationList } from "../components/ui/messages/ConversationList.tsx";
import { useHydrated } from "../components/ui/messages/format.ts";
import { Thread } from "../components/ui/messages/Thread.tsx";
import { MESSAGE_MSG, MESSAGES_POLL_MS, THREAD_PAGE_SIZE, UNREAD_CHANGED_EVENT } from "../common/message_rules.ts";
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

/** A 401 anywhere sends the member to sign in again (spec part 2 §6). True when it did. */
function toAuthOn401(e: unknown): boolean {
  if (e instanceof ApiError && e.status === 401) {
    location.href = "/auth";
    return true;
  }
  return false;
}

const errorText = (e: unknown) => (e instanceof ApiError ? e.body?.error ?? e.message : "Could not reach the server.");
const refreshBadge = () => dispatchEvent(new Event(UNREAD_CHANGED_EVENT));
const NEAR_BOTTOM_PX = 80;

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
  const scrollRef = useRef<HTMLDivElement>(null);
  const unreadTotal = useRef(props.conversations.reduce((n, c) => n + c.unreadCount, 0));
  /** How the next render of the thread should scroll: to the end, or keep the reader's place above older messages. */
  const scrollPlan = useRef<{ kind: "bottom" } | { kind: "keep"; fromBottom: number } | null>({ kind: "bottom" });

  async function loadConversations(quiet: boolean): Promise<ConversationOut[] | null> {
    try {
      const list = await api<ConversationOut[]>("/api/messages/conversations");
      setConversations(list);
      const unread = list.reduce((n, c) => n + c.unreadCount, 0);
      if (unread !== unreadTotal.current) refreshBadge();
      unreadTotal.current = unread;
      return list;
    } catch (e) {
      if (!toAuthOn401(e) && !quiet) toast({ title: MESSAGE_MSG.fetchConversations, description: errorText(e), variant: "destructive" });
      return null;
    }
  }

  async function markRead(userId: number) {
    try {
      await api(`/api/messages/mark-read/${userId}`, { method: "POST" });
      refreshBadge();
      await loadConversations(true);
    } catch (e) {
      toAuthOn401(e);
    }
  }

  async function fetchThread(userId: number, before?: number): Promise<MessageOut[] | null> {
    try {
      return await api<MessageOut[]>(`/api/messages/conversation/${userId}${before ? `?before=${before}` : ""}`);
    } catch (e) {
      if (!toAuthOn401(e)) {
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
      scrollPlan.current = { kind: "bottom" };
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
    const older = await fetchThread(partner.id, messages[0].id);
    setLoadingOlder(false);
    if (!older || openRef.current?.id !== partner.id) return;
    const el = scrollRef.current;
    scrollPlan.current = { kind: "keep", fromBottom: el ? el.scrollHeight - el.scrollTop : 0 };
    setMessages((cur) => [...older, ...cur]);
    setHasOlder(older.length >= THREAD_PAGE_SIZE);
  }

  async function poll() {
    const list = await loadConversations(true);
    const partner = openRef.current;
    if (!partner) return;
    const fresh = await fetchLatestQuietly(partner.id);
    if (!fresh || openRef.current?.id !== partner.id) return;
    const el = scrollRef.current;
    if (el && el.scrollHeight - el.scrollTop - el.clientHeight < NEAR_BOTTOM_PX) scrollPlan.current = { kind: "bottom" };
    // The latest page replaces what it overlaps; older pages already loaded stay.
    setMessages((cur) => (fresh.length === 0 ? [] : [...cur.filter((m) => m.id < fresh[0].id), ...fresh]));
    if (list?.some((c) => c.userId === partner.id && c.unreadCount > 0)) await markRead(partner.id);
  }

  async function fetchLatestQuietly(userId: number): Promise<MessageOut[] | null> {
    try {
      return await api<MessageOut[]>(`/api/messages/conversation/${userId}`);
    } catch (e) {
      toAuthOn401(e);
      return null;
    }
  }

  async function send() {
    const partner = open;
    if (!partner || sending) return;
    const checked = sendMessageSchema.safeParse({ receiverId: partner.id, content: draft });
    if (!checked.success) return setSendError(checked.error.issues[0].message);
    setSending(true);
    try {
      const sent = await api<MessageOut>("/api/messages/send", { method: "POST", body: checked.data });
      scrollPlan.current = { kind: "bottom" };
      setMessages((cur) => [...cur, sent]);
      setDraft("");
      setSendError(null);
      loadConversations(true);
    } catch (e) {
      if (!toAuthOn401(e)) {
        setSendError(errorText(e));
        toast({ title: MESSAGE_MSG.sendFailed, description: e instanceof ApiError ? e.body?.error : undefined, variant: "destructive" });
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
      if (kind === "delete") await api(`/api/messages/conversation/${user.id}`, { method: "DELETE" });
      else await api(`/api/users/block/${user.id}`, { method: "POST" });
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
      await api(`/api/users/block/${partner.id}`, { method: "DELETE" });
    } catch (e) {
      if (!toAuthOn401(e)) toast({ title: "Failed to unblock user", description: errorText(e), variant: "destructive" });
      return;
    }
    setOpen({ ...partner, blockedByMe: false });
    setSendError(null);
    toast({ title: "User unblocked", description: `${partner.username} can message you again.` });
    loadConversations(true);
  }

  // Initial state from the server: a bad `?with=` or a failed list load says so; a preloaded thread is marked read.
  useEffect(() => {
    if (props.notice) toast({ title: props.notice, variant: "destructive" });
    if (props.loadError) toast({ title: MESSAGE_MSG.fetchConversations, variant: "destructive" });
    if (props.open) markRead(props.open.id);
  }, []);

  // Poll every 10 s while the tab is visible; a hidden tab makes no calls and catches up on return.
  const pollRef = useRef(poll);
  pollRef.current = poll;
  useEffect(() => {
    const every = globalThis.__drMessagesPollMs ?? MESSAGES_POLL_MS;
    let timer: ReturnType<typeof setInterval> | undefined;
    const stop = () => timer !== undefined && clearInterval(timer);
    const start = () => {
      stop();
      timer = setInterval(() => pollRef.current(), every);
    };
    const onVisibility = () => {
      if (document.visibilityState !== "visible") return stop();
      pollRef.current();
      start();
    };
    if (document.visibilityState === "visible") start();
    document.addEventListener("visibilitychange", onVisibility);
    return () => {
      stop();
      document.removeEventListener("visibilitychange", onVisibility);
    };
  }, []);

  useLayoutEffect(() => {
    const el = scrollRef.current;
    const plan = scrollPlan.current;
    if (!el || !plan) return;
    el.scrollTop = plan.kind === "bottom" ? el.scrollHeight : el.scrollHeight - plan.fromBottom;
    scrollPlan.current = null;
  }, [messages, loading]);

  const asPartner = (c: ConversationOut): Partner => ({ id: c.userId, username: c.username, blockedByMe: false });
  return (
    <section className="mx-auto flex h-[calc(100dvh-4rem-1px)] min-h-[26rem] max-w-6xl flex-col px-0 sm:px-4 sm:py-4">
      <div className="flex min-h-0 flex-1 overflow-hidden border-neutral-800 bg-neutral-950 sm:rounded-xl sm:border">
        <aside
          aria-label="Conversations"
          className={`min-h-0 w-full flex-col border-neutral-800 md:flex md:w-80 md:shrink-0 md:border-r ${open ? "hidden" : "flex"}`}
        >
          <h1 className="border-b border-neutral-800 px-4 py-3 text-xl font-bold">Messages</h1>
          <div className="min-h-0 flex-1 overflow-y-auto">
            <ConversationList
              conversations={conversations}
              openId={open?.id ?? null}
              localDates={localDates}
              onOpen={(c) => openConversation(asPartner(c))}
              onDelete={(c) => setPending({ kind: "delete", user: { id: c.userId, username: c.username } })}
              onBlock={(c) => setPending({ kind: "block", user: { id: c.userId, username: c.username } })}
            />
          </div>
        </aside>
        <div className={`min-h-0 min-w-0 flex-1 flex-col ${open ? "flex" : "hidden md:flex"}`}>
          {open
            ? (
              <Thread
                partner={open}
                meId={props.me.id}
                messages={messages}
                loading={loading}
                hasOlder={hasOlder}
                loadingOlder={loadingOlder}
                blockedByMe={open.blockedByMe}
                localDates={localDates}
                scrollRef={scrollRef}
                onBack={close}
                onLoadOlder={loadOlder}
                onDelete={() => setPending({ kind: "delete", user: open })}
                onBlock={() => setPending({ kind: "block", user: open })}
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
            )
            : (
              <div className="flex flex-1 items-center justify-center p-8 text-center text-neutral-400">
                <p>Select a conversation to start messaging.</p>
              </div>
            )}
        </div>
      </div>
      {pending && <ConfirmAction action={pending} onConfirm={confirmPending} onCancel={() => setPending(null)} />}
    </section>
  );
}
