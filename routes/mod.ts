import { notificationsApi, notificationSettingsApi } from "./api/notifications.ts";
import { notificationsPage } from "./pages/notifications.tsx";
import type { Hono } from "hono";
import type { AppEnv } from "../lib/app_env.ts";
import type { RateLimiter } from "../lib/http/rate_limit.ts";
import { accountApi } from "./api/account.ts";
import { socialLinksApi } from "./api/social_links.ts";
import { adminApi } from "./api/admin.ts";
import { adminPostsApi } from "./api/admin_posts.ts";
import { watchedWordsApi } from "./api/watched_words.ts";
import { federationAdminApi } from "./api/federation_admin.ts";
import { remoteBlocksApi } from "./api/remote_blocks.ts";
import { remoteFollowApi } from "./api/remote_follow.ts";
import { adminUsersApi } from "./api/admin_users.ts";
import { adminSettingsApi } from "./api/admin_settings.ts";
import { adminRegistrationsApi } from "./api/admin_registrations.ts";
import { adminInvitesApi } from "./api/admin_invites.ts";
import { adminCategoriesApi } from "./api/admin_categories.ts";
import { postReportsApi } from "./api/post_reports.ts";
import { mutesApi } from "./api/mutes.ts";
import { collectionsApi } from "./api/collections.ts";
import { ownCollectionsApi, userCollectionsApi, watchLaterApi } from "./api/collection_lists.ts";
import { pagesApi } from "./api/pages.ts";
import { ageGateRoutes } from "./age_gate.ts";
import { authApi } from "./api/auth.ts";
import { categoriesApi } from "./api/categories.ts";
import { feedApi } from "./api/feed.ts";
import { forumApi } from "./api/forum.ts";
import { searchApi } from "./api/search.ts";
import { commentsApi } from "./api/comments.ts";
import { commentLikesApi } from "./api/comment_likes.ts";
import { contentApi } from "./api/content.ts";
import { feedLikeApi, likedItemsApi, likesApi } from "./api/likes.ts";
import { followApi, followListsApi, publicFollowListsApi } from "./api/follows.ts";
import { messagesApi } from "./api/messages.ts";
import { historyApi, progressApi } from "./api/history.ts";
import { passwordResetApi } from "./api/password_reset.ts";
import { reportsApi } from "./api/reports.ts";
import { s3Api } from "./api/s3.ts";
import { videosApi } from "./api/videos.ts";
import { uploadApi } from "./api/upload.ts";
import { userVideosApi } from "./api/user_videos.ts";
import { usersApi } from "./api/users.ts";
import { videoEditsApi } from "./api/video_edits.ts";
import { adminPage } from "./pages/admin.tsx";
import { adminLogPage } from "./pages/admin_log.tsx";
import { adminMemberPage } from "./pages/admin_member.tsx";
import { authPage } from "./pages/auth.tsx";
import { socialAuth } from "./pages/social.ts";
import { homePage } from "./pages/home.tsx";
import { legalPages } from "./pages/legal.tsx";
import { forumPage } from "./pages/forum.tsx";
import { searchPage } from "./pages/search.tsx";
import { seoRoutes } from "./seo.ts";
import { embedPage } from "./pages/embed.tsx";
import { mediaPage } from "./pages/media.tsx";
import { myVideosPage } from "./pages/my_videos.tsx";
import { myMessagesPage } from "./pages/my_messages.tsx";
import { userProfilePage } from "./pages/user_profile.tsx";
import { tagsPage } from "./pages/tags.tsx";
import { historyPage } from "./pages/history.tsx";
import { followListsPage, ownFollowersPage } from "./pages/follow_lists.tsx";
import { collectionPage } from "./pages/collection.tsx";
import { passwordResetPages } from "./pages/password_reset.tsx";
import { profilePage } from "./pages/profile.tsx";
import { followingPage } from "./pages/following.tsx";
import { likedPage } from "./pages/liked.tsx";
import { verifyEmailPage } from "./pages/verify_email.tsx";
import { staticFiles } from "./static.ts";
import { uploadedFiles } from "./uploads.ts";
import { oembedRoutes } from "./oembed.ts";
import { feedRoutes } from "./feeds.ts";
import { openApiRoutes } from "./api/openapi.ts";
import { apiDocsPage } from "./pages/api_docs.tsx";

export type RouteDeps = { limiter: RateLimiter };

/**
 * Mounts one sub-app per resource at its own prefix, so a path names the file that serves it
 * (the spec fixes the paths). Where one resource has several paths, each mount says so.
 */
export function mountRoutes(app: Hono<AppEnv>, deps: RouteDeps) {
  app.route("/static", staticFiles);
  app.route("/uploads", uploadedFiles);

  // auth.ts: the spec's four account endpoints sit directly under /api (/user, /login, /register, /logout).
  app.route("/api", authApi(deps.limiter));
  app.route("/api/pages", pagesApi);
  // openapi.ts: /api/openapi.json; api_docs.tsx: /api/docs, the same document as a page.
  app.route("/api", openApiRoutes);
  app.route("/api", apiDocsPage);
  app.route("/api/forum", forumApi(deps.limiter));
  app.route("/api/users", usersApi(deps.limiter));
  // follows.ts: following a member (/api/users/{id}/follow) and one's own lists and feed address (/api/user/...).
  app.route("/api/users", followApi(deps.limiter));
  app.route("/api/users", publicFollowListsApi);
  app.route("/api/user", followListsApi);
  app.route("/api/user/likes", likedItemsApi);
  app.route("/api/notifications", notificationsApi);
  app.route("/api/user", notificationSettingsApi);
  app.route("/api/user/mutes", mutesApi(deps.limiter));
  // remote_blocks.ts: a member's blocks and mutes of accounts on other servers (issue 40 point 5).
  app.route("/api/user/remote-actors", remoteBlocksApi(deps.limiter));
  // collections.ts: /api/collections; collection_lists.ts: a member's list (/api/users/{id}/collections) and one's own.
  app.route("/api/collections", collectionsApi(deps.limiter));
  app.route("/api/users", userCollectionsApi);
  app.route("/api/user/collections", ownCollectionsApi);
  app.route("/api/user/watch-later", watchLaterApi);
  // admin_posts.ts and watched_words.ts: the moderation of comments and forum posts (issue 34), each admin-only on its own.
  app.route("/api/admin/posts", adminPostsApi);
  app.route("/api/admin/watched-words", watchedWordsApi);
  // federation_admin.ts: blocked servers, known servers and bans of remote accounts (issue 40 point 5).
  app.route("/api/admin/federation", federationAdminApi);
  // remote_follow.ts: "Follow from your server" on a public profile (issue 40 point 2).
  app.route("/api/federation", remoteFollowApi(deps.limiter));
  // admin_users.ts: the Users tab and each member's page with its actions (issue 34 point 4).
  app.route("/api/admin/users", adminUsersApi);
  // Issue 41: the site's settings, the sign-ups waiting for approval and the invite codes, each admin-only on its own.
  app.route("/api/admin/settings", adminSettingsApi);
  app.route("/api/admin/registrations", adminRegistrationsApi);
  app.route("/api/admin/invites", adminInvitesApi);
  app.route("/api/admin/categories", adminCategoriesApi);
  app.route("/api/admin", adminApi);
  app.route("/api/categories", categoriesApi);
  app.route("/api/content/feed", feedApi);
  app.route("/api/content", contentApi);
  // likes.ts: the like of an item (/api/videos/{id}/like) and the feed's variant (/api/like).
  app.route("/api/like", feedLikeApi);
  app.route("/api/messages", messagesApi(deps.limiter));
  // reports.ts: the spec's client posts to both paths (decision 036).
  const reports = reportsApi(deps.limiter);
  app.route("/api/reports", reports);
  app.route("/api/report", reports);
  // post_reports.ts: reports of item comments (/api/videos/...) and forum posts (/api/forum/...), issue 34.
  app.route("/api", postReportsApi(deps.limiter));
  app.route("/api/s3", s3Api);
  app.route("/api/search", searchApi);
  app.route("/api/upload", uploadApi(deps.limiter));
  app.route("/api/user", userVideosApi);
  // One resource, four files: reading (videos.ts), writing (video_edits.ts), likes and comments.
  app.route("/api/videos", videosApi);
  app.route("/api/videos", videoEditsApi(deps.limiter));
  app.route("/api/videos", likesApi);
  // history.ts: the player's position beats (/api/videos/{id}/progress) and the member's history (/api/user/history).
  app.route("/api/videos", progressApi(deps.limiter));
  app.route("/api/user/history", historyApi);
  app.route("/api/videos", commentsApi(deps.limiter));
  app.route("/api/videos", commentLikesApi(deps.limiter));

  app.route("/media", mediaPage);
  app.route("/embed", embedPage);
  app.route("/oembed", oembedRoutes);
  app.route("/feeds", feedRoutes);
  app.route("/api/user", accountApi(deps.limiter));
  app.route("/api/user/social", socialLinksApi(deps.limiter));
  // password_reset.ts: the spec puts /forgot-password, /verify-reset-token and /reset-password directly under /api.
  app.route("/api", passwordResetApi(deps.limiter));
  app.route("/auth", socialAuth);
  app.route("/auth", authPage(deps.limiter));
  app.route("/my-videos", myVideosPage);
  // admin_log.tsx and admin_member.tsx: the Log tab and a member's page, rendered on the server (issue 34).
  app.route("/admin/log", adminLogPage);
  app.route("/admin/users", adminMemberPage);
  app.route("/admin", adminPage);
  app.route("/search", searchPage);
  app.route("/forum", forumPage);
  app.route("/my-messages", myMessagesPage);
  app.route("/user", followListsPage);
  app.route("/user", userProfilePage);
  app.route("/tags", tagsPage);
  app.route("/collections", collectionPage);
  app.route("/profile", ownFollowersPage);
  app.route("/profile", profilePage);
  app.route("/following", followingPage);
  app.route("/liked", likedPage);
  app.route("/history", historyPage);
  app.route("/notifications", notificationsPage);
  // password_reset.tsx: /forgot-password and /reset-password; seo.ts: /robots.txt and /sitemap.xml.
  app.route("/", passwordResetPages);
  app.route("/", verifyEmailPage);
  app.route("/", homePage);
  app.route("/", seoRoutes);
  app.route("/", legalPages);
  app.route("/", ageGateRoutes);
}
