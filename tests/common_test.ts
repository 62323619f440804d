/** The pure modules both sides run (common/): formatters, the id rule, and the payload schemas. */
import assert from "node:assert/strict";
import { formatCount, formatDate, formatDuration, formatRelativeTime, hasDuration, normaliseTags, splitTags } from "../common/format.ts";
import { idFromSlug, parseId } from "../common/ids.ts";
import { MSG } from "../common/auth_rules.ts";
import { MEDIA_MSG } from "../common/media_rules.ts";
import { UPLOAD_MSG } from "../common/upload_rules.ts";
import { loginSchema, registerFormSchema } from "../common/schemas/auth.ts";
import { commentSchema } from "../common/schemas/comments.ts";
import { fieldErrors, firstError } from "../common/schemas/form.ts";
import { createMediaSchema, mediaEditSchema } from "../common/schemas/media.ts";
import { reportSchema } from "../common/schemas/reports.ts";
import { rejectSchema } from "../common/schemas/admin.ts";
import { AI_GENERATORS, AI_TOOLS, FEATURED_TOOL } from "../common/ai_tools.ts";
import { muteLabel } from "../common/mute_labels.ts";
import { muteTargetsOf } from "../components/ui/card_mutes.ts";

Deno.test("[unit] formatDuration: m:ss (minutes keep counting), a dash when absent; hasDuration only for positive seconds", () => {
  assert.equal(formatDuration(2), "0:02");
  assert.equal(formatDuration(59.6), "1:00");
  assert.equal(formatDuration(3725), "62:05");
  for (const absent of [null, undefined, Number.NaN, -1]) assert.equal(formatDuration(absent), "—");
  assert.deepEqual([0, null, 3, Number.POSITIVE_INFINITY].map(hasDuration), [false, false, true, false]);
});

Deno.test("[unit] tags: trimmed, '#' dropped, empties and repeats removed; normalised as 'a, b'", () => {
  assert.deepEqual(splitTags(" #cats, dogs,, cats ,##dogs,  # "), ["cats", "dogs"]);
  assert.deepEqual(splitTags(null), []);
  assert.equal(normaliseTags(" cats, ,dogs ,  "), "cats, dogs");
});

Deno.test("[unit] formatDate: UTC calendar dates in three styles, a dash for none", () => {
  const iso = "2025-03-14T23:30:00.000Z";
  assert.equal(formatDate(iso), "March 14, 2025");
  assert.equal(formatDate(iso, "short"), "Mar 14, 2025");
  assert.equal(formatDate(iso, "numeric"), "3/14/2025");
  assert.equal(formatDate(Date.parse(iso), "short"), "Mar 14, 2025");
  for (const none of [null, undefined, "", "not a date"]) assert.equal(formatDate(none), "—");
});

Deno.test("[unit] formatRelativeTime: just now, minutes, hours, yesterday, days, weeks, months, years", () => {
  const now = Date.parse("2025-06-01T12:00:00Z");
  const ago = (seconds: number) => new Date(now - seconds * 1000).toISOString();
  assert.equal(formatRelativeTime(ago(20), now), "just now");
  assert.equal(formatRelativeTime(ago(-300), now), "just now", "a clock ahead of ours");
  assert.equal(formatRelativeTime(ago(60), now), "1 minute ago");
  assert.equal(formatRelativeTime(ago(45 * 60), now), "45 minutes ago");
  assert.equal(formatRelativeTime(ago(3 * 3600), now), "3 hours ago");
  assert.equal(formatRelativeTime(ago(30 * 3600), now), "yesterday");
  assert.equal(formatRelativeTime(ago(3 * 86_400), now), "3 days ago");
  assert.equal(formatRelativeTime(ago(15 * 86_400), now), "2 weeks ago");
  assert.equal(formatRelativeTime(ago(65 * 86_400), now), "2 months ago");
  assert.equal(formatRelativeTime(ago(400 * 86_400), now), "1 year ago");
  assert.equal(formatRelativeTime("nonsense", now), "—");
});

Deno.test("[unit] parseId: whole numbers from 1 to 2^53-1, as digits or a JSON number; idFromSlug reads a slug's last digits", () => {
  assert.deepEqual(["1", "007", "9007199254740991", 42].map(parseId), [1, 7, 9007199254740991, 42]);
  for (const bad of ["0", 0, "-1", "1.5", 1.5, "1e3", " 1", "", "9007199254740992", "99999999999999999999", null, {}, "abc"]) {
    assert.equal(parseId(bad), null, String(bad));
  }
  assert.equal(idFromSlug("a-dream-of-glass-42"), 42);
  assert.equal(idFromSlug("42"), 42);
  for (const bad of ["title-0", "abc", "title-", "-1"]) assert.equal(idFromSlug(bad), null, bad);
});

Deno.test("[unit] the Register form reports every field at once, with the spec's messages", () => {
  const errors = fieldErrors(registerFormSchema.safeParse({
    username: "a!",
    email: "nope",
    dateOfBirth: "2020-01-01",
    password: "123",
    confirmPassword: "1234",
    termsAccepted: false,
  }));
  assert.deepEqual(errors, {
    username: MSG.usernameShort,
    email: MSG.email,
    dateOfBirth: MSG.age,
    password: MSG.passwordShort,
    termsAccepted: MSG.terms,
    confirmPassword: MSG.match,
  });
  const ok = { username: "mira", email: "m@example.com", dateOfBirth: "1990-05-01", password: "secret1", termsAccepted: true };
  assert.deepEqual(fieldErrors(registerFormSchema.safeParse({ ...ok, confirmPassword: "secret1" })), {});
  assert.equal(
    fieldErrors(registerFormSchema.safeParse({ ...ok, dateOfBirth: "1939-12-31", confirmPassword: "secret1" })).dateOfBirth,
    MSG.dob,
  );
  assert.deepEqual(fieldErrors(loginSchema.safeParse({ username: "ab", password: "x" })), {
    username: MSG.usernameShort,
    password: MSG.passwordShort,
  });
});

Deno.test("[unit] comment, report, reject, upload and edit schemas give the forms the route's messages", () => {
  assert.equal(firstError(commentSchema.safeParse({ content: "   " })), MEDIA_MSG.commentEmpty);
  assert.equal(firstError(commentSchema.safeParse({ content: "x".repeat(2001) })), MEDIA_MSG.commentLong);
  assert.deepEqual(commentSchema.safeParse({ text: "  hi  " }), { success: true, data: "hi" });
  assert.equal(firstError(reportSchema.safeParse({ videoId: 1, reason: " " })), MEDIA_MSG.reasonRequired);
  assert.equal(firstError(reportSchema.safeParse({ videoId: 1, reason: "spam" })), MEDIA_MSG.reasonUnknown);
  assert.equal(firstError(reportSchema.safeParse({ videoId: 1, reason: "other", details: "x".repeat(1001) })), MEDIA_MSG.detailsLong);
  assert.equal(firstError(rejectSchema.safeParse({ reason: "  " })), "A reason is required to reject content");
  const upload = { title: "A dream", categoryId: 3, contentType: "video" };
  assert.equal(firstError(createMediaSchema.safeParse({ ...upload, title: " ab " })), UPLOAD_MSG.title);
  for (const categoryId of [0, "", "x", -2, 1.5, undefined]) {
    assert.equal(firstError(createMediaSchema.safeParse({ ...upload, categoryId })), UPLOAD_MSG.category, String(categoryId));
  }
  assert.equal(createMediaSchema.safeParse({ ...upload, categoryId: "12" }).data?.categoryId, 12);
  assert.equal(firstError(mediaEditSchema.safeParse({ title: " " })), "Title is required");
  assert.equal(firstError(mediaEditSchema.safeParse({ reviewStatus: "x" })), "Invalid input", "an unknown field (the route says which)");
});

Deno.test("[common] formatCount gives what toLocaleString('en-US') gives", () => {
  for (const n of [0, 1, 999, 1000, 12_345, 1_234_567, -4200, 3.5]) assert.equal(formatCount(n), n.toLocaleString("en-US"));
});

Deno.test("[unit] issue 36 point 16: the upload form's generators are the Create dialog's tools, spelled alike, then Other", () => {
  const created = [FEATURED_TOOL, ...AI_TOOLS].map((t) => t.generator ?? t.name);
  for (const name of ["Stable Diffusion", "ComfyUI", "Leonardo", "OpenAI Sora", ...created]) {
    assert.ok(AI_GENERATORS.includes(name), `${name} in the upload list`);
  }
  assert.ok(!AI_GENERATORS.includes("Open AI Sora"));
  assert.equal(AI_GENERATORS.at(-1), "Other");
  assert.equal(new Set(AI_GENERATORS).size, AI_GENERATORS.length, "no name twice");
});

Deno.test("[unit] issue 36 point 16: one wording for a mute target, on cards and on the media page", () => {
  assert.deepEqual(
    [muteLabel("user", "mira_lumen"), muteLabel("generator", "Kling"), muteLabel("tag", "fractal")],
    ["@mira_lumen", "generator Kling", "#fractal"],
  );
  const fromCard = muteTargetsOf({ uploaderName: "mira_lumen", aiGenerator: " Kling ", tags: "fractal" }).map((t) => t.label);
  assert.deepEqual(fromCard, ["@mira_lumen", "generator Kling", "#fractal"]);
});
