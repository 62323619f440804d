/** The error pages: 404, other failures, and the missing-content page of media and embeds. */
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { ErrorPage } from "../../components/ErrorPage.tsx";
import type { AppEnv } from "../app_env.ts";
import { CONTENT_NOT_FOUND, CONTENT_NOT_FOUND_TEXT } from "../../common/media_rules.ts";
import { renderPage } from "./render.tsx";

export const NOT_FOUND_TITLE = "404 Page Not Found";

export function notFoundPage(c: Context<AppEnv>) {
  return renderPage(c, <ErrorPage title={NOT_FOUND_TITLE} message="The page you're looking for doesn't exist or has been moved." />, {
    meta: { title: NOT_FOUND_TITLE, noindex: true },
    status: 404,
  });
}

export function errorPage(c: Context<AppEnv>, status: ContentfulStatusCode, message: string) {
  if (status === 404) return notFoundPage(c);
  return renderPage(c, <ErrorPage title="Something went wrong" message={message} />, { meta: { title: "Error", noindex: true }, status });
}

/** The 404 of a missing, deleted or not-yet-visible item, with the spec's texts and two buttons. */
export function contentNotFound(c: Context<AppEnv>, bare = false) {
  return renderPage(
    c,
    (
      <ErrorPage
        title={CONTENT_NOT_FOUND}
        message={CONTENT_NOT_FOUND_TEXT}
        actions={[{ label: "Retry Loading", href: c.req.path }, { label: "Return to Homepage", href: "/" }]}
      />
    ),
    { meta: { title: CONTENT_NOT_FOUND, noindex: true }, status: 404, bare },
  );
}
