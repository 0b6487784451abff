import { useI18n } from "../i18n/i18n";
import { PageFrame } from "./PageFrame";

export function NotFoundPage({ path }: { readonly path: string }) {
  const i = useI18n();
  return (
    <PageFrame title={i.t("notFound.title")}>
      <p class="pg-lead">
        {i.rich("notFound.lead", {
          path: <code>{path}</code>,
          lobby: (c) => <a href="#/lobby">{c}</a>,
        })}
      </p>
    </PageFrame>
  );
}
