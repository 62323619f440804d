import { type ReactNode, useCallback, useEffect, useState } from "react";
import ApprovedTab from "../components/ui/admin/ApprovedTab.tsx";
import type { Category } from "../components/ui/admin/data.ts";
import FeaturedTab from "../components/ui/admin/FeaturedTab.tsx";
import PendingTab from "../components/ui/admin/PendingTab.tsx";
import ReportedTab from "../components/ui/admin/ReportedTab.tsx";
import HeldTab from "../components/ui/admin/HeldTab.tsx";
import UsersTab from "../components/ui/admin/UsersTab.tsx";
import OverviewTab from "../components/ui/admin/OverviewTab.tsx";
import SettingsTab from "../components/ui/admin/SettingsTab.tsx";
import SignupsTab from "../components/ui/admin/SignupsTab.tsx";
import FederationTab from "../components/ui/admin/FederationTab.tsx";
import CategoriesTab from "../components/ui/admin/CategoriesTab.tsx";
import type { Role } from "../common/roles.ts";
import type { Overview, ReplicaOverview } from "../common/overview.ts";
import { api } from "../components/ui/api.ts";
import type { AdminCounts } from "../common/api_types.ts";
import { ADMIN_COUNTS_EVENT } from "../common/admin_counts.ts";
import { type AdminTab, adminTabHref, firstTab, tabsFor } from "../common/admin_tabs.ts";

type Tab = Exclude<AdminTab, "log">;
/** `overview` and `replica` only for admins: a moderator's page carries no site figures. */
type Props = {
  adminId: number;
  role: Role;
  categories: Category[];
  overview: Overview | null;
  replica: ReplicaOverview | null;
  initialTab?: Tab;
};

const TAB_CLASS = "shrink-0 rounded-md px-3 py-2 text-sm font-medium";

/** The tabs whose queue length shows as a badge (from `GET /api/admin/counts`). */
type Counted = "pending" | "reported" | "held";
const isCounted = (tab: Tab): tab is Counted => tab === "pending" || tab === "reported" || tab === "held";

/** The admin dashboard island: the tab bar (with pending and reported counts) and the open tab; the tabs live in ./admin/. */
export default function AdminDashboard({ adminId, role, categories, overview, replica, initialTab }: Props) {
  const [tab, setTab] = useState<Tab>(initialTab ?? (firstTab(role) as Tab));
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
    overview: overview && replica ? <OverviewTab overview={overview} replica={replica} /> : null,
    pending: <PendingTab changed={refreshCounts} canFeature={role === "admin"} />,
    reported: <ReportedTab changed={refreshCounts} />,
    held: <HeldTab changed={refreshCounts} />,
    users: <UsersTab adminId={adminId} role={role} />,
    featured: <FeaturedTab />,
    approved: <ApprovedTab categories={categories} changed={refreshCounts} />,
    signups: <SignupsTab invites={role === "admin"} />,
    settings: <SettingsTab />,
    federation: <FederationTab />,
    categories: <CategoriesTab />,
  };

  return (
    <div>
      <div role="tablist" aria-label="Admin sections" className="mb-4 flex flex-wrap gap-1 rounded-lg bg-neutral-900 p-1">
        {tabsFor(role).map(([key, label]) => {
          // The Log is a page of its own, rendered on the server (issue 34 point 7): its tab is a link there.
          if (key === "log") {
            return (
              <a
                key={key}
                role="tab"
                aria-selected={false}
                href={adminTabHref(key)}
                className={`${TAB_CLASS} text-neutral-300 hover:text-white`}
              >
                {label}
              </a>
            );
          }
          const n = isCounted(key) ? counts[key] : undefined;
          return (
            <button
              key={key}
              role="tab"
              type="button"
              id={`tab-${key}`}
              aria-selected={tab === key}
              aria-controls="admin-panel"
              onClick={() => {
                setTab(key);
                // The address names the tab, so a reload, or the way back from a member's page, opens it again.
                history.replaceState(null, "", adminTabHref(key));
              }}
              className={`${TAB_CLASS} ${tab === key ? "bg-neutral-800 text-white" : "text-neutral-300 hover:text-white"}`}
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
