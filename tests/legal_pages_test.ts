import assert from "node:assert/strict";
import { mkdirSync } from "node:fs";
import { createUser, loginCookie, makeTestEnv, type TestEnv } from "./_helpers.ts";

const CONFIG = {
  OPERATOR_NAME: "Acme Reels Ltd",
  OPERATOR_ADDRESS: "1 Example Street, Springfield",
  SUPPORT_EMAIL: "help@acme.example",
  COPYRIGHT_EMAIL: "dmca@acme.example",
  SITE_NAME: "Acme Reels",
  MAX_VIDEO_MB: "500",
  EXIT_URL: "https://duckduckgo.com/",
};
const env = await makeTestEnv(CONFIG);

/** The page's own text, whitespace collapsed: what is inside <article> (the footer's Rules dialog has sections too). */
const article = (html: string) => (html.match(/<article[\s\S]*?<\/article>/)?.[0] ?? "").replace(/\s+/g, " ");
const sectionIds = (html: string) => [...html.matchAll(/<h2 id="([^"]+)"/g)].map((m) => m[1]);
/** The rendered Markdown of a text, as the page and the dialog both carry it. */
const legalBody = (html: string) => (html.match(/class="legal-text[^"]*">([\s\S]*?)<\/div>/)?.[1] ?? "").replace(/\s+/g, " ");

async function page(path: string, init: Parameters<TestEnv["request"]>[1] = {}) {
  const res = await env.request(path, init);
  assert.equal(res.status, 200, path);
  assert.match(res.headers.get("content-type") ?? "", /text\/html/);
  return await res.text();
}

function assertNoScripts(html: string, path: string) {
  assert.doesNotMatch(html, /<script[^>]*\bsrc=/, `${path} loads no script`);
  assert.doesNotMatch(html, /data-island=/, `${path} has no island`);
  assert.doesNotMatch(html, /modulepreload/, path);
}

function assertMeta(html: string, title: string, path: string) {
  assert.ok(html.includes(`<title>${title} | Acme Reels</title>`), `${path} title`);
  assert.match(html, /<meta name="description" content="[^"]{20,}"/, `${path} description`);
  assert.ok(html.includes(`<link rel="canonical" href="http://localhost:8000${path}"/>`), `${path} canonical`);
}

Deno.test("[page] /terms-of-service: 15 sections with anchors, a table of contents, the date, ownership, revenue and the $100 cap", async () => {
  const html = await page("/terms-of-service");
  assertNoScripts(html, "/terms-of-service");
  assertMeta(html, "Terms of Service", "/terms-of-service");
  const text = article(html);
  assert.match(text, /<h1[^>]*>Terms of Service<\/h1>/);
  assert.ok(text.includes("Last updated May 1, 2025"));
  const ids = sectionIds(text);
  assert.equal(ids.length, 15, "the spec's 15 sections");
  assert.equal(new Set(ids).size, 15, "each anchor is unique");
  for (const id of ids) assert.ok(text.includes(`href="#${id}"`), `table of contents links #${id}`);
  const titles = [...text.matchAll(/<h2 id="[^"]+">([^<]+)<\/h2>/g)].map((m) => m[1]);
  const spec = [
    /acceptance/i,
    /eligibility/i,
    /accounts/i,
    /ownership and licensing/i,
    /guidelines/i,
    /responsibilities/i,
    /DMCA/,
    /prohibited/i,
    /termination/i,
    /disclaimers.*liability/i,
    /indemnification/i,
    /governing law/i,
    /changes/i,
    /contact/i,
    /miscellaneous/i,
  ];
  spec.forEach((re, i) => assert.match(titles[i], re, `section ${i + 1}`));
  for (
    const must of [
      "full ownership of that content passes to the Company",
      "100% of any revenue",
      "$100 (one hundred US dollars)",
      "at least 18 years old",
      "Acme Reels Ltd",
      "1 Example Street, Springfield",
      'href="mailto:help@acme.example"',
      'href="mailto:dmca@acme.example"',
      'href="/privacy-policy"',
    ]
  ) assert.ok(text.includes(must), must);
});

Deno.test("[page] /privacy-policy: effective June 9, 2025, links /data-deletion, the spec's figures and 30 days for deletion", async () => {
  const html = await page("/privacy-policy");
  assertNoScripts(html, "/privacy-policy");
  assertMeta(html, "Privacy Policy", "/privacy-policy");
  const text = article(html);
  assert.ok(text.includes("Effective June 9, 2025"));
  assert.ok(text.includes('href="/data-deletion"'));
  assert.equal(sectionIds(text).length, 9);
  for (
    const figure of ["within 30 days", "after 12 months", "We answer within 30 days", "within 45 days for California", "at least 7 days"]
  ) {
    assert.ok(text.includes(figure), figure);
  }
  assert.ok(!text.includes("90 days"), "decision 036: 30 days everywhere");
  for (const provider of ["Facebook", "Google", "Apple"]) assert.ok(text.includes(provider), provider);
});

Deno.test("[page] /faq and /data-deletion: questions and the steps (unlink the social login, then contact support; 30 days)", async () => {
  const faq = article(await page("/faq"));
  assert.ok(sectionIds(faq).length >= 10, "one section per question");
  for (const must of ["within 6 hours", "within 24 to 48 hours", "500 MB", 'href="/data-deletion"', 'href="mailto:help@acme.example"']) {
    assert.ok(faq.includes(must), must);
  }
  const html = await page("/data-deletion");
  assertNoScripts(html, "/data-deletion");
  assertMeta(html, "Data Deletion", "/data-deletion");
  const steps = article(html);
  assert.deepEqual(sectionIds(steps), ["1-unlink-your-social-login", "2-contact-support", "3-what-happens-next"]);
  for (const must of ["Facebook", "Google", "Apple", 'href="mailto:help@acme.example"', "within 30 days of the verified request"]) {
    assert.ok(steps.includes(must), must);
  }
});

Deno.test("[page] /access-denied: at least 18, Exit Site to the configured search engine, not indexed, no gate", async () => {
  const res = await env.request("/access-denied", { ageCookie: false });
  assert.equal(res.status, 200);
  const html = await res.text();
  assertNoScripts(html, "/access-denied");
  assert.ok(html.includes("<h1"), "its own heading");
  assert.ok(html.includes("Access Denied"));
  assert.ok(html.includes("You must be at least 18 years old"));
  assert.match(html, /<a href="https:\/\/duckduckgo.com\/" rel="noreferrer"[^>]*>Exit Site<\/a>/);
  assert.ok(html.includes('<meta name="robots" content="noindex"/>'));
  assert.ok(!html.includes('id="age-gate"'));
});

Deno.test("[page] the legal pages are in sitemap.xml; /access-denied is not", async () => {
  const xml = await (await env.request("/sitemap.xml")).text();
  for (const path of ["/terms-of-service", "/privacy-policy", "/faq", "/data-deletion"]) {
    assert.ok(xml.includes(`<loc>http://localhost:8000${path}</loc>`), path);
  }
  assert.ok(!xml.includes("/access-denied"));
});

Deno.test("[page] the footer: text links, Rules (6 titled sections, configured limit, review times) and Contact with copy buttons", async () => {
  const html = await page("/faq");
  const footer = (html.match(/<footer[\s\S]*<\/footer>/)?.[0] ?? "").replace(/\s+/g, " ");
  assert.match(footer, /^<footer class="sticky bottom-0/, "stays at the bottom of the screen, in the flow");
  for (const path of ["/terms-of-service", "/privacy-policy", "/faq"]) assert.ok(footer.includes(`href="${path}"`), path);
  assert.match(footer, /<button type="button" popoverTarget="rules-dialog"[^>]*>Rules<\/button>/);
  assert.match(footer, /<button type="button" popoverTarget="contact-dialog"[^>]*>Contact<\/button>/);
  assert.ok(footer.includes("purely fictional"));
  assert.match(footer, /© \d{4} Acme Reels/);
  const rules = footer.match(/id="rules-dialog"[\s\S]*?id="contact-dialog"/)?.[0] ?? "";
  assert.equal(sectionIds(rules).length, 6);
  for (
    const must of [
      "PG-13",
      "at most 500 MB",
      "longer than 10 seconds",
      "at most 15 minutes",
      "1080p",
      "within 6 hours",
      "within 24 to 48 hours",
      "labelled as AI",
      "written permission",
      "dancing videos",
      "API reselling",
    ]
  ) assert.ok(rules.includes(must), must);
  assert.ok(!rules.includes("1GB"), "decision 036: the configured limit, not 1GB");
  for (const email of ["help@acme.example", "dmca@acme.example"]) {
    assert.ok(footer.includes(`href="mailto:${email}"`), email);
    assert.match(footer, new RegExp(`<button type="button" data-copy="${email}" hidden=""`), `${email} copy button, shown by script`);
  }
});

Deno.test("[api] GET /api/pages/{name} gives the dialogs the same text as the pages; unknown names 404", async () => {
  for (const name of ["terms-of-service", "privacy-policy", "faq", "data-deletion", "rules"]) {
    const res = await env.request(`/api/pages/${name}`);
    assert.equal(res.status, 200, name);
    assert.match(res.headers.get("content-type") ?? "", /application\/json/);
    const body = await res.json();
    assert.equal(body.name, name);
    assert.ok(body.title.length > 2);
    const pageHtml = name === "rules" ? (await page("/faq")).replace(/\s+/g, " ") : article(await page(`/${name}`));
    assert.ok(legalBody(body.html).length > 200, name);
    assert.ok(pageHtml.includes(legalBody(body.html)), `${name}: one source`);
  }
  for (const bad of ["nope", "__proto__", "constructor", "..%2Fsecret", "TERMS-OF-SERVICE"]) {
    const res = await env.request(`/api/pages/${bad}`);
    assert.equal(res.status, 404, bad);
    assert.deepEqual(await res.json(), { error: "Page not found" });
  }
});

Deno.test("[page] a signed-in member reads the legal pages too (only the header's account menu is an island)", async () => {
  const member = await createUser(env.db);
  const html = await page("/terms-of-service", { cookie: await loginCookie(env.db, member.id) });
  assert.equal(sectionIds(article(html)).length, 15);
  assert.doesNotMatch(article(html), /data-island=/);
});

Deno.test("[page] the register form's terms link points to /terms-of-service", async () => {
  const html = await page("/auth?tab=register");
  assert.match(html, /href="\/terms-of-service" target="_blank"/);
});

Deno.test.afterAll(() => env.close());

// ---------------------------------------------------------------- the operator's own texts

Deno.test("[page] an operator's pages/{name}.md replaces the text on the page and in the dialog; raw HTML shows as text", async () => {
  await using site = await makeTestEnv();
  mkdirSync(`${site.config.dataDir}/pages`, { recursive: true });
  await Deno.writeTextFile(
    `${site.config.dataDir}/pages/terms-of-service.md`,
    [
      "# Our own terms",
      "",
      "Updated by our lawyer. <script>alert('x')</script> <img src=x onerror=alert(1)>",
      "",
      "## Who we are",
      "",
      "[bad](javascript:alert(1)) [other host](//evil.example) [good](https://example.org/terms) [home](/)",
      "",
      "## Fees",
      "",
      "None.",
    ].join("\n"),
  );
  const html = await (await site.request("/terms-of-service")).text();
  const text = article(html);
  assert.ok(text.includes("&lt;script&gt;alert(&#x27;x&#x27;)&lt;/script&gt;") || text.includes("&lt;script&gt;alert('x')&lt;/script&gt;"));
  assert.ok(text.includes("&lt;img src=x onerror=alert(1)&gt;"));
  assert.doesNotMatch(html, /<script>alert/);
  assert.doesNotMatch(html, /<img src=x/);
  assert.ok(!html.includes('href="javascript:'), "unsafe link dropped");
  assert.ok(!html.includes('href="//evil.example"'), "protocol-relative link dropped");
  assert.ok(text.includes('<a href="https://example.org/terms" rel="nofollow noopener noreferrer">good</a>'));
  assert.ok(text.includes('<a href="/">home</a>'));
  assert.deepEqual(sectionIds(text), ["our-own-terms", "who-we-are", "fees"], "a # heading becomes a section under the page's own h1");
  assert.ok(!text.includes("Last updated May 1, 2025"), "the built-in text and its date are replaced");
  assert.ok(text.includes("<h1"), "the page keeps its title");

  const api = await (await site.request("/api/pages/terms-of-service")).json();
  assert.ok(api.html.includes("Updated by our lawyer."), "the dialog shows the operator's text too");
  // The other pages keep their built-in text.
  assert.ok((await (await site.request("/faq")).text()).includes("How long does a review take?"));
});

Deno.test("[page] an operator's pages/rules.md replaces the Rules dialog on every page", async () => {
  await using site = await makeTestEnv();
  mkdirSync(`${site.config.dataDir}/pages`, { recursive: true });
  await Deno.writeTextFile(`${site.config.dataDir}/pages/rules.md`, "## Be kind\n\n- No spoilers.\n");
  const html = await (await site.request("/search")).text();
  const rules = html.match(/id="rules-dialog"[\s\S]*?id="contact-dialog"/)?.[0] ?? "";
  assert.ok(rules.includes('<h2 id="be-kind">Be kind</h2>'));
  assert.ok(rules.includes("No spoilers."));
  assert.ok(!rules.includes("PG-13"));
});

Deno.test("[page] pages/tools.json replaces the Create list; a bad file is ignored; an edit shows once its mtime changes", async () => {
  await using site = await makeTestEnv({ LOG_LEVEL: "error" });
  const dir = `${site.config.dataDir}/pages`;
  mkdirSync(dir, { recursive: true });
  const create = async () => (await (await site.request("/")).text()).match(/id="create-dialog"[\s\S]*?<\/ul>/)?.[0] ?? "";
  assert.ok((await create()).includes("Google Veo"), "built in by default");

  const tools = Array.from(
    { length: 12 },
    (_, i) => ({ name: `Tool ${i + 1}`, description: `Does thing ${i + 1}`, url: `https://t${i}.example/` }),
  );
  await Deno.writeTextFile(
    `${dir}/tools.json`,
    JSON.stringify({ featured: { name: "Our Pick", description: "The best", url: "https://pick.example/" }, tools }),
  );
  // A fresh site: the list is read on first use.
  await using fresh = await makeTestEnv({ DATA_DIR: site.config.dataDir, LOG_LEVEL: "error" });
  const list = (await (await fresh.request("/")).text()).match(/id="create-dialog"[\s\S]*?<\/ul>/)?.[0] ?? "";
  assert.ok(list.includes('href="https://pick.example/"') && list.includes("Our Pick"));
  assert.equal([...list.matchAll(/<li>/g)].length, 12);
  assert.ok(!list.includes("Google Veo"));

  for (
    const bad of [
      "{ not json",
      JSON.stringify({ featured: { name: "X", description: "", url: "javascript:alert(1)" }, tools }),
      JSON.stringify({ featured: { name: "X", description: "", url: "https://x.example/" }, tools: [...tools, tools[0]] }),
      JSON.stringify({ tools }),
    ]
  ) {
    await using other = await makeTestEnv({ LOG_LEVEL: "error" });
    mkdirSync(`${other.config.dataDir}/pages`, { recursive: true });
    await Deno.writeTextFile(`${other.config.dataDir}/pages/tools.json`, bad);
    const logged: string[] = [];
    const consoleError = console.error;
    console.error = (line: unknown) => logged.push(String(line));
    let html: string;
    try {
      html = await (await other.request("/")).text();
    } finally {
      console.error = consoleError;
    }
    assert.ok(html.includes("Google Veo"), `ignored: ${bad.slice(0, 40)}`);
    assert.ok(!html.includes("javascript:alert"));
    assert.ok(logged.some((l) => l.includes("operator page file ignored") && l.includes("tools.json")), "and logged");
  }

  // Cached, with the file's mtime looked at every 2 s: an edit shows without a restart.
  await Deno.writeTextFile(
    `${dir}/tools.json`,
    JSON.stringify({ featured: { name: "Edited Pick", description: "", url: "https://e.example/" }, tools }),
  );
  await new Promise((r) => setTimeout(r, 2100));
  assert.ok((await create()).includes("Edited Pick"));
});
