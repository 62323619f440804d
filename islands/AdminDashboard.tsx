import { type FormEvent, type ReactNode, useCallback, useEffect, useRef, useState } from "react";
import { AI_GENERATORS } from "../components/ai_tools.ts";
import {
  APPROVED_PAGE_SIZE,
  EDIT_LIMITS,
  type EditValues,
  formatDuration,
  pageCount,
  REJECT_REASON_MAX,
  toEditPayload,
  validateEdit,
} from "./admin_rules.ts";
import { api } from "./api.ts";
import { toast } from "./toast.ts";

type Category = { id: number; name: string };
type Props = { adminId: number; categories: Category[] };

/** The fields of the content item (spec part 1 §3) the dashboard shows. */
export type AdminItem = {
  id: number;
  title: string;
  description: string;
  prompt: string;
  aiGenerator: string;
  tags: string;
  contentType: "video" | "image" | "embed";
  imageUrl: string | null;
  thumbnail: string;
  duration: number | null;
  views: number;
  featured: boolean;
  hidden: boolean;
  uploaderName: string | null;
  categoryId: number | null;
  createdAt: string;
  reportReason?: string;
  reportedAt?: string;
  openReports?: number;
};

type AdminUser = { id: number; username: string; email: string | null; isAdmin: boolean; banned: boolean };

const TABS = [
  ["pending", "Pending Review"],
  ["reported", "Reported"],
  ["users", "Users"],
  ["featured", "Featured"],
  ["approved", "Approved"],
] as const;
type Tab = (typeof TABS)[number][0];

const REASONS: Record<string, string> = {
  inappropriate: "Inappropriate Content",
  copyright: "Copyright Infringement",
  explicit: "Explicit Content",
  misinformation: "Misinformation",
  other: "Other",
};

const TYPE_LABEL = { video: "Video", image: "Image", embed: "Embed" } as const;

const dateText = (iso: string | undefined) => (iso ? new Date(iso).toLocaleDateString() : "—");

/** Runs an admin call with the spec's toasts: the success title, or 'Error' with the server's text. */
async function act(call: () => Promise<unknown>, success: string, after: () => void): Promise<boolean> {
  try {
    await call();
    toast({ title: success });
    return true;
  } catch (e) {
    toast({ title: "Error", description: (e as Error).message || "Something went wrong", variant: "destructive" });
    return false;
  } finally {
    after();
  }
}

type Load<T> = { status: "loading" } | { status: "error"; message: string } | { status: "ready"; data: T };

/** Fetches a list when the tab opens and again on reload(); keeps showing old rows while reloading. */
function useLoad<T>(url: string) {
  const [state, setState] = useState<Load<T>>({ status: "loading" });
  const seq = useRef(0);
  const reload = useCallback(async () => {
    const mine = ++seq.current;
    try {
      const data = await api<T>(url);
      if (mine === seq.current) setState({ status: "ready", data });
    } catch (e) {
      if (mine === seq.current) setState({ status: "error", message: (e as Error).message });
    }
  }, [url]);
  useEffect(() => {
    reload();
  }, [reload]);
  return [state, reload] as const;
}

export default function AdminDashboard({ adminId, categories }: Props) {
  const [tab, setTab] = useState<Tab>("pending");
  const [counts, setCounts] = useState<{ pending?: number; reported?: number }>({});

  const refreshCounts = useCallback(async () => {
    try {
      const n = await api<{ pendingCount: number; reportedCount: number }>("/api/admin/counts");
      setCounts({ pending: n.pendingCount, reported: n.reportedCount });
    } catch {
      // The tab badges are a convenience; the lists themselves show any failure.
    }
  }, []);
  useEffect(() => {
    refreshCounts();
  }, [refreshCounts]);

  const panel: Record<Tab, ReactNode> = {
    pending: <PendingTab changed={refreshCounts} />,
    reported: <ReportedTab changed={refreshCounts} />,
    users: <UsersTab adminId={adminId} />,
    featured: <FeaturedTab />,
    approved: <ApprovedTab categories={categories} changed={refreshCounts} />,
  };

  return (
    <div>
      <div role="tablist" aria-label="Admin sections" className="mb-4 flex gap-1 overflow-x-auto rounded-lg bg-neutral-900 p-1">
        {TABS.map(([key, label]) => {
          const n = key === "pending" || key === "reported" ? counts[key] : undefined;
          return (
            <button
              key={key}
              role="tab"
              type="button"
              id={`tab-${key}`}
              aria-selected={tab === key}
              aria-controls="admin-panel"
              onClick={() => setTab(key)}
              className={`shrink-0 rounded-md px-3 py-2 text-sm font-medium ${
                tab === key ? "bg-neutral-800 text-white" : "text-neutral-400 hover:text-white"
              }`}
            >
              {label}
              {n ? <span className="menu-badge ml-1.5">{n}</span> : null}
            </button>
          );
        })}
      </div>
      <div id="admin-panel" role="tabpanel" aria-labelledby={`tab-${tab}`} data-tab={tab}>
        {panel[tab]}
      </div>
    </div>
  );
}

function Spinner() {
  return (
    <div role="status" aria-label="Loading" className="flex justify-center py-16">
      <span className="h-8 w-8 animate-spin rounded-full border-2 border-neutral-700 border-t-orange-500" />
    </div>
  );
}

/** Loading, failure and empty states around a table. */
function ListState<T>({ state, empty, error, reload, children }: {
  state: Load<T[]>;
  empty: string;
  error?: string;
  reload: () => void;
  children: (rows: T[]) => ReactNode;
}) {
  if (state.status === "loading") return <Spinner />;
  if (state.status === "error") {
    return (
      <div className="py-12 text-center">
        <p className="mb-3 text-red-400">{error ?? state.message}</p>
        <button type="button" className="btn-secondary" onClick={reload}>Try again</button>
      </div>
    );
  }
  if (state.data.length === 0) return <p className="py-16 text-center text-neutral-400">{empty}</p>;
  return <>{children(state.data)}</>;
}

function Table({ head, children }: { head: string[]; children: ReactNode }) {
  return (
    <div className="overflow-x-auto rounded-lg border border-neutral-800">
      <table className="w-full text-left text-sm">
        <thead className="bg-neutral-900 text-xs uppercase text-neutral-400">
          <tr>{head.map((h) => <th key={h} scope="col" className="px-3 py-2 font-medium">{h}</th>)}</tr>
        </thead>
        <tbody className="divide-y divide-neutral-800">{children}</tbody>
      </table>
    </div>
  );
}

const td = "px-3 py-2 align-middle";
const small = "rounded-md px-2.5 py-1 text-xs font-medium disabled:opacity-50";
const btn = {
  plain: `${small} border border-neutral-700 hover:bg-neutral-800`,
  good: `${small} bg-emerald-600 text-white hover:bg-emerald-500`,
  bad: `${small} bg-red-700 text-white hover:bg-red-600`,
  accent: `${small} bg-orange-500 text-black hover:bg-orange-400`,
};

function Preview({ item }: { item: AdminItem }) {
  const [broken, setBroken] = useState(false);
  // An image without a separate thumbnail is its own preview.
  const src = item.contentType === "image" && item.imageUrl && !item.thumbnail.startsWith("/uploads/") ? item.imageUrl : item.thumbnail;
  if (broken) return <span className="block h-[45px] w-20 rounded bg-neutral-800" aria-label="No preview" />;
  return (
    <img
      src={src}
      alt=""
      width={80}
      height={45}
      loading="lazy"
      onError={() => setBroken(true)}
      className="h-[45px] w-20 rounded bg-neutral-800 object-cover"
    />
  );
}

function Title({ item }: { item: AdminItem }) {
  return (
    <span className="flex flex-col">
      <span className="line-clamp-2 font-medium">{item.title}</span>
      {item.hidden && <span className="text-xs text-amber-400">Hidden from the public</span>}
    </span>
  );
}

const ViewLink = ({ id }: { id: number }) => <a href={`/media/${id}`} target="_blank" rel="noopener" className={btn.plain}>View</a>;

const Actions = ({ children }: { children: ReactNode }) => <div className="flex flex-wrap gap-1.5">{children}</div>;

/** Per-row busy flag, so one row's buttons are disabled while its call runs. */
function useBusy() {
  const [busy, setBusy] = useState<number | null>(null);
  const run = (id: number, fn: () => Promise<unknown>) => {
    setBusy(id);
    return fn().finally(() => setBusy(null));
  };
  return [busy, run] as const;
}

const post = (url: string, body?: unknown) => api(url, { method: "POST", body });

function PendingTab({ changed }: { changed: () => void }) {
  const [state, reload] = useLoad<AdminItem[]>("/api/admin/content/pending");
  const [busy, run] = useBusy();
  const [rejecting, setRejecting] = useState<AdminItem | null>(null);
  const refresh = () => {
    reload();
    changed();
  };
  return (
    <>
      <ListState state={state} empty="Nothing pending" reload={reload}>
        {(rows) => (
          <Table head={["#", "Preview", "Title", "Type", "Duration", "Date", "Actions"]}>
            {rows.map((item, i) => (
              <tr key={item.id} data-id={item.id}>
                <td className={td}>{i + 1}</td>
                <td className={td}>
                  <Preview item={item} />
                </td>
                <td className={td}>
                  <Title item={item} />
                </td>
                <td className={td}>{TYPE_LABEL[item.contentType]}</td>
                <td className={`${td} tabular-nums`}>{formatDuration(item.duration)}</td>
                <td className={td}>{dateText(item.createdAt)}</td>
                <td className={td}>
                  <Actions>
                    <ViewLink id={item.id} />
                    <button
                      type="button"
                      className={btn.plain}
                      disabled={busy === item.id}
                      onClick={() =>
                        run(item.id, () => act(() => post(`/api/admin/content/${item.id}/feature`), "Toggled featured", refresh))}
                    >
                      {item.featured ? "Unfeature" : "Feature"}
                    </button>
                    <button
                      type="button"
                      className={btn.good}
                      disabled={busy === item.id}
                      onClick={() => run(item.id, () => act(() => post(`/api/admin/content/${item.id}/approve`), "Approved", refresh))}
                    >
                      Approve
                    </button>
                    <button type="button" className={btn.bad} disabled={busy === item.id} onClick={() => setRejecting(item)}>
                      Reject
                    </button>
                  </Actions>
                </td>
              </tr>
            ))}
          </Table>
        )}
      </ListState>
      {rejecting && (
        <RejectDialog
          item={rejecting}
          close={() => setRejecting(null)}
          submit={(reason) => act(() => post(`/api/admin/content/${rejecting.id}/reject`, { reason }), "Rejected", refresh)}
        />
      )}
    </>
  );
}

/** A modal `<dialog>` that opens when mounted and unmounts on close (Escape included). */
function Modal({ title, close, children }: { title: string; close: () => void; children: ReactNode }) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    ref.current?.showModal();
  }, []);
  return (
    <dialog
      ref={ref}
      aria-label={title}
      onClose={close}
      className="m-auto w-[min(36rem,94vw)] rounded-xl border border-neutral-800 bg-neutral-900 p-6 text-neutral-100 shadow-2xl backdrop:bg-black/70"
    >
      <h2 className="mb-4 text-lg font-semibold">{title}</h2>
      {children}
    </dialog>
  );
}

function RejectDialog({ item, close, submit }: { item: AdminItem; close: () => void; submit: (reason: string) => Promise<boolean> }) {
  const [reason, setReason] = useState("");
  const [busy, setBusy] = useState(false);
  return (
    <Modal title="Reject content" close={close}>
      <form
        onSubmit={async (e) => {
          e.preventDefault();
          setBusy(true);
          if (await submit(reason.trim())) close();
          else setBusy(false);
        }}
      >
        <p className="mb-3 text-sm text-neutral-300">
          Rejecting “{item.title}”. The uploader sees this reason in My Videos.
        </p>
        <label htmlFor="reject-reason" className="mb-1 block text-sm font-medium">Reason</label>
        <textarea
          id="reject-reason"
          className="field min-h-[100px]"
          value={reason}
          maxLength={REJECT_REASON_MAX}
          required
          onChange={(e) => setReason(e.target.value)}
        />
        <p className="mt-1 text-right text-xs text-neutral-500">{reason.length}/{REJECT_REASON_MAX}</p>
        <div className="mt-4 flex justify-end gap-2">
          <button type="button" className="btn-secondary" onClick={close}>Cancel</button>
          <button type="submit" className="btn-primary" disabled={busy || !reason.trim()}>Reject</button>
        </div>
      </form>
    </Modal>
  );
}

function confirmDelete(item: AdminItem) {
  return confirm(`Delete “${item.title}”? This removes the item and its files for good.`);
}

function ReportedTab({ changed }: { changed: () => void }) {
  const [state, reload] = useLoad<AdminItem[]>("/api/admin/content/reported");
  const [busy, run] = useBusy();
  const refresh = () => {
    reload();
    changed();
  };
  return (
    <ListState state={state} empty="No reports" reload={reload}>
      {(rows) => (
        <Table head={["Preview", "Title", "Reason", "Date", "Actions"]}>
          {rows.map((item) => (
            <tr key={item.id} data-id={item.id}>
              <td className={td}>
                <Preview item={item} />
              </td>
              <td className={td}>
                <Title item={item} />
                <span className="text-xs text-neutral-400">
                  {item.openReports === 1 ? "1 report" : `${item.openReports} reports`}
                </span>
              </td>
              <td className={td}>{REASONS[item.reportReason ?? ""] ?? item.reportReason}</td>
              <td className={td}>{dateText(item.reportedAt)}</td>
              <td className={td}>
                <Actions>
                  <ViewLink id={item.id} />
                  <button
                    type="button"
                    className={btn.plain}
                    title="Keep the item: resolve its reports and show it again"
                    disabled={busy === item.id}
                    onClick={() =>
                      run(item.id, () => act(() => post(`/api/admin/content/${item.id}/dismiss-reports`), "Reports dismissed", refresh))}
                  >
                    Dismiss
                  </button>
                  <button
                    type="button"
                    className={btn.bad}
                    disabled={busy === item.id}
                    onClick={() =>
                      confirmDelete(item) &&
                      run(item.id, () => act(() => api(`/api/admin/content/${item.id}`, { method: "DELETE" }), "Deleted", refresh))}
                  >
                    Delete
                  </button>
                </Actions>
              </td>
            </tr>
          ))}
        </Table>
      )}
    </ListState>
  );
}

function UsersTab({ adminId }: { adminId: number }) {
  const [query, setQuery] = useState("");
  const [q, setQ] = useState("");
  const [state, reload] = useLoad<AdminUser[]>(`/api/admin/users${q ? `?q=${encodeURIComponent(q)}` : ""}`);
  const [busy, run] = useBusy();
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
      <ListState state={state} empty="No users" reload={reload}>
        {(rows) => (
          <Table head={["Username", "Email", "Status", "Action"]}>
            {rows.map((u) => {
              const locked = u.id === adminId || (u.isAdmin && !u.banned);
              return (
                <tr key={u.id} data-id={u.id}>
                  <td className={td}>
                    <a href={`/user/${encodeURIComponent(u.username)}`} className="hover:underline">{u.username}</a>
                    {u.isAdmin && <span className="ml-2 rounded bg-orange-500/20 px-1.5 text-xs text-orange-300">Admin</span>}
                  </td>
                  <td className={td}>{u.email ?? "N/A"}</td>
                  <td className={td}>
                    <span className={u.banned ? "text-red-400" : "text-emerald-400"}>{u.banned ? "Banned" : "Active"}</span>
                  </td>
                  <td className={td}>
                    <button
                      type="button"
                      className={u.banned ? btn.good : btn.bad}
                      disabled={locked || busy === u.id}
                      title={locked ? (u.id === adminId ? "You cannot ban yourself" : "Admins cannot be banned") : undefined}
                      onClick={() =>
                        run(u.id, () =>
                          act(
                            () => post(`/api/admin/users/${u.id}`),
                            u.banned ? "User unbanned successfully" : "User banned successfully",
                            reload,
                          ))}
                    >
                      {u.banned ? "Unban" : "Ban"}
                    </button>
                  </td>
                </tr>
              );
            })}
          </Table>
        )}
      </ListState>
    </>
  );
}

const FEATURED_EMPTY = 'No featured videos. Mark content as "Feature" in the Pending tab.';

function FeaturedTab() {
  const [state, reload] = useLoad<AdminItem[]>("/api/admin/content/featured");
  const [busy, run] = useBusy();
  return (
    <ListState
      state={state}
      error="Error loading featured"
      empty={FEATURED_EMPTY}
      reload={reload}
    >
      {(rows) => (
        <Table head={["ID", "Preview", "Title", "Uploader", "Action"]}>
          {rows.map((item) => (
            <tr key={item.id} data-id={item.id}>
              <td className={`${td} tabular-nums`}>{item.id}</td>
              <td className={td}>
                <Preview item={item} />
              </td>
              <td className={td}>
                <Title item={item} />
              </td>
              <td className={td}>{item.uploaderName || "Unknown"}</td>
              <td className={td}>
                <button
                  type="button"
                  className={btn.plain}
                  disabled={busy === item.id}
                  onClick={() =>
                    run(item.id, () => act(() => post(`/api/admin/content/${item.id}/feature`), "Removed from featured", reload))}
                >
                  Remove
                </button>
              </td>
            </tr>
          ))}
        </Table>
      )}
    </ListState>
  );
}

type ApprovedPage = { content: AdminItem[]; totalCount: number };

function ApprovedTab({ categories, changed }: { categories: Category[]; changed: () => void }) {
  const [page, setPage] = useState(1);
  const [state, reload] = useLoad<ApprovedPage>(`/api/admin/content/approved?page=${page}&limit=${APPROVED_PAGE_SIZE}`);
  const [busy, run] = useBusy();
  const [editing, setEditing] = useState<AdminItem | null>(null);
  const total = state.status === "ready" ? state.data.totalCount : 0;
  const pages = pageCount(total);

  // A delete can empty the last page: step back to the new last one.
  useEffect(() => {
    if (state.status === "ready" && page > pages) setPage(pages);
  }, [state, page, pages]);

  const refresh = () => {
    reload();
    changed();
  };
  const listState: Load<AdminItem[]> = state.status === "ready" ? { status: "ready", data: state.data.content } : state;
  return (
    <>
      <ListState state={listState} empty="No content" reload={reload}>
        {(rows) => (
          <Table head={["ID", "Preview", "Title", "Type", "Views", "Date", "Actions"]}>
            {rows.map((item) => (
              <tr key={item.id} data-id={item.id}>
                <td className={`${td} tabular-nums`}>{item.id}</td>
                <td className={td}>
                  <Preview item={item} />
                </td>
                <td className={td}>
                  <Title item={item} />
                </td>
                <td className={td}>{TYPE_LABEL[item.contentType]}</td>
                <td className={`${td} tabular-nums`}>{item.views.toLocaleString()}</td>
                <td className={td}>{dateText(item.createdAt)}</td>
                <td className={td}>
                  <Actions>
                    <ViewLink id={item.id} />
                    <button type="button" className={btn.plain} onClick={() => setEditing(item)}>Edit</button>
                    {!item.featured && (
                      <button
                        type="button"
                        className={btn.accent}
                        disabled={busy === item.id}
                        onClick={() => run(item.id, () => act(() => post(`/api/admin/content/${item.id}/feature`), "Featured", refresh))}
                      >
                        Feature
                      </button>
                    )}
                    <button
                      type="button"
                      className={btn.bad}
                      disabled={busy === item.id}
                      onClick={() =>
                        confirmDelete(item) &&
                        run(item.id, () => act(() => api(`/api/admin/content/${item.id}`, { method: "DELETE" }), "Deleted", refresh))}
                    >
                      Delete
                    </button>
                  </Actions>
                </td>
              </tr>
            ))}
          </Table>
        )}
      </ListState>
      {total > APPROVED_PAGE_SIZE && (
        <nav aria-label="Pages" className="mt-4 flex items-center justify-center gap-3 text-sm">
          <button type="button" className="btn-secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>Prev</button>
          <span data-testid="page-status">Page {page} of {pages}</span>
          <button type="button" className="btn-secondary" disabled={page >= pages} onClick={() => setPage(page + 1)}>Next</button>
        </nav>
      )}
      {editing && <EditDialog item={editing} categories={categories} close={() => setEditing(null)} saved={refresh} />}
    </>
  );
}

type FieldKey = keyof typeof EDIT_LIMITS;
const FIELDS: Record<FieldKey, { label: string; multiline?: boolean; optional?: boolean }> = {
  title: { label: "Title" },
  description: { label: "Description", multiline: true },
  aiGenerator: { label: "AI Generator" },
  prompt: { label: "Prompt Used", multiline: true, optional: true },
  tags: { label: "Tags", optional: true },
};

/** The Edit Video dialog: the spec's fields and limits; saves through `PUT /api/videos/{id}`. */
function EditDialog({ item, categories, close, saved }: {
  item: AdminItem;
  categories: Category[];
  close: () => void;
  saved: () => void;
}) {
  const [values, setValues] = useState<EditValues>({
    title: item.title,
    description: item.description,
    categoryId: item.categoryId === null ? "" : String(item.categoryId),
    aiGenerator: item.aiGenerator,
    prompt: item.prompt,
    tags: item.tags,
  });
  const [busy, setBusy] = useState(false);
  const errors = validateEdit(values);
  const invalid = Object.keys(errors).length > 0;

  async function save(e: FormEvent) {
    e.preventDefault();
    if (invalid) return;
    setBusy(true);
    try {
      await api(`/api/videos/${item.id}`, { method: "PUT", body: toEditPayload(values) });
      toast({ title: "Video updated", description: "Video has been successfully updated" });
      saved();
      close();
    } catch (err) {
      toast({ title: "Error", description: `Failed to update video: ${(err as Error).message}`, variant: "destructive" });
      setBusy(false);
    }
  }

  const field = (key: FieldKey) => {
    const { label, multiline, optional } = FIELDS[key];
    const props = {
      id: `edit-${key}`,
      name: key,
      className: "field",
      value: values[key],
      maxLength: EDIT_LIMITS[key],
      "aria-invalid": !!errors[key],
      onChange: (e: { target: { value: string } }) => setValues({ ...values, [key]: e.target.value }),
    };
    return (
      <div>
        <div className="mb-1 flex justify-between text-sm">
          <label htmlFor={props.id} className="font-medium">
            {label}
            {optional && <span className="ml-1 font-normal text-neutral-500">(optional)</span>}
          </label>
          <span className="text-xs text-neutral-500">{values[key].length}/{EDIT_LIMITS[key]}</span>
        </div>
        {multiline
          ? <textarea {...props} rows={3} />
          : <input {...props} list={key === "aiGenerator" ? "edit-ai-generators" : undefined} />}
        {key === "tags" && <p className="mt-1 text-xs text-neutral-500">Comma separated</p>}
        {errors[key] && <p className="field-error">{errors[key]}</p>}
      </div>
    );
  };

  return (
    <Modal title="Edit Video" close={close}>
      <form onSubmit={save} noValidate className="space-y-3">
        {field("title")}
        {field("description")}
        <div>
          <label htmlFor="edit-category" className="mb-1 block text-sm font-medium">
            Category<span className="ml-1 font-normal text-neutral-500">(optional)</span>
          </label>
          <select
            id="edit-category"
            name="categoryId"
            className="field"
            value={values.categoryId}
            onChange={(e) => setValues({ ...values, categoryId: e.target.value })}
          >
            <option value="">No category</option>
            {categories.map((cat) => <option key={cat.id} value={String(cat.id)}>{cat.name}</option>)}
          </select>
        </div>
        {field("aiGenerator")}
        <datalist id="edit-ai-generators">
          {AI_GENERATORS.map((g) => <option key={g} value={g} />)}
        </datalist>
        {field("prompt")}
        {field("tags")}
        <div className="flex justify-end gap-2 pt-2">
          <button type="button" className="btn-secondary" onClick={close}>Cancel</button>
          <button type="submit" className="btn-primary" disabled={busy || invalid}>Save Changes</button>
        </div>
      </form>
    </Modal>
  );
}
