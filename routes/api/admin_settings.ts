import { Hono } from "hono";
import type { AppEnv } from "../../lib/app_env.ts";
import { adminOnly, requireAdmin } from "../../lib/auth/guards.ts";
import { getSiteSettings, saveSiteSettings } from "../../lib/settings/site_settings.ts";
import { jsonBody } from "../../lib/validate.ts";
import { settingsPatchSchema } from "../../common/schemas/settings.ts";
import type { SiteSettings } from "../../common/site_settings.ts";

/**
 * `GET|PATCH /api/admin/settings` (issue 41 point 1): the site's settings, admin only. A PATCH names only the settings
 * it changes (an unknown name is refused); the whole set is then stored and audited with before and after.
 */
export const adminSettingsApi = new Hono<AppEnv>()
  .use("*", adminOnly)
  .get("/", async (c) => c.json<SiteSettings>(await getSiteSettings(c.var.db, c.var.config)))
  .patch("/", async (c) => {
    const admin = requireAdmin(c);
    const patch = await jsonBody(c, settingsPatchSchema);
    return c.json<SiteSettings>(await saveSiteSettings(c.var.db, c.var.config, patch, admin.id));
  });
