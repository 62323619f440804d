/**
 * URLs of an item's media both sides build (kept apart from media_rules.ts so the home page's
 * modal viewer does not pull in the report and share rules).
 */
import type { ContentType } from "./media_rules.ts";

/** An item's generated placeholder image (`GET /api/content/{id}/thumbnail`): the fallback after a broken thumbnail. */
export const placeholderUrl = (id: number) => `/api/content/${id}/thumbnail?placeholder=true`;

/** An item's own video or image: its stored file, else the direct-link endpoint. */
export const mediaFileUrl = (item: { id: number; contentType: ContentType; videoUrl: string | null; imageUrl: string | null }) =>
  (item.contentType === "video" ? item.videoUrl : item.imageUrl) ?? `/api/videos/${item.id}/direct`;
