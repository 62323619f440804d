import { Hono } from "hono";
import { Island } from "../../components/Island.tsx";
import { listCategoryOptions } from "../../db/queries/admin.ts";
import AdminDashboard from "../../islands/AdminDashboard.tsx";
import type { AppEnv } from "../../lib/app_env.ts";
import { renderPage } from "../../lib/render/render.tsx";
import { loadOverview } from "../../lib/community/site_overview.ts";
import { overviewOf, readReplicaStatus } from "../../lib/replica/status.ts";
import { adminTabHref, isAdminTab } from "../../common/admin_tabs.ts";

/** `/admin`: the moderation dashboard. Members and visitors are sent home. */
export const adminPage = new Hono<AppEnv>().get("/", async (c) => {
  const user = c.var.user;
  if (!user?.isAdmin) return c.redirect("/", 302);
  const tab = c.req.query("tab");
  if (tab === "log") return c.redirect(adminTabHref("log"), 302);
  const initialTab = isAdminTab(tab) && tab !== "log" ? tab : "overview";
  const [categories, overview, replica] = await Promise.all([
    listCategoryOptions(c.var.db),
    loadOverview(c.var.db, c.var.config),
    readReplicaStatus(c.var.config).then(overviewOf),
  ]);
  return renderPage(
    c,
    (
      <section className="mx-auto max-w-6xl px-3 py-6 sm:px-6">
        <h1 className="mb-4 text-2xl font-bold">Admin Dashboard</h1>
        <Island name="AdminDashboard" component={AdminDashboard} props={{ adminId: user.id, categories, overview, replica, initialTab }} />
      </section>
    ),
    { meta: { title: "Admin Dashboard", noindex: true } },
  );
});
