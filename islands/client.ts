/**
 * The browser entry: finds island markers and hydrates each with its own code-split bundle,
 * on idle by default or when it scrolls into view for data-hydrate="visible". A visible-island
 * touched before it is hydrated (a pointer down, a focus, a click as it scrolls in) hydrates at
 * once, and a click that came first is held and replayed on the hydrated control (issue 43).
 */
import { type ComponentType, createElement, type ReactNode, startTransition, useEffect } from "react";
import { hydrateRoot } from "react-dom/client";

import { wireSiteDialogs } from "../components/ui/site_dialogs.ts";
import { wireCardReports } from "../components/ui/card_reports.ts";
import { islands } from "./registry.ts";

/** Each marker's hydration, once started: resolved when React has committed the island. */
const started = new WeakMap<HTMLElement, Promise<void>>();
const committed = new WeakMap<HTMLElement, () => void>();

function hydrate(el: HTMLElement): Promise<void> {
  let done = started.get(el);
  if (!done) {
    done = new Promise<void>((resolve) => committed.set(el, resolve));
    started.set(el, done);
    run(el).catch((err) => console.error(err));
  }
  return done;
}

async function run(el: HTMLElement) {
  const load = (islands as Record<string, () => Promise<{ default: ComponentType<any> }>>)[el.dataset.island ?? ""];
  if (!load) return console.error(`Unknown island ${el.dataset.island}`);
  const { default: Component } = await load();
  const data = el.previousElementSibling;
  const props = data?.matches("script[data-island-props]") ? JSON.parse(data.textContent ?? "{}") : {};
  // The build aliases React to preact/compat (decision record 015), which runs a transition at
  // once: each island hydrates in one task (the feed's cards ~30 ms on the dev machine, ~60 ms at
  // 4x CPU slowdown, against React's ~300 ms task). Kept so a React build still hydrates in slices.
  startTransition(() => {
    hydrateRoot(el, createElement(MarkHydrated, { el }, createElement(Component, props)));
  });
}

/** Sets `data-hydrated` once React has committed the island (tests and styles wait on it). */
function MarkHydrated({ el, children }: { el: HTMLElement; children?: ReactNode }) {
  useEffect(() => {
    el.setAttribute("data-hydrated", "");
    committed.get(el)?.();
  }, [el]);
  return children;
}

const idle = (fn: () => void) => ("requestIdleCallback" in globalThis ? requestIdleCallback(fn, { timeout: 1500 }) : setTimeout(fn, 1));

// Markers are `display: contents` and have no box an observer could see: watch their first
// child and hydrate the marker it belongs to.
const markerOf = new WeakMap<Element, HTMLElement>();
const visible = new IntersectionObserver((entries) => {
  for (const entry of entries) {
    if (!entry.isIntersecting) continue;
    visible.unobserve(entry.target);
    hydrate(markerOf.get(entry.target) ?? (entry.target as HTMLElement));
  }
}, { rootMargin: "200px" });

const CONTROL = "button,a[href],input,select,textarea,label,summary,[role=button],[tabindex]";

/** Hydrates a visible-island on first touch; a click before it is ready is held, then given to the hydrated control. */
function hydrateOnTouch(el: HTMLElement) {
  const start = () => void hydrate(el);
  el.addEventListener("pointerdown", start, { capture: true, once: true });
  el.addEventListener("focusin", start, { capture: true, once: true });
  const onClick = (e: MouseEvent) => {
    if (el.hasAttribute("data-hydrated")) return el.removeEventListener("click", onClick, true);
    const control = (e.target as Element | null)?.closest<HTMLElement>(CONTROL);
    if (!control || !el.contains(control)) return void hydrate(el);
    e.preventDefault();
    e.stopImmediatePropagation();
    // Hydration keeps the server's nodes, so the control is still there to be clicked.
    hydrate(el).then(() => requestAnimationFrame(() => control.isConnected && control.click()));
  };
  el.addEventListener("click", onClick, true);
}

for (const el of document.querySelectorAll<HTMLElement>("[data-island]")) {
  if (el.parentElement?.closest("[data-island]")) continue; // nested islands hydrate with their parent
  if (el.dataset.hydrate === "visible") {
    const target = el.firstElementChild ?? el;
    markerOf.set(target, el);
    visible.observe(target);
    hydrateOnTouch(el);
  } else idle(() => hydrate(el));
}

wireSiteDialogs();
wireCardReports();
