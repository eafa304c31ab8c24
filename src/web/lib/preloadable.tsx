import { use, useEffect, useState, type ComponentType, type ReactNode } from "react";
import { useHydrated } from "./use-hydrated";

export interface Preloadable<P extends object> {
  /** Renders the component, or the fallback while its code is in flight. */
  Component: ComponentType<P>;
  /** Starts fetching the code; resolves when the component can render at once. */
  preload: () => Promise<unknown>;
}

// Chunk downloads started and not yet settled. A page drawn on the server is taken over in the
// browser only once the code it was drawn with is here (see settlePreloads).
const inFlight = new Set<Promise<unknown>>();

/**
 * Resolves once every chunk asked for so far has arrived or failed, including chunks that the
 * arriving modules ask for in turn. A page drawn on the server waits for this before hydrating:
 * a component still on its fallback would not match the server's HTML.
 */
export async function settlePreloads(): Promise<void> {
  while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
}

/**
 * A component whose code is a chunk of its own, shown as soon as that code is here. Not
 * React.lazy: it suspends on its first render even when the chunk is already loaded, and React
 * then keeps the Suspense fallback up for about 300 ms before it reveals the content. This
 * renders the component at once when its code is here and otherwise shows `fallback` until a
 * plain state update swaps it in. A failed download throws to the nearest error boundary. On the
 * server, and while hydrating, it waits for the code instead, under the nearest Suspense boundary.
 */
export function preloadable<P extends object>(
  load: () => Promise<ComponentType<P>>,
  fallback: ReactNode,
): Preloadable<P> {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<ComponentType<P>> | undefined;
  const preload = () => {
    if (pending) return pending;
    const started = load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        // A failed chunk download (a deploy, a dropped connection) is tried again next time.
        pending = undefined;
        throw error;
      },
    );
    inFlight.add(started);
    void started.finally(() => inFlight.delete(started)).catch(() => undefined);
    return (pending = started);
  };
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
    // On the server, and while the browser hydrates what the server drew, the render waits for
    // the code (React suspends it and keeps the server's HTML meanwhile) rather than drawing the
    // fallback, which would not match that HTML.
    const hydrated = useHydrated();
    const Ready = state.Ready ?? (hydrated ? undefined : use(preload()));
    return Ready ? <Ready {...props} /> : fallback;
  }
  return { Component: Preloaded, preload };
}
