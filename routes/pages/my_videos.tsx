import { toSignIn } from "../../lib/auth/guards.ts";
import { Hono } from "hono";
import { Island } from "../../components/Island.tsx";
import MyVideos, { type MyItem, toMyItem } from "../../islands/MyVideos.tsx";
import type { AppEnv } from "../../lib/app_env.ts";
import { toOwnerItem } from "../../lib/media/content_item.ts";
import { renderPage } from "../../lib/render/render.tsx";
import { log } from "../../lib/log.ts";
import { listItemsByUser } from "../../db/queries/uploads.ts";
import { cachedCategories } from "../../lib/feed/feed.ts";
import { quotaOf } from "../../lib/media/quota.ts";
import type { Quota } from "../../common/quota_rules.ts";

/** /my-videos (spec part 2 "My Videos"): the member's own items in every review state. */
export const myVideosPage = new Hono<AppEnv>().get("/", async (c) => {
  const { user, db } = c.var;
  if (!user) return toSignIn(c);
  let items: MyItem[] = [];
  let categories: { id: number; name: string }[] = [];
  let loadError = false;
  let quota: Quota | null = null;
  try {
    quota = await quotaOf(db, c.var.config, user.id, c.var.now());
    items = (await listItemsByUser(db, user.id)).map((r) => toMyItem(toOwnerItem(r), r.hidden));
    categories = (await cachedCategories(db)).map(({ id, name }) => ({ id, name }));
  } catch (e) {
    log.error("my videos failed to load", { userId: user.id, error: e });
    loadError = true;
  }
  return renderPage(c, <Island name="MyVideos" component={MyVideos} props={{ items, categories, loadError, quota }} />, {
    meta: { title: "My Videos", noindex: true },
  });
});
