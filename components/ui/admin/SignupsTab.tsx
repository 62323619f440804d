import { useState } from "react";
import type { Invite, Signup } from "../../../common/api_types.ts";
import { formatDate } from "../../../common/format.ts";
import { api } from "../api.ts";
import { toast } from "../toast.ts";
import { act, post, useLoad, useRowCalls } from "./data.ts";
import { CallButton, Cell, ListTable, Row, RowButton } from "./parts.tsx";
import RejectDialog from "./RejectDialog.tsx";

/**
 * The sign-ups waiting for approval (issue 41 point 2), oldest first, each with its answer to "Why do you want to
 * join?": Approve lets the member in, Reject (with a reason they are mailed) deletes the account. Below, the invite
 * codes (admins only; moderators decide sign-ups, issue 41 point 4): made with a number of uses and days, copied as
 * links, revoked.
 */
export default function SignupsTab({ invites }: { invites: boolean }) {
  const [state, reload] = useLoad<{ signups: Signup[]; total: number }>("/api/admin/registrations");
  const calls = useRowCalls(reload);
  const [rejecting, setRejecting] = useState<Signup | null>(null);
  const list = state.status === "ready" ? { status: "ready" as const, data: state.data.signups } : state;
  return (
    <div className="space-y-8">
      <section aria-labelledby="signups-heading">
        <h2 id="signups-heading" className="mb-3 text-lg font-semibold">
          Waiting for approval{state.status === "ready" ? ` (${state.data.total})` : ""}
        </h2>
        <ListTable
          state={list}
          empty="No sign-ups are waiting"
          reload={reload}
          head={["Username", "Email", "Why they want to join", "Asked", "Action"]}
          row={(s) => (
            <Row key={s.id} id={s.id}>
              <Cell>{s.username}</Cell>
              <Cell>{s.email ?? "N/A"}</Cell>
              <Cell>
                <span className="block max-w-md whitespace-pre-wrap break-words text-neutral-200">{s.reason}</span>
              </Cell>
              <Cell>{formatDate(s.createdAt)}</Cell>
              <Cell>
                <div className="flex flex-wrap gap-1.5">
                  <CallButton
                    calls={calls}
                    rowId={s.id}
                    look="good"
                    call={() => post(`/api/admin/registrations/${s.id}/approve`)}
                    success="Sign-up approved"
                  >
                    Approve
                  </CallButton>
                  <RowButton look="bad" disabled={calls.busyId === s.id} onClick={() => setRejecting(s)}>Reject</RowButton>
                </div>
              </Cell>
            </Row>
          )}
        />
        {rejecting && (
          <RejectDialog
            title="Reject sign-up"
            what={rejecting.username}
            note="The account is deleted and the applicant is mailed this reason."
            close={() => setRejecting(null)}
            submit={(reason) => act(() => post(`/api/admin/registrations/${rejecting.id}/reject`, { reason }), "Sign-up rejected", reload)}
          />
        )}
      </section>
      {invites && <Invites />}
    </div>
  );
}

function Invites() {
  const [state, reload] = useLoad<{ invites: Invite[] }>("/api/admin/invites");
  const [uses, setUses] = useState("1");
  const [days, setDays] = useState("7");
  const [busy, setBusy] = useState(false);
  const [revoking, setRevoking] = useState<string | null>(null);
  const list = state.status === "ready" ? { status: "ready" as const, data: state.data.invites } : state;
  const limit = (v: string) => (v.trim() === "" ? null : Number(v));

  async function make(e: { preventDefault: () => void }) {
    e.preventDefault();
    setBusy(true);
    await act(
      async () => {
        const made = await api<{ url: string }>("/api/admin/invites", {
          method: "POST",
          body: { maxUses: limit(uses), expiresInDays: limit(days) },
        });
        await navigator.clipboard?.writeText(made.url).catch(() => {});
      },
      "Invite made: its link is copied",
      reload,
    );
    setBusy(false);
  }

  return (
    <section aria-labelledby="invites-heading">
      <h2 id="invites-heading" className="mb-3 text-lg font-semibold">Invite codes</h2>
      <form onSubmit={make} className="mb-3 flex flex-wrap items-end gap-3" aria-label="New invite">
        <label className="text-sm">
          <span className="mb-1 block font-medium">Uses</span>
          <input
            type="number"
            min={1}
            max={1000}
            placeholder="No limit"
            className="field w-28"
            value={uses}
            onChange={(e) => setUses(e.target.value)}
          />
        </label>
        <label className="text-sm">
          <span className="mb-1 block font-medium">Expires in (days)</span>
          <input
            type="number"
            min={1}
            max={365}
            placeholder="Never"
            className="field w-28"
            value={days}
            onChange={(e) => setDays(e.target.value)}
          />
        </label>
        <button type="submit" className="btn-primary" disabled={busy}>Make invite</button>
      </form>
      <ListTable
        state={list}
        empty="No invite codes yet"
        reload={reload}
        head={["Code", "Uses", "Expires", "State", "Action"]}
        row={(i, n) => (
          <Row key={i.code} id={n}>
            <Cell>
              <a href={i.url} className="font-mono hover:underline">{i.code}</a>
            </Cell>
            <Cell>{i.maxUses === null ? `${i.uses} (no limit)` : `${i.uses} / ${i.maxUses}`}</Cell>
            <Cell>{i.expiresAt ? formatDate(i.expiresAt) : "Never"}</Cell>
            <Cell>
              <span className={i.state === "active" ? "text-emerald-400" : "text-neutral-400"}>{i.state}</span>
            </Cell>
            <Cell>
              <div className="flex flex-wrap gap-1.5">
                <RowButton
                  onClick={() =>
                    navigator.clipboard?.writeText(i.url).then(() => toast({ title: "Link copied" }), () => toast({ title: i.url }))}
                >
                  Copy link
                </RowButton>
                {i.state !== "revoked" && (
                  <RowButton
                    look="bad"
                    disabled={revoking === i.code}
                    onClick={async () => {
                      setRevoking(i.code);
                      await act(() => api(`/api/admin/invites/${i.code}`, { method: "DELETE" }), "Invite revoked", reload);
                      setRevoking(null);
                    }}
                  >
                    Revoke
                  </RowButton>
                )}
              </div>
            </Cell>
          </Row>
        )}
      />
    </section>
  );
}
