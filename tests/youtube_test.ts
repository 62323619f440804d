import assert from "node:assert/strict";
import { INVALID_URL, NO_URL, parseYoutubeUrl } from "../common/youtube.ts";

const ID = "dQw4w9WgXcQ";

for (
  const url of [
    `https://www.youtube.com/watch?v=${ID}`,
    `https://youtube.com/watch?v=${ID}&t=42s`,
    `https://m.youtube.com/watch?feature=share&v=${ID}`,
    `http://www.youtube.com/embed/${ID}?autoplay=1`,
    `https://www.youtube-nocookie.com/embed/${ID}`,
    `https://youtu.be/${ID}`,
    `https://youtu.be/${ID}?si=abc`,
    `https://www.youtube.com/shorts/${ID}`,
    `youtube.com/shorts/${ID}`,
    `  https://youtu.be/${ID}  `,
  ]
) {
  Deno.test(`[lib] parseYoutubeUrl reads the id from ${url.trim()}`, () => {
    assert.deepEqual(parseYoutubeUrl(url), { id: ID });
  });
}

for (
  const url of [
    "https://vimeo.com/123456",
    "https://www.youtube.com/watch?v=short",
    `https://www.youtube.com/watch?v=${ID}x`,
    "https://www.youtube.com/channel/UC123",
    `https://evil.example/watch?v=${ID}`,
    `https://youtube.com.evil.example/watch?v=${ID}`,
    `javascript:alert(1)//youtube.com/watch?v=${ID}`,
    "not a url at all",
    `https://youtu.be/${ID.slice(0, 10)}"`,
  ]
) {
  Deno.test(`[lib] parseYoutubeUrl refuses ${url}`, () => {
    assert.deepEqual(parseYoutubeUrl(url), { error: INVALID_URL });
  });
}

Deno.test("[lib] parseYoutubeUrl: an empty link is 'No video URL provided'", () => {
  assert.deepEqual(parseYoutubeUrl(""), { error: NO_URL });
  assert.deepEqual(parseYoutubeUrl("   "), { error: NO_URL });
  assert.deepEqual(parseYoutubeUrl(null), { error: NO_URL });
});
