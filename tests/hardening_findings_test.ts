/** Issue 19 point 4: the low findings of the second attack probe, one test each. */
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { auditLog, media } from "../db/schema/mod.ts";
import { readPngGeneration } from "../lib/media/png_metadata.ts";
import { setLogLevel } from "../lib/log.ts";
import { MAX_NESTING, normalizeStrings, TooDeepError } from "../common/text.ts";
import { USERNAME_RESERVED_MSG } from "../common/auth_rules.ts";
import { UPLOAD_MSG } from "../common/upload_rules.ts";
import { categoryIds, createMedia, errorOf, json, makeTestEnv, signedInMember } from "./_helpers.ts";
import { multipart, png, withPngText } from "./_media_fixtures.ts";

setLogLevel("error");

const env = await makeTestEnv({ RATE_UPLOADS_PER_USER: "1000", RATE_REGISTER_PER_IP: "1000" });
const { request, db, config } = env;
const admin = await signedInMember(db, { isAdmin: true, emailVerified: true });
const member = await signedInMember(db);
const [category] = await categoryIds(db);

Deno.test.afterAll(() => env.close());

async function upload(name: string, type: string, bytes: Uint8Array): Promise<string> {
  const mp = multipart(name, type, bytes);
  const res = await request("/api/upload/file", {
    method: "POST",
    cookie: member.cookie,
    headers: { "content-type": mp.contentType, "content-length": String(mp.body.length) },
    body: mp.body,
  });
  return (await json(res, 201)).url;
}

const createImage = (imageUrl: string, extra: Record<string, unknown> = {}) =>
  request("/api/videos", {
    cookie: member.cookie,
    json: { title: "From the probe", contentType: "image", imageUrl, categoryId: category.id, ...extra },
  });

Deno.test("[hardening] 10 KB of nested JSON answers 400, not 500; 32 levels still pass", async () => {
  const arrays = "[".repeat(10_000) + "]".repeat(10_000);
  const objects = '{"a":'.repeat(2_000) + "1" + "}".repeat(2_000);
  for (const body of [arrays, objects]) {
    const headers = { "content-type": "application/json" };
    await errorOf(
      await request("/api/login", { method: "POST", headers, body }),
      400,
      `Request body is nested too deeply (at most ${MAX_NESTING} levels)`,
    );
    await errorOf(await request("/api/user", { method: "PATCH", cookie: member.cookie, headers, body }), 400);
  }
  let deep: unknown = "x\u0000";
  for (let i = 0; i < MAX_NESTING; i++) deep = [deep];
  let inner: unknown = normalizeStrings(deep);
  while (Array.isArray(inner)) inner = inner[0];
  assert.equal(inner, "x");
  assert.throws(() => normalizeStrings([deep]), TooDeepError);
});

Deno.test("[hardening] PNG generation metadata is normalised like any input: no bidi override reaches the page, a NUL cuts nothing", async () => {
  // ComfyUI's graph is JSON, so its text may carry any character; Automatic1111's tEXt may carry a raw NUL.
  const graph = JSON.stringify({ "3": { class_type: "CLIPTextEncode", inputs: { text: "a cat \u202Egnp.exe\u0000 in the rain" } } });
  const comfy = withPngText(
    await png("#335577"),
    "prompt",
    graph.replace(/[\u0080-\uffff]/g, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, "0")}`),
  );
  assert.deepEqual(readPngGeneration(comfy), { prompt: "a cat gnp.exe in the rain", aiGenerator: "ComfyUI" });
  const a1111 = withPngText(await png("#553377"), "parameters", "a red\u0000 fox at dawn\nSteps: 20, Model: fox\u0007-v1");
  assert.deepEqual(readPngGeneration(a1111), { prompt: "a red fox at dawn", aiGenerator: "Stable Diffusion (Automatic1111, fox-v1)" });

  const created = await json(await createImage(await upload("comfy.png", "image/png", comfy)), 201);
  const row = await db.select().from(media).where(eq(media.id, created.id)).get();
  assert.equal(row?.prompt, "a cat gnp.exe in the rain");
  await db.update(media).set({ reviewStatus: "approved" }).where(eq(media.id, created.id));
  const page = await (await request(`/media/${created.id}`)).text();
  assert.ok(page.includes("a cat gnp.exe in the rain"));
  assert.ok(!page.includes("\u202E"), "no override on the public page");
});

Deno.test("[hardening] every page or JSON answer built for a signed-in member says private, no-store; files and visitors keep theirs", async () => {
  const item = await createMedia(db, { userId: member.id, title: "Cache probe", contentType: "embed", youtubeId: "dQw4w9WgXcQ" });
  const paths = ["/api/user", "/search?q=probe", `/embed/${item.id}`, "/no-such-page", "/media/999999", "/api/no-such-endpoint"];
  for (const path of paths) {
    const res = await request(path, { cookie: member.cookie });
    await res.body?.cancel();
    assert.equal(res.headers.get("cache-control"), "private, no-store", `${path} (${res.status})`);
  }
  // A refused request of a member, and the answer that signs someone in.
  const refused = await request("/api/user", { method: "PATCH", cookie: member.cookie, json: {} });
  assert.equal(refused.status, 400);
  assert.equal(refused.headers.get("cache-control"), "private, no-store");
  const login = await request("/api/login", { json: { username: member.username, password: member.password } });
  assert.equal(login.status, 200);
  assert.equal(login.headers.get("cache-control"), "private, no-store");
  // A visitor's search stays shareable, and a route's own private policy is kept.
  const visitor = await request("/search?q=probe");
  await visitor.body?.cancel();
  assert.notEqual(visitor.headers.get("cache-control"), "private, no-store");
  const css = readdirSync("static/build").find((f) => f.endsWith(".css"));
  if (css) {
    const file = await request(`/static/build/${css}`, { cookie: member.cookie });
    await file.body?.cancel();
    assert.match(file.headers.get("cache-control") ?? "", /immutable/, "hashed assets stay cacheable for members");
  }
});

Deno.test("[hardening] POST /api/videos refuses an image without an AI tool before re-encoding it", async () => {
  const frames = await sharp({ create: { width: 64, height: 64 * 40, channels: 3, background: "#2a6" } }).gif({ loop: 0 }).toBuffer();
  const url = await upload("many.gif", "image/gif", frames);
  const key = url.replace("/uploads/", "");
  const before = readFileSync(`${config.uploadsDir}/${key}`);
  const thumbs = () => readdirSync(`${config.uploadsDir}`).includes("t") ? readdirSync(`${config.uploadsDir}/t`).length : 0;
  const thumbsBefore = thumbs();
  const started = performance.now();
  await errorOf(await createImage(url), 400, UPLOAD_MSG.aiTool);
  const elapsed = performance.now() - started;
  assert.deepEqual(readFileSync(`${config.uploadsDir}/${key}`), before, "the file was not re-encoded");
  assert.equal(thumbs(), thumbsBefore, "no thumbnail was made");
  assert.ok(elapsed < 2_000, `answered in ${elapsed.toFixed(0)} ms`);
  // The retry with the tool named goes through, on the same upload.
  assert.equal((await json(await createImage(url, { aiGenerator: "Midjourney" }), 201)).aiGenerator, "Midjourney");
});

Deno.test("[hardening] 'Anonymous', 'admin', 'moderator' and the site's name are reserved, whatever their case", async () => {
  const register = (username: string) =>
    request("/api/register", {
      json: { username, email: `${username}@example.com`, dateOfBirth: "1990-01-01", password: "secret-pass", termsAccepted: true },
    });
  for (const name of ["Anonymous", "ANONYMOUS", "admin", "Ad_min", "moderator", "Moderator", "dreamreel", "Dream-Reel"]) {
    await errorOf(await register(name), 400, USERNAME_RESERVED_MSG);
    await errorOf(
      await request("/api/user", { method: "PATCH", cookie: member.cookie, json: { username: name } }),
      400,
      USERNAME_RESERVED_MSG,
    );
  }
  const form = await request("/auth", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      form: "register",
      username: "anonymous",
      email: "anon@example.com",
      dateOfBirth: "1990-01-01",
      password: "secret-pass",
      confirmPassword: "secret-pass",
      termsAccepted: "on",
    }).toString(),
  });
  assert.equal(form.status, 400);
  assert.ok((await form.text()).includes(USERNAME_RESERVED_MSG));
  assert.equal((await json(await register("anonymous_fan"), 201)).username, "anonymous_fan", "a name containing one is fine");
});

Deno.test("[hardening] an owner's edit of an approved item stays live, is audited with the old values, and shows as edited to admins", async () => {
  const item = await createMedia(db, { userId: member.id, title: "Old title", description: "Old text", reviewStatus: "approved" });
  const pending = await createMedia(db, { userId: member.id, title: "Pending title", reviewStatus: "pending" });
  const put = (id: number, body: unknown) => request(`/api/videos/${id}`, { method: "PUT", cookie: member.cookie, json: body });
  const edited = await json(await put(item.id, { title: "New title", description: "Old text" }));
  assert.equal(edited.title, "New title");
  assert.equal(edited.reviewStatus, "approved", "still live");
  await json(await put(pending.id, { title: "Pending edit" }));

  const entries = await db.select().from(auditLog).where(eq(auditLog.action, "content.owner_edit")).all();
  assert.equal(entries.length, 1, "only the approved item's edit is recorded");
  assert.deepEqual([entries[0].actorId, entries[0].targetType, entries[0].targetId], [member.id, "media", item.id]);
  assert.deepEqual(JSON.parse(entries[0].details!), { old: { title: "Old title" }, new: { title: "New title" } });

  const list = await json(await request("/api/admin/content/approved?page=1&limit=50", { cookie: admin.cookie }));
  const shown = list.content.find((c: { id: number }) => c.id === item.id);
  assert.match(shown.editedAt, /^\d{4}-\d{2}-\d{2}T/);
  assert.equal(list.content.find((c: { id: number; editedAt: string | null }) => c.id !== item.id && c.editedAt !== null), undefined);
});
