import { lazy, useState, type ComponentType } from "react";

export interface Preloadable<P extends object> {
  /** Renders the component, suspending while its code is in flight (not at all once it is here). */
  Component: ComponentType<P>;
  /** Starts fetching the code; resolves when the component can render without suspending. */
  preload: () => Promise<unknown>;
}

/**
 * A component whose code is a chunk of its own. Unlike React.lazy alone, one whose code was
 * preloaded renders at once: React.lazy suspends on its first render even when the chunk is
 * already here, and React then keeps the Suspense fallback on screen for a while (about 300 ms)
 * before it shows the content.
 */
export function preloadable<P extends object>(
  load: () => Promise<ComponentType<P>>,
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
  const Lazy = lazy(() => preload().then((component) => ({ default: component })));
  function Preloaded(props: P) {
    // Chosen once per instance, so the element type never changes under it (which would remount
    // it and lose its state): the code itself if it is here, else React.lazy's usual suspense.
    const [Ready] = useState(() => loaded);
    return Ready ? <Ready {...props} /> : <Lazy {...props} />;
  }
  return { Component: Preloaded, preload };
}
