import type { Hono } from "hono";
import type { AppEnv } from "../lib/app_env.ts";
import type { RateLimiter } from "../lib/rate_limit.ts";
import { authApi } from "./api/auth.ts";
import { categoriesApi } from "./api/categories.ts";
import { messagesApi } from "./api/messages.ts";
import { uploadApi } from "./api/upload.ts";
import { userVideosApi } from "./api/user_videos.ts";
import { videoEditsApi } from "./api/video_edits.ts";
import { accountPages } from "./pages/account.tsx";
import { authPage, socialAuth } from "./pages/auth.tsx";
import { homePage } from "./pages/home.tsx";
import { myVideosPage } from "./pages/my_videos.tsx";
import { staticFiles } from "./static.ts";
import { uploadedFiles } from "./uploads.ts";

export type RouteDeps = { limiter: RateLimiter };

/** Mounts one sub-app per resource. */
export function mountRoutes(app: Hono<AppEnv>, deps: RouteDeps) {
  app.route("/static", staticFiles);
  app.route("/uploads", uploadedFiles);
  app.route("/api", authApi(deps.limiter));
  app.route("/api/messages", messagesApi);
  app.route("/api/categories", categoriesApi);
  app.route("/api/upload", uploadApi(deps.limiter));
  app.route("/api/videos", videoEditsApi(deps.limiter));
  app.route("/api/user", userVideosApi);
  app.route("/auth", socialAuth);
  app.route("/auth", authPage);
  app.route("/", myVideosPage);
  app.route("/", accountPages);
  app.route("/", homePage);
}
