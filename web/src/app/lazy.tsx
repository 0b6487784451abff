import type { ComponentType } from "preact";
import { useEffect, useState } from "preact/hooks";
import { useI18n } from "../i18n/i18n";

/**
 * A page loaded on first visit (its own chunk): "Loading…" until its code arrives. Preact's
 * core has no `lazy`; this is the few lines the app needs.
 */
export function lazy<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  let loaded: ComponentType<P> | null = null;
  return function Lazy(props: P) {
    const i = useI18n();
    const [component, setComponent] = useState<ComponentType<P> | null>(() => loaded);
    useEffect(() => {
      if (loaded) return;
      let live = true;
      void load().then((c) => {
        loaded = c;
        if (live) setComponent(() => c);
      });
      return () => {
        live = false;
      };
    }, []);
    const Component = component;
    return Component ? <Component {...props} /> : <p role="status">{i.t("app.loading")}</p>;
  };
}
