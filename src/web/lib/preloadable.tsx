import { useEffect, useState, type ComponentType, type ReactNode } from "react";

export interface Preloadable<P extends object> {
  /** Renders the component, or the fallback while its code is in flight. */
  Component: ComponentType<P>;
  /** Starts fetching the code; resolves when the component can render at once. */
  preload: () => Promise<unknown>;
}

/**
 * A component whose code is a chunk of its own, shown as soon as that code is here. Not
 * React.lazy: it suspends on its first render even when the chunk is already loaded, and React
 * then keeps the Suspense fallback up for about 300 ms before it reveals the content. This
 * renders the component at once when its code is here and otherwise shows `fallback` until a
 * plain state update swaps it in. A failed download throws to the nearest error boundary.
 */
export function preloadable<P extends object>(
  load: () => Promise<ComponentType<P>>,
  fallback: ReactNode,
): Preloadable<P> {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<ComponentType<P>> | undefined;
  const preload = () =>
    (pending ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        // A failed chunk download (a deploy, a dropped connection) is tried again next time.
        pending = undefined;
        throw error;
      },
    ));
  function Preloaded(props: P) {
    const [state, setState] = useState<{ Ready?: ComponentType<P>; error?: unknown }>(() => ({
      Ready: loaded,
    }));
    useEffect(() => {
      if (state.Ready || state.error) return;
      let current = true;
      preload().then(
        (Ready) => current && setState({ Ready }),
        (error: unknown) => current && setState({ error }),
      );
      return () => {
        current = false;
      };
    }, [state]);
    if (state.error) throw state.error;
    const { Ready } = state;
    return Ready ? <Ready {...props} /> : fallback;
  }
  return { Component: Preloaded, preload };
}
