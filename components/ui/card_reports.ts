/**
 * A card's Report (issue 36 point 6) opens the report dialog where the reader is, instead of the
 * media page's `?report=true` (which the link keeps for a modified click, and for pages without
 * script). Wired once per page by islands/client.ts, for every card wherever it was rendered (the
 * feed, search, related and profile grids, the featured card); the dialog's code comes with the
 * first such click.
 */
export function wireCardReports() {
  document.addEventListener("click", (e) => {
    const link = e.target instanceof Element ? e.target.closest<HTMLAnchorElement>("a[data-report]") : null;
    if (!link || e.button !== 0 || e.ctrlKey || e.metaKey || e.shiftKey || e.altKey) return;
    const id = Number(link.dataset.report);
    if (!Number.isSafeInteger(id) || id <= 0) return;
    e.preventDefault();
    import("./CardReport.tsx").then((m) => m.openCardReport(id, link), () => location.assign(link.href));
  });
}
