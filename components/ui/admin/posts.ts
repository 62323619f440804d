import type { PostRef } from "../../../common/moderation.ts";

/** A post's admin path: `/api/admin/posts/{kind}/{id}`. */
export const postPath = (p: PostRef) => `/api/admin/posts/${p.kind}/${p.id}`;

/** A post's key in lists and selections: ids repeat across kinds. */
export const rowKey = (p: PostRef) => `${p.kind}:${p.id}`;

export function refOfKey(key: string): PostRef {
  const [kind, id] = key.split(":");
  return { kind: kind as PostRef["kind"], id: Number(id) };
}
