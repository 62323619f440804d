import { type ReactNode, useCallback, useEffect, useState } from "react";
import ApprovedTab from "../components/ui/admin/ApprovedTab.tsx";
import type { Category } from "../components/ui/admin/data.ts";
import FeaturedTab from "../components/ui/admin/FeaturedTab.tsx";
import PendingTab from "../components/ui/admin/PendingTab.tsx";
import ReportedTab from "../components/ui/admin/ReportedTab.tsx";
import HeldTab from "../components/ui/admin/HeldTab.tsx";
import UsersTab from "../components/ui/admin/UsersTab.tsx";
import OverviewTab from "../components/ui/admin/OverviewTab.tsx";
import type { Overview, ReplicaOverview } from "../common/overview.ts";
import { api } from "../components/ui/api.ts";
import type { AdminCounts } from "../common/api_types.ts";
import { ADMIN_COUNTS_EVENT } from "../common/admin_counts.ts";

type Props = { adminId: number; categories: Category[]; overview: Overview; replica: ReplicaOverview };

/** The spec's five tabs, after an Overview (decision 036). */
const TABS = [
  ["overview", "Overview"],
  ["pending", "Pending Review"],
  ["reported", "Reported"],
  ["held", "Held"],
  ["users", "Users"],
  ["featured", "Featured"],
  ["approved", "Approved"],
] as const;
type Tab = (typeof TABS)[number][0];

/** The tabs whose queue length shows as a badge (from `GET /api/admin/counts`). */
type Counted = "pending" | "reported" | "held";
const isCounted = (tab: Tab): tab is Counted => tab === "pending" || tab === "reported" || tab === "held";

/** The admin dashboard island: the tab bar (with pending and reported counts) and the open tab; the tabs live in ./admin/. */
export default function AdminDashboard({ adminId, categories, overview, replica }: Props) {
  const [tab, setTab] = useState<Tab>("overview");
  const [counts, setCounts] = useState<Partial<Record<Counted, number>>>({});

  const refreshCounts = useCallback(async () => {
    try {
      const n = await api<AdminCounts>("/api/admin/counts");
      setCounts({ pending: n.pendingCount, reported: n.reportedCount, held: n.heldCount });
      // The avatar's badge shows the same queue (issue 27 point 12).
      dispatchEvent(new CustomEvent<AdminCounts>(ADMIN_COUNTS_EVENT, { detail: n }));
    } catch {
      // The tab badges are a convenience; the lists themselves show any failure.
    }
  }, []);
  useEffect(() => {
    refreshCounts();
  }, [refreshCounts]);

  const panel: Record<Tab, ReactNode> = {
    overview: <OverviewTab overview={overview} replica={replica} />,
    pending: <PendingTab changed={refreshCounts} />,
    reported: <ReportedTab changed={refreshCounts} />,
    held: <HeldTab changed={refreshCounts} />,
    users: <UsersTab adminId={adminId} />,
    featured: <FeaturedTab />,
    approved: <ApprovedTab categories={categories} changed={refreshCounts} />,
  };

  return (
    <div>
      <div role="tablist" aria-label="Admin sections" className="mb-4 flex flex-wrap gap-1 rounded-lg bg-neutral-900 p-1">
        {TABS.map(([key, label]) => {
          const n = isCounted(key) ? counts[key] : undefined;
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
                tab === key ? "bg-neutral-800 text-white" : "text-neutral-300 hover:text-white"
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
