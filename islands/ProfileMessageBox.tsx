import { useState } from "react";
import { api, ApiError } from "../components/ui/api.ts";
import { toast } from "../components/ui/toast.ts";
import { Spinner } from "../components/ui/Spinner.tsx";
import { isBlank, MESSAGE_MAX, MESSAGE_MSG } from "../common/message_rules.ts";
import { sendMessageSchema } from "../common/schemas/messages.ts";
import { authHref, authHrefHere } from "../common/return_to.ts";

type Props = {
  userId: number;
  username: string;
  /** Visitors see the box disabled with a login prompt (spec part 2 "Public profile"). */
  signedIn: boolean;
  blockedByMe?: boolean;
};

/** The profile's send-message box; hidden on one's own profile (the page leaves it out). */
export default function ProfileMessageBox({ userId, username, signedIn, blockedByMe: initiallyBlocked = false }: Props) {
  const [text, setText] = useState("");
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const [blocked, setBlocked] = useState(initiallyBlocked);
  const conversation = `/my-messages?with=${userId}`;

  async function send(e: React.FormEvent) {
    e.preventDefault();
    const checked = sendMessageSchema.safeParse({ receiverId: userId, content: text });
    if (!checked.success) return setError(checked.error.issues[0].message);
    setSending(true);
    setError(null);
    try {
      await api("/api/messages/send", { method: "POST", body: checked.data });
      setText("");
      setSent(true);
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) {
        location.href = authHrefHere();
        return;
      }
      // The spec's rule: the server's error field, else 'Failed to send message'.
      const message = (err instanceof ApiError && err.body?.error) || MESSAGE_MSG.profileSendFailed;
      setError(message);
      // A block (403) says itself who cannot message whom (issue 36 point 15).
      const blocked = err instanceof ApiError && err.status === 403;
      toast(
        blocked
          ? { title: message, variant: "destructive" }
          : { title: MESSAGE_MSG.profileSendFailed, description: message, variant: "destructive" },
      );
    } finally {
      setSending(false);
    }
  }

  async function unblock() {
    try {
      await api(`/api/users/block/${userId}`, { method: "DELETE" });
      setBlocked(false);
      toast({ title: "User unblocked", description: `${username} can message you again.` });
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) location.href = authHrefHere();
      else toast({ title: "Failed to unblock user", description: (err as Error).message, variant: "destructive" });
    }
  }

  return (
    <section
      aria-labelledby="send-message-title"
      className="rounded-xl border border-neutral-800 bg-neutral-900 p-4"
      data-testid="message-box"
    >
      <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="send-message-title" className="font-semibold">Send a message</h2>
        {signedIn && <a href={conversation} className="text-sm text-orange-400 hover:underline">Open conversation</a>}
      </div>
      {blocked
        ? (
          <div className="text-sm text-neutral-300">
            <p className="mb-3">{`You have blocked ${username}. Unblock them to exchange messages again.`}</p>
            <button type="button" className="btn-secondary" onClick={unblock}>{`Unblock ${username}`}</button>
          </div>
        )
        : (
          <form onSubmit={send}>
            <textarea
              value={text}
              onChange={(e) => {
                setText(e.target.value);
                setSent(false);
                setError(null);
              }}
              disabled={!signedIn || sending}
              maxLength={MESSAGE_MAX}
              rows={3}
              aria-label={`Message to ${username}`}
              placeholder={signedIn ? `Write a message to ${username}…` : "Log in to send a message"}
              className="field resize-y disabled:cursor-not-allowed disabled:opacity-60"
            />
            {error && <p role="alert" className="field-error" data-testid="send-error">{error}</p>}
            {sent && (
              <p role="status" className="mt-2 text-sm text-emerald-300">
                Message sent. <a href={conversation} className="underline">Continue in My Messages</a>
              </p>
            )}
            <div className="mt-3 flex items-center justify-end gap-3">
              {signedIn
                ? (
                  <button type="submit" className="btn-primary" disabled={isBlank(text) || sending}>
                    {sending && <Spinner />} Send Message
                  </button>
                )
                : (
                  <>
                    <span className="text-sm text-neutral-400">You need to be logged in to send messages.</span>
                    <a href={authHref(`/user/${userId}`)} className="btn-primary shrink-0 whitespace-nowrap">Log in</a>
                  </>
                )}
            </div>
          </form>
        )}
    </section>
  );
}
