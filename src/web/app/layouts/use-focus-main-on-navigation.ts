import { useEffect, useRef } from "react";
import { useLocation } from "wouter";

// The last location any layout has shown. The dashboard brings its own layout, so moving between
// it and the other pages mounts a new layout: it compares against this to know it was navigated
// to, rather than loaded with the page.
let lastShownLocation: string | undefined;

/**
 * After a client-side navigation, start the new page at the top and move keyboard and screen
 * reader focus to its main content, as a full page load would. The first render (and
 * StrictMode's repeated effects, which see the same location) leave focus alone.
 */
export function useFocusMainOnNavigation<T extends HTMLElement>() {
  const [location] = useLocation();
  const mainRef = useRef<T>(null);
  const previousLocation = useRef(lastShownLocation ?? location);

  useEffect(() => {
    lastShownLocation = location;
    if (previousLocation.current === location) return;
    previousLocation.current = location;
    // "instant" so the smooth-scrolling stylesheet cannot animate the jump to a new page.
    if (window.scrollX !== 0 || window.scrollY !== 0)
      window.scrollTo({ top: 0, left: 0, behavior: "instant" });
    mainRef.current?.focus({ preventScroll: true });
  }, [location]);

  return mainRef;
}
