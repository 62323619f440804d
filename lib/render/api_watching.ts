/**
 * Issue 43's endpoints for the OpenAPI document: others' follow lists, the player's position beats and the watch
 * history, spread into lib/render/api_operations.ts's list (their answers are in lib/render/api_responses.ts).
 */
import type { Operation } from "./api_operations.ts";
import type { ResponseName } from "./api_responses.ts";
import { listPageQuery } from "../../common/schemas/follows.ts";
import { progressBody } from "../../common/schemas/history.ts";

type Extra = Partial<Operation>;
const op = (
  tag: string,
  method: Operation["method"],
  path: string,
  summary: string,
  schema: ResponseName,
  extra: Extra = {},
): Operation => ({
  method,
  path,
  tag,
  summary,
  ok: { schema: schema as ResponseName },
  ...extra,
});

export const WATCHING_OPERATIONS: Operation[] = [
  op("social", "get", "/api/users/{id}/followers", "A member's followers, newest first, paged", "UserPage", {
    query: listPageQuery,
    description: "403 when the member hid their lists (`showFollows: false`), except to the member.",
    errors: [403],
  }),
  op("social", "get", "/api/users/{id}/following", "Whom a member follows, newest first, paged", "UserPage", {
    query: listPageQuery,
    description: "403 when the member hid their lists (`showFollows: false`), except to the member.",
    errors: [403],
  }),
  op("content", "post", "/api/videos/{id}/progress", "Save where you are in a video (the player, about every 10 s)", "ProgressSaved", {
    auth: "member",
    body: progressBody,
    description: "Public videos only: 404 for a pending, hidden or missing item, 422 for an image or embed. " +
      "Nothing is recorded while your history is paused (`PATCH /api/user {historyPaused}`).",
    errors: [404, 422, 429],
  }),
  op("account", "get", "/api/user/history", "Your watch history, newest first, with positions", "HistoryPage", {
    auth: "member",
    query: listPageQuery,
  }),
  op("account", "delete", "/api/user/history", "Clear your watch history", "HistoryRemoved", { auth: "member" }),
  op("account", "delete", "/api/user/history/{mediaId}", "Remove one item from your watch history", "HistoryRemoved", {
    auth: "member",
    errors: [404],
  }),
];
