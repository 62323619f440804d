import { toSignIn } from "../../lib/auth/guards.ts";
import { Hono } from "hono";
import { Island } from "../../components/Island.tsx";
import MyVideos, { type MyItem, toMyItem } from "../../islands/MyVideos.tsx";
import type { AppEnv } from "../../lib/app_env.ts";
import { toOwnerItem } from "../../lib/media/content_item.ts";
import { renderPage } from "../../lib/render/render.tsx";
import { log } from "../../lib/log.ts";
import { listItemsByUser } from "../../db/queries/uploads.ts";

/** /my-videos (spec part 2 "My Videos"): the member's own items in every review state. */
export const myVideosPage = new Hono<AppEnv>().get("/", async (c) => {
  const { user, db } = c.var;
  if (!user) return toSignIn(c);
  let items: MyItem[] = [];
  let loadError = false;
  try {
    items = (await listItemsByUser(db, user.id)).map((r) => toMyItem(toOwnerItem(r), r.hidden));
  } catch (e) {
    log.error("my videos failed to load", { userId: user.id, error: e });
    loadError = true;
  }
  return renderPage(c, <Island name="MyVideos" component={MyVideos} props={{ items, loadError }} />, {
    meta: { title: "My Videos", noindex: true },
  });
});
