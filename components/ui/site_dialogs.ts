/**
 * The footer's dialogs, wired by islands/client.ts on every page that has islands (pages with none
 * ship no script: there the footer links open the pages and the addresses are plain mail links).
 * - Terms, Privacy and FAQ open in one dialog filled from `GET /api/pages/{name}`, the same text
 *   as the page; a modified click, or a failure, opens the page itself.
 * - Contact's copy buttons (hidden until now) copy an address, with the copy toasts.
 * - The Rules dialog also opens on the page-wide `open-rules-modal` event (spec part 2 §2). The
 *   event comes from the upload dialog, an island, so every page that can raise it runs this.
 * - A menu item that opens a dialog (Create in the account menus on phones) closes its menu first:
 *   opened from inside the menu, the dialog was nested in it, so closing the dialog left the menu
 *   open and the next tap on the account button only closed it (issue 27 point 5).
 * - The login-required dialog says what needs the login: the button's `data-login-action`.
 */
import { toast } from "./toast.ts";

/** The dialog's code comes with the first click on such a link (it fetches the text then anyway). */
function openSiteText(link: HTMLAnchorElement) {
  import("./site_text_dialog.ts").then((m) => m.openSiteText(link), () => location.assign(link.href));
}

async function copy(button: HTMLButtonElement) {
  const value = button.dataset.copy ?? "";
  try {
    await navigator.clipboard.writeText(value);
    toast({ title: "Email copied", description: value });
    button.textContent = "Copied";
    // Spec part 1 §9: the copy confirmation disappears after 2 s.
    setTimeout(() => (button.textContent = "Copy"), 2000);
  } catch {
    toast({ title: "Copy failed", description: "Please try manually selecting and copying the email address", variant: "destructive" });
  }
}

export function wireSiteDialogs() {
  for (const b of document.querySelectorAll<HTMLButtonElement>("button[data-copy]")) b.hidden = false;
  // Capture: before the button's own action opens the dialog, which then is no child of the menu.
  document.addEventListener("click", (e) => {
    const item = e.target instanceof Element ? e.target.closest("[popovertarget]") : null;
    const menu = item?.closest<HTMLElement>(".menu-popover:popover-open");
    if (menu && item?.getAttribute("popovertarget") !== menu.id) menu.hidePopover();
    // The login-required dialog names what the visitor tried to do (issue 27 point 10).
    const action = item?.getAttribute("popovertarget") === "login-required" ? item.getAttribute("data-login-action") : null;
    const text = action ? document.querySelector("#login-required [data-login-action-text]") : null;
    if (text) text.textContent = action;
  }, true);
  document.addEventListener("click", (e) => {
    const target = e.target instanceof Element ? e.target : null;
    const copyButton = target?.closest<HTMLButtonElement>("button[data-copy]");
    if (copyButton) return void copy(copyButton);
    const link = target?.closest<HTMLAnchorElement>("a[data-site-text]");
    if (!link || e.button !== 0 || e.ctrlKey || e.metaKey || e.shiftKey || e.altKey || link.pathname === location.pathname) return;
    e.preventDefault();
    openSiteText(link);
  });
  addEventListener("open-rules-modal", () => {
    const rules = document.getElementById("rules-dialog");
    if (rules && !rules.matches(":popover-open")) rules.showPopover();
  });
}
