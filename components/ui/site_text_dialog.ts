/**
 * The site-text dialog of the footer's Terms, Privacy and FAQ links (see site_dialogs.ts, which
 * loads this on the first such click): the dialog is filled from `GET /api/pages/{name}`.
 */
type PageText = { title: string; html: string };
const loaded = new Map<string, Promise<PageText>>();

function fetchText(name: string): Promise<PageText> {
  let p = loaded.get(name);
  if (!p) {
    p = fetch(`/api/pages/${encodeURIComponent(name)}`, { headers: { accept: "application/json" } }).then((res) => {
      if (!res.ok) throw new Error(String(res.status));
      return res.json();
    });
    p.catch(() => loaded.delete(name));
    loaded.set(name, p);
  }
  return p;
}

export async function openSiteText(link: HTMLAnchorElement) {
  const dialog = document.getElementById("site-text-dialog");
  const body = dialog?.querySelector<HTMLElement>("[data-site-text-body]");
  const heading = dialog?.querySelector("h2");
  if (!dialog || !body || !heading) return location.assign(link.href);
  const name = link.dataset.siteText ?? "";
  heading.textContent = link.textContent;
  body.replaceChildren(Object.assign(document.createElement("p"), { className: "text-sm text-neutral-400", textContent: "Loading…" }));
  if (!dialog.matches(":popover-open")) dialog.showPopover();
  try {
    const text = await fetchText(name);
    heading.textContent = text.title;
    dialog.setAttribute("aria-label", text.title);
    // Server-rendered from our own texts or the operator's Markdown (raw HTML disabled): never user input.
    body.innerHTML = text.html;
    const page = Object.assign(document.createElement("a"), {
      href: link.href,
      className: "mt-6 inline-block text-sm text-orange-400 hover:underline",
      textContent: "Open as a page",
    });
    body.append(page);
  } catch {
    location.assign(link.href);
  }
}
