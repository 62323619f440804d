import assert from "node:assert/strict";
import { sniff } from "../common/sniff.ts";

/** An ftyp box with `major` and the compatible brands. */
function ftyp(major: string, ...compatible: string[]) {
  const brands = [major, "\0\0\0\0", ...compatible].join("");
  const size = 8 + brands.length;
  return Uint8Array.from([0, 0, 0, size, ..."ftyp", ...brands].map((c) => typeof c === "number" ? c : c.charCodeAt(0)));
}

Deno.test("[unit] sniff refuses audio-only MP4 brands (M4A, M4B, M4P) as video; real MP4 brands pass", () => {
  for (const major of ["M4A ", "M4B ", "M4P "]) assert.equal(sniff(ftyp(major, "isom", "mp42")), null, major);
  assert.equal(sniff(ftyp("isom", "mp41"))?.mime, "video/mp4");
  assert.equal(sniff(ftyp("mp42", "isom"))?.kind, "video");
});
