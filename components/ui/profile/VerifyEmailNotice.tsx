import { useState } from "react";
import { api } from "../api.ts";
import { toast } from "../toast.ts";
import { failureText } from "../failure.ts";
import { VERIFY_MSG } from "../../../common/auth_rules.ts";

/**
 * "Verify your email" with a resend button (issue 19): shown on /profile and in the account menu
 * while the member's address is unproved. `compact` is the menu's one-line form.
 */
export function VerifyEmailNotice({ compact = false }: { compact?: boolean }) {
  const [state, setState] = useState<"idle" | "sending" | "sent">("idle");

  async function resend() {
    setState("sending");
    try {
      const res = await api<{ message: string }>("/api/user/verify-email", { method: "POST" });
      setState("sent");
      toast({ title: "Link sent", description: res.message });
    } catch (e) {
      setState("idle");
      toast({ title: "Could not send the link", description: failureText(e, "Please try again later."), variant: "destructive" });
    }
  }

  const button = (
    <button
      type="button"
      onClick={resend}
      disabled={state !== "idle"}
      className="font-medium text-orange-300 underline hover:text-orange-200 disabled:no-underline disabled:opacity-70"
    >
      {state === "sent" ? "Link sent" : state === "sending" ? "Sending..." : VERIFY_MSG.resend}
    </button>
  );
  if (compact) {
    return (
      <p data-testid="verify-email-notice" className="border-b border-neutral-800 px-3 py-2 text-xs text-amber-200">
        {VERIFY_MSG.notice}. {button}
      </p>
    );
  }
  return (
    <div
      data-testid="verify-email-notice"
      role="status"
      className="mb-6 rounded-lg border border-amber-800/70 bg-amber-950/40 p-3 text-sm text-amber-100"
    >
      <b className="font-semibold">{VERIFY_MSG.notice}</b>
      <span className="text-amber-200/90">{` ${VERIFY_MSG.noticeText} `}</span>
      {button}
    </div>
  );
}
