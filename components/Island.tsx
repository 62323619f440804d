import { type ComponentType, createContext, useContext } from "react";
import type { IslandName } from "../islands/registry.ts";

/** Collects the names of the islands a page renders, so the Document loads only their code. */
export const IslandCollector = createContext<Set<string> | null>(null);

/** True under the age gate: the page is inert, so islands render as plain HTML with no props or code. */
export const StaticIslands = createContext(false);

type Props<P> = {
  name: IslandName;
  component: ComponentType<P>;
  props: P;
  /** "visible" waits until the island scrolls into view (below-the-fold parts). */
  hydrate?: "idle" | "visible";
};

/**
 * JSON inside a script data block: escaping `<` keeps a value from closing the script or opening
 * a comment. A data block needs no HTML-escaping (an attribute would turn every quote into
 * `&quot;`, and the feed's props are most of the home page).
 */
export const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, "\\u003c");

/**
 * Server-renders an island: its props in a JSON data block, then the marker islands/client.ts
 * hydrates (the marker's children must be exactly the component's output).
 */
export function Island<P extends object>({ name, component: Component, props, hydrate = "idle" }: Props<P>) {
  const collector = useContext(IslandCollector);
  if (useContext(StaticIslands)) return <Component {...props} />;
  collector?.add(name);
  return (
    <>
      <script type="application/json" data-island-props={name} dangerouslySetInnerHTML={{ __html: scriptJson(props) }} />
      <div data-island={name} data-hydrate={hydrate} style={{ display: "contents" }}>
        <Component {...props} />
      </div>
    </>
  );
}
