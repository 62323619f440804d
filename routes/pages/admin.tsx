import { Hono } from "hono";
import { Island } from "../../components/Island.tsx";
import { listCategoryOptions } from "../../db/queries/admin.ts";
import AdminDashboard from "../../islands/AdminDashboard.tsx";
import type { AppEnv } from "../../lib/app_env.ts";
import { renderPage } from "../../lib/render/render.tsx";
import { loadOverview } from "../../lib/community/site_overview.ts";
import { overviewOf, readReplicaStatus } from "../../lib/replica/status.ts";
import { adminTabHref, firstTab, isAdminTab, mayOpenTab } from "../../common/admin_tabs.ts";
import { canModerate } from "../../common/roles.ts";

/**
 * `/admin`: the moderation dashboard, with the tabs the viewer's role may use (issue 41 point 4).
 * Members and visitors are sent home; a tab not theirs opens their first one.
 */
export const adminPage = new Hono<AppEnv>().get("/", async (c) => {
  const user = c.var.user;
  if (!user || !canModerate(user.role)) return c.redirect("/", 302);
  const tab = c.req.query("tab");
  if (tab === "log" && user.role === "admin") return c.redirect(adminTabHref("log"), 302);
  const asked = isAdminTab(tab) && tab !== "log" && mayOpenTab(user.role, tab) ? tab : firstTab(user.role);
  const initialTab = asked === "log" ? "overview" : asked;
  const isAdmin = user.role === "admin";
  const [categories, overview, replica] = await Promise.all([
    listCategoryOptions(c.var.db),
    isAdmin ? loadOverview(c.var.db, c.var.config) : null,
    isAdmin ? readReplicaStatus(c.var.config).then(overviewOf) : null,
  ]);
  return renderPage(
    c,
    (
      <section className="mx-auto max-w-6xl px-3 py-6 sm:px-6">
        <h1 className="mb-4 text-2xl font-bold">Admin Dashboard</h1>
        <Island
          name="AdminDashboard"
          component={AdminDashboard}
          props={{ adminId: user.id, role: user.role, categories, overview, replica, initialTab }}
        />
      </section>
    ),
    { meta: { title: "Admin Dashboard", noindex: true } },
  );
});
