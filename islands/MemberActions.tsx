import { useState } from "react";
import BanDialog from "../components/ui/admin/BanDialog.tsx";
import RejectDialog from "../components/ui/admin/RejectDialog.tsx";
import { ConfirmDialog } from "../components/ui/forum/ConfirmDialog.tsx";
import { RowButton } from "../components/ui/admin/parts.tsx";
import { api } from "../components/ui/api.ts";
import { toast } from "../components/ui/toast.ts";

export type MemberActionsProps = {
  userId: number;
  username: string;
  banned: boolean;
  /** Why this member cannot be banned or cleaned up (oneself, another admin), or null. */
  locked: string | null;
  pendingUploads: number;
  posts: { comments: number; threads: number; forumComments: number };
};

type Asking = "ban" | "delete" | "reject" | null;

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * The member page's actions (issue 34 point 4): ban with a reason and a length (or change the ban
 * in force), unban, delete every comment and forum post of theirs, reject every pending upload.
 * Each reloads the page, which shows what changed and says what was done (the flash the API left).
 */
export default function MemberActions({ userId, username, banned, locked, pendingUploads, posts }: MemberActionsProps) {
  const [asking, setAsking] = useState<Asking>(null);
  const [busy, setBusy] = useState(false);
  const base = `/api/admin/users/${userId}`;
  const totalPosts = posts.comments + posts.threads + posts.forumComments;

  async function run(path: string, body?: unknown): Promise<boolean> {
    setBusy(true);
    try {
      await api(`${base}/${path}`, { method: "POST", body: body ?? {} });
      location.reload();
      return true;
    } catch (e) {
      toast({ title: "Error", description: (e as Error).message || "Something went wrong", variant: "destructive" });
      setBusy(false);
      return false;
    }
  }

  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap gap-2" role="group" aria-label="Actions">
        <RowButton look="bad" disabled={busy || !!locked} title={locked ?? undefined} onClick={() => setAsking("ban")}>
          {banned ? "Change ban" : "Ban"}
        </RowButton>
        {banned && <RowButton look="good" disabled={busy} onClick={() => run("unban")}>Unban</RowButton>}
        <RowButton look="bad" disabled={busy || !!locked || totalPosts === 0} onClick={() => setAsking("delete")}>
          Delete all posts ({totalPosts})
        </RowButton>
        <RowButton look="bad" disabled={busy || pendingUploads === 0} onClick={() => setAsking("reject")}>
          Reject pending uploads ({pendingUploads})
        </RowButton>
      </div>
      {locked && <p className="text-xs text-neutral-300">{locked}.</p>}
      {asking === "ban" && (
        <BanDialog
          username={username}
          replacing={banned}
          close={() => setAsking(null)}
          submit={(body) => run("ban", body)}
        />
      )}
      {asking === "delete" && (
        <ConfirmDialog
          title={`Delete every post by ${username}?`}
          message={`${plural(posts.comments, "item comment", "item comments")}, ${
            plural(posts.threads, "forum thread", "forum threads")
          } ` +
            `(with their replies) and ${plural(posts.forumComments, "forum comment", "forum comments")} will be removed for good.`}
          confirmLabel="Delete all"
          onConfirm={async () => {
            if (!(await run("delete-posts"))) throw new Error("failed");
          }}
          close={() => setAsking(null)}
        />
      )}
      {asking === "reject" && (
        <RejectDialog
          what={plural(pendingUploads, "pending upload", "pending uploads")}
          close={() => setAsking(null)}
          submit={(reason) => run("reject-pending", { reason })}
        />
      )}
    </div>
  );
}
