import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { ErrorPage } from "../../components/ErrorPage.tsx";
import type { AppEnv } from "../../lib/app_env.ts";
import { renderPage } from "../../lib/render.tsx";

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
