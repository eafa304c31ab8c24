import { use, type ComponentType } from "react";

export interface LazyPage {
  /** Renders the page, suspending while its code is in flight (and not at all once it is here). */
  Page: ComponentType;
  /** Starts fetching the page's code; resolves when it can render without suspending. */
  preload: () => Promise<unknown>;
}

/**
 * A page whose code is its own chunk, fetched on first visit. Unlike React.lazy, a page whose
 * code was preloaded renders at once, which is what hydrating a pre-rendered page needs: the
 * first client render must match the HTML, with nothing suspended.
 */
export function lazyPage(load: () => Promise<ComponentType>): LazyPage {
  let loaded: ComponentType | undefined;
  let pending: Promise<ComponentType> | undefined;
  const preload = () =>
    (pending ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        // A failed chunk download (a deploy, a dropped connection) is tried again next time.
        pending = undefined;
        throw error;
      },
    ));
  function Page() {
    const Component = loaded ?? use(preload());
    return <Component />;
  }
  return { Page, preload };
}
