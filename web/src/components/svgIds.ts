import { useId } from "preact/hooks";

/** A prefix for ids inside one SVG, unique on the page (gradients of two tiles never clash). */
export function useSvgIds(): (name: string) => string {
  const base = useId().replace(/[^a-zA-Z0-9_-]/g, "");
  return (name: string) => `${base}-${name}`;
}
