/** The demo's forum: a sticky welcome from the admin and a few threads with comments and upvotes, through the app's own queries. */
import type { Tx } from "../db/client.ts";
import { addThreadUpvote, insertThread } from "../db/queries/forum.ts";
import { insertThreadComment } from "../db/queries/forum_comments.ts";
import { forumCategories } from "../db/schema/mod.ts";

const HOUR = 3_600_000;

const THREADS = [
  {
    title: "Welcome to the Dreamreel forum: read this first",
    content:
      "Be kind, stay on topic and keep it AI. No politics, no religion, no nudity. Questions about the rules? Ask here.\n\nThe full rules: use the Rules button in the footer.",
    category: "general",
    tags: ["rules", "welcome"],
    sticky: true,
    hoursAgo: 24 * 20,
  },
  {
    title: "Keeping a character consistent across Kling shots",
    content:
      "What works for me: a reference sheet first (front, side, back), then the same first frame for every shot, and prompts that describe motion rather than the face. Keep the key light on the same side or the face drifts between cuts.",
    category: "tools-workflows",
    tags: ["kling", "workflow", "characters"],
    hoursAgo: 30,
  },
  {
    title: "Feedback wanted: my first music video",
    content: "Made with Runway and a lot of patience. Be honest about the pacing, I think the middle drags.",
    category: "feedback",
    tags: ["runway", "music video"],
    hoursAgo: 6,
  },
  {
    title: "Which upscaler do you use for 4K?",
    content: "Topaz, or is there something free that holds up? Details in faces are what I care about most.",
    category: "prompting",
    tags: null,
    hoursAgo: 2,
  },
] as const;

const REPLIES = [
  "Great tip, thanks for writing it up!",
  "Same here: the first-frame trick made the biggest difference.",
  "The lighting note is gold.",
  "Loved it. The ending hits hard.",
  "I'd cut ten seconds from the middle, otherwise great.",
];

/** `adminId` writes the sticky welcome; the others post, reply and upvote in turn. */
export async function seedDemoForum(tx: Tx, adminId: number, memberIds: number[], now: number) {
  const slugs = new Map(
    (await tx.select({ id: forumCategories.id, slug: forumCategories.slug }).from(forumCategories)).map((c) => [c.slug, c.id]),
  );
  let n = 0;
  for (const [i, t] of THREADS.entries()) {
    const author = "sticky" in t ? adminId : memberIds[i % memberIds.length];
    const createdAt = now - t.hoursAgo * HOUR;
    const id = await insertThread(tx, {
      userId: author,
      title: t.title,
      content: t.content,
      categoryId: slugs.get(t.category) ?? null,
      tags: t.tags ? [...t.tags] : null,
      isSticky: "sticky" in t,
      createdAt,
    });
    for (let c = 0; c < i % 3 + (i === 1 ? 2 : 0); c++) {
      const userId = memberIds[(i + c + 1) % memberIds.length];
      await insertThreadComment(tx, {
        threadId: id,
        userId,
        content: REPLIES[n++ % REPLIES.length],
        createdAt: createdAt + (c + 1) * 600_000,
      });
    }
    for (const userId of memberIds.slice(0, (i * 3) % memberIds.length)) await addThreadUpvote(tx, id, userId);
  }
}
