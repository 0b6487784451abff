import type { ComponentChildren } from "preact";

/** A page: its title (the page's h1) and its content. */
export function PageFrame({
  title,
  children,
  wide = false,
  lead,
}: {
  readonly title: string;
  readonly children: ComponentChildren;
  readonly wide?: boolean;
  readonly lead?: ComponentChildren;
}) {
  return (
    <section class={`pg-page${wide ? " pg-page--wide" : ""}`} aria-labelledby="page-title">
      <h1 id="page-title" class="pg-page__title">
        {title}
      </h1>
      {lead ? <p class="pg-lead">{lead}</p> : null}
      {children}
    </section>
  );
}
