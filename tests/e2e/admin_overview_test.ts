/** The admin Overview (issue 26 §5) in Chromium at 1440x900 and 390x844: charts on screen, legible, nothing off the side. */
import assert from "node:assert/strict";
import { createMedia, createUser, loginCookie, startServer } from "../_helpers.ts";
import { collectErrors, launchBrowser, screenshot, signedInContext, waitHydrated } from "./_browser.ts";
import { needs } from "../_needs.ts";
import { writeStatus } from "../../lib/replica/status.ts";

const browser = needs(import.meta.url, "chromium") ? await launchBrowser() : null;
const server = await startServer();
const admin = await createUser(server.db, { username: "overview_e2e_admin", isAdmin: true });
for (let i = 0; i < 12; i++) {
  await createMedia(server.db, { userId: admin.id, title: `Item ${i}`, createdAt: Date.now() - (i % 6) * 86_400_000 });
}

// A site with a replica that cannot be reached (its state as the main process writes it; no Litestream in this test).
const replicated = await startServer({
  REPLICA_URL: "s3://dreamreel-backups/site",
  REPLICA_ENDPOINT: "https://s3.eu-central-1.example-storage-provider.com",
  REPLICA_ACCESS_KEY_ID: "k",
  REPLICA_SECRET_ACCESS_KEY: "s",
});
const replicaAdmin = await createUser(replicated.db, { username: "replica_e2e_admin", isAdmin: true });

Deno.test.afterAll(async () => {
  await browser?.close();
  await server.shutdown();
  await replicated.shutdown();
});

for (const [width, height] of [[1440, 900], [390, 844]]) {
  Deno.test({
    name: `[e2e] the admin Overview at ${width}x${height} shows the replica down with its last error, wrapped within the screen`,
    ignore: !browser,
    sanitizeResources: false,
    sanitizeOps: false,
    fn: async () => {
      const now = Date.now();
      const lastError = 'bucket "dreamreel-backups" at https://s3.eu-central-1.example-storage-provider.com refused the credentials: ' +
        "check REPLICA_ACCESS_KEY_ID and REPLICA_SECRET_ACCESS_KEY";
      await writeStatus(replicated.config, {
        state: "down",
        syncedAt: now - 95_000,
        lagSeconds: 95,
        problem: "credentials",
        lastError,
        lastErrorAt: now - 2000,
        pid: 1,
        restarts: 0,
        updatedAt: now + 60_000, // fresh for the whole test
      });
      const cookie = await loginCookie(replicated.db, replicaAdmin.id);
      const context = await signedInContext(browser!, replicated.url, cookie, { viewport: { width, height } });
      const page = await context.newPage();
      const errors = collectErrors(page);
      await page.goto(`${replicated.url}/admin`);
      await waitHydrated(page, "AdminDashboard");
      const section = page.getByRole("region", { name: /Database replica/ });
      assert.match(
        await section.innerText(),
        /Database replica\s+Down\s+Last sync\s+\d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC\s+Lag\s+95 s\s+Last error\s+bucket/,
      );
      await section.scrollIntoViewIfNeeded();
      const box = (await section.boundingBox())!;
      assert.ok(box.x >= 0 && box.x + box.width <= width, `section box ${JSON.stringify(box)}`);
      assert.equal(await page.evaluate(() => document.documentElement.scrollWidth), width, "nothing runs off the side");
      await screenshot(page, `admin-overview-replica-${width}`);
      assert.deepEqual(errors, []);
      await context.close();
    },
  });
}

for (const [width, height] of [[1440, 900], [390, 844]]) {
  Deno.test({
    name: `[e2e] the admin Overview at ${width}x${height}: six charts, legible, within the screen`,
    ignore: !browser,
    sanitizeResources: false,
    sanitizeOps: false,
    fn: async () => {
      const context = await signedInContext(browser!, server.url, await loginCookie(server.db, admin.id), { viewport: { width, height } });
      const page = await context.newPage();
      const errors = collectErrors(page);
      await page.goto(`${server.url}/admin`);
      await waitHydrated(page, "AdminDashboard");
      assert.equal(await page.getByRole("tab", { name: "Overview" }).getAttribute("aria-selected"), "true");
      const charts = page.getByRole("img", { name: / per day/ });
      assert.equal(await charts.count(), 6);
      assert.equal(
        await page.getByRole("img", { name: /Uploads per day.*12 in total/ }).count(),
        1,
        "the text alternative names the figures",
      );
      for (const chart of await charts.all()) {
        const box = (await chart.boundingBox())!;
        assert.ok(box.width >= 300 && box.x >= 0 && box.x + box.width <= width, `chart box ${JSON.stringify(box)}`);
      }
      // Axis labels stay at least 11 px tall on screen, the phone included.
      const label = page.locator('[data-chart="chart-uploads"] svg text').first();
      const labelBox = (await label.boundingBox())!;
      assert.ok(labelBox.height >= 11, `axis label ${labelBox.height}px tall`);
      assert.equal(await page.evaluate(() => document.documentElement.scrollWidth), width, "nothing runs off the side");
      await page.getByRole("tab", { name: /^Pending Review/ }).click();
      await page.getByRole("tab", { name: "Overview" }).click();
      assert.equal(await charts.count(), 6, "the tab comes back after another");
      await screenshot(page, `admin-overview-${width}`);
      assert.deepEqual(errors, []);
      await context.close();
    },
  });
}
