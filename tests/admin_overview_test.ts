/**
 * The admin Overview tab (issue 26 §5): figures counted right per day, storage from the disk and
 * the database, renditions and jobs only once their tables exist, and the charts' SVG (read with
 * fast-xml-parser) with titles, axis labels and text alternatives, rendered on the server.
 */
import assert from "node:assert/strict";
import { mkdirSync, writeFileSync } from "node:fs";
import { XMLParser } from "fast-xml-parser";
import { comments, jobs, likes, mediaFiles, reports, views } from "../db/schema/mod.ts";
import { DAY_MS } from "../db/queries/overview.ts";
import { loadOverview } from "../lib/community/site_overview.ts";
import { chartSummary, niceMax } from "../components/ui/admin/BarChart.tsx";
import { formatBytes, OVERVIEW_DAYS } from "../common/overview.ts";
import { createMedia, makeTestEnv, signedInMember } from "./_helpers.ts";

const env = await makeTestEnv();
const { db, config, request } = env;
/** The page counts against the clock, so the fixture is dated from it too. */
const NOW = Date.now();
const TODAY = Math.floor(NOW / DAY_MS) * DAY_MS;
const daysAgo = (n: number) => TODAY - n * DAY_MS + 3600_000;

const admin = await signedInMember(db, { username: "overview_admin", isAdmin: true });
const member = await signedInMember(db, { username: "overview_member" });
// Members: the two above today (created now, so set their dates), one 3 days ago, one 40 days ago (outside).
await db.client.execute({ sql: "UPDATE users SET created_at = ? WHERE id IN (?, ?)", args: [daysAgo(0), admin.id, member.id] });
for (const [name, ago] of [["three_days", 3], ["long_ago", 40]] as const) {
  const u = await signedInMember(db, { username: name });
  await db.client.execute({ sql: "UPDATE users SET created_at = ? WHERE id = ?", args: [daysAgo(ago), u.id] });
}
const a = await createMedia(db, { userId: member.id, title: "A", size: 1000, createdAt: daysAgo(0), views: 7 });
const b = await createMedia(db, { userId: member.id, title: "B", size: 2500, createdAt: daysAgo(29) });
await createMedia(db, { userId: member.id, title: "C", size: 500, createdAt: daysAgo(30), reviewStatus: "pending" });
await db.insert(views).values([0, 0, 1, 29].map((ago, i) => ({ mediaId: a.id, viewerKey: `v:${i}`, createdAt: daysAgo(ago) })));
await db.insert(likes).values([{ userId: admin.id, mediaId: a.id, createdAt: daysAgo(5) }, {
  userId: member.id,
  mediaId: b.id,
  createdAt: daysAgo(5),
}]);
await db.insert(comments).values({ mediaId: a.id, userId: member.id, content: "hi", createdAt: daysAgo(2) });
await db.insert(reports).values({ mediaId: b.id, userId: admin.id, reporterKey: `u:${admin.id}`, reason: "other", createdAt: daysAgo(1) });
mkdirSync(`${config.uploadsDir}/t/deeper`, { recursive: true });
writeFileSync(`${config.uploadsDir}/t/one.webp`, new Uint8Array(300));
writeFileSync(`${config.uploadsDir}/t/deeper/two.webp`, new Uint8Array(700));

const at = (values: number[], ago: number) => values[OVERVIEW_DAYS - 1 - ago];
const figure = (list: { label: string; value: number }[], label: string) => list.find((f) => f.label === label)?.value;

Deno.test("[overview] 30-day series count each day, oldest first, and leave out older rows", async () => {
  const o = await loadOverview(db, config, NOW);
  assert.equal(o.days.length, 30);
  assert.equal(o.days[29], new Date(TODAY).toISOString().slice(0, 10));
  assert.equal(o.days[0], new Date(TODAY - 29 * DAY_MS).toISOString().slice(0, 10));
  const series = Object.fromEntries(o.series.map((s) => [s.key, s.values]));
  for (const values of Object.values(series)) assert.equal(values.length, 30);
  assert.equal(at(series.members, 0), 2);
  assert.equal(at(series.members, 3), 1);
  assert.equal(series.members.reduce((x, y) => x + y), 3, "the member of 40 days ago is outside");
  assert.deepEqual([at(series.uploads, 0), at(series.uploads, 29), series.uploads.reduce((x, y) => x + y)], [1, 1, 2]);
  assert.deepEqual([at(series.views, 0), at(series.views, 1), at(series.views, 29)], [2, 1, 1]);
  assert.equal(at(series.likes, 5), 2);
  assert.equal(at(series.comments, 2), 1);
  assert.equal(at(series.reports, 1), 1);
});

Deno.test("[overview] totals, storage from the records and the disk, renditions and the job queue", async () => {
  let o = await loadOverview(db, config, NOW);
  assert.equal(figure(o.totals, "Members"), 4);
  assert.equal(figure(o.totals, "Items"), 3);
  assert.equal(figure(o.totals, "Waiting for review"), 1);
  assert.equal(figure(o.totals, "Views"), 7);
  assert.equal(figure(o.totals, "Likes"), 2);
  assert.equal(figure(o.totals, "Comments"), 1);
  assert.equal(figure(o.totals, "Open reports"), 1);
  assert.equal(figure(o.system, "Originals"), 4000);
  assert.equal(figure(o.system, "Thumbnails"), 1000);
  assert.ok(figure(o.system, "Database")! > 0);
  assert.deepEqual(o.system.map((f) => f.label), [
    "Originals",
    "Renditions",
    "Previews and posters",
    "Thumbnails",
    "Database",
    "Jobs waiting",
    "Failed jobs",
  ]);
  assert.equal(figure(o.system, "Renditions"), 0);
  assert.equal(figure(o.system, "Jobs waiting"), 0);

  await db.insert(mediaFiles).values([
    { key: "r/a480.mp4", mediaId: a.id, role: "rendition", height: 480, bytes: 4096 },
    { key: "r/a720.mp4", mediaId: a.id, role: "rendition", height: 720, bytes: 1024 },
    { key: "r/ap.mp4", mediaId: a.id, role: "preview", bytes: 300 },
    { key: "r/ap.webp", mediaId: a.id, role: "poster", bytes: 200 },
  ]);
  const at = { runAfter: NOW, createdAt: NOW, updatedAt: NOW, kind: "video.process" };
  await db.insert(jobs).values([{ ...at, state: "queued" }, { ...at, state: "running" }, { ...at, state: "failed" }, {
    ...at,
    state: "done",
  }]);
  o = await loadOverview(db, config, NOW);
  assert.equal(figure(o.system, "Renditions"), 5120);
  assert.equal(figure(o.system, "Previews and posters"), 500);
  assert.equal(figure(o.system, "Jobs waiting"), 2);
  assert.equal(figure(o.system, "Failed jobs"), 1);
  await db.delete(mediaFiles);
  await db.delete(jobs);
});

Deno.test("[overview] chart scales and sentences", () => {
  assert.deepEqual([0, 1, 2, 3, 5, 9, 11, 41, 99, 101].map(niceMax), [2, 2, 2, 4, 10, 10, 20, 100, 100, 200]);
  const days = ["2026-11-22", "2026-11-23", "2026-11-24"];
  assert.equal(chartSummary("Likes", days, [0, 0, 0]), "Likes per day, Nov 22 to Nov 24: none.");
  assert.equal(
    chartSummary("Likes", days, [1, 1200, 3]),
    "Likes per day, Nov 22 to Nov 24: 1,204 in total, at most 1,200 on Nov 23, 3 today.",
  );
  assert.deepEqual([0, 1, 1536, 5 * 1024 ** 2, 1.5 * 1024 ** 4].map(formatBytes), ["0 bytes", "1 byte", "1.5 KB", "5.0 MB", "1.5 TB"]);
});

const svgParser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "",
  isArray: (n) => ["g", "text", "rect", "line"].includes(n),
});

Deno.test("[overview] /admin opens on the Overview tab with six server-rendered SVG charts, each titled, labelled and described", async () => {
  const res = await request("/admin", { cookie: admin.cookie });
  assert.equal(res.status, 200);
  const html = await res.text();
  assert.match(html, /<button[^>]*id="tab-overview"[^>]*aria-selected="true"/);
  assert.ok(html.indexOf('id="tab-overview"') < html.indexOf('id="tab-pending"'), "Overview is the first tab");
  const svgs = [...html.matchAll(/<svg viewBox="0 0 320 170"[\s\S]*?<\/svg>/g)].map((m) => m[0]);
  assert.equal(svgs.length, 6);
  for (const markup of svgs) {
    const svg = svgParser.parse(markup).svg;
    assert.equal(svg.role, "img");
    const [titleId, descId] = svg["aria-labelledby"].split(" ");
    assert.equal(svg.title.id, titleId);
    assert.match(svg.title["#text"], / per day$/);
    assert.equal(svg.desc.id, descId);
    assert.match(svg.desc["#text"], /per day, [A-Z][a-z]{2} \d+ to [A-Z][a-z]{2} \d+: /);
    const labels = svg.g.flatMap((g: any) => [...(g.text ?? []), ...(g.g ?? []).flatMap((gg: any) => gg.text ?? [])])
      .map((t: any) => String(typeof t === "object" ? t["#text"] : t));
    assert.ok(labels.includes("Day (UTC)") && labels.includes("Per day"), `axis titles: ${labels}`);
    assert.ok(labels.includes("0"), "y axis starts at 0");
  }
  // The uploads chart: one bar per day with uploads, each with its own title.
  const uploads = svgParser.parse(svgs[1]).svg;
  const bars = uploads.g.find((g: any) => g.fill === "#f97316").rect;
  assert.equal(bars.length, 2);
  assert.ok(bars.every((r: any) => /^[A-Z][a-z]{2} \d+: 1$/.test(r.title)));
  assert.match(html, /<table[\s\S]*?<th scope="col"[^>]*>Day<\/th>/);
  // Visitors and members never get it.
  assert.equal((await request("/admin", { cookie: member.cookie })).status, 302);
});

Deno.test({ name: "[overview] close", fn: () => env.close(), sanitizeResources: false, sanitizeOps: false });
