/**
 * Issue 36 point 5: members edit the category, tags, AI generator and prompt of their own items
 * too, with the admin dialog's limits (one schema, common/schemas/media.ts mediaEditSchema), and
 * keep the upload's rules (a category, an AI generator); an edit of an approved item is audited
 * with the old and new values of every field it changed.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { auditLog, media } from "../db/schema/mod.ts";
import { categoryIds, createMedia, errorOf, json, makeTestEnv, signedInMember } from "./_helpers.ts";
import { mediaEditSchema } from "../common/schemas/media.ts";
import { firstError } from "../common/schemas/form.ts";
import { UPLOAD_MSG } from "../common/upload_rules.ts";
import { validateEdit } from "../common/edit_rules.ts";

const env = await makeTestEnv();
const { db, request } = env;
const owner = await signedInMember(db, { username: "edit_owner" });
const other = await signedInMember(db, { username: "edit_other" });
const admin = await signedInMember(db, { username: "edit_admin", isAdmin: true });
const [first, second] = await categoryIds(db);

Deno.test.afterAll(() => env.close());

const put = (id: number, cookie: string | undefined, body: unknown) => request(`/api/videos/${id}`, { method: "PUT", cookie, json: body });
const row = (id: number) => db.select().from(media).where(eq(media.id, id)).get();
const edits = (id: number) =>
  db.select().from(auditLog).where(eq(auditLog.targetId, id)).all().then((rows) => rows.filter((r) => r.action === "content.owner_edit"));

Deno.test("[api] issue 36 point 5: the owner edits category, AI generator, prompt and tags of their pending item", async () => {
  const item = await createMedia(db, {
    userId: owner.id,
    title: "Mine",
    categoryId: first.id,
    aiGenerator: "Kling",
    reviewStatus: "pending",
  });
  const body = { title: "Mine, renamed", categoryId: second.id, aiGenerator: "Stable Diffusion", prompt: "a spiral", tags: "spiral,neon" };
  const next = await json(await put(item.id, owner.cookie, body));
  assert.deepEqual(
    [next.title, next.categoryId, next.categoryName, next.aiGenerator, next.prompt, next.tags],
    [body.title, second.id, second.name, body.aiGenerator, body.prompt, body.tags],
  );
  const stored = await row(item.id);
  assert.deepEqual([stored!.categoryId, stored!.aiGenerator, stored!.prompt, stored!.tags], [
    second.id,
    "Stable Diffusion",
    "a spiral",
    "spiral,neon",
  ]);
  assert.equal(stored!.reviewStatus, "pending");
  assert.equal(stored!.editedAt, null, "a pending item's edit is no published edit");
  assert.deepEqual(await edits(item.id), []);
});

Deno.test("[api] issue 36 point 5: the owner's limits are the admin's, from the same schema; the upload's rules hold", async () => {
  const item = await createMedia(db, { userId: owner.id, title: "Limits", categoryId: first.id, aiGenerator: "Kling" });
  const bad: [Record<string, unknown>, string][] = [
    [{ aiGenerator: "g".repeat(101) }, "AI generator must be at most 100 characters"],
    [{ prompt: "p".repeat(1001) }, "Prompt must be at most 1000 characters"],
    [{ tags: "t".repeat(201) }, "Tags must be at most 200 characters"],
    [{ categoryId: "x" }, "categoryId must be a number or null"],
    [{ categoryId: 1.5 }, "categoryId must be a number or null"],
    [{ title: " " }, "Title is required"],
    [{ description: "d".repeat(501) }, "Description must be at most 500 characters"],
  ];
  for (const [body, message] of bad) {
    for (const who of [owner, admin]) {
      assert.equal(await errorOf(await put(item.id, who.cookie, body), 400), message, `${who.username} ${JSON.stringify(body)}`);
      assert.equal(firstError(mediaEditSchema.safeParse(body)), message, "the form's schema says the same");
    }
  }
  assert.equal(await errorOf(await put(item.id, owner.cookie, { categoryId: 99999 }), 400), "Unknown category");
  assert.equal(await errorOf(await put(item.id, owner.cookie, { reviewStatus: "approved" }), 400), "Unknown field: reviewStatus");
  // An upload needs a category and an AI generator (spec part 1 §5): an owner's edit keeps them.
  assert.equal(await errorOf(await put(item.id, owner.cookie, { categoryId: null }), 400), UPLOAD_MSG.category);
  assert.equal(await errorOf(await put(item.id, owner.cookie, { categoryId: "" }), 400), UPLOAD_MSG.category);
  assert.equal(await errorOf(await put(item.id, owner.cookie, { aiGenerator: "  " }), 400), UPLOAD_MSG.aiTool);
  const values = { title: "Limits", description: "", categoryId: "", aiGenerator: " ", prompt: "", tags: "" };
  assert.deepEqual(
    validateEdit(values, true),
    { categoryId: UPLOAD_MSG.category, aiGenerator: UPLOAD_MSG.aiTool },
    "the form says so first",
  );
  assert.deepEqual(validateEdit(values), {}, "the admin may leave both empty");
  // Everyone else: the usual answers.
  assert.equal((await put(item.id, other.cookie, { tags: "mine" })).status, 403);
  assert.equal((await put(item.id, undefined, { tags: "mine" })).status, 401);
  assert.equal((await put(999_999, owner.cookie, { tags: "mine" })).status, 404);
  const stored = await row(item.id);
  assert.deepEqual([stored!.categoryId, stored!.aiGenerator, stored!.tags], [first.id, "Kling", ""], "nothing refused was stored");
  // The admin may still leave an item without a category.
  assert.equal((await json(await put(item.id, admin.cookie, { categoryId: null }))).categoryId, null);
});

Deno.test("[api] issue 36 point 5: an owner's edit of an approved item is audited with the old and new values it changed", async () => {
  const item = await createMedia(db, {
    userId: owner.id,
    title: "Live",
    categoryId: first.id,
    aiGenerator: "Kling",
    prompt: "old prompt",
    tags: "old",
    reviewStatus: "approved",
  });
  const body = { title: "Live", categoryId: second.id, aiGenerator: "Kling", prompt: "new prompt", tags: "new,tags" };
  const next = await json(await put(item.id, owner.cookie, body));
  assert.equal(next.reviewStatus, "approved", "still live");
  const [entry, ...more] = await edits(item.id);
  assert.equal(more.length, 0);
  assert.equal(entry.actorId, owner.id);
  assert.deepEqual(JSON.parse(entry.details!), {
    old: { categoryId: first.id, prompt: "old prompt", tags: "old" },
    new: { categoryId: second.id, prompt: "new prompt", tags: "new,tags" },
  });
  assert.ok((await row(item.id))!.editedAt, "marked edited for the moderators");
});
