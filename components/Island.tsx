import { type ComponentType, createContext, useContext } from "react";

/** Collects the names of the islands a page renders, so the Document loads only their code. */
export const IslandCollector = createContext<Set<string> | null>(null);

type Props<P> = {
  name: string;
  component: ComponentType<P>;
  props: P;
  /** "visible" waits until the island scrolls into view (below-the-fold parts). */
  hydrate?: "idle" | "visible";
};

/** Server-renders an island inside a marker the browser entry (islands/client.ts) hydrates. */
export function Island<P extends object>({ name, component: Component, props, hydrate = "idle" }: Props<P>) {
  useContext(IslandCollector)?.add(name);
  return (
    <div data-island={name} data-props={JSON.stringify(props)} data-hydrate={hydrate} style={{ display: "contents" }}>
      <Component {...props} />
    </div>
  );
}
