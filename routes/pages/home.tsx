import { Hono } from "hono";
import type { AppEnv } from "../../lib/app_env.ts";
import { renderPage } from "../../lib/render.tsx";
import { listNewestApproved } from "../../db/queries/media.ts";
import { toContentItem } from "../../lib/content_item.ts";

const HOME_ITEMS = 24;

/** `/`: a server-rendered grid of the newest approved items (the feed issue replaces it). */
export const homePage = new Hono<AppEnv>().get("/", async (c) => {
  const items = (await listNewestApproved(c.var.db, HOME_ITEMS)).map(toContentItem);
  const { siteName, tagline } = c.var.config;
  return renderPage(
    c,
    (
      <section className="mx-auto max-w-[1800px] px-3 py-6 sm:px-6">
        <h1 className="sr-only">{siteName}: {tagline}</h1>
        {items.length === 0
          ? <p className="py-24 text-center text-neutral-400">No content available</p>
          : (
            <ul className="grid grid-cols-1 gap-4 lg:grid-cols-2 2xl:grid-cols-3">
              {items.map((item, i) => (
                <li key={item.id}>
                  <a href={`/media/${item.slug}`} className="group block overflow-hidden rounded-xl bg-neutral-900">
                    <img
                      src={item.thumbnail}
                      alt=""
                      width={640}
                      height={360}
                      loading={i < 3 ? "eager" : "lazy"}
                      className="aspect-video w-full object-cover transition group-hover:opacity-90"
                    />
                    <div className="p-3">
                      <h2 className="line-clamp-1 font-semibold">{item.title}</h2>
                      <p className="text-sm text-neutral-400">{item.uploaderName} · {item.aiGenerator || "AI Artist"}</p>
                    </div>
                  </a>
                </li>
              ))}
            </ul>
          )}
      </section>
    ),
    { meta: { title: siteName, description: `${siteName}: ${tagline}. Watch and share AI-generated videos and images.`, canonical: "/" } },
  );
});
