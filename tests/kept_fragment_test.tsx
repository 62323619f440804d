/** lib/render/render.tsx Kept: a part rendered once per key; later pages carry the same HTML and the same islands. */
import assert from "node:assert/strict";
import { renderToString } from "react-dom/server";
import { Island, IslandCollector, StaticIslands } from "../components/Island.tsx";
import CategoryTabs from "../islands/CategoryTabs.tsx";
import { Kept } from "../lib/render/render.tsx";
import { createUser, loginCookie, makeTestEnv } from "./_helpers.ts";

const props = { categories: [{ name: "Neon <Nights>", slug: "neon" }, { name: "Koi", slug: "koi" }], active: "koi", sortBy: "newest" };
const tabs = <Island name="CategoryTabs" component={CategoryTabs} props={props} />;
const render = (node: React.ReactNode, gated: boolean) => {
  const islands = new Set<string>();
  const html = renderToString(
    <StaticIslands.Provider value={gated}>
      <IslandCollector.Provider value={islands}>{node}</IslandCollector.Provider>
    </StaticIslands.Provider>,
  );
  return { html, islands: [...islands] };
};
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

Deno.test("[render] a kept part is the HTML React renders in place, first and later, open and under the age gate", async () => {
  for (const gated of [false, true]) {
    const inPlace = render(<div className="box">{tabs}</div>, gated);
    const key = `test-tabs:${Math.random()}`;
    const first = render(<Kept cacheKey={key} className="box">{tabs}</Kept>, gated);
    await settle();
    const later = render(<Kept cacheKey={key} className="box">{tabs}</Kept>, gated);
    assert.equal(first.html, inPlace.html);
    assert.equal(later.html, inPlace.html);
    assert.deepEqual(first.islands, inPlace.islands);
    assert.deepEqual(later.islands, inPlace.islands);
    assert.deepEqual(later.islands, gated ? [] : ["CategoryTabs"]);
  }
});

Deno.test("[page] the home page's category tabs are the same on every visit, for visitors and for members (who also get Following)", async () => {
  await using env = await makeTestEnv();
  const member = await createUser(env.db, { username: "kept_member" });
  const cookie = await loginCookie(env.db, member.id);
  const part = (html: string) => html.slice(html.indexOf('data-island-props="CategoryTabs"'), html.indexOf("<section"));
  for (const path of ["/", "/?sortBy=newest", "/?category=anime&sortBy=popular"]) {
    const pages = [];
    for (const init of [{}, {}, { cookie }, { cookie }]) {
      pages.push(part(await (await env.request(path, init)).text()));
      await settle();
    }
    assert.ok(pages[0].includes('"categories":['), path);
    assert.equal(pages[1], pages[0], path);
    assert.equal(pages[3], pages[2], path);
    // Members get the Following tab (issue 32), visitors do not; nothing else differs.
    assert.ok(!pages[0].includes('href="/following"') && pages[2].includes('href="/following"'), path);
    assert.equal(
      pages[2].replace('"following":false', '"following":null').replace(/<a href="\/following"[^>]*>Following<\/a>/, ""),
      pages[0],
      path,
    );
  }
  const gated = await (await env.request("/", { ageCookie: false })).text();
  assert.ok(!gated.includes('data-island-props="CategoryTabs"'), "under the age gate the tabs are plain HTML");
  assert.ok(gated.includes('aria-label="Categories"') || gated.includes("All Categories"));
});
