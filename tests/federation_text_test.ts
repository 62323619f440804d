/** Issue 40's inbound half, the pure parts: remote HTML to text (bounded), server domains, fediverse addresses, key ids. */
import assert from "node:assert/strict";
import { htmlToText } from "../lib/federation/html_text.ts";
import { signatureKeyId } from "../lib/federation/inbound_guard.ts";
import { domainAndParents, normalizeDomain, parseAccount } from "../common/federation_rules.ts";

Deno.test("[unit] a Mastodon reply's HTML becomes its words: mentions dropped, hashtags and line breaks kept, entities decoded", () => {
  const html =
    '<p><span class="h-card" translate="no"><a href="https://site.example/user/1" class="u-url mention">@<span>mia</span></a></span> ' +
    'Lovely loop &amp; colours &lt;3 <a href="https://m.example/tags/ai" class="mention hashtag" rel="tag">#<span>ai</span></a></p>' +
    "<p>second line<br />third&#33; &#x1F600;</p>";
  assert.deepEqual(htmlToText(html, 2000), { text: "Lovely loop & colours <3 #ai\n\nsecond line\nthird! 😀", links: 0 });
});

Deno.test("[unit] links are counted even when their words show no address; scripts and styles are dropped whole", () => {
  const { text, links } = htmlToText(
    '<p>see <a href="https://spam.example/x">this</a></p><script>alert(1)</script><style>p{}</style>ok',
    2000,
  );
  assert.equal(text, "see this\nok");
  assert.equal(links, 1);
});

Deno.test("[unit] hostile HTML: bounded output, no runaway on unclosed tags, lone ampersands or a megabyte of angle brackets", () => {
  assert.equal(htmlToText("x".repeat(10_000), 2000).text.length, 2000);
  assert.ok(htmlToText("x".repeat(10_000), 2000).text.endsWith("…"));
  assert.equal(htmlToText("<".repeat(1_000_000), 2000).text, "");
  assert.equal(htmlToText("&".repeat(100_000), 50).text.length, 50);
  assert.equal(htmlToText("a<b", 100).text, "a");
  assert.equal(htmlToText("&#0; &#xD800; &bogus; &amp", 100).text, "&bogus; &amp");
  assert.equal(htmlToText("<p></p><p>  </p>", 100).text, "");
});

Deno.test("[unit] server domains are folded to a hostname; a block covers subdomains", () => {
  assert.equal(normalizeDomain(" HTTPS://Mastodon.Social/about "), "mastodon.social");
  assert.equal(normalizeDomain("pixelfed.example:8443"), "pixelfed.example");
  assert.equal(normalizeDomain("127.0.0.3"), "127.0.0.3");
  for (const bad of ["", "localhost", "a..b", "-a.example", "sp ace.example", "ex_ample.com", "x".repeat(300)]) {
    assert.equal(normalizeDomain(bad), null, bad);
  }
  assert.deepEqual(domainAndParents("a.b.example.com"), ["a.b.example.com", "b.example.com", "example.com"]);
  assert.deepEqual(domainAndParents("127.0.0.3"), ["127.0.0.3"]);
});

Deno.test("[unit] a fediverse address is @name@host or name@host, a port allowed", () => {
  assert.deepEqual(parseAccount("@alice@mastodon.example"), { name: "alice", host: "mastodon.example" });
  assert.deepEqual(parseAccount(" bob@127.0.0.3:8080 "), { name: "bob", host: "127.0.0.3:8080" });
  for (const bad of ["alice", "@alice", "a@b@c.example", "alice@localhost", "al ice@m.example", "a/b@m.example", "alice@m.example:80a"]) {
    assert.equal(parseAccount(bad), null, bad);
  }
});

Deno.test("[unit] the key id of a draft-cavage or RFC 9421 signature, read from a bounded header", () => {
  const cavage = new Headers({ signature: 'keyId="https://m.example/users/a#main-key",algorithm="rsa-sha256",signature="x"' });
  assert.equal(signatureKeyId(cavage), "https://m.example/users/a#main-key");
  const rfc = new Headers({ "signature-input": 'sig1=("@method");keyid="https://p.example/u/b#k";alg="rsa-v1_5-sha256"' });
  assert.equal(signatureKeyId(rfc), "https://p.example/u/b#k");
  assert.equal(signatureKeyId(new Headers()), null);
  assert.equal(signatureKeyId(new Headers({ signature: 'keyId="' + "a".repeat(10_000) })), null);
});
