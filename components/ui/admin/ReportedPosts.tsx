import type { ReportedPost } from "../../../common/moderation.ts";
import { api } from "../api.ts";
import { post, useLoad, useRowCalls } from "./data.ts";
import { CallButton, Cell, ListTable, Row } from "./parts.tsx";
import { PostCell, WriterCell } from "./PostCells.tsx";
import { ReportList } from "./ReportList.tsx";
import { postPath, rowKey } from "./posts.ts";

/** Comments and forum posts with open reports (issue 34 points 1 and 2), in the Reported tab under the items. */
export default function ReportedPosts({ changed }: { changed: () => void }) {
  const [state, reload] = useLoad<ReportedPost[]>("/api/admin/posts/reported");
  const calls = useRowCalls(() => {
    reload();
    changed();
  });
  return (
    <section aria-labelledby="reported-posts">
      <h2 id="reported-posts" className="mb-2 text-lg font-semibold">Comments and forum posts</h2>
      <ListTable
        state={state}
        empty="No reported comments or posts"
        reload={reload}
        head={["Post", "Writer", "Reports", "Actions"]}
        row={(p) => (
          <Row key={rowKey(p)} id={p.id} kind={p.kind}>
            <PostCell post={p} />
            <WriterCell post={p} />
            <Cell stack>
              <span className="flex w-full flex-col gap-1">
                {p.status === "hidden" && <span className="text-xs text-amber-300">Hidden from the public</span>}
                <ReportList
                  reports={p.reports}
                  total={p.reportCount}
                  rowId={p.id}
                  calls={calls}
                  dismiss={(reportId) => post(`${postPath(p)}/reports/${reportId}/dismiss`)}
                />
              </span>
            </Cell>
            <Cell>
              <span className="flex flex-wrap gap-1.5 max-sm:gap-2">
                <a
                  href={p.href}
                  target="_blank"
                  rel="noopener"
                  className="rounded-md border border-neutral-700 px-2.5 py-1 text-xs font-medium hover:bg-neutral-800"
                >
                  View
                </a>
                <CallButton
                  calls={calls}
                  rowId={p.id}
                  title="Keep the post: resolve its reports and show it again"
                  call={() => post(`${postPath(p)}/dismiss-reports`)}
                  success="Reports dismissed"
                >
                  Dismiss all
                </CallButton>
                <CallButton
                  calls={calls}
                  rowId={p.id}
                  look="bad"
                  confirmation={{ title: "Delete this post?", message: "It will be removed for good.", label: "Delete" }}
                  call={() => api(postPath(p), { method: "DELETE" })}
                  success="Deleted"
                >
                  Delete
                </CallButton>
              </span>
            </Cell>
          </Row>
        )}
      />
    </section>
  );
}
