import { PageFrame } from "./PageFrame";

export function NotFoundPage({ path }: { readonly path: string }) {
  return (
    <PageFrame title="Page not found">
      <p class="pg-lead">
        There is no page at <code>{path}</code>. <a href="#/lobby">Go to the lobby</a>.
      </p>
    </PageFrame>
  );
}
