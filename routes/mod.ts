import type { Hono } from "hono";
import type { AppEnv } from "../lib/app_env.ts";
import type { RateLimiter } from "../lib/rate_limit.ts";
import { adminApi } from "./api/admin.ts";
import { authApi } from "./api/auth.ts";
import { feedApi } from "./api/feed.ts";
import { searchApi } from "./api/search.ts";
import { commentsApi } from "./api/comments.ts";
import { contentApi } from "./api/content.ts";
import { likesApi } from "./api/likes.ts";
import { messagesApi } from "./api/messages.ts";
import { reportsApi } from "./api/reports.ts";
import { s3Api } from "./api/s3.ts";
import { videosApi } from "./api/videos.ts";
import { accountPages } from "./pages/account.tsx";
import { adminPage } from "./pages/admin.tsx";
import { authPage } from "./pages/auth.tsx";
import { socialAuth } from "./pages/social.ts";
import { homePage } from "./pages/home.tsx";
import { searchPage } from "./pages/search.tsx";
import { seoRoutes } from "./seo.ts";
import { embedPage } from "./pages/embed.tsx";
import { mediaPage } from "./pages/media.tsx";
import { staticFiles } from "./static.ts";
import { uploadedFiles } from "./uploads.ts";

export type RouteDeps = { limiter: RateLimiter };

/** Mounts one sub-app per resource. */
export function mountRoutes(app: Hono<AppEnv>, deps: RouteDeps) {
  app.route("/static", staticFiles);
  app.route("/uploads", uploadedFiles);
  app.route("/api", authApi(deps.limiter));
  app.route("/api/messages", messagesApi);
  app.route("/api/admin", adminApi);
  app.route("/api", feedApi);
  app.route("/api", searchApi);
  app.route("/api", videosApi);
  app.route("/api", likesApi);
  app.route("/api", commentsApi(deps.limiter));
  app.route("/api", reportsApi(deps.limiter));
  app.route("/api", contentApi);
  app.route("/api", s3Api);
  app.route("/media", mediaPage);
  app.route("/embed", embedPage);
  app.route("/auth", socialAuth);
  app.route("/auth", authPage);
  app.route("/", accountPages);
  app.route("/", adminPage);
  app.route("/", homePage);
  app.route("/", searchPage);
  app.route("/", seoRoutes);
}
