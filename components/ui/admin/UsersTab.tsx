import { useState } from "react";
import { memberAdminHref } from "../../../common/member_page.ts";
import { type AdminUser, banToast, post, useLoad, useRowCalls } from "./data.ts";
import { CallButton, Cell, ListTable, Row } from "./parts.tsx";
import { mayActOn, type Role, ROLE_LABELS, ROLE_MSG } from "../../../common/roles.ts";

/**
 * Finds users and bans or unbans them (the spec's toggle: until lifted, no reason); each name opens
 * the member's admin page, where a ban has a reason and a length. The signed-in admin and other admins cannot be banned.
 */
export default function UsersTab({ adminId, role }: { adminId: number; role: Role }) {
  const [query, setQuery] = useState("");
  const [q, setQ] = useState("");
  const [state, reload] = useLoad<AdminUser[]>(`/api/admin/users${q ? `?q=${encodeURIComponent(q)}` : ""}`);
  const calls = useRowCalls(reload);
  return (
    <>
      <form
        role="search"
        className="mb-3 flex max-w-md gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          setQ(query.trim());
        }}
      >
        <input
          type="search"
          className="field"
          placeholder="Find by username or email"
          aria-label="Find users"
          maxLength={100}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
        <button type="submit" className="btn-secondary">Search</button>
      </form>
      <ListTable
        state={state}
        empty="No users"
        reload={reload}
        head={["Username", "Email", "Status", "Action"]}
        row={(u) => {
          // Moderators ban members only (issue 41 point 4).
          const staff = !mayActOn(role, u.role);
          const locked = u.id === adminId || (u.isAdmin && !u.banned) || staff;
          return (
            <Row key={u.id} id={u.id}>
              <Cell>
                <a href={memberAdminHref(u.id)} className="hover:underline">{u.username}</a>
                {u.role !== "member" && (
                  <span className="ml-2 rounded bg-orange-500/20 px-1.5 text-xs text-orange-300">{ROLE_LABELS[u.role]}</span>
                )}
              </Cell>
              <Cell>{u.email ?? "N/A"}</Cell>
              <Cell>
                <span className={u.banned ? "text-red-400" : "text-emerald-400"}>{u.banned ? "Banned" : "Active"}</span>
              </Cell>
              <Cell>
                <CallButton
                  calls={calls}
                  rowId={u.id}
                  look={u.banned ? "good" : "bad"}
                  disabled={locked}
                  title={locked
                    ? (u.id === adminId ? "You cannot ban yourself" : staff ? ROLE_MSG.staff : "Admins cannot be banned")
                    : undefined}
                  call={() => post(`/api/admin/users/${u.id}`)}
                  success={banToast}
                  confirmation={u.banned ? undefined : {
                    title: "Ban this user?",
                    message: `${u.username} will be signed out everywhere and cannot log in until unbanned.`,
                    label: "Ban",
                  }}
                >
                  {u.banned ? "Unban" : "Ban"}
                </CallButton>
              </Cell>
            </Row>
          );
        }}
      />
    </>
  );
}
