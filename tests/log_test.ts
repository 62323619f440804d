/**
 * Issue 31 point 2: a log line never carries a whole statement's parameters or an unbounded value.
 * A statement with 40,000 parameters failed with a 6.8 MB line per request; here the same failure,
 * logged as the app logs it, is a line of a few KB that still says why the statement failed.
 */
import assert from "node:assert/strict";
import { inArray } from "drizzle-orm";
import { media } from "../db/schema/mod.ts";
import { log, LOG_TEXT_MAX } from "../lib/log.ts";
import { makeTestEnv } from "./_helpers.ts";

/** The lines `fn` writes to stderr. */
function linesOf(fn: () => void): string[] {
  const lines: string[] = [];
  const original = console.error;
  console.error = (line: string) => lines.push(line);
  try {
    fn();
  } finally {
    console.error = original;
  }
  return lines;
}

Deno.test("[log] a failed statement with 40,000 parameters is logged in a few KB: no parameters, its SQL cut, its cause kept", async () => {
  await using env = await makeTestEnv();
  const ids = Array.from({ length: 40_000 }, (_, i) => 7_000_000 + i);
  const error = await env.db.select({ id: media.id }).from(media).where(inArray(media.id, ids)).all().then(() => null, (e) => e);
  assert.ok(error instanceof Error, "the statement fails");
  assert.ok(String(error.stack).length > 200_000, "its own text holds every parameter");
  for (const field of [error, String(error.stack), String(error)]) {
    const [line] = linesOf(() => log.error("request failed", { requestId: "1", path: "/api/content/feed", error: field }));
    assert.ok(line.length < 2 * LOG_TEXT_MAX, `a line of ${line.length} characters`);
    const entry = JSON.parse(line);
    assert.equal(entry.msg, "request failed");
    assert.match(entry.error, /Failed query: select "id" from "media"/);
    assert.match(entry.error, /params: \(\d+ characters left out\)/);
    assert.doesNotMatch(line, /7000123/, "no parameter value");
  }
  // Given the error itself, the line says why it failed.
  const [line] = linesOf(() => log.error("request failed", { error }));
  assert.match(JSON.parse(line).error, /cause: .*too many SQL variables/is);
});

Deno.test("[log] every text and list in a line is cut, however the value is nested", () => {
  const huge = "x".repeat(1_000_000);
  const [line] = linesOf(() =>
    log.warn(huge, { detail: huge, nested: { deeper: [huge, huge] }, list: Array.from({ length: 100_000 }, (_, i) => i) })
  );
  assert.ok(line.length < 32_768, `a line of ${line.length} characters`);
  const entry = JSON.parse(line);
  assert.ok(entry.t && entry.level === "warn");
});

Deno.test("[log] ordinary lines are written as given", () => {
  const [line] = linesOf(() => log.error("job claim failed", { id: 3, error: "database is locked", keys: ["a", "b"] }));
  const { t: _t, ...rest } = JSON.parse(line);
  assert.deepEqual(rest, { level: "error", msg: "job claim failed", id: 3, error: "database is locked", keys: ["a", "b"] });
});
