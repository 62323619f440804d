import assert from "node:assert/strict";
import type { SearchRow } from "../db/queries/search.ts";
import { foldText, rankWindow } from "../lib/feed/search_rank.ts";

const row = (id: number, r: Partial<SearchRow>): SearchRow => ({
  id,
  title: "",
  tags: null,
  aiGenerator: null,
  prompt: null,
  description: null,
  username: "someone",
  ...r,
});

Deno.test("[search] a word ranks by the best column it is in: title, tags, uploader, prompt, generator, description", () => {
  const rows = [
    row(1, { description: "a dragon" }),
    row(2, { aiGenerator: "Dragon Studio" }),
    row(3, { prompt: "red dragon, 8k" }),
    row(4, { username: "dragon_fan" }),
    row(5, { tags: "sea,dragon" }),
    row(6, { title: "Dragon over the sea" }),
  ];
  assert.deepEqual(rankWindow(rows, ["dragon"], false), [6, 5, 4, 3, 2, 1]);
});

Deno.test("[search] words add up, ties go to the newer item, and a word inside another word does not count", () => {
  const rows = [
    row(10, { title: "neon city", tags: "rain" }),
    row(11, { title: "neon", tags: "city" }),
    row(12, { title: "neon city" }),
    row(13, { title: "rain on the city", description: "neon" }),
  ];
  assert.deepEqual(rankWindow(rows, ["neon", "city"], false), [12, 10, 11, 13]);
  assert.deepEqual(rankWindow([row(20, { title: "Rain" }), row(21, { tags: "ai" })], ["ai"], false), [21, 20], "ai is not in rain");
});

Deno.test("[search] the last word is a prefix, case and accents aside, as the index matches", () => {
  const rows = [row(30, { title: "Drágon Café" }), row(31, { tags: "dragonfly" }), row(32, { title: "Drag race" })];
  assert.deepEqual(rankWindow(rows, ["drag"], true), [32, 30, 31]);
  assert.deepEqual(rankWindow(rows, ["cafe"], false), [30, 32, 31]);
  assert.equal(foldText("Ñandú ÉTÉ"), "nandu ete");
});

Deno.test("[search] regular-expression characters in a word are plain text", () => {
  assert.deepEqual(rankWindow([row(40, { title: "a.b" }), row(41, { title: "axb" })], ["a"], true), [41, 40]);
  assert.doesNotThrow(() => rankWindow([row(42, { title: "x" })], ["(", "[", "*"], false));
});
