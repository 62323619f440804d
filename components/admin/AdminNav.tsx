import { type AdminTab, adminTabHref, tabsFor } from "../../common/admin_tabs.ts";
import type { Role } from "../../common/roles.ts";

/**
 * The admin sections as links, for the admin pages rendered on the server (the Log, a member's
 * page): the same bar as the dashboard island's tabs, those the viewer's role may use, the current one marked.
 */
export function AdminNav({ current, role }: { current: AdminTab | null; role: Role }) {
  return (
    <nav aria-label="Admin sections" className="mb-4 flex flex-wrap gap-1 rounded-lg bg-neutral-900 p-1">
      {tabsFor(role).map(([key, label]) => (
        <a
          key={key}
          href={adminTabHref(key)}
          aria-current={key === current ? "page" : undefined}
          className={`shrink-0 rounded-md px-3 py-2 text-sm font-medium ${
            key === current ? "bg-neutral-800 text-white" : "text-neutral-300 hover:text-white"
          }`}
        >
          {label}
        </a>
      ))}
    </nav>
  );
}
