import { useSyncExternalStore } from "react";

const noChanges = () => () => {};

/** This site's origin once in the browser; a page drawn on the server knows the path only. */
export function useOrigin(): string {
  return useSyncExternalStore(
    noChanges,
    () => window.location.origin,
    () => "",
  );
}
