import { useSyncExternalStore } from "react";

const noSubscription = () => () => {};

/**
 * False while a page drawn on the server is being hydrated (and on the server), true otherwise.
 * For what only this browser knows (its tab's storage): the first render must match the server's
 * HTML, so such a value is read from the render after hydration.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
