import { ADMIN_TABS, type AdminTab, adminTabHref } from "../../common/admin_tabs.ts";

/**
 * The admin sections as links, for the admin pages rendered on the server (the Log, a member's
 * page): the same bar as the dashboard island's tabs, the current one marked.
 */
export function AdminNav({ current }: { current: AdminTab | null }) {
  return (
    <nav aria-label="Admin sections" className="mb-4 flex flex-wrap gap-1 rounded-lg bg-neutral-900 p-1">
      {ADMIN_TABS.map(([key, label]) => (
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
